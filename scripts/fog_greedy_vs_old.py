"""Today's Fields of Green greedy policy against an older commit's (issue 38 item 10). Printed,
never asserted.

Loads ``src/seedbed/games/fields_of_green/heuristics.py`` of ``--old`` (``git show``) beside
today's and plays 4-player games on the native rules engine, each deal twice: today's policy
(the native port, which plays exactly what today's ``heuristics.choose`` plays) in seats 0 and
2, then in seats 1 and 3 (the old Python policy in the others), every seat with its own
``Rng``. Prints the share of the games today's seats won (a shared victory split; 50% when the
two are equally strong) with its Wilson 95% interval, and the mean scores of both sides.

    python scripts/fog_greedy_vs_old.py --old 6e90316 --deals 100 --seed 1

Usage: python scripts/fog_greedy_vs_old.py --old COMMIT [--deals 100] [--seed 1]
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from rich.progress import Progress

import seedbed
from seedbed.arena.stats import wilson
from seedbed.engine.rng import Rng

ROOT = Path(__file__).resolve().parent.parent
HEURISTICS = "src/seedbed/games/fields_of_green/heuristics.py"


def old_choose(commit: str) -> Any:
    """``choose`` of ``heuristics.py`` at ``commit`` (on today's ``heuristics_farm``)."""
    text = subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{commit}:{HEURISTICS}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    path = Path(tempfile.mkdtemp()) / "old_fog_heuristics.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location("old_fog_heuristics", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.choose


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--old", required=True, help="the commit whose policy plays the other seats")
    ap.add_argument("--deals", type=int, default=100, help="deals, each played twice (100)")
    ap.add_argument("--seed", type=int, default=1, help="first deal (1)")
    args = ap.parse_args()
    old = old_choose(args.old)
    game = seedbed.game("fields_of_green", engine="native")
    won = {"new": 0.0, "old": 0.0}
    score = {"new": 0, "old": 0}
    with Progress() as bar:
        task = bar.add_task("today's greedy against the old", total=2 * args.deals)
        for deal in range(args.seed, args.seed + args.deals):
            for seats in (("new", "old", "new", "old"), ("old", "new", "old", "new")):
                state = game.new_state(4, deal, {})
                rngs = [Rng(deal * 10 + p) for p in range(4)]
                while not state.is_terminal():
                    p = state.to_move()[0]
                    if seats[p] == "new":
                        a = state.greedy_choose(p, rngs[p])
                    else:
                        a = old(state.observe(p), state.legal_actions(p), rngs[p])
                    state.apply(p, a)
                outcome = state.outcome()
                for w in outcome.winners:
                    won[seats[w]] += 1 / len(outcome.winners)
                for p, side in enumerate(seats):
                    score[side] += outcome.scores[p]
                bar.advance(task)
    games = 2 * args.deals
    low, high = wilson(won["new"], games)
    print(
        f"{games} games against {args.old}: today's seats won {won['new'] / games:.1%} "
        f"({low:.1%}-{high:.1%}; old {won['old'] / games:.1%}); mean score "
        f"{score['new'] / (2 * games):.2f} against {score['old'] / (2 * games):.2f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
