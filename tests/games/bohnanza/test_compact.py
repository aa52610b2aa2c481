"""Bohnanza's compact action space (issue 34 item 3; games/bohnanza/compact.py, D-78).

On many seeded positions of both engines, every player and option set: the actions reachable
by composing in the compact space (every integer the mask allows, followed to the end) are
exactly the menu's actions, each by exactly one path; no composition reaches a dead end; and
playing whole games through it (random integers from the mask) reaches the end.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

import seedbed
from both_engines import engines, game_on
from seedbed.engine.api import Action, State
from seedbed.games.bohnanza import actions as A
from seedbed.games.bohnanza.compact import HAND_PLACES, Draft, Moment, compact_encoding
from seedbed.games.bohnanza.encoding import _zones
from seedbed.games.bohnanza.state import TRADE


def _reachable(moment: Moment, draft: Draft, out: list[Action]) -> None:
    """Every action the compact space reaches from ``draft`` (depth first)."""
    legal = moment.legal(draft)
    assert legal, "a composition reached a dead end"
    for index in legal:
        grown = Draft()
        grown.to, grown.give, grown.want = draft.to, draft.give, draft.want
        action = moment.choose(grown, index)
        if action is None:
            _reachable(moment, grown, out)
        else:
            out.append(action)


def _canonical(state: State, p: int, a: Action) -> bool:
    """A card of an unordered zone is the zone's first of its variety; a hand discard names a
    position the observation shows (the compact space's documented choices)."""
    s = _zones(state)
    vo = s.cfg.variety_of
    zones = {
        A.PlantFromTradeArea: s.trade[p],
        A.PlantOffered: s.offer_area,
        A.DiscardOffered: s.offer_area,
        A.PlantRevealed: s.revealed,
    }
    zone = zones.get(type(a))
    if zone is not None:
        card = a.card  # type: ignore[attr-defined]
        return next(c for c in zone if vo[c] == vo[card]) == card
    if isinstance(a, A.DiscardFromHand):
        return a.position < HAND_PLACES
    return True


def _check(state: State, player: int, options: Mapping[str, Any]) -> int:
    """The reachable actions are the menu's (canonical ones), once each; returns how many."""
    moment = compact_encoding(options).moment(state, player)
    found: list[Action] = []
    _reachable(moment, Draft(), found)
    menu = [a for a in state.legal_actions(player) if _canonical(state, player, a)]
    assert len(found) == len(set(found)), "an action is reachable by two paths"
    assert set(found) == set(menu)
    return len(menu)


def _random_move(state: State, rng: random.Random) -> None:
    """A random menu action of the first player on the move, offers less often than the rest,
    so games go on past their first trading phase."""
    p = state.to_move()[0]
    menu = state.legal_actions(p)
    fixed = getattr(menu, "fixed", None)
    if fixed is None and not isinstance(menu, tuple | list):
        fixed = [a for a in menu if type(a).__name__ != "Offer"]
    pool = fixed if fixed and rng.random() < 0.6 else menu
    state.apply(p, pool[rng.randrange(len(pool))])


SMALL = {"offer_menu": {"max_give": 2, "max_want": 1}}
CASES = [
    # (options, players, seeds, steps per game, positions checked per game)
    (SMALL, 4, range(4), 260, 12),
    ({"max_offers": 2, "offer_menu": {"max_give": 1, "max_want": 2}}, 3, range(2), 200, 6),
    ({}, 2, range(4), 400, 30),  # the duel: zone-plant from both duel zones, the discards
    ({"edition": "classic", **SMALL}, 5, range(2), 260, 10),
    ({}, 4, range(1), 24, 6),  # the default menu: thousands of offers per position
]


@pytest.mark.parametrize("engine", engines("bohnanza"))
@pytest.mark.parametrize(("options", "players", "seeds", "steps", "checks"), CASES)
def test_reachable_actions_are_the_menu(
    engine: str, options: dict[str, Any], players: int, seeds: range, steps: int, checks: int
) -> None:
    """issue 34 item 3: reachable by composition == the legal action set, on seeded positions
    (every player on the move, offers of all sizes, open offers that are left out as copies)."""
    game = game_on("bohnanza", engine)
    kinds: set[str] = set()
    for seed in seeds:
        state = game.new_state(players, seed, options)
        rng = random.Random(seed)
        every = max(1, steps // checks)
        for step in range(steps):
            if state.is_terminal():
                break
            if step % every == 0:
                for p in state.to_move():
                    if _check(state, p, options):
                        kinds.update(type(a).__name__ for a in state.legal_actions(p))
            _random_move(state, rng)
    if players == 2:
        assert {"PlantOffered", "DiscardOffered", "PlantRevealed", "DiscardFromHand"} <= kinds
    elif steps >= 200:
        assert {"Offer", "Accept", "PlantFromTradeArea"} <= kinds
    else:
        assert "Offer" in kinds


def test_copies_of_open_offers_are_left_out() -> None:
    """issue 34 item 3: after an offer, the same offer cannot be composed again (B-50), and a
    draft whose only completion was that copy is not offered."""
    options = {"offer_menu": {"max_give": 1, "max_want": 1}}
    game = seedbed.game("bohnanza", "python")
    state = game.new_state(3, 4, options)
    rng = random.Random(4)
    while state.phase != TRADE:  # type: ignore[attr-defined]
        _random_move(state, rng)
    p = state.to_move()[0]
    enc = compact_encoding(options)
    draft = Draft()
    moment = enc.moment(state, p)
    lay = enc.layout
    path = [lay.starts["offer-to"]]
    moment.choose(draft, path[0])
    give = next(i for i in moment.legal(draft) if i < lay.starts["offer-want"])
    moment.choose(draft, give)
    offer = moment.choose(draft, lay.starts["offer-send"])
    assert offer is not None
    state.apply(p, offer)
    again = enc.moment(state, p)
    draft = Draft()
    again.choose(draft, path[0])
    again.choose(draft, give)
    assert lay.starts["offer-send"] not in again.legal(draft)  # the copy
    assert again.legal(draft)  # but wanting something for it is still an offer
    _check(state, p, options)


def test_sizes() -> None:
    """issue 34 item 3: a few hundred integers (the documented sizes)."""
    assert compact_encoding({}).size == 232
    assert compact_encoding({"max_offers": 12}).size == 358
    assert compact_encoding({"edition": "classic"}).size == 176
    assert compact_encoding({}).layout.shapes["zone-plant"] == (11, 3)
    with pytest.raises(ValueError, match="bounded offer menu"):
        compact_encoding({"max_offers": None})


@pytest.mark.parametrize("players", [2, 4])
def test_whole_games_through_the_compact_space(players: int) -> None:
    """issue 34 item 3: random integers from the compact mask play whole games to the end."""
    game = seedbed.game("bohnanza")
    enc = compact_encoding({})
    for seed in range(2):
        state = game.new_state(players, seed, {})
        rng = random.Random(seed)
        draft = Draft()
        for _ in range(20_000):
            if state.is_terminal():
                break
            p = state.to_move()[0]
            moment = enc.moment(state, p)
            action = None
            while action is None:
                legal = moment.legal(draft)
                # offers rarely, so that the trading phases end
                plain = [i for i in legal if i < enc.layout.starts["offer-to"]]
                pick = plain if plain and not draft.open and rng.random() < 0.8 else legal
                action = moment.choose(draft, rng.choice(pick))
            state.apply(p, action)
        assert state.is_terminal()


@pytest.mark.parametrize("engine", engines("bohnanza"))
def test_an_offer_menu_with_nothing_to_offer(engine: str) -> None:
    """issue 34 item 3: with max_give and max_want 0 the trading menu has no offer; the compact
    space then offers no addressee, and still reaches exactly the menu."""
    options = {"offer_menu": {"max_give": 0, "max_want": 0}}
    state = game_on("bohnanza", engine).new_state(3, 2, options)
    rng = random.Random(2)
    start = compact_encoding(options).layout.starts["offer-to"]
    for _ in range(80):
        for p in state.to_move():
            _check(state, p, options)
            moment = compact_encoding(options).moment(state, p)
            assert all(i < start for i in moment.legal(Draft()))
        _random_move(state, rng)
