"""Issue 34 target 1 (D-86): Fields of Green's compact space, its full integers chosen in
steps (``seedbed.engine.factored``). The Python reference reaches exactly the full encoding's
legal integers, each by one path, at every decision of seeded games; the core's port
(``seedbed._native.FactoredActions``) equals it at every step: masks element for element,
the draft's features, the action each integer completes, and ``play`` leaves the state that
action makes."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from seedbed.adapters.compact import CompactActions, NativeCompactActions
from seedbed.adapters.encoders import GameEncoders
from seedbed.engine.api import State
from seedbed.engine.encoding import EncodingError
from seedbed.engine.factored import Draft, FactoredEncoding
from seedbed.engine.native_state import NATIVE

CASES: list[tuple[int, dict[str, Any], list[int]]] = [
    (2, {}, [1, 2]),
    (3, {}, [3]),
    (4, {}, [4]),
    (2, {"ruleset": "prototype"}, [5]),
    (3, {"introductory": True}, [6]),
]
"""(players, options, seeds), as the full encoding's parity test."""


def _copy(draft: Draft) -> Draft:
    out = Draft()
    out.block, out.depth, out.prefix = draft.block, draft.depth, draft.prefix
    return out


def _paths(
    enc: GameEncoders, moment: Any, draft: Draft, path: list[int], out: dict[int, list[int]]
) -> None:
    """Every composition from ``draft`` followed to its end: full integer -> its path."""
    for index in moment.legal(draft):
        grown = _copy(draft)
        action = moment.choose(grown, index)
        if action is None:
            _paths(enc, moment, grown, [*path, index], out)
            continue
        full = enc.actions.encode(moment.state, moment.player, action)
        assert full not in out, (full, out[full], [*path, index])
        out[full] = [*path, index]


@pytest.mark.parametrize(("players", "options", "seeds"), CASES[:3])
def test_the_compositions_are_exactly_the_full_menu(
    players: int, options: dict[str, Any], seeds: list[int]
) -> None:
    """Every full legal integer has one path and every path ends in one (Python engine)."""
    enc = GameEncoders("fields_of_green", players, options, engine="python", action_space="compact")
    space = enc.compact
    assert isinstance(space, FactoredEncoding) and space.size < 500
    decisions = 0
    for seed in seeds:
        state = enc.game.new_state(players, seed, enc.options)
        rng = random.Random(seed)
        while not state.is_terminal() and decisions < 400 * len(seeds):
            p = state.to_move()[0]
            moment = space.moment(state, p)
            found: dict[int, list[int]] = {}
            _paths(enc, moment, Draft(), [], found)
            assert sorted(found) == sorted(enc.actions.legal_indices(state, p))
            full = rng.choice(sorted(found))
            draft = Draft()
            for index in found[full][:-1]:
                assert moment.choose(draft, index) is None
            action = moment.choose(draft, found[full][-1])
            assert action == enc.actions.decode(state, p, full)
            state.apply(p, action)
            decisions += 1
    assert decisions > 100


native = pytest.mark.skipif(NATIVE is None, reason="the native extension is not built")


def _pair(enc: GameEncoders) -> tuple[CompactActions, NativeCompactActions]:
    assert enc.compact is not None
    native = enc.compact_actions()
    assert isinstance(native, NativeCompactActions)
    return CompactActions(enc.compact), native


def _same(ref: CompactActions, native: NativeCompactActions, where: Any) -> list[int]:
    mask = ref.mask()
    assert np.array_equal(native.mask(), mask), where
    assert np.array_equal(native.features(), ref.features()), where
    return [int(i) for i in np.flatnonzero(mask)]


@native
@pytest.mark.parametrize(("players", "options", "seeds"), CASES)
def test_native_factored_equals_python(
    players: int, options: dict[str, Any], seeds: list[int]
) -> None:
    """Masks and features equal at every step of every decision (every seat on the move),
    the completed action equal, ``play`` as the action; whole games."""
    enc = GameEncoders("fields_of_green", players, options, engine="native", action_space="compact")
    compared = 0
    for seed in seeds:
        state = enc.game.new_state(players, seed, enc.options)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal():
            for p in state.to_move()[1:]:  # the others on the move, no draft
                ref, native = _pair(enc)
                ref.start(state, p)
                native.start(state, p)
                _same(ref, native, (seed, step, p))
            ref, native = _pair(enc)
            p = state.to_move()[0]
            ref.start(state, p)
            native.start(state, p)
            while True:
                index = rng.choice(_same(ref, native, (seed, step, p)))
                compared += 1
                action = ref.choose(index)
                if action is None:
                    assert native.choose(index) is None
                    continue
                if step % 2:  # the core applies it
                    twin = state.clone()
                    twin.apply(p, action)
                    assert native.play(state, index)
                    assert state.key() == twin.key() and state.to_move() == twin.to_move()
                else:
                    found = native.choose(index)
                    assert found is not None and found.to_json() == action.to_json()
                    state.apply(p, action)
                break
            step += 1
    assert compared > 100


def _state(enc: GameEncoders, seed: int) -> State:
    return enc.game.new_state(enc.num_players, seed, enc.options)


@native
def test_an_illegal_integer_is_refused() -> None:
    """An integer outside the mask is an EncodingError and changes nothing."""
    enc = GameEncoders("fields_of_green", 3, engine="native", action_space="compact")
    state = _state(enc, 1)
    _, native = _pair(enc)
    native.start(state, state.to_move()[0])
    illegal = int(np.flatnonzero(native.mask() == 0)[0])
    before = state.key()
    with pytest.raises(EncodingError, match="not legal"):
        native.play(state, illegal)
    assert state.key() == before
