"""Issue 34 item 3 (the MaskablePPO target's native compact space): Bohnanza's compact mask
and action decoding in the core (``seedbed._native.CompactActions``) equal the Python
reference (``seedbed.games.bohnanza.compact``) over seeded games: at every decision of every
seat on the move and every step of every composition, the masks are equal element for element
and the draft's features too; the integer taken decodes to the same action; the core's
``play`` leaves the state the reference's action does. On small offer menus every composition
of some positions is followed to its end."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from seedbed.adapters.compact import CompactActions, NativeCompactActions
from seedbed.adapters.encoders import GameEncoders
from seedbed.engine.api import State
from seedbed.engine.native_state import NATIVE

pytestmark = pytest.mark.skipif(NATIVE is None, reason="the native extension is not built")

SMALL = {"offer_menu": {"max_give": 2, "max_want": 1}}
CASES: list[tuple[int, dict[str, Any], list[int]]] = [
    (4, {}, [1, 2]),
    (3, SMALL, [3]),
    (2, {}, [4, 5]),  # the duel: zone-plant from its zones, discards
    (5, {"edition": "classic", **SMALL}, [6]),
    (3, {"max_offers": 2, "offer_menu": {"max_give": 1, "max_want": 2}}, [7]),
    (3, {"offer_menu": {"max_give": 3, "max_want": 4}}, [8]),  # the longest sides
    (3, {"offer_menu": {"max_give": 0, "max_want": 0}}, [9]),  # no offer at all
]
"""(players, options, seeds)."""

MOST_DECISIONS = 220


def _pair(enc: GameEncoders) -> tuple[CompactActions, NativeCompactActions]:
    assert enc.compact is not None
    native = enc.compact_actions()
    assert isinstance(native, NativeCompactActions)
    return CompactActions(enc.compact), native


def _same(ref: CompactActions, native: NativeCompactActions, where: Any) -> list[int]:
    """The masks and features agree; the legal integers."""
    mask = ref.mask()
    assert np.array_equal(native.mask(), mask), where
    assert np.array_equal(native.features(), ref.features()), where
    return [int(i) for i in np.flatnonzero(mask)]


def _decide(state: State, enc: GameEncoders, rng: random.Random, use_play: bool, where: Any) -> int:
    """The first mover's decision composed through both, random integers (offers less often,
    so that games go on); the move applied. Returns the masks compared."""
    ref, native = _pair(enc)
    p = state.to_move()[0]
    ref.start(state, p)
    native.start(state, p)
    start = enc.compact.layout.starts["offer-to"]  # type: ignore[union-attr]
    compared = 0
    while True:
        legal = _same(ref, native, (where, p, compared))
        compared += 1
        plain = [i for i in legal if i < start]
        pick = plain if plain and not ref.draft.open and rng.random() < 0.7 else legal
        index = rng.choice(pick)
        action = ref.choose(index)
        if action is None:
            assert native.choose(index) is None
            continue
        if use_play:  # the core applies it: the state is the one the action makes
            twin = state.clone()
            twin.apply(p, action)
            assert native.play(state, index)
            assert state.key() == twin.key() and state.to_move() == twin.to_move()
        else:
            found = native.choose(index)
            assert found is not None and found.to_json() == action.to_json(), where
            state.apply(p, action)
        return compared


@pytest.mark.parametrize(("players", "options", "seeds"), CASES)
def test_native_compact_equals_python(
    players: int, options: dict[str, Any], seeds: list[int]
) -> None:
    """issue 34 item 3: masks equal element for element at every step of every decision
    (every seat on the move), the decoded action equal, ``play`` as the action."""
    enc = GameEncoders("bohnanza", players, options, engine="native", action_space="compact")
    compared = 0
    for seed in seeds:
        state = enc.game.new_state(players, seed, enc.options)
        rng = random.Random(seed)
        for step in range(MOST_DECISIONS):
            if state.is_terminal():
                break
            for p in state.to_move()[1:]:  # the others on the move, no draft
                ref, native = _pair(enc)
                ref.start(state, p)
                native.start(state, p)
                _same(ref, native, (seed, step, p))
                compared += 1
            compared += _decide(state, enc, rng, step % 2 == 1, (seed, step))
    assert compared > MOST_DECISIONS


def _walk(ref: CompactActions, native: NativeCompactActions, state: State, path: list[int]) -> int:
    """Every composition from ``path`` followed to its end (the native side replayed along
    the path, as it keeps one draft); the masks compared at every node."""
    native.start(state, ref.moment.player)
    for index in path:
        assert native.choose(index) is None
    legal = _same(ref, native, path)
    nodes = 1
    saved = (ref.draft.to, ref.draft.give, ref.draft.want)
    for index in legal:
        native.start(state, ref.moment.player)
        for step in path:
            native.choose(step)
        action = ref.choose(index)
        found = native.choose(index)
        if action is None:
            assert found is None
            nodes += _walk(ref, native, state, [*path, index])
        else:
            assert found is not None and found.to_json() == action.to_json()
        ref.draft.to, ref.draft.give, ref.draft.want = saved
    return nodes


def test_every_composition_of_small_menus() -> None:
    """issue 34 item 3: on small offer menus, every composition of trading positions (offers
    open, copies left out) is followed to its end through both, every node's mask equal."""
    options = {"max_offers": 3, "offer_menu": {"max_give": 1, "max_want": 1}}
    enc = GameEncoders("bohnanza", 3, options, engine="native", action_space="compact")
    rng = random.Random(11)
    state = enc.game.new_state(3, 11, enc.options)
    nodes = 0
    walked = 0
    for step in range(160):
        if state.is_terminal():
            break
        if step % 8 == 0:
            for p in state.to_move():
                ref, native = _pair(enc)
                ref.start(state, p)
                nodes += _walk(ref, native, state, [])
                walked += 1
        _decide(state, enc, rng, False, step)
    assert walked >= 10 and nodes > walked


def test_a_native_mask_refuses_an_illegal_integer() -> None:
    """issue 34 item 3: an integer outside the mask is an EncodingError, nothing changes."""
    from seedbed.engine.encoding import EncodingError

    enc = GameEncoders("bohnanza", 3, {}, engine="native", action_space="compact")
    state = enc.game.new_state(3, 1, enc.options)
    _, native = _pair(enc)
    native.start(state, state.to_move()[0])
    illegal = int(np.flatnonzero(native.mask() == 0)[0])
    before = state.key()
    with pytest.raises(EncodingError, match="not legal"):
        native.play(state, illegal)
    assert state.key() == before
