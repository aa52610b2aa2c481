"""Today's greedy policy of a game against an older commit's (issue 38 items 2 and 10).
Printed, never asserted.

Loads ``src/seedbed/games/GAME/heuristics.py`` of ``--old`` (``git show``) beside today's (on
today's other modules) and plays 4-player games on the native rules engine, each deal twice:
today's policy (the native port, which plays exactly what today's ``heuristics.choose`` plays:
the parity tests say so) in seats 0 and 2, then in seats 1 and 3 (the old Python policy in the
others), every seat with its own ``Rng``. Prints the share of the games today's seats won (a
shared victory split; 50% when the two are equally strong) with its Wilson 95% interval, and
the mean scores of both sides.

    python scripts/greedy_vs_old.py fields_of_green --old 6e90316 --deals 500 --seed 1
    python scripts/greedy_vs_old.py bohnanza --old 8b4af5e --deals 75 --seed 5050

Usage: python scripts/greedy_vs_old.py GAME --old COMMIT [--deals 100] [--seed 1]
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from rich.progress import Progress

import seedbed
from seedbed.arena.stats import wilson
from seedbed.engine.rng import Rng

ROOT = Path(__file__).resolve().parent.parent


def old_choose(game: str, commit: str) -> Any:
    """``choose`` of the game's ``heuristics.py`` at ``commit``."""
    text = subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{commit}:src/seedbed/games/{game}/heuristics.py"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    name = f"old_{game}_heuristics"
    path = Path(tempfile.mkdtemp()) / f"{name}.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.choose


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", help="bohnanza, stalk_exchange or fields_of_green")
    ap.add_argument("--old", required=True, help="the commit whose policy plays the other seats")
    ap.add_argument("--deals", type=int, default=100, help="deals, each played twice (100)")
    ap.add_argument("--seed", type=int, default=1, help="first deal (1)")
    args = ap.parse_args()
    old = old_choose(args.game, args.old)
    game = seedbed.game(args.game, engine="native")
    won = {"new": 0.0, "old": 0.0}
    score = {"new": 0.0, "old": 0.0}
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
        f"{games} games of {args.game} against {args.old}: today's seats won "
        f"{won['new'] / games:.1%} ({low:.1%}-{high:.1%}; old {won['old'] / games:.1%}); mean "
        f"score {score['new'] / (2 * games):.2f} against {score['old'] / (2 * games):.2f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
