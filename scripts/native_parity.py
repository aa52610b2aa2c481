"""Long parity runs of a native game against the Python reference (issues 14, 15).

Plays ``--games`` seeded random games per configuration on both engines in lockstep
(tests/native/bohnanza_lockstep.py, or stalk_exchange_lockstep.py / fields_of_green_lockstep.py
with ``--game stalk_exchange`` / ``--game fields_of_green``) and prints the figures; exits 1
at the first difference, printing where.
Needs the native module (``make native``).

Usage: python scripts/native_parity.py [--game bohnanza] [--games 20] [--seed 0]
       [--config LABEL] [--samples 6] [--full-every 25] [--probes 2] [--probe-every 1]
       [--lengths-every 1] [--observe-every 10] [--determinize-every 10]
       [--round-trip-every 10]

    python scripts/native_parity.py --games 100
    python scripts/native_parity.py --games 20 --config standard-4 --full-every 1
    python scripts/native_parity.py --game stalk_exchange --games 20
    python scripts/native_parity.py --game fields_of_green --games 5 --config random

Stalk Exchange's and Fields of Green's drivers compare every seat's menu length at every step
and probe at every step (``--probe-every`` and ``--lengths-every`` are Bohnanza's only).

A long, lighter run (key, movers, menu length, one sampled item and the events at every step;
the rest every 100th or 200th step) for many games:

    python scripts/native_parity.py --games 2000 --samples 1 --full-every 200 --probes 1 \
        --probe-every 100 --lengths-every 100 --observe-every 100 --determinize-every 100 \
        --round-trip-every 200
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "native"))

GAMES = ("bohnanza", "stalk_exchange", "fields_of_green")
"""Games with a lockstep driver ``tests/native/<game>_lockstep.py``."""


def lockstep_options(game: str, args: argparse.Namespace) -> dict[str, Any]:
    """The keyword arguments of the game's ``play_lockstep`` from the command line."""
    options = {
        name: getattr(args, name)
        for name in (
            "samples", "full_every", "probes", "observe_every", "determinize_every",
            "round_trip_every",
        )
    }  # fmt: skip
    if game == "bohnanza":
        options.update(probe_every=args.probe_every, lengths_every=args.lengths_every)
    return options


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=GAMES, default="bohnanza", help="the game (bohnanza)")
    ap.add_argument("--games", type=int, default=20, help="games per configuration (20)")
    ap.add_argument("--seed", type=int, default=0, help="first seed (0); game k uses seed+k")
    ap.add_argument("--config", default="", help="only configurations whose label contains this")
    ap.add_argument("--samples", type=int, default=6, help="random menu items per step (6)")
    ap.add_argument("--full-every", type=int, default=25, help="whole menu every N steps (25)")
    ap.add_argument("--probes", type=int, default=2, help="probe rounds per step (2)")
    every = {
        "probe": (1, "rounds of probes every N steps"),
        "lengths": (1, "every seat's menu length every N steps"),
        "observe": (10, "observe() of every viewer every N steps (0: only at the end)"),
        "determinize": (10, "determinize() every N steps (0: never)"),
        "round-trip": (10, "to_json()/state_from_json every N steps (0: never)"),
    }
    for name, (default, what) in every.items():
        ap.add_argument(f"--{name}-every", type=int, default=default, help=f"{what} ({default})")
    args = ap.parse_args(argv)
    L = importlib.import_module(f"{args.game}_lockstep")
    options = lockstep_options(args.game, args)
    configs = [c for c in L.configurations() if args.config in c[0]]
    if not configs:
        ap.error(f"no configuration matches {args.config!r}")
    total = L.Tally()
    start = time.perf_counter()
    for label, n, game_options in configs:
        tally = L.Tally()
        t0 = time.perf_counter()
        for k in range(args.games):
            try:
                tally.add(L.play_lockstep(n, args.seed + k, game_options, label=label, **options))
            except L.ParityError as e:
                print(f"DIFFERENCE: {e}", file=sys.stderr)
                return 1
        total.add(tally)
        print(
            f"{label:24} games {tally.games:6}  steps {tally.steps:9,}  menu items "
            f"{tally.menu_items:10,}  probes {tally.probes:8,}  {time.perf_counter() - t0:7.1f} s",
            flush=True,
        )
    print(
        f"all equal: {len(configs)} configurations, {total.games:,} games, {total.steps:,} steps, "
        f"{total.menu_items:,} menu items, {total.events:,} events, {total.probes:,} submitted "
        f"actions ({total.refusals:,} refused), {total.observations:,} observations, "
        f"{total.determinizations:,} determinizations, {total.round_trips:,} state_from_json "
        f"round trips, {getattr(total, 'capped', 0)} games capped, "
        f"{time.perf_counter() - start:.1f} s"
    )
    if getattr(total, "kinds", None):
        print("events by kind: " + ", ".join(f"{k} {v:,}" for k, v in sorted(total.kinds.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
