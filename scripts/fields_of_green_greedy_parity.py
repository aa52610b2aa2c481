"""Long parity runs of Fields of Green's native greedy policy against the Python one (issue 16).

Plays ``--games`` seeds per configuration (2-4 players × both rule sets with and without
introductory splits, the shipped card set) with the Python policy at every seat and with the
native ``greedy_playout``, comparing the number of actions, the generator's state after and
the final state (tests/native/fields_of_green_greedy_lockstep.py); ``--decisions`` also asks
``greedy_choose`` at every decision of every ``--decisions``-th game. Prints the figures;
exits 1 at the first difference, printing where. Needs the native module (``make native``).

Usage: python scripts/fields_of_green_greedy_parity.py [--games 100] [--seed 0]
       [--config LABEL] [--decisions 10]

    python scripts/fields_of_green_greedy_parity.py --games 100      # 1,200 games
    python scripts/fields_of_green_greedy_parity.py --games 20 --config 4-published
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "native"))

import fields_of_green_greedy_lockstep as G
from lockstep import ParityError


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="seeds per configuration")
    ap.add_argument("--seed", type=int, default=0, help="first seed")
    ap.add_argument("--config", default=None, help="only this configuration label")
    ap.add_argument(
        "--decisions", type=int, default=10, help="every n-th game also decision by decision"
    )
    args = ap.parse_args(argv)
    configs = [c for c in G.configurations() if args.config in (None, c[0])]
    if not configs:
        print(f"no configuration {args.config!r}", file=sys.stderr)
        return 2
    tally = G.Tally()
    games = steps = 0
    start = time.perf_counter()
    try:
        for label, n, options in configs:
            for seed in range(args.seed, args.seed + args.games):
                steps += G.whole_game(n, seed, options, label)
                games += 1
                if args.decisions > 0 and seed % args.decisions == 0:
                    G.every_decision(n, seed, options, tally, label)
            print(f"{label}: {args.games} games agree", flush=True)
    except ParityError as e:
        print(f"DIFFERENCE: {e}", file=sys.stderr)
        return 1
    seconds = time.perf_counter() - start
    print(
        f"{games} whole games ({steps} actions) and {tally.games} games decision by decision "
        f"({tally.decisions} decisions, {tally.ties} ties, {tally.sampled} sampled menus) "
        f"agree in {seconds:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
