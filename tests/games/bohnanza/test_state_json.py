"""``BohnanzaState.to_json`` / ``Bohnanza.state_from_json``: the full state round-trips
through JSON text (B-11 zones, offers and the generator included)."""

from __future__ import annotations

import json

import pytest

import seedbed
from seedbed.engine.rng import Rng
from seedbed.games.bohnanza import BohnanzaState

GAME = seedbed.game("bohnanza", engine="python")


@pytest.mark.parametrize(
    ("edition", "num_players"), [("standard", 2), ("standard", 4), ("standard", 7), ("classic", 3)]
)
def test_state_round_trips_through_json(edition: str, num_players: int) -> None:
    state = GAME.new_state(num_players, 5, {"edition": edition})
    assert isinstance(state, BohnanzaState)
    rng = Rng(9)
    checked = 0
    while not state.is_terminal():
        if rng.below(10) == 0:
            text = json.dumps(state.to_json())
            copy = GAME.state_from_json(json.loads(text))  # type: ignore[attr-defined]
            assert copy.key() == state.key()
            assert copy.to_move() == state.to_move()
            p = state.to_move()[0]
            mine, theirs = state.legal_actions(p), copy.legal_actions(p)
            assert len(mine) == len(theirs)
            assert [str(a) for a in mine[:50]] == [str(a) for a in theirs[:50]]
            checked += 1
        p = state.to_move()[0]
        menu = state.legal_actions(p)
        state.apply(p, menu[rng.below(len(menu))])
    assert checked > 10
    final = GAME.state_from_json(json.loads(json.dumps(state.to_json())))  # type: ignore[attr-defined]
    assert final.outcome() == state.outcome()


def test_to_json_is_a_copy() -> None:
    state = GAME.new_state(3, 1)
    data = state.to_json()  # type: ignore[attr-defined]
    data["hands"][0].clear()
    assert len(state.hands[0]) == 5  # type: ignore[attr-defined]
