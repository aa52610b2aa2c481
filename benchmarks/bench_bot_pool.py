"""The server's bot pool under a runaway bot (issue 12, defect 4). Printed, never asserted.

    .venv/bin/python benchmarks/bench_bot_pool.py [SECONDS]

Prints: how long the pool takes to start (the forkserver's preload included); how long a
replacement worker takes to start and to give its first and second answers in each game
(what a table waits after its bot was killed); and, for SECONDS (default 6), the latency of
greedy moves for other tables while one of two workers is held by a runaway
``ismcts:iterations=1000000`` (killed at its 2.5 s deadline and replaced, again and again).
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time

import seedbed
from seedbed.bots import InfoSet, make_bot
from seedbed.engine.api import State
from seedbed.engine.registry import game_names
from seedbed.engine.rng import Rng
from seedbed.server.bot_pool import BotPool, freeze
from seedbed.server.bot_worker import Worker, worker_context

RUNAWAY = "ismcts:iterations=1000000"


def position(game: str, seed: int) -> State:
    """A state a few greedy moves in whose mover has a choice."""
    state = seedbed.game(game).new_state(min(seedbed.game(game).player_counts()) + 1, seed=seed)
    greedy, rng = make_bot("greedy", game), Rng(seed)
    for _ in range(20):
        seat = state.to_move()[0]
        if len(state.legal_actions(seat)) > 1:
            break
        state.apply(seat, greedy.act(InfoSet(state, seat), rng))
    return state


async def first_answers() -> None:
    """A fresh worker per game: its start, then its first greedy move."""
    context = worker_context()
    for game in game_names():
        state = position(game, 1)
        request = (freeze(state), state.to_move()[0], "greedy", 1)
        start = time.perf_counter()
        worker = Worker.start(context, "bench")
        started = time.perf_counter()
        await worker.ask(request, 60.0)
        answered = time.perf_counter()
        await worker.ask(request, 60.0)
        again = time.perf_counter()
        worker.kill()
        worker.reap(1.0)
        print(
            f"{game:16} worker start {1000 * (started - start):5.1f} ms, greedy answers: first "
            f"{1000 * (answered - started):5.1f} ms, second {1000 * (again - answered):5.1f} ms"
        )


async def pace_under_runaway(seconds: float) -> None:
    start = time.perf_counter()
    pool = BotPool(2, 0.5)
    print(f"pool of 2 started in {1000 * (time.perf_counter() - start):.0f} ms")
    runaway_state = position("bohnanza", 1)
    stop = asyncio.Event()

    async def runaway() -> None:
        while not stop.is_set():
            await pool.move(freeze(runaway_state), runaway_state.to_move()[0], RUNAWAY, 1)

    hog = asyncio.create_task(runaway())
    await asyncio.sleep(0.1)
    latencies: list[float] = []
    began = time.perf_counter()
    k = 0
    while time.perf_counter() - began < seconds:
        k += 1
        state = position("stalk_exchange", k)
        t = time.perf_counter()
        answer = await pool.move(freeze(state), state.to_move()[0], "greedy", k)
        latencies.append(time.perf_counter() - t)
        assert answer is not None
    spent = time.perf_counter() - began
    stop.set()
    hog.cancel()
    await asyncio.gather(hog, return_exceptions=True)
    stats = pool.stats
    pool.close()
    cuts = statistics.quantiles(latencies, n=100)
    print(
        f"{k} greedy moves in {spent:.1f} s beside a runaway: "
        f"p50 {1000 * cuts[49]:.1f} ms, p99 {1000 * cuts[98]:.1f} ms, "
        f"max {1000 * max(latencies):.1f} ms; runaway overruns {stats.overruns}, "
        f"workers killed {stats.kills}"
    )


def main(argv: list[str]) -> None:
    seconds = float(argv[0]) if argv else 6.0
    asyncio.run(pace_under_runaway(seconds))
    asyncio.run(first_answers())


if __name__ == "__main__":
    main(sys.argv[1:])
