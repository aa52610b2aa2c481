"""Parity at volume by traces (issues 14, 15): both engines' digests of whole games.

Two uses (tests/native/traces.py explains what a trace is):

``--record``: the Python reference plays ``--games`` (2,000) games per volume configuration
and writes their block digests to ``tests/native/traces/<game>.json``, the record CI checks
the native engine against (``tests/native/test_trace_volume.py``); each block is compared
with the native engine's as it is made. Run it again whenever the Python rules change a
game's course (the CI test that re-derives a block from the Python engine says so).

``--long``: a long run, nothing written: every game is played on both engines and its
digests compared; seeds from ``--seed`` (default past the record's seeds). At the first
difference it replays that game in full lockstep (tests/native/<game>_lockstep.py) to print
the step where the engines part, and exits 1.

Usage: python scripts/native_traces.py (--record | --long) [--game bohnanza] [--games N]
       [--seed S] [--config LABEL] [--jobs 2]

    python scripts/native_traces.py --record --game bohnanza --jobs 2
    python scripts/native_traces.py --long --game stalk_exchange --games 25000 --jobs 2
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "native"))

import traces as T

LONG_SEED = 1_000_000
"""First seed of a long run by default: past every record's seeds."""


def _both(v: T.Volume, seeds: range) -> tuple[list[T.Trace], list[T.Trace]]:
    """One chunk of games on both engines (a worker process's unit)."""
    return T.python_traces(v, seeds), T.native_traces(v, seeds)


def chunks(first: int, games: int) -> list[range]:
    return [range(s, min(s + T.BLOCK, first + games)) for s in range(first, first + games, T.BLOCK)]


def locate(v: T.Volume, seed: int) -> str:
    """Where the engines part in game ``seed``: the full lockstep driver's message."""
    L = T.lockstep(v.game)
    caps = {} if v.cap is None else {"cap": v.cap}
    try:
        L.play_lockstep(v.players, seed, v.options, label=v.label, **caps)
    except L.ParityError as e:
        return str(e)
    return "the full lockstep found no difference (the trace digests differ)"


def run(v: T.Volume, first: int, games: int, pool: ProcessPoolExecutor) -> list[T.Trace] | str:
    """Both engines over ``games`` seeds; the Python traces, or where they differ."""
    t0 = time.perf_counter()
    out: list[T.Trace] = []
    parts = chunks(first, games)
    for k, (py, nat) in enumerate(pool.map(_both, [v] * len(parts), parts)):
        for seed, a, b in zip(parts[k], py, nat, strict=True):
            if a != b:
                return f"{v.label} seed {seed}: python {a} native {b}\n{locate(v, seed)}"
        out += py
        done = len(out)
        if done % 200 == 0 or done == games:
            rate = done / (time.perf_counter() - t0)
            print(f"  {v.label:22} {done:7,}/{games:,} games equal ({rate:.1f}/s)", flush=True)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--record", action="store_true", help="write the record CI checks")
    mode.add_argument("--long", action="store_true", help="compare both engines, write nothing")
    ap.add_argument("--game", choices=T.TRACED, default="bohnanza", help="the game (bohnanza)")
    ap.add_argument("--games", type=int, default=T.GAMES, help=f"per configuration ({T.GAMES})")
    ap.add_argument("--seed", type=int, help="first seed (record: 0; long: 1,000,000)")
    ap.add_argument("--config", default="", help="only configurations whose label contains this")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (1)")
    args = ap.parse_args(argv)
    volumes = [v for v in T.volume_configurations(args.game) if args.config in v.label]
    if not volumes:
        ap.error(f"no configuration matches {args.config!r}")
    if args.games < 1 or args.jobs < 1:
        ap.error("--games and --jobs must be at least 1")
    first = args.seed if args.seed is not None else (0 if args.record else LONG_SEED)
    entries: dict[str, Any] = {}
    if args.record and T.record_path(args.game).exists():
        entries = T.load_record(args.game)["configurations"]
    start, total, steps = time.perf_counter(), 0, 0
    with ProcessPoolExecutor(args.jobs) as pool:
        for v in volumes:
            result = run(v, first, args.games, pool)
            if isinstance(result, str):
                print(f"DIFFERENCE: {result}", file=sys.stderr)
                return 1
            total += len(result)
            steps += sum(t[0] for t in result)
            if args.record:
                entries[v.label] = T.record_entry(v, result, first)
                T.write_record(args.game, entries)
    took = time.perf_counter() - start
    print(
        f"all equal: {args.game}, {len(volumes)} configurations, {total:,} games, "
        f"{steps:,} steps, {took:.0f} s" + (f"; record {T.record_path(args.game)}" * args.record)
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
