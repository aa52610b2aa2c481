"""Speed of every registered game: random playouts/s and actions/s (without and with offers)
and µs per ``clone()`` of mid-game states. Printed, never asserted (DESIGN §6.6).

    .venv/bin/python benchmarks/bench_games.py [SECONDS] [GAME ...]

The measuring code is :mod:`seedbed.lab.bench` (also behind ``seedbed bench GAME``); this script
sweeps the player counts of each game.
"""

from __future__ import annotations

import sys

import seedbed
from seedbed.engine.registry import game_names
from seedbed.lab.bench import BenchReport, bench


def sweep(game_name: str, seconds: float) -> list[BenchReport]:
    """One report per player count the game accepts with its default options."""
    game = seedbed.game(game_name)
    return [bench(game, n, seconds) for n in game.player_counts()]


def main(argv: list[str]) -> None:
    seconds = float(argv[0]) if argv else 1.0
    names = argv[1:] or game_names()
    for name in names:
        for report in sweep(name, seconds):
            print("\n".join(report.lines()), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
