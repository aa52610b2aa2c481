"""Greedy games of Bohnanza natively against Python, on one core (issue 16). Printed, never
asserted.

    .venv/bin/python benchmarks/native_bohnanza_greedy.py [--games N] [--players 4]

Prints games/s of whole games where every seat plays the greedy policy: in Python
(``heuristics.choose(state.observe(p), state.legal_actions(p), rng)`` on the Python engine,
and on the native engine), and natively (``state.greedy_playout(rng, …)``: ``greedy.rs``, no
Python per step), the same seeds on each (the native results checked equal to Python's), and
the ratio; then the native cost of one greedy decision in µs.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import seedbed
from seedbed.engine.api import Game
from seedbed.engine.rng import Rng
from seedbed.games.bohnanza.heuristics import choose
from seedbed.games.bohnanza.native import NativeBohnanzaState

PYTHON = seedbed.game("bohnanza", engine="python")
NATIVE = seedbed.game("bohnanza", engine="native")


def best_of(repeats: int, run: Callable[[], object]) -> float:
    """The fastest of ``repeats`` timings of ``run()``, in seconds."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def python_games(game: Game, players: int, seeds: list[int]) -> list[str]:
    """Final keys of greedy games played by ``choose`` in Python on ``game``'s engine."""
    keys = []
    for seed in seeds:
        state = game.new_state(players, seed, {})
        rng = Rng(seed)
        while not state.is_terminal():
            p = state.to_move()[0]
            state.apply(p, choose(state.observe(p), state.legal_actions(p), rng))
        keys.append(state.key())
    return keys


def native_games(players: int, seeds: list[int]) -> tuple[list[str], int]:
    """Final keys of the same games played by ``greedy_playout``, and the actions played."""
    keys, actions = [], 0
    for seed in seeds:
        state: Any = NATIVE.new_state(players, seed, {})
        assert isinstance(state, NativeBohnanzaState)
        actions += state.greedy_playout(Rng(seed), 10**9)
        keys.append(state.key())
    return keys, actions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=500, help="native games (500)")
    ap.add_argument("--players", type=int, default=4, help="players (4)")
    args = ap.parse_args()
    n = args.players
    few = list(range(max(5, args.games // 50)))
    seeds = list(range(args.games))
    expected = python_games(PYTHON, n, few)
    if native_games(n, few)[0] != expected or python_games(NATIVE, n, few) != expected:
        raise SystemExit("the greedy policies disagree: run tests/native/test_bohnanza_greedy.py")
    py = len(few) / best_of(1, lambda: python_games(PYTHON, n, few))
    py_native = len(few) / best_of(1, lambda: python_games(NATIVE, n, few))
    seconds = best_of(3, lambda: native_games(n, seeds))
    nat = len(seeds) / seconds
    actions = native_games(n, seeds)[1]
    print(f"Bohnanza, {n} players, greedy games (every seat), one core")
    print(f"{'python choose, python engine':34}{py:12,.1f} games/s")
    print(f"{'python choose, native engine':34}{py_native:12,.1f} games/s")
    print(f"{'native greedy_playout':34}{nat:12,.0f} games/s{nat / py:8.0f}x python")
    per_game = actions / len(seeds)
    print(f"native: {seconds / actions * 1e6:.2f} µs per decision ({per_game:.0f} per game)")


if __name__ == "__main__":
    main()
