"""Long parity runs of Bohnanza's native greedy policy against ``heuristics.choose`` (issue 16).

Plays ``--games`` greedy games per configuration (tests/native/bohnanza_greedy_games.py: the
duel, standard 3–7, classic 3–5 and option variants) in Python (``choose`` at every seat on
the Python engine) and natively (``greedy_playout``) from the same deal and ``Rng(seed)``, and
compares the final ``key()``, the number of actions and the policy generator. Prints the
figures; exits 1 at the first difference, printing the first decision where the two policies
part. Needs the native module (``make native``).

    python scripts/bohnanza_greedy_parity.py --games 200
    python scripts/bohnanza_greedy_parity.py --games 1000 --config standard-4 --seed 50000

Usage: python scripts/bohnanza_greedy_parity.py [--games 50] [--config LABEL] [--seed 0]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "native"))

from bohnanza_greedy_games import (  # the tests' helpers
    CONFIGS,
    first_difference,
    native_game,
    python_game,
)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=50, help="games per configuration (50)")
    ap.add_argument("--seed", type=int, default=0, help="first seed (0)")
    ap.add_argument("--config", help="only this configuration (a label of CONFIGS)")
    args = ap.parse_args()
    configs = [c for c in CONFIGS if args.config in (None, c[0])]
    if not configs:
        print(f"no configuration {args.config!r}: {', '.join(c[0] for c in CONFIGS)}")
        return 2
    total = 0
    for label, n, options, _ in configs:
        start, actions = time.perf_counter(), 0
        for seed in range(args.seed, args.seed + args.games):
            expected, expected_rng, expected_steps = python_game(n, seed, options)
            got, rng, steps = native_game(n, seed, options)
            if (steps, got.key(), rng.next64()) != (
                expected_steps,
                expected.key(),
                expected_rng.next64(),
            ):
                print(f"{label} seed {seed}: DIFFERENT")
                print(first_difference(n, seed, options))
                return 1
            actions += steps
        total += args.games
        took = time.perf_counter() - start
        print(f"{label:22} {args.games} games, {actions:,} actions alike ({took:.1f} s)")
    print(f"{total} greedy games alike")
    return 0


if __name__ == "__main__":
    sys.exit(main())
