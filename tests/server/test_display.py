"""The view message carries what the browser shows (issue 13, item 6): ``display``, made by the
game's display function from the very observation the message holds, and, once the game is
over, ``outcome`` (scores, ranks, winners, tie-break) from ``state.outcome()``, so the client
ranks nobody itself. Both fit the protocol's ``ViewMessage``."""

from __future__ import annotations

import json
import random

import pytest

import seedbed
from seedbed.server.display import display_for
from seedbed.server.protocol import ViewMessage
from seedbed.server.views import view_text

GAMES = ["bohnanza", "stalk_exchange", "fields_of_green"]


def played(name: str, seed: int, moves: int | None = None) -> seedbed.engine.api.State:
    """A seeded random game of 2 players after ``moves`` moves (None: to its end)."""
    state = seedbed.game(name).new_state(2, seed)
    rng = random.Random(seed)
    count = 0
    while not state.is_terminal() and (moves is None or count < moves):
        mover = state.to_move()[0]
        menu = state.legal_actions(mover)
        state.apply(mover, menu[rng.randrange(len(menu))])
        count += 1
    return state


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seat", [0, 1, None])
def test_a_running_view_carries_its_display(name: str, seat: int | None) -> None:
    state = played(name, 3, moves=25)
    message = json.loads(view_text(state, seat, 25, []))
    assert message["display"] == display_for(name, message["view"], seat)
    assert message["display"] is not None
    assert message["outcome"] is None
    ViewMessage.model_validate(message, strict=False)


@pytest.mark.parametrize("name", GAMES)
def test_the_last_view_carries_the_outcome(name: str) -> None:
    state = played(name, 5)
    message = json.loads(view_text(state, None, 999, []))
    assert message["status"] == "finished"
    assert message["outcome"] == state.outcome().to_json()
    assert message["display"] == display_for(name, message["view"], None)
    ViewMessage.model_validate(message, strict=False)
