"""Events are snapshots: an event returned by ``apply`` says the same thing after later moves
(a server or a log may keep events and serialise them later). Regression: Fields of Green's
draw event once shared its card list with the player's hand (F-42), so later picks rewrote it."""

from __future__ import annotations

import json

import pytest

import seedbed
from seedbed.engine.api import Event
from seedbed.engine.rng import Rng


@pytest.mark.parametrize(
    ("name", "players"), [("bohnanza", 3), ("stalk_exchange", 4), ("fields_of_green", 3)]
)
def test_events_do_not_change_after_later_moves(name: str, players: int) -> None:
    viewers: tuple[int | None, ...] = (None, *range(players))
    for seed in range(3):
        state = seedbed.game(name).new_state(players, seed)
        rng = Rng(seed)
        kept: list[tuple[Event, int | None, str]] = []
        while not state.is_terminal():
            p = state.to_move()[0]
            menu = state.legal_actions(p)
            for event in state.apply(p, menu[rng.below(len(menu))]):
                kept += [(event, v, json.dumps(event.for_viewer(v))) for v in viewers]
        changed = [text for event, v, text in kept if json.dumps(event.for_viewer(v)) != text]
        assert not changed, f"{name} seed {seed}: events changed after later moves: {changed[:2]}"
