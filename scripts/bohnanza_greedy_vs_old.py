"""Today's Bohnanza greedy policy against an older commit's (issue 38 item 2). Printed, never
asserted.

Loads ``src/seedbed/games/bohnanza/heuristics.py`` of ``--old`` (``git show``) beside today's
and plays 4-player games on the native rules engine, each deal twice: today's policy in seats
0 and 2, then in seats 1 and 3 (the old one in the others), every seat with its own
``Rng``. Prints the share of the games today's seats won (a shared victory split) and the
mean scores of both sides.

    python scripts/bohnanza_greedy_vs_old.py --old 8b4af5e --deals 75 --seed 50

Usage: python scripts/bohnanza_greedy_vs_old.py --old COMMIT [--deals 75] [--seed 50]
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import seedbed
from seedbed.engine.rng import Rng
from seedbed.games.bohnanza.heuristics import choose

ROOT = Path(__file__).resolve().parent.parent
HEURISTICS = "src/seedbed/games/bohnanza/heuristics.py"


def old_choose(commit: str) -> Any:
    """``choose`` of ``heuristics.py`` at ``commit``."""
    text = subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{commit}:{HEURISTICS}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    path = Path(tempfile.mkdtemp()) / "old_heuristics.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location("old_heuristics", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.choose


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--old", required=True, help="the commit whose policy plays the other seats")
    ap.add_argument("--deals", type=int, default=75, help="deals, each played twice (75)")
    ap.add_argument("--seed", type=int, default=50, help="first deal (50)")
    args = ap.parse_args()
    policies = {"new": choose, "old": old_choose(args.old)}
    game = seedbed.game("bohnanza", engine="native")
    won = {"new": 0.0, "old": 0.0}
    score = {"new": 0, "old": 0}
    for deal in range(args.seed, args.seed + args.deals):
        for seats in (("new", "old", "new", "old"), ("old", "new", "old", "new")):
            state = game.new_state(4, 5000 + deal, {})
            rngs = [Rng(deal * 10 + p) for p in range(4)]
            while not state.is_terminal():
                p = state.to_move()[0]
                pick = policies[seats[p]]
                state.apply(p, pick(state.observe(p), state.legal_actions(p), rngs[p]))
            outcome = state.outcome()
            for w in outcome.winners:
                won[seats[w]] += 1 / len(outcome.winners)
            for p, side in enumerate(seats):
                score[side] += outcome.scores[p]
    games = 2 * args.deals
    print(
        f"{games} games against {args.old}: today's seats won {won['new'] / games:.3f} "
        f"(old {won['old'] / games:.3f}); mean score {score['new'] / (2 * games):.2f} "
        f"against {score['old'] / (2 * games):.2f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
