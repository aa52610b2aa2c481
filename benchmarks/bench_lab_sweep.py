"""The design lab's speed (issue 35): cells × games per second of ``seedbed lab sweep`` on the
native engine with 2 local workers, greedy bots, one Stalk Exchange grid.

Usage: nice python benchmarks/bench_lab_sweep.py [--games 200] [--workers 2]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from seedbed import engines
from seedbed.arena.executors import LocalExecutor
from seedbed.design.grid import cells
from seedbed.design.sweep import SweepPlan, run_sweep


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per cell")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    engines.use("native")
    grid = cells("stalk_exchange", ["garden_radius=2,3"])
    plan = SweepPlan("stalk_exchange", grid, ["greedy"], 3, args.games, 1)
    with tempfile.TemporaryDirectory() as out, LocalExecutor(args.workers) as executor:
        start = time.perf_counter()
        swept = run_sweep(plan, executor, Path(out))
        seconds = time.perf_counter() - start
    games = sum(len(c.results) for c in swept)
    print(
        f"stalk_exchange 3p greedy, native, {args.workers} workers: {len(swept)} cells x "
        f"{games // len(swept)} games = {games} games in {seconds:.1f} s: "
        f"{games / seconds:.0f} cell-games per second"
    )


if __name__ == "__main__":
    main()
