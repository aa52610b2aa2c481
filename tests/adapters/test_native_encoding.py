"""Issue 34 item 1: observations and masks written by the native core into NumPy arrays equal
the Python encoders' (the reference) element for element, over seeded random games, at every
position of the game and for every seat; an action integer applied natively plays the action
the Python encoding decodes; batches are rows of single calls. Issue 34 target 1: Fields of
Green's mask and integers are native too, equal to its Python encoding over whole games."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from seedbed.adapters.encoders import GameEncoders
from seedbed.adapters.native_encoders import NativeEncoders
from seedbed.engine.native_state import NATIVE
from seedbed.engine.rng import Rng

CASES: list[tuple[str, int, dict[str, Any], list[int]]] = [
    ("bohnanza", 3, {}, [1, 2]),
    ("bohnanza", 5, {}, [3]),
    ("bohnanza", 4, {"edition": "classic", "max_offers": 3}, [4]),
    ("bohnanza", 2, {}, [5]),
    ("stalk_exchange", 2, {}, [1, 2]),
    ("stalk_exchange", 4, {"garden_radius": 2, "exchange_slots": 4}, [3, 4]),
    ("fields_of_green", 2, {}, [1, 2, 3]),
    ("fields_of_green", 3, {}, [2]),
    ("fields_of_green", 4, {}, [5]),
    ("fields_of_green", 2, {"ruleset": "prototype"}, [6, 8]),
    ("fields_of_green", 3, {"introductory": True}, [7]),
]
"""(game, players, options, seeds): every game, several player counts and options."""

MOST_STEPS = 250


def _play(game: str, n: int, options: dict[str, Any], seed: int) -> int:
    """One random game (at most MOST_STEPS decisions) comparing at every position; returns
    the number of (position, seat) pairs compared."""
    enc = GameEncoders(game, n, options, engine="native")
    native = NativeEncoders.of(enc)
    assert native is not None
    state = enc.game.new_state(n, seed, enc.options)
    rng = Rng(seed)
    compared = 0
    for _ in range(MOST_STEPS):
        for p in range(n):
            expected = enc.vector(state.observe(p))
            assert np.array_equal(native.observation(state, p), expected), (game, seed, p)
            if native.has_mask:
                assert np.array_equal(native.mask(state, p), enc.python_mask(state, p)), (game, p)
            compared += 1
        if state.is_terminal():
            break
        p = state.to_move()[0]
        legal = enc.legal_indices(state, p)
        index = legal[rng.below(len(legal))]
        if native.has_mask:
            assert native.legal_indices(state, p) == legal
            twin = state.clone()
            twin.apply(p, enc.decode(twin, p, index))
            assert native.apply_index(state, p, index)
            assert state.key() == twin.key() and state.to_move() == twin.to_move()
        else:
            state.apply(p, enc.decode(state, p, index))
    return compared


@pytest.mark.skipif(NATIVE is None, reason="the native engine is not built")
@pytest.mark.parametrize(("game", "n", "options", "seeds"), CASES)
def test_native_observations_and_masks_equal_the_python_reference(
    game: str, n: int, options: dict[str, Any], seeds: list[int]
) -> None:
    compared = sum(_play(game, n, options, seed) for seed in seeds)
    assert compared >= 100 * n


@pytest.mark.skipif(NATIVE is None, reason="the native engine is not built")
@pytest.mark.parametrize("game", ["bohnanza", "stalk_exchange", "fields_of_green"])
def test_a_batch_is_the_rows_of_single_calls(game: str) -> None:
    enc = GameEncoders(game, 3, engine="native")
    native = NativeEncoders.of(enc)
    assert native is not None
    states = [enc.game.new_state(3, seed, enc.options) for seed in range(4)]
    for state in states[1:]:
        state.playout(Rng(7), 20)
    seats = [0, 1, 2, 0]
    rows = native.observations(states, seats)
    for row, state, seat in zip(rows, states, seats, strict=True):
        assert np.array_equal(row, native.observation(state, seat))
    masks = native.masks(states, seats)
    if masks is None:
        assert not native.has_mask
        return
    for row, state, seat in zip(masks, states, seats, strict=True):
        assert np.array_equal(row, enc.python_mask(state, seat))


@pytest.mark.skipif(NATIVE is None, reason="the native engine is not built")
def test_an_index_that_names_nothing_changes_nothing() -> None:
    enc = GameEncoders("bohnanza", 3, engine="native")
    native = NativeEncoders.of(enc)
    assert native is not None
    state = enc.game.new_state(3, 1, enc.options)
    before = state.key()
    accept = enc.actions.layout.starts["accept"]  # no offer yet in this trading phase
    assert not native.apply_index(state, state.to_move()[0], accept)
    assert not native.apply_index(state, 0, enc.actions.size + 5)
    assert state.key() == before


def test_the_python_engine_has_no_native_encoders() -> None:
    assert NativeEncoders.of(GameEncoders("stalk_exchange", 2, engine="python")) is None


@pytest.mark.skipif(NATIVE is None, reason="the native engine is not built")
@pytest.mark.parametrize("options", [{}, {"treasury_visibility": "open"}])
def test_the_end_of_a_bohnanza_game_too(options: dict[str, Any]) -> None:
    """The last decisions and the final position (every treasury shown, B-71)."""
    enc = GameEncoders("bohnanza", 3, options, engine="native")
    native = NativeEncoders.of(enc)
    assert native is not None
    total = enc.game.new_state(3, 9, enc.options).playout(Rng(9), 10**6)  # type: ignore[attr-defined]
    state = enc.game.new_state(3, 9, enc.options)
    state.playout(Rng(9), total - 30)  # type: ignore[attr-defined]
    rng = Rng(10)
    for _ in range(60):
        for p in range(3):
            assert np.array_equal(native.observation(state, p), enc.vector(state.observe(p)))
            assert np.array_equal(native.mask(state, p), enc.python_mask(state, p))
        if state.is_terminal():
            break
        p = state.to_move()[0]
        legal = enc.legal_indices(state, p)
        assert native.apply_index(state, p, legal[rng.below(len(legal))])
    state.playout(rng, 10**6)  # type: ignore[attr-defined]
    assert state.is_terminal()
    for p in range(3):
        assert np.array_equal(native.observation(state, p), enc.vector(state.observe(p)))
        assert not native.mask(state, p).any()


@pytest.mark.skipif(NATIVE is None, reason="the native engine is not built")
@pytest.mark.parametrize(("n", "seed"), [(2, 21), (3, 22), (4, 23)])
def test_every_fields_of_green_integer_plays_the_python_decoding(n: int, seed: int) -> None:
    """Issue 34 target 1: whole games of Fields of Green; every few decisions, each legal
    integer of the seat on the move (builds with their water splits, payments, placements,
    draws) applied natively gives the position the Python decoding's action gives; the mask
    equals the Python one for every seat (zeros off the move), and an integer off the mask
    changes nothing."""
    enc = GameEncoders("fields_of_green", n, engine="native")
    native = NativeEncoders.of(enc)
    assert native is not None and native.has_mask
    state = enc.game.new_state(n, seed, enc.options)
    rng = Rng(seed)
    decisions = decoded = 0
    while not state.is_terminal():
        p = state.to_move()[0]
        legal = enc.legal_indices(state, p)
        for q in range(n):
            assert np.array_equal(native.mask(state, q), enc.python_mask(state, q)), (seed, q)
        if decisions % 5 == 0:
            for index in legal[:: max(1, len(legal) // 60)]:
                twin, mine = state.clone(), state.clone()
                twin.apply(p, enc.decode(twin, p, index))
                assert native.apply_index(mine, p, index), index
                assert mine.key() == twin.key(), index
                decoded += 1
            outside = sorted(set(range(enc.actions.size)) - set(legal))[:: enc.actions.size // 50]
            before = state.key()
            assert not any(native.apply_index(state, p, i) for i in outside)
            assert state.key() == before
        assert native.apply_index(state, p, legal[rng.below(len(legal))])
        decisions += 1
    assert decisions > 50 and decoded > 200
