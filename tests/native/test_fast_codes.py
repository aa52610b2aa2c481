"""The State API's fast integer loop (issue 34 item 2, target 2): a native state class's
``current_player()``, ``codes(player)`` (a lazy ``seedbed._native.Codes`` sequence) and
``play(code, player)`` list and play exactly what ``legal_actions`` and ``apply`` do, with
the same codes as the action objects', in seeded games of every game that has codes."""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pytest

import seedbed
from seedbed.engine.errors import InvalidActionError, NotOnMoveError
from seedbed.engine.native_state import NATIVE, UNAVAILABLE, NativeState

pytestmark = pytest.mark.skipif(NATIVE is None, reason=str(UNAVAILABLE))

CONFIGS = [
    ("bohnanza", 3, {}),
    ("bohnanza", 4, {"max_offers": 2, "offer_menu.positions": "all"}),
    ("bohnanza", 5, {"edition": "classic", "offer_menu.max_give": 3, "offer_menu.max_want": 4}),
    ("bohnanza", 2, {}),
    ("stalk_exchange", 3, {}),
    ("stalk_exchange", 2, {}),
    ("fields_of_green", 3, {}),
    ("fields_of_green", 2, {}),
]


def _state(name: str, players: int, seed: int, options: dict[str, Any]) -> NativeState:
    state = seedbed.game(name, engine="native").new_state(players, seed, options)
    assert isinstance(state, NativeState)
    return state


def _code(state: NativeState, action: Any) -> int:
    code = type(state.zones).action_code(json.dumps(action.to_json()))
    assert code is not None, action
    return int(code)


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_codes_are_the_menus_codes_and_play_applies_them(
    name: str, players: int, options: dict[str, Any]
) -> None:
    """issue 34 item 2: at every decision of a seeded game, ``codes(p)`` is the menu's codes
    in its order (distinct; sampled items checked against each action's own code, every item
    of a short menu), and ``play`` of a code gives the position ``apply`` of its action does."""
    state = _state(name, players, 3, options)
    rng = random.Random(7)
    decisions = offers = 0
    while not state.is_terminal() and decisions < 300:
        z = state.zones
        player = state.to_move()[0]
        assert z.current_player() == player
        menu = state.legal_actions(player)
        codes = z.codes(player)
        assert len(codes) == len(menu) and len(z.codes()) == len(menu)
        listed = codes.tolist()
        assert len(set(listed)) == len(listed)
        assert state.legal_codes(player) == tuple(listed)
        picks = range(len(menu)) if len(menu) <= 40 else rng.sample(range(len(menu)), 40)
        for i in picks:
            assert codes[i] == listed[i] == _code(state, menu[i])
        assert codes[-1] == listed[-1]
        for i in {0, len(menu) - 1, rng.randrange(len(menu))}:
            by_code, by_action = state.zones.clone(), state.clone()
            by_code.play(codes[i], player)
            by_action.apply(player, menu[i])
            assert by_code.key() == by_action.key()
            assert by_code.to_move() == list(by_action.to_move())
        offers += sum(type(a).__name__ == "Offer" for a in menu[:50])
        state.apply(player, menu[rng.randrange(len(menu))])
        decisions += 1
    assert decisions > 50
    if name == "bohnanza" and players > 2:
        assert offers > 0  # trading menus were compared


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_the_fast_loop_plays_the_state_api_loop(
    name: str, players: int, options: dict[str, Any]
) -> None:
    """issue 34 target 2: ``legal = z.codes(); z.play(legal[i])`` with a seeded generator plays
    the same game as ``menu = legal_actions(p); apply(p, menu[i])`` with the same draws, to
    the end, and twice alike."""

    def fast(seed: int) -> list[str]:
        z = _state(name, players, seed, options).zones
        rng, keys = random.Random(seed), []
        while z.current_player() is not None:
            legal = z.codes()
            z.play(legal[rng.randrange(len(legal))])
            keys.append(z.key())
        assert z.is_terminal() and len(z.codes()) == 0
        return keys

    def objects(seed: int) -> list[str]:
        state, rng, keys = _state(name, players, seed, options), random.Random(seed), []
        while not state.is_terminal():
            player = state.to_move()[0]
            menu = state.legal_actions(player)
            state.apply(player, menu[rng.randrange(len(menu))])
            keys.append(state.key())
        return keys

    for seed in (1, 2):
        played = fast(seed)
        assert played == fast(seed) == objects(seed)


@pytest.mark.parametrize("name", ["bohnanza", "stalk_exchange", "fields_of_green"])
def test_play_refuses_as_apply_does(name: str) -> None:
    """issue 34 item 2: a seat not on the move has no codes and its move is refused as
    ``apply_code`` refuses it; a code no action has is an InvalidActionError; nothing
    changes either way."""
    z = _state(name, 3, 2, {}).zones
    player = z.current_player()
    other = next(p for p in range(z.num_players) if p not in z.to_move())
    assert len(z.codes(other)) == 0 and len(z.codes(99)) == 0 and len(z.codes(-1)) == 0
    codes = z.codes()
    key = z.key()
    with pytest.raises(NotOnMoveError):
        z.play(codes[0], other)
    with pytest.raises(InvalidActionError):
        z.play(2**63, player)
    with pytest.raises(IndexError):
        codes[len(codes)]
    assert z.key() == key
    assert list(codes) == codes.tolist()
    out = np.zeros(len(codes) + 2, dtype=np.uint64)
    assert codes.into(out) == len(codes)
    assert out[: len(codes)].tolist() == codes.tolist()
    with pytest.raises(ValueError, match="needed"):
        codes.into(np.zeros(0, dtype=np.uint64))


def test_codes_keep_their_position_after_a_move() -> None:
    """issue 34 item 2: a ``Codes`` lists the menu of the position it was made at."""
    z = _state("stalk_exchange", 3, 4, {}).zones
    codes = z.codes()
    before = codes.tolist()
    z.play(codes[0])
    assert codes.tolist() == before


def test_fields_of_green_codes_hold_water_splits_beyond_64_bits() -> None:
    """issue 34 item 2: Fields of Green's actions have codes too (up to 128 bits: a water
    split names tower cells and amounts); ``into`` a uint64 buffer refuses one that does
    not fit, ``tolist`` gives them all."""
    state = _state("fields_of_green", 3, 1, {})
    rng = random.Random(3)
    wide = 0
    while not state.is_terminal() and not wide:
        z = state.zones
        codes = z.codes()
        wide = sum(c >= 2**64 for c in codes.tolist())
        if wide:
            with pytest.raises(OverflowError):
                codes.into(np.zeros(len(codes), dtype=np.uint64))
        player = state.to_move()[0]
        menu = state.legal_actions(player)
        state.apply(player, menu[rng.randrange(len(menu))])
    assert wide
