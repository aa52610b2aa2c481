"""Whole random games on the native core against the Python reference (issue 14):
``_native.bohnanza_simulate`` reports what ``seedbed.lab.simulate.play_random_game`` reports
(outcome, actions played, events by kind) seed for seed, and ``BohnanzaZones.playout`` from a
position reached in Python ends where the Python loop ends, with the generator in the same
state. Skipped when the extension module is not built (``make native``), except under
``CI=true``.
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

import seedbed
from seedbed.engine.rng import Rng
from seedbed.games.bohnanza.game import BohnanzaState
from seedbed.lab.simulate import play_random_game, policy_rng, random_step

try:
    from seedbed import _native  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - depends on the build
    if os.environ.get("CI") == "true":
        raise
    pytest.skip("seedbed._native is not built (make native)", allow_module_level=True)

import bohnanza_lockstep as L  # tests/native is on sys.path (rootdir import mode)

GAME = seedbed.game("bohnanza", engine="python")
WHOLE = [c for c in L.configurations() if not L.move_cap(c[2])]


def options_json(options: dict[str, Any]) -> str:
    return json.dumps(GAME.normalize_options(options))


def python_row(n: int, seed: int, options: dict[str, Any]) -> tuple[Any, ...]:
    state, _, stats = play_random_game(GAME, n, seed, options)
    o = state.outcome()
    tiebreak = list(o.tiebreak) if o.tiebreak else None
    return (list(o.scores), list(o.ranks), list(o.winners), tiebreak, stats.steps, stats.events)


@pytest.mark.parametrize(("label", "n", "options"), WHOLE, ids=lambda x: str(x))
def test_simulate_equals_play_random_game(label: str, n: int, options: dict[str, Any]) -> None:
    seeds = [7 * n + 1, 7 * n + 2]
    rows = _native.bohnanza_simulate(n, seeds, options_json(options))
    assert len(rows) == len(seeds)
    for seed, row in zip(seeds, rows, strict=True):
        expected = python_row(n, seed, options)
        got = (*row[:5], dict(row[5]))
        assert got == expected, f"{label} seed {seed}"


@pytest.mark.parametrize("seed", [-1, -(2**70) - 5, 2**64 + 9, 2**100])
def test_simulate_masks_seeds_as_python_does(seed: int) -> None:
    (row,) = _native.bohnanza_simulate(3, [seed], options_json({}))
    assert (*row[:5], dict(row[5])) == python_row(3, seed, {})


@pytest.mark.parametrize(("label", "n", "options"), L.configurations()[::4], ids=lambda x: str(x))
def test_playout_from_a_python_position(label: str, n: int, options: dict[str, Any]) -> None:
    """k Python steps, then the rest natively (from the Python state's JSON) and in Python
    with the same generator: equal final state, steps and generator."""
    cap = L.move_cap(options) or 1_000_000
    for k in (0, 37, 250):
        state = GAME.new_state(n, 11 + k, options)
        assert isinstance(state, BohnanzaState)
        walk = policy_rng(11 + k)
        for _ in range(k):
            if state.is_terminal():
                break
            random_step(state, walk)
        zones = _native.bohnanza_state_from_json(json.dumps(state.to_json()))
        rng, native_rng = Rng(k), _native.Rng(k)
        steps = 0
        while not state.is_terminal() and steps < cap:
            random_step(state, rng)
            steps += 1
        assert zones.playout(native_rng, cap) == steps, f"{label} after {k}"
        assert zones.key() == state.key(), f"{label} after {k}"
        assert native_rng.state == rng.state


def test_playout_stops_at_max_steps_and_leaves_a_playable_state() -> None:
    zones = _native.bohnanza_new_state(4, 3, options_json({}))
    whole = zones.clone()
    assert zones.playout(_native.Rng(1), 40) == 40
    assert not zones.is_terminal() and zones.menu_len(zones.to_move()[0]) > 0
    assert whole.playout(_native.Rng(1)) > 40 and whole.is_terminal()
    assert zones.playout(_native.Rng(1), 0) == 0


def test_simulate_refuses_like_new_state() -> None:
    with pytest.raises(ValueError, match=r"B-2"):
        _native.bohnanza_simulate(8, [1], options_json({}))
    with pytest.raises(RuntimeError, match="no end after 10 actions"):
        _native.bohnanza_simulate(4, [1], options_json({}), max_steps=10)
    assert _native.bohnanza_simulate(4, [], options_json({})) == []


def test_memory_bytes_counts_the_zones() -> None:
    zones = _native.bohnanza_new_state(4, 1, options_json({}))
    start = zones.memory_bytes()
    assert 200 < start < 20_000
    zones.playout(_native.Rng(2), 300)
    assert zones.memory_bytes() > 200
