"""A Stalk Exchange hint never plants a bulb where the planting does nothing (issue 38 item 10:
a hint planted a Globemaster in a corner with no empty neighbour). A bulb blooms only once a
neighbouring space is empty (S-33, S-53), and only blooms are harvested (S-32); a space that
does no more for the garden (closing or pressing groups) than one where the bulb can bloom is
the worse place for a token one wants to rise; and a hint that plants where the bulb cannot
bloom says so. Checked on every plant the greedy bot hints in greedy games."""

from __future__ import annotations

import seedbed
from seedbed.bots.api import InfoSet
from seedbed.games.stalk_exchange.config import FLOWER_INDEX
from seedbed.games.stalk_exchange.heuristics import Market, can_bloom, space_scores
from seedbed.server.hints import hint_for

GAME = seedbed.game("stalk_exchange")


def test_a_hint_plants_no_bulb_that_cannot_bloom_for_nothing() -> None:
    """Issue 38 item 10 (S-33, S-53): no hinted plant of a token the viewer wants to rise puts
    it where it cannot bloom when a space where it can bloom does as much for the garden; a
    hint that plants where the bulb cannot bloom says so."""
    plants = pointless = 0
    for seed in range(12):
        state, version = GAME.new_state(4, seed=seed), 0
        while not state.is_terminal():
            seat = state.to_move()[0]
            info = InfoSet(state, seat)
            hint = hint_for(info, version)
            if hint.action["type"] == "plant":
                plants += 1
                view = info.observation()
                m = Market(view)
                space = m.board.index[tuple(hint.action["space"])]
                kind = FLOWER_INDEX[view["exchange"][hint.action["slot"]]]
                scores = space_scores(m, m.marginal())
                live = [scores[s] for s in m.empty if can_bloom(m, s)]
                dead = not can_bloom(m, space)
                if dead and m.marginal()[kind] > 0 and live and scores[space] <= max(live):
                    pointless += 1
                if dead:
                    assert "cannot bloom" in hint.reason, hint.reason
            state.apply(seat, GAME.action_from_json(hint.action))
            version += 1
    assert plants > 500 and pointless == 0, (plants, pointless)
