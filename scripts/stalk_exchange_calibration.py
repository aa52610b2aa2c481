"""Write docs/stalk-exchange-calibration.md: game length, end triggers, seat shares and the
Bust's effect from seeded random games at every player count, against the targets of S-2.

Usage: python scripts/stalk_exchange_calibration.py [--games 1000] [--seed 1] [--output PATH]
           [--policies random,greedy] [--sweep-games N]

The tuning sweep plays ``--sweep-games`` games per row (default: ``--games``, at most 300), so a
small ``--games`` is a small run.

The figures come from the uniformly random policy of ``seedbed simulate``; the calibration
targets are meant for the project's bots, so this report is redone once bots exist.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.progress import Progress

import seedbed
from seedbed.arena.play import play_game
from seedbed.engine.api import State
from seedbed.engine.record import GameRecord, replay
from seedbed.games.stalk_exchange.config import FLOWER_INDEX
from seedbed.games.stalk_exchange.scoring import score
from seedbed.lab.simulate import GameStats, Summary, simulate

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = ROOT / "docs" / "stalk-exchange-calibration.md"
COUNTS = (2, 3, 4, 5)
SWEEP_GAMES = 300
"""Games per row of the tuning sweep by default (with the default --games 1000)."""


class Tally:
    """Per-count figures that the generic Summary does not keep."""

    def __init__(self) -> None:
        self.rounds: list[int] = []
        self.bust_changed = 0

    def add(self, state: State) -> None:
        view = state.observe(None)
        n = view["num_players"]
        self.rounds.append(-(-view["turn"] // n))
        values = [view["market"]["values"][f] for f in FLOWER_INDEX]
        portfolios = [[p[f] for f in FLOWER_INDEX] for p in view["portfolios"]]
        unbusted = [score(values, p) for p in portfolios]
        best = max(unbusted)
        without_bust = {q for q, s in enumerate(unbusted) if s == best}
        if without_bust != set(state.outcome().winners):
            self.bust_changed += 1


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


def sweep_options(n: int, start: int, seedy: int, size: int) -> dict[str, Any]:
    key = str(n)
    return {
        "market_start": {key: start},
        "seedy_tokens": {key: seedy},
        "portfolio_size": {key: size},
    }


def run_sweep(games: int, seed: int, spec: str) -> list[str]:
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
    with Progress() as bar:
        for n, rows in SWEEP.items():
            task = bar.add_task(f"sweep {n}p", total=games * len(rows))
            for start, seedy, size in rows:
                options = sweep_options(n, start, seedy, size)
                tally, t1, t2, wins = Tally(), 0, 0, [0.0] * n
                for i in range(games):
                    result = play_game("stalk_exchange", [spec] * n, seed + i, options)
                    assert result.record is not None
                    state = replay(result.record)
                    tally.add(state)
                    triggers = state.observe(None)["crash"]["triggers"]
                    t1 += 1 in triggers
                    t2 += 2 in triggers
                    for w in result.winners:
                        wins[w] += 1 / len(result.winners)
                    bar.advance(task)
                gap = max(abs(w / games - 1 / n) for w in wins)
                lines.append(
                    f"| {n} | {start} | {seedy} | {size} | {statistics.median(tally.rounds):g} "
                    f"| {_share(t1, games)} | {_share(t2, games)} | {gap:.1%} "
                    f"| {_share(tally.bust_changed, games)} |"
                )
    return [*lines, ""]


def run(games: int, seed: int, bots: str | None) -> dict[int, tuple[Summary, Tally]]:
    game = seedbed.game("stalk_exchange")
    results: dict[int, tuple[Summary, Tally]] = {}
    with Progress() as bar:
        for n in COUNTS:
            task = bar.add_task(f"stalk_exchange {n}p", total=games)
            tally = Tally()

            def on_game(i: int, state: State, rec: GameRecord, stats: GameStats) -> None:
                tally.add(state)  # noqa: B023 - called within this iteration only
                bar.advance(task)  # noqa: B023

            if bots is None:
                *_, summary = simulate(game, n, games, seed, {}, on_game=on_game)
            else:
                summary = self_play(n, games, seed, bots, on_game)
            results[n] = (summary, tally)
    return results


def self_play(n: int, games: int, seed: int, spec: str, on_game: Callable[..., None]) -> Summary:
    """``games`` games of ``spec`` in every seat (game i dealt with seed + i), through the
    arena's driver; the final state is rebuilt from the record for the figures."""
    summary = Summary(n)
    ending = seedbed.spec("stalk_exchange").ending
    assert ending is not None
    for i in range(games):
        result = play_game("stalk_exchange", [spec] * n, seed + i)
        assert result.record is not None
        state = replay(result.record)
        stats = GameStats(result.actions, ending=ending(state.observe(None)))
        stats.turns = state.observe(None)["turn"]
        summary.add(state.outcome(), stats, result.seconds)
        on_game(i, state, result.record, stats)
    return summary


def _share(part: int, whole: int) -> str:
    return f"{part / whole:.1%}" if whole else "-"


def render(policies: dict[str, dict[int, tuple[Summary, Tally]]], games: int, seed: int) -> str:
    """The whole report: one section per policy (``random`` = the uniformly random policy of
    ``seedbed simulate``; any other name is a bot spec playing every seat)."""
    names = ",".join(policies)
    lines = [
        "# Stalk Exchange calibration",
        "",
        f"Generated by `scripts/stalk_exchange_calibration.py --games {games} --seed {seed} "
        f"--policies {names}` with the default configuration (S-3's names; the per-count "
        "defaults are the calibrated ones of D-24, chosen by the tuning sweep at the end). "
        "Game i at each player count is dealt with seed + i; a policy plays every seat.",
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


def render_policy(policy: str, results: dict[int, tuple[Summary, Tally]]) -> list[str]:
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
    for n, (summary, tally) in results.items():
        ends = Counter({label: len(r) for label, r in summary.endings.items()})
        t1 = ends["trigger 1: the market met the values"]
        t2 = ends["trigger 2: the Greenhouse ran out"]
        both = ends["both triggers in one turn"]
        r = tally.rounds
        lines.append(
            f"| {n} | {summary.games} | {statistics.median(r):g} | {statistics.mean(r):.2f} "
            f"| {min(r)}-{max(r)} | {_share(t1, summary.games)} | {_share(t2, summary.games)} "
            f"| {_share(both, summary.games)} | {summary.mean_steps:.1f} |"
        )
    lines += [
        "",
        "### Seats, scores and the Bust",
        "",
        "| players | win share by seat | mean score by seat | Bust changed the winner |",
        "|---|---|---|---|",
    ]
    for n, (summary, tally) in results.items():
        shares = " / ".join(f"{s:.1%}" for s in summary.win_shares)
        scores = " / ".join(f"{s:.1f}" for s in summary.mean_scores)
        lines.append(f"| {n} | {shares} | {scores} | {_share(tally.bust_changed, summary.games)} |")
    lines += ["", "### Against the targets of S-2", "", *targets(policy, results), ""]
    return lines


def targets(policy: str, results: dict[int, tuple[Summary, Tally]]) -> list[str]:
    out = [f"| target (S-2) | measured with `{policy}` |", "|---|---|"]
    worst_t2 = min(
        sum(len(r) for label, r in s.endings.items() if "trigger 1" not in label) / s.games
        for s, _ in results.values()
    )
    medians = [statistics.median(t.rounds) for _, t in results.values()]
    seat_gap = max(abs(share - 1 / n) for n, (s, _) in results.items() for share in s.win_shares)
    bust = [t.bust_changed / s.games for s, t in results.values()]
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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per player count")
    parser.add_argument("--seed", type=int, default=1, help="seed of game 0")
    parser.add_argument("--output", type=Path, default=OUTPUT, help="where to write")
    parser.add_argument(
        "--policies",
        default="random",
        help="comma-separated: random (the uniformly random policy) and/or bot specs such as "
        "greedy, each playing every seat",
    )
    parser.add_argument(
        "--sweep-games",
        type=int,
        default=None,
        help=f"games per row of the tuning sweep with greedy bots (0: no sweep; default: "
        f"--games, at most {SWEEP_GAMES})",
    )
    args: Any = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.sweep_games is None:
        args.sweep_games = min(args.games, SWEEP_GAMES)
    if args.sweep_games < 0:
        parser.error("--sweep-games must be at least 0")
    policies = {
        name: run(args.games, args.seed, None if name == "random" else name)
        for name in args.policies.split(",")
    }
    text = render(policies, args.games, args.seed)
    if args.sweep_games:
        text += "\n" + "\n".join(run_sweep(args.sweep_games, args.seed, "greedy"))
    args.output.write_text(text, encoding="utf-8")
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
