"""Bohnanza on the native core against the Python engine, on one core (issue 14). Printed,
never asserted.

    .venv/bin/python benchmarks/native_bohnanza.py [--games N] [--players 4]

Prints, for random whole games of ``--players`` players (the policy of ``seedbed simulate``,
the same seeds on both engines, results checked equal): games/s of the Python engine
(``play_random_game``) and of the native core (``_native.bohnanza_simulate``, no Python per
step) without offers (``max_offers`` 0) and with the default ``max_offers``, and their ratio;
then ``clone()`` time in µs on both (a mid-game state) and the bytes one native state holds.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable

import seedbed
from seedbed import _native  # type: ignore[attr-defined]
from seedbed.games.bohnanza.game import BohnanzaState
from seedbed.lab.simulate import play_random_game, policy_rng, random_step

GAME = seedbed.game("bohnanza", engine="python")


def best_of(repeats: int, run: Callable[[], object]) -> float:
    """The fastest of ``repeats`` timings of ``run()``, in seconds."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def playouts(players: int, games: int, options: dict[str, object]) -> tuple[float, float]:
    """(Python games/s, native games/s) over the same seeds; the results must agree."""
    python_games = max(10, games // 50)
    seeds = list(range(games))
    text = json.dumps(GAME.normalize_options(options))
    python_rows = []

    def python_run() -> None:
        python_rows.clear()
        for seed in seeds[:python_games]:
            state, _, stats = play_random_game(GAME, players, seed, options)
            python_rows.append((list(state.outcome().scores), stats.steps))

    python_seconds = best_of(1, python_run)
    rows = _native.bohnanza_simulate(players, seeds, text)
    native = [(r[0], r[4]) for r in rows[:python_games]]
    if native != python_rows:
        raise SystemExit("the engines disagree: run tests/native")
    native_seconds = best_of(3, lambda: _native.bohnanza_simulate(players, seeds, text))
    return python_games / python_seconds, games / native_seconds


def mid_game(players: int) -> tuple[BohnanzaState, object]:
    state = GAME.new_state(players, 1)
    assert isinstance(state, BohnanzaState)
    rng = policy_rng(1)
    for _ in range(200):
        random_step(state, rng)
    return state, _native.bohnanza_state_from_json(json.dumps(state.to_json()))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2000, help="native games per row (2000)")
    ap.add_argument("--players", type=int, default=4, help="players (4)")
    args = ap.parse_args()
    print(f"Bohnanza, {args.players} players, random games, one core")
    print(f"{'':24}{'python games/s':>16}{'native games/s':>16}{'ratio':>8}")
    for label, options in (("without offers", {"max_offers": 0}), ("with offers", {})):
        py, nat = playouts(args.players, args.games, options)
        print(f"{label:24}{py:16,.1f}{nat:16,.0f}{nat / py:7.0f}x")
    state, zones = mid_game(args.players)
    n = 20_000
    py_clone = best_of(3, lambda: [state.clone() for _ in range(n)]) / n * 1e6
    nat_clone = best_of(3, lambda: [zones.clone() for _ in range(n)]) / n * 1e6  # type: ignore[attr-defined]
    print(f"clone() of a mid-game state: python {py_clone:.2f} µs, native {nat_clone:.2f} µs")
    print(f"one native state holds {zones.memory_bytes():,} bytes")  # type: ignore[attr-defined]


if __name__ == "__main__":
    main()
