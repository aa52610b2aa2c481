"""Where a match stands, read from its journal without playing a game (issue 33 item 3: the
SPRTs run for days in the background; this reads their journals at any moment).

The games are counted as ``seedbed match`` counts them: whole deals in order from deal 0,
stopping at the first deal after which the test decides (a deal still in play is left out).

    python scripts/journal_status.py bohnanza-sprt1.jsonl --p0 0.25 --p1 0.30

Usage: python scripts/journal_status.py JOURNAL [--p0 P] [--p1 P] [--alpha A] [--beta B]
"""

from __future__ import annotations

import argparse
import collections
from pathlib import Path

from seedbed.arena.match import MatchResult, count_deals
from seedbed.arena.play import GameResult
from seedbed.arena.stats import Sprt, bot_share
from seedbed.arena.tournament import seatings
from seedbed.cli.arena import read_results


def whole_deals(rows: list[GameResult], per_deal: int) -> list[GameResult]:
    """The games of deals 0, 1, … while every rotation of the deal is in the journal."""
    by_deal: dict[int, list[GameResult]] = collections.defaultdict(list)
    for row in rows:
        by_deal[row.deal].append(row)
    out: list[GameResult] = []
    deal = 0
    while len(by_deal.get(deal, [])) == per_deal:
        out += sorted(by_deal[deal], key=lambda r: r.rotation)
        deal += 1
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("journal", type=Path)
    ap.add_argument("--p0", type=float, default=0.25)
    ap.add_argument("--p1", type=float, default=0.30)
    ap.add_argument("--alpha", type=float, default=0.05)
    ap.add_argument("--beta", type=float, default=0.05)
    args = ap.parse_args()
    rows = read_results(args.journal)
    if not rows:
        print(f"{args.journal}: no games yet")
        return 0
    first = rows[0].seating
    bot = next(s for s in first if first.count(s) == 1)
    opponent = next(s for s in first if s != bot)
    per_deal = len(seatings(first))
    games = whole_deals(rows, per_deal)
    match = MatchResult(bot, opponent, Sprt(args.p0, args.p1, args.alpha, args.beta))
    count_deals(match, games, per_deal)
    lo, hi = match.interval
    seconds = sum(r.seconds for r in rows) / len(rows)
    print(
        f"{args.journal}: {len(rows)} games in the journal, {match.games} counted "
        f"({match.deals} whole deals); think {rows[0].think} s; {seconds:.0f} s a game"
    )
    print(
        f"{bot} against {len(first) - 1} x {opponent}: win share {match.share:.1%} "
        f"(95% CI {lo:.1%}-{hi:.1%}), LLR {match.llr:.3f} (H0 at <= {match.sprt.lower:.3f}, "
        f"H1 at >= {match.sprt.upper:.3f}): {match.decision.value}"
    )
    if len(rows) > match.games:
        every = MatchResult(bot, opponent, match.sprt)
        every.results, every.wins = rows, sum(bot_share(r, bot) for r in rows)
        lo, hi = every.interval
        print(
            f"all {len(rows)} games in the journal (a deal not yet whole too): "
            f"{every.share:.1%} (95% CI {lo:.1%}-{hi:.1%})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
