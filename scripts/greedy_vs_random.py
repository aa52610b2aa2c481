"""One greedy bot against random bots, per game: the win share of the greedy seat.

Each deal seed is played once with the greedy bot in every seat (seat rotation), so seat
advantage cancels out. A shared victory counts 1/k for each of the k winners. The share is
printed with a 95% Wilson interval; a greedy bot that knows nothing wins 1/N.

    python scripts/greedy_vs_random.py                       # every game, 4 players, 60 deals
    python scripts/greedy_vs_random.py --games bohnanza --deals 100 --players 5 --jobs 2

Usage: python scripts/greedy_vs_random.py [--games GAME ...] [--players 4] [--deals 60]
           [--seed 1] [--jobs 1]   (--games names games; --deals sets the size of the run)

It uses the bots and the engine API directly (no arena), so it runs in any checkout.
"""

from __future__ import annotations

import argparse
import math
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import seedbed
from seedbed.bots import InfoSet, make_bot
from seedbed.engine import Rng

GAMES = ("bohnanza", "stalk_exchange", "fields_of_green")
MAX_STEPS = 200_000


def play(game_name: str, players: int, seed: int, greedy_seat: int) -> tuple[float, int, float]:
    """(greedy's share of the victory, greedy's decisions, its seconds) for one game."""
    state = seedbed.game(game_name).new_state(players, seed)
    bots = [make_bot("greedy" if p == greedy_seat else "random", game_name) for p in range(players)]
    rngs = [Rng(seed * 1_000_003 + 7919 * p + 17) for p in range(players)]
    thinking = 0.0
    steps = greedy_steps = 0
    while not state.is_terminal():
        p = state.to_move()[0]
        start = time.perf_counter()
        action = bots[p].act(InfoSet(state, p), rngs[p])
        if p == greedy_seat:
            thinking += time.perf_counter() - start
            greedy_steps += 1
        state.apply(p, action)
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"{game_name} seed {seed} did not end in {MAX_STEPS} steps")
    winners = state.outcome().winners
    share = 1 / len(winners) if greedy_seat in winners else 0.0
    return share, greedy_steps, thinking


def _job(args: tuple[str, int, int, int]) -> tuple[float, int, float]:
    return play(*args)


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def measure(game_name: str, players: int, deals: int, first_seed: int, jobs: int) -> dict[str, Any]:
    tasks = [
        (game_name, players, seed, seat)
        for seed in range(first_seed, first_seed + deals)
        for seat in range(players)
    ]
    start = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(_job, tasks, chunksize=4))
    else:
        results = [_job(t) for t in tasks]
    wins = sum(r[0] for r in results)
    decisions = sum(r[1] for r in results)
    low, high = wilson(wins, len(results))
    return {
        "game": game_name,
        "games": len(results),
        "share": wins / len(results),
        "low": low,
        "high": high,
        "ms_per_decision": 1000 * sum(r[2] for r in results) / max(1, decisions),
        "seconds": time.perf_counter() - start,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", nargs="*", default=list(GAMES), choices=GAMES, help="games (default: all)"
    )
    parser.add_argument("--players", type=int, default=4, help="players per game")
    parser.add_argument("--deals", type=int, default=60, help="deal seeds (x players games)")
    parser.add_argument("--seed", type=int, default=1, help="first deal seed")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args()
    for name in args.games:
        r = measure(name, args.players, args.deals, args.seed, args.jobs)
        print(
            f"{r['game']:16} {args.players}p  greedy wins {r['share']:6.1%} of {r['games']} games"
            f"  95% CI [{r['low']:.1%}, {r['high']:.1%}]  (chance {1 / args.players:.0%};"
            f" {r['ms_per_decision']:.2f} ms per greedy decision; {r['seconds']:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
