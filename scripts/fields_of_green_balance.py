"""Write docs/fields-of-green-balance.md: the balance figures of F-96 for the shipped card set.

Usage: python scripts/fields_of_green_balance.py [--games 2000] [--players 3,4] [--seed 1]
       [--output PATH] [--bot SPEC]

For each player count it plays seeded games and reports: each seat's win share against 1/N;
for every design, its win-rate lift (the win rate of players who built at least one copy,
divided by 1/N), how often it was built in the games where it was drawn, and the mean winning
score. F-96 asks for these from self-play of the project's strongest heuristic bot; until bots
exist (issue 5) the games are played by the uniformly random policy of ``seedbed simulate``,
so this report is a baseline of the measuring, not the acceptance of the set.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.progress import Progress

import seedbed
from seedbed.arena.play import play_game
from seedbed.engine.api import State
from seedbed.engine.record import GameRecord, replay
from seedbed.games.fields_of_green.spec import original_card_set
from seedbed.lab.simulate import GameStats, simulate

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = ROOT / "docs" / "fields-of-green-balance.md"
LIFT = (0.6, 1.6)  # F-96: a design's win-rate lift must lie in this range
BUILT_WHEN_DRAWN = 0.10
SEAT_GAP = 0.05
WINNING_SCORE = (45, 80)


@dataclass
class Balance:
    """Running F-96 figures for one player count."""

    num_players: int
    games: int = 0
    seat_wins: list[float] = field(default_factory=list)
    winning_scores: list[int] = field(default_factory=list)
    drawn: Counter[str] = field(default_factory=Counter)  # games in which a design was drawn
    built: Counter[str] = field(default_factory=Counter)  # games in which it was built
    builders: Counter[str] = field(default_factory=Counter)  # players who built it
    builder_wins: Counter[str] = field(default_factory=Counter)  # their wins (shared: 1/k)

    def __post_init__(self) -> None:
        self.seat_wins = [0.0] * self.num_players

    def add(self, drawn: set[str], built_by: list[set[str]], scores: tuple[int, ...],
            winners: tuple[int, ...]) -> None:  # fmt: skip
        """Count one game: the designs drawn from the piles, each player's built designs
        (Open Areas included: they were built), the scores and the winners."""
        self.games += 1
        share = 1.0 / len(winners)
        for p in winners:
            self.seat_wins[p] += share
        self.winning_scores.append(max(scores))
        self.drawn.update(drawn)
        self.built.update(set().union(*built_by))
        for p, designs in enumerate(built_by):
            self.builders.update(designs)
            if p in winners:
                self.builder_wins.update(dict.fromkeys(designs, share))

    def lift(self, design: str) -> float | None:
        """Win rate of the players who built ``design``, divided by 1/N."""
        if not self.builders[design]:
            return None
        return self.builder_wins[design] / self.builders[design] * self.num_players

    def built_when_drawn(self, design: str) -> float | None:
        return self.built[design] / self.drawn[design] if self.drawn[design] else None


def game_facts(state: Any) -> tuple[set[str], list[set[str]]]:
    """The designs drawn from the four piles and each player's built designs, read from a
    finished game's zones (this script may look at the whole state; bots may not); a native
    state is read through its Python copy."""
    if hasattr(state, "python_state"):
        state = state.python_state()
    cards = state.cfg.cards
    in_piles = {c for pile in state.piles for c in pile}
    drawn = {cards[c].design for c in range(len(cards)) if cards[c].kind < 4 and c not in in_piles}
    built_by = [
        {cards[c].design for c in farm.values() if cards[c].kind < 4} for farm in state.farms
    ]
    return drawn, built_by


def run(counts: list[int], games: int, seed: int, bot: str | None) -> dict[int, Balance]:
    game = seedbed.game("fields_of_green")
    results: dict[int, Balance] = {}
    with Progress() as bar:
        for n in counts:
            task = bar.add_task(f"fields_of_green {n}p", total=games)
            balance = Balance(n)

            def on_game(i: int, state: State, rec: GameRecord, stats: GameStats) -> None:
                outcome = state.outcome()
                balance.add(*game_facts(state), outcome.scores, outcome.winners)  # noqa: B023
                bar.advance(task)  # noqa: B023

            if bot is None:
                for _ in simulate(game, n, games, seed, {}, on_game=on_game):
                    pass
            else:
                for i in range(games):  # self-play through the arena's driver
                    result = play_game("fields_of_green", [bot] * n, seed + i)
                    assert result.record is not None
                    on_game(i, replay(result.record), result.record, GameStats())
            results[n] = balance
    return results


def _fmt(value: float | None, pattern: str = "{:.2f}") -> str:
    return "-" if value is None else pattern.format(value)


def render(results: dict[int, Balance], games: int, seed: int, bot: str | None) -> str:
    designs = [d.id for d in original_card_set().locations]
    counts = list(results)
    lines = [
        "# Fields of Green balance (F-96)",
        "",
        f"Generated by `scripts/fields_of_green_balance.py --games {games} --players "
        f"{','.join(map(str, counts))} --seed {seed}{f' --bot {bot}' if bot else ''}` with "
        "the shipped `original` card set and the `published` rules. Game i is dealt with "
        "seed + i.",
        "",
        *_policy_note(bot),
        "",
        "## Seats and winning scores",
        "",
        "| players | games | win share by seat | largest gap from 1/N | mean winning score |",
        "|---|---|---|---|---|",
    ]
    for n, b in results.items():
        shares = [w / b.games for w in b.seat_wins]
        gap = max(abs(s - 1 / n) for s in shares)
        mean_win = sum(b.winning_scores) / b.games
        lines.append(
            f"| {n} | {b.games} | {' / '.join(f'{s:.1%}' for s in shares)} | {gap:.1%} "
            f"| {mean_win:.1f} |"
        )
    head = " | ".join(f"lift {n}p | built when drawn {n}p" for n in counts)
    lines += ["", "## Designs", "", f"| design | {head} |", "|---" * (1 + 2 * len(counts)) + "|"]
    for design in designs:
        cells = " | ".join(
            f"{_fmt(b.lift(design))} | {_fmt(b.built_when_drawn(design), '{:.0%}')}"
            for b in results.values()
        )
        lines.append(f"| `{design}` | {cells} |")
    lines += ["", "## F-96 checks", "", *checks(results, designs), ""]
    return "\n".join(lines)


def _policy_note(bot: str | None) -> list[str]:
    if bot is None:
        return [
            "**These games are played by the uniformly random policy, not by the strongest "
            "heuristic bot F-96 asks for.** Random players build whatever the drawn card "
            "allows, so scores are far below a real game's and the lifts mostly measure which "
            "designs are cheap enough to build at random. The F-96 checks below are expected "
            "to fail for random play."
        ]
    return [
        f"**Every seat is played by `{bot}`** (self-play, through the arena's driver), the "
        "project's strongest heuristic bot so far, as F-96 asks."
    ]


def checks(results: dict[int, Balance], designs: list[str]) -> list[str]:
    out = ["| criterion | players | holds | detail |", "|---|---|---|---|"]
    for n, b in results.items():
        gap = max(abs(w / b.games - 1 / n) for w in b.seat_wins)
        out.append(f"| seat win shares within 5 points of 1/N | {n} | {gap <= SEAT_GAP} "
                   f"| largest gap {gap:.1%} |")  # fmt: skip
        outside = [d for d in designs if (x := b.lift(d)) is None or not LIFT[0] <= x <= LIFT[1]]
        out.append(f"| every design's lift in 0.6-1.6 | {n} | {not outside} "
                   f"| {len(outside)} outside: {', '.join(outside) or '-'} |")  # fmt: skip
        rare = [d for d in designs if (x := b.built_when_drawn(d)) is None or x < BUILT_WHEN_DRAWN]
        out.append(f"| built in ≥ 10% of games where drawn | {n} | {not rare} "
                   f"| {len(rare)} below: {', '.join(rare) or '-'} |")  # fmt: skip
        mean_win = sum(b.winning_scores) / b.games
        holds = WINNING_SCORE[0] <= mean_win <= WINNING_SCORE[1]
        out.append(f"| mean winning score 45-80 VP | {n} | {holds} | {mean_win:.1f} |")
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per player count")
    parser.add_argument("--players", default="3,4", help="player counts, e.g. 3,4")
    parser.add_argument("--seed", type=int, default=1, help="seed of game 0")
    parser.add_argument("--output", type=Path, default=OUTPUT, help="where to write")
    parser.add_argument(
        "--bot", default=None, help="a bot spec playing every seat (default: random policy)"
    )
    args: Any = parser.parse_args(argv)
    try:
        counts = [int(x) for x in args.players.split(",")]
    except ValueError:
        parser.error(f"--players must be counts like 3,4, not {args.players!r}")
    if args.games < 1 or any(n not in range(2, 5) for n in counts):
        parser.error("--games must be at least 1 and --players within 2-4")
    results = run(counts, args.games, args.seed, args.bot)
    args.output.write_text(render(results, args.games, args.seed, args.bot), encoding="utf-8")
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
