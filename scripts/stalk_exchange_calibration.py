"""Write docs/stalk-exchange-calibration.md: game length, end triggers, seat shares and the
Bust's effect at every player count, against the targets of S-2, measured by the design lab
(``seedbed lab``, issue 35).

Usage: python scripts/stalk_exchange_calibration.py [--games 1000] [--seed 1] [--output PATH]
           [--policies random,greedy] [--sweep-games N] [--workers 1] [--out DIR]

Each (policy, player count) is a lab sweep of one cell, the same games as
``seedbed lab sweep stalk_exchange --players N --bots POLICY --games G --seed S``; the tuning
sweep is one lab sweep per player count whose cells are the candidate per-count options. The
figures are the lab's measures (rounds and endings from the game's declared ending, seat
shares, the game's own measure "bust changed the winner"); this script measures nothing
itself. The tuning sweep plays ``--sweep-games`` games per row (default: ``--games``, at most
300), so a small ``--games`` is a small run. With ``--out`` the lab's journals stay there and a
stopped run resumes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from seedbed.cli.arena import progress
from seedbed.design.measures import CellMeasures
from seedbed.design.run import play_and_measure
from seedbed.design.sweep import SweepPlan
from seedbed.engine.api import JsonDict

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = ROOT / "docs" / "stalk-exchange-calibration.md"
COUNTS = (2, 3, 4, 5)
SWEEP_GAMES = 300
"""Games per row of the tuning sweep by default (with the default --games 1000)."""
TRIGGER_1 = "trigger 1: the market met the values"
TRIGGER_2 = "trigger 2: the Greenhouse ran out"
BOTH = "both triggers in one turn"
BUST = "bust changed the winner"

# The tuning sweep (S-2): per player count, the spec's S-3 numbers and the candidates tried,
# each played by greedy in every seat; the chosen defaults are the last row of each count.
SPEC_TABLE = {"portfolio_size": (12, 11, 10, 8), "seedy_tokens": (5, 4, 4, 4)}
SPEC_START = (14, 16, 18, 20)
SWEEP: dict[int, list[tuple[int, int, int]]] = {  # (market_start, seedy_tokens, portfolio_size)
    2: [(14, 5, 12), (22, 5, 12), (26, 5, 12), (28, 5, 12), (30, 5, 12), (28, 5, 14),
        (28, 7, 12), (32, 8, 12), (30, 7, 12)],
    3: [(16, 4, 11), (22, 4, 11), (26, 4, 11), (30, 4, 11), (28, 4, 11)],
    4: [(18, 4, 10), (22, 4, 10), (26, 4, 10), (26, 2, 10), (26, 4, 7), (30, 2, 8),
        (28, 1, 8), (28, 2, 8)],
    5: [(20, 4, 8), (22, 4, 8), (26, 4, 8), (26, 2, 8), (30, 0, 8), (28, 0, 8), (30, 1, 8),
        (28, 1, 8)],
}  # fmt: skip


def sweep_options(n: int, start: int, seedy: int, size: int) -> JsonDict:
    key = str(n)
    return {
        "market_start": {key: start},
        "seedy_tokens": {key: seedy},
        "portfolio_size": {key: size},
    }


def measure_cells(
    label: str, plan: SweepPlan, out: Path | None, folder: str, workers: int
) -> list[CellMeasures]:
    """A lab sweep with a progress bar; its journals in ``out/folder`` when ``out`` is given."""
    with progress(label, plan.total_games(), True) as advance:
        return play_and_measure(plan, None if out is None else out / folder, workers, advance)


def _share(part: float) -> str:
    return f"{part:.1%}"


def _gap(m: CellMeasures) -> float:
    n = len(m.seat_share)
    return max(abs(s - 1 / n) for s in m.seat_share)


def run_sweep(games: int, seed: int, spec: str, out: Path | None, workers: int) -> list[str]:
    """The sweep's table: one row per (count, candidate), ``games`` games of ``spec``."""
    lines = [
        f"## Tuning sweep (`{spec}` in every seat, {games} game{'' if games == 1 else 's'} "
        "per row)",
        "",
        "Each row changes the three per-count options at one player count. The first row "
        "of each count is the spec's S-3 table; the last row is the default chosen (D-24).",
        "",
        "| players | market_start | seedy_tokens | portfolio_size | median rounds "
        "| trigger 1 | trigger 2 | largest seat gap | Bust changed the winner |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for n, rows in SWEEP.items():
        plan = SweepPlan(
            "stalk_exchange", [sweep_options(n, *row) for row in rows], [spec], n, games, seed
        )
        found = measure_cells(f"sweep {n}p", plan, out, f"sweep-{n}p", workers)
        for (start, seedy, size), m in zip(rows, found, strict=True):
            t1 = m.endings.get(TRIGGER_1, 0.0) + m.endings.get(BOTH, 0.0)
            t2 = m.endings.get(TRIGGER_2, 0.0) + m.endings.get(BOTH, 0.0)
            lines.append(
                f"| {n} | {start} | {seedy} | {size} | {m.median_rounds:g} | {_share(t1)} "
                f"| {_share(t2)} | {_gap(m):.1%} | {_share(m.extras[BUST])} |"
            )
    return [*lines, ""]


def run(
    games: int, seed: int, policy: str, out: Path | None, workers: int
) -> dict[int, CellMeasures]:
    """One lab sweep of one cell (the default options) per player count, ``policy`` (a bot
    spec; ``random`` is the uniformly random bot) in every seat."""
    results: dict[int, CellMeasures] = {}
    for n in COUNTS:
        plan = SweepPlan("stalk_exchange", [{}], [policy], n, games, seed)
        label = f"stalk_exchange {policy} {n}p"
        (results[n],) = measure_cells(label, plan, out, f"{policy}-{n}p", workers)
    return results


def render(policies: dict[str, dict[int, CellMeasures]], games: int, seed: int) -> str:
    """The whole report: one section per policy, a bot spec playing every seat."""
    names = ",".join(policies)
    lines = [
        "# Stalk Exchange calibration",
        "",
        f"Generated by `scripts/stalk_exchange_calibration.py --games {games} --seed {seed} "
        f"--policies {names}` with the default configuration (S-3's names; the per-count "
        "defaults are the calibrated ones of D-24, chosen by the tuning sweep at the end). "
        "The figures are the design lab's (docs/lab.md): each policy and player count N is "
        "the same games as `seedbed lab sweep stalk_exchange --players N --bots POLICY "
        f"--games {games} --seed {seed} --out DIR`. Game i at each player count is dealt with "
        "seed + i; a policy plays every seat (`random`: the uniformly random bot).",
        "",
        "S-2 sets its calibration targets for the project's bots, so the greedy section is "
        "the one that counts; random play is kept as the baseline. Random players mostly plant "
        "(most menu entries are plants), which closes groups and raises values faster than "
        "players who aim.",
        "",
    ]
    for policy, results in policies.items():
        lines += render_policy(policy, results)
    return "\n".join(lines)


def render_policy(policy: str, results: dict[int, CellMeasures]) -> list[str]:
    lines = [
        f"## Policy `{policy}`",
        "",
        "### Game length and end triggers",
        "",
        "A round is one turn of each player (the last may be incomplete, S-39).",
        "",
        "| players | games | median rounds | mean rounds | range | trigger 1 only "
        "| trigger 2 only | both | mean actions/game |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for n, m in results.items():
        low, high = m.rounds_range or (0, 0)
        lines.append(
            f"| {n} | {m.games} | {m.median_rounds:g} | {m.mean_rounds:.2f} | {low}-{high} "
            f"| {_share(m.endings.get(TRIGGER_1, 0.0))} "
            f"| {_share(m.endings.get(TRIGGER_2, 0.0))} | {_share(m.endings.get(BOTH, 0.0))} "
            f"| {m.mean_actions:.1f} |"
        )
    lines += [
        "",
        "### Seats, scores and the Bust",
        "",
        "| players | win share by seat | mean score by seat | Bust changed the winner |",
        "|---|---|---|---|",
    ]
    for n, m in results.items():
        shares = " / ".join(f"{s:.1%}" for s in m.seat_share)
        scores = " / ".join(f"{s:.1f}" for s in m.mean_score)
        lines.append(f"| {n} | {shares} | {scores} | {_share(m.extras[BUST])} |")
    lines += ["", "### Against the targets of S-2", "", *targets(policy, results), ""]
    return lines


def targets(policy: str, results: dict[int, CellMeasures]) -> list[str]:
    out = [f"| target (S-2) | measured with `{policy}` |", "|---|---|"]
    worst_t2 = min(
        m.endings.get(TRIGGER_2, 0.0) + m.endings.get(BOTH, 0.0) for m in results.values()
    )
    medians = [m.median_rounds for m in results.values()]
    seat_gap = max(_gap(m) for m in results.values())
    bust = [m.extras[BUST] for m in results.values()]
    out.append(
        "| each trigger ends at least 15% of games | trigger 2 (alone or with 1) ends "
        f"{worst_t2:.1%} at the worst count |"
    )
    out.append(
        "| median game 8-14 turns per player | medians "
        + ", ".join(f"{m:g}" for m in medians)
        + " rounds (2-5 players) |"
    )
    out.append(f"| seat win shares within 5 points of 1/N | largest gap {seat_gap:.1%} points |")
    out.append(
        "| the Bust changes the winner in some games, not most | "
        + ", ".join(f"{b:.1%}" for b in bust)
        + " |"
    )
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per player count")
    parser.add_argument("--seed", type=int, default=1, help="seed of game 0")
    parser.add_argument("--output", type=Path, default=OUTPUT, help="where to write")
    parser.add_argument(
        "--policies",
        default="random",
        help="comma-separated bot specs, each playing every seat (random: the uniformly "
        "random bot)",
    )
    parser.add_argument(
        "--sweep-games",
        type=int,
        default=None,
        help=f"games per row of the tuning sweep with greedy bots (0: no sweep; default: "
        f"--games, at most {SWEEP_GAMES})",
    )
    parser.add_argument("--workers", type=int, default=1, help="games at once")
    parser.add_argument(
        "--out", type=Path, default=None, help="folder for the lab's journals (resumable)"
    )
    args: Any = parser.parse_args(argv)
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    if args.sweep_games is None:
        args.sweep_games = min(args.games, SWEEP_GAMES)
    if args.sweep_games < 0:
        parser.error("--sweep-games must be at least 0")
    policies = {
        name: run(args.games, args.seed, name, args.out, args.workers)
        for name in args.policies.split(",")
    }
    text = render(policies, args.games, args.seed)
    if args.sweep_games:
        sweep = run_sweep(args.sweep_games, args.seed, "greedy", args.out, args.workers)
        text += "\n" + "\n".join(sweep)
    args.output.write_text(text, encoding="utf-8")
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
