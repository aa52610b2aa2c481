"""Long parity runs of Bohnanza on the native core against the Python reference (issue 14).

Plays ``--games`` seeded random games per configuration on both engines in lockstep
(tests/native/bohnanza_lockstep.py) and prints the figures; exits 1 at the first difference,
printing where. Needs the native module (``make native``).

Usage: python scripts/native_parity.py [--games 20] [--seed 0] [--config LABEL] [--samples 6]
       [--full-every 25] [--probes 2] [--probe-every 1] [--lengths-every 1]
       [--observe-every 10] [--determinize-every 10] [--round-trip-every 10]

    python scripts/native_parity.py --games 100
    python scripts/native_parity.py --games 20 --config standard-4 --full-every 1

A long, lighter run (key, movers, menu length, one sampled item and the events at every step;
the rest every 100th or 200th step) for many games:

    python scripts/native_parity.py --games 2000 --samples 1 --full-every 200 --probes 1 \
        --probe-every 100 --lengths-every 100 --observe-every 100 --determinize-every 100 \
        --round-trip-every 200
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "native"))

import bohnanza_lockstep as L


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
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
    configs = [c for c in L.configurations() if args.config in c[0]]
    if not configs:
        ap.error(f"no configuration matches {args.config!r}")
    total = L.Tally()
    start = time.perf_counter()
    for label, n, options in configs:
        tally = L.Tally()
        t0 = time.perf_counter()
        for k in range(args.games):
            try:
                tally.add(
                    L.play_lockstep(
                        n,
                        args.seed + k,
                        options,
                        label=label,
                        samples=args.samples,
                        full_every=args.full_every,
                        probes=args.probes,
                        probe_every=args.probe_every,
                        lengths_every=args.lengths_every,
                        observe_every=args.observe_every,
                        determinize_every=args.determinize_every,
                        round_trip_every=args.round_trip_every,
                    )
                )
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
        f"round trips, {total.capped} games capped, {time.perf_counter() - start:.1f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
