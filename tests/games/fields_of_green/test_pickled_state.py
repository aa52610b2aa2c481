"""Issue 12, defect 5: a Fields of Green state pickled for the server's bot pool plays on
like the original. ``Config.list_id`` was keyed by ``id()`` of the card data's effect lists,
which the unpickled copy no longer has: KeyError, and the bots fell back to random moves."""

from __future__ import annotations

import json
import pickle
from typing import Any

import pytest

from seedbed.bots.api import InfoSet
from seedbed.bots.greedy import GreedyBot
from seedbed.bots.ismcts import make_ismcts
from seedbed.engine.api import Action, State
from seedbed.engine.rng import Rng

from .full_cards import FULL
from .invariants import GAME

CARD_SETS: dict[str, Any] = {"original": "original", "full": FULL}


def dump(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True)


def unpickled(state: State) -> State:
    copy = pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
    assert isinstance(copy, State)
    return copy


def random_action(state: State, rng: Rng) -> tuple[int, Action]:
    p = state.to_move()[0]
    menu = state.legal_actions(p)
    return p, menu[rng.below(len(menu))]


@pytest.mark.parametrize("cards", CARD_SETS)
@pytest.mark.parametrize("num_players", [2, 3])
def test_an_unpickled_state_plays_on_identically(cards: str, num_players: int) -> None:
    """Issue 12, defect 5: copies pickled at several points mid-game, driven by the same
    actions, give the same menus, events, observations and keys to the end."""
    state = GAME.new_state(num_players, 21, {"cards": CARD_SETS[cards]})
    rng = Rng(5)
    copies: list[State] = []
    step = 0
    while not state.is_terminal():
        if step in (5, 25, 60):
            copies.append(unpickled(state))
        p, action = random_action(state, rng)
        for copy in copies:
            assert list(copy.legal_actions(p)) == list(state.legal_actions(p)), step
        events = state.apply(p, action)
        for copy in copies:
            mine = copy.apply(p, action)
            assert dump([e.for_viewer(p) for e in mine]) == dump([e.for_viewer(p) for e in events])
            assert copy.key() == state.key(), step
            assert dump(copy.observe(p)) == dump(state.observe(p)), step
        step += 1
    assert len(copies) == 3


@pytest.mark.parametrize("cards", CARD_SETS)
def test_bots_act_on_an_unpickled_state_as_on_the_original(cards: str) -> None:
    """Issue 12, defect 5: ISMCTS (determinize and search) and the greedy heuristics choose
    the same action on the pickled copy as on the original, without failing."""
    state = GAME.new_state(3, 8, {"cards": CARD_SETS[cards]})
    rng = Rng(9)
    for step in range(90):
        if state.is_terminal():
            break
        if step % 15 == 7:
            copy = unpickled(state)
            p = state.to_move()[0]
            bots = (make_ismcts("fields_of_green", iterations=25), GreedyBot("fields_of_green"))
            for bot in bots:
                mine = bot.act(InfoSet(state, p), Rng(step))
                theirs = bot.act(InfoSet(copy, p), Rng(step))
                assert theirs == mine, (step, bot.name)
            copy.determinize(p, Rng(step)).legal_actions(p)
        state.apply(*random_action(state, rng))
