"""How far a bot's moves fall from the greedy heuristic's judgement (issue 16).

Plays greedy self-play games and, every few moves, asks BOT for its move in the same position.
Where BOT's move scores below greedy's by the game's ``heuristics.score(view, action)`` (the
scoring greedy maximises), the difference is its regret. Printed per action kind: positions,
how many times BOT's move scored at least as well as greedy's, and the summed regret. A search
bot whose moves lose much by greedy's own scoring is misled by its evaluation; a small regret
with a higher win share means search found better moves than greedy.

    python scripts/search_regret.py fields_of_green ismcts:iterations=1000 --positions 100
    python scripts/search_regret.py fields_of_green ismcts:iterations=1000,anchor=1

Usage: python scripts/search_regret.py GAME BOT [--positions 100] [--players 4]
           [--every 7] [--seed 500]

Needs a game whose heuristics module has ``score`` (Fields of Green).
"""

from __future__ import annotations

import argparse
from collections import Counter

import seedbed
from seedbed.bots import InfoSet, make_bot
from seedbed.engine import Rng
from seedbed.engine.registry import heuristics


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="a game whose heuristics have score(view, action)")
    parser.add_argument("bot", help="the bot spec to compare with greedy")
    parser.add_argument("--positions", type=int, default=100, help="positions compared")
    parser.add_argument("--players", type=int, default=4, help="number of players")
    parser.add_argument("--every", type=int, default=7, help="compare every Nth move")
    parser.add_argument("--seed", type=int, default=500, help="first deal seed")
    args = parser.parse_args()
    heur = heuristics(args.game)
    if not hasattr(heur, "score"):
        parser.error(f"the heuristics of {args.game} have no score(view, action)")
    if args.positions < 1 or args.every < 1:
        parser.error("--positions and --every must be at least 1")
    game = seedbed.game(args.game)
    bot, greedy = make_bot(args.bot, args.game), make_bot("greedy", args.game)
    total, kept, regret = Counter[str](), Counter[str](), Counter[str]()
    done, seed = 0, args.seed
    while done < args.positions:
        state, rng, step = game.new_state(args.players, seed), Rng(seed), 0
        seed += 1
        while not state.is_terminal() and done < args.positions:
            p = state.to_move()[0]
            info = InfoSet(state, p)
            move = greedy.act(info, rng)
            if step % args.every == args.every // 2 and len(info.legal_actions()) > 1:
                other = bot.act(InfoSet(state, p), Rng(step))
                view = info.observation()
                kind = str(move.to_json()["type"])
                lost = heur.score(view, move) - heur.score(view, other)
                total[kind] += 1
                kept[kind] += lost <= 1e-9
                regret[kind] += max(0.0, lost)
                done += 1
            state.apply(p, move)
            step += 1
    print(f"{args.bot} against greedy's scoring, {args.game}, {args.players} players")
    print(f"{'kind':16s} {'positions':>9s} {'as good':>8s} {'regret':>8s}")
    for kind in sorted(total, key=lambda k: -total[k]):
        print(f"{kind:16s} {total[kind]:9d} {kept[kind]:8d} {regret[kind]:8.1f}")
    print(
        f"{'all':16s} {sum(total.values()):9d} {sum(kept.values()):8d} {sum(regret.values()):8.1f}"
    )


if __name__ == "__main__":
    main()
