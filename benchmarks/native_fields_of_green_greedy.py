"""Fields of Green's greedy policy natively against the Python one, on one core (issue 16).
Printed, never asserted.

    .venv/bin/python benchmarks/native_fields_of_green_greedy.py [--games N] [--players 4]

Prints, for whole games with the greedy policy at every seat (the same seeds and policy
generators on both engines, final states checked equal): games/s of Python self-play
(``heuristics.choose`` on each observation and menu, the Python engine) and of the native
``greedy_playout`` (no Python per step), their ratio, and the native time per action.
"""

from __future__ import annotations

import argparse
import time

import seedbed
from seedbed.engine.rng import Rng
from seedbed.games.fields_of_green import heuristics as H

PY = seedbed.game("fields_of_green", engine="python")
NATIVE = seedbed.game("fields_of_green", engine="native")


def python_games(players: int, seeds: range) -> tuple[float, list[str]]:
    """(seconds, final keys) of Python greedy self-play over ``seeds``."""
    keys = []
    start = time.perf_counter()
    for seed in seeds:
        s = PY.new_state(players, seed)
        rng = Rng(seed)
        while not s.is_terminal():
            p = s.to_move()[0]
            s.apply(p, H.choose(s.observe(p), s.legal_actions(p), rng))
        keys.append(s.key())
    return time.perf_counter() - start, keys


def native_games(players: int, seeds: range) -> tuple[float, list[str], int]:
    """(seconds, final keys, actions) of native greedy playouts over ``seeds`` (the deal is
    made before the clock starts)."""
    states = [NATIVE.new_state(players, seed) for seed in seeds]
    rngs = [Rng(seed) for seed in seeds]
    start = time.perf_counter()
    steps = sum(t.greedy_playout(r, 10**6) for t, r in zip(states, rngs, strict=True))
    seconds = time.perf_counter() - start
    return seconds, [t.key() for t in states], steps


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="native games (Python: a tenth)")
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()
    n = args.players
    few = range(max(5, args.games // 10))
    py_seconds, py_keys = python_games(n, few)
    _, native_keys, _ = native_games(n, few)
    assert native_keys == py_keys, "the engines' greedy games differ"
    best = float("inf")
    for _ in range(3):
        seconds, _, steps = native_games(n, range(args.games))
        best = min(best, seconds)
    py_rate = len(few) / py_seconds
    native_rate = args.games / best
    print(f"greedy whole games, {n} players (final states equal on {len(few)} seeds)")
    print(f"  python: {py_rate:8.1f} games/s  ({1000 / py_rate:.0f} ms a game)")
    print(f"  native: {native_rate:8.1f} games/s  ({1000 / native_rate:.2f} ms a game)")
    print(f"  ratio:  {native_rate / py_rate:8.0f}x")
    per_game = steps / args.games
    print(f"  native: {1e6 * best / steps:8.1f} µs an action ({per_game:.0f} actions a game)")


if __name__ == "__main__":
    main()
