"""The server's bot pool under a runaway bot (issue 12, defect 4) and under one address's many
searching tables (issue 37 item 3). Printed, never asserted.

    .venv/bin/python benchmarks/bench_bot_pool.py [SECONDS [HOSTILE_TABLES [VICTIM_MOVES]]]

Prints: how long the pool takes to start (the forkserver's preload included); how long a
replacement worker takes to start and to give its first and second answers in each game
(what a table waits after its bot was killed); and, for SECONDS (default 6), the latency of
greedy moves for other tables while one of two workers is held by a runaway
``ismcts:iterations=1000000`` (killed at its 2.5 s deadline and replaced, again and again);
then, as issue 37 item 3 was reported, the latency of VICTIM_MOVES (default 20, 0.25 s apart)
greedy moves of one address while HOSTILE_TABLES (default 20) tables of another address play
``ismcts:iterations=1000000`` back to back, on a pool of 2 workers at a think budget of 0.5 s
(the report's budget was 2 s), stopping after 120 s whatever the count. The same script runs
against the code before issue 37 (its pool takes no owner or table) for the "before" figure.
"""

from __future__ import annotations

import asyncio
import inspect
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
SHARES = "owner" in inspect.signature(BotPool.move).parameters
"""Whether the pool takes the move's owner and table (issue 37); not before."""


def where(owner: str, table: str) -> dict[str, str]:
    """The move's owner and table, for a pool that takes them."""
    return {"owner": owner, "table": table} if SHARES else {}


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
        request = (freeze(state), state.to_move()[0], "greedy", 1, {}, None)
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
            frozen, seat = freeze(runaway_state), runaway_state.to_move()[0]
            await pool.move(frozen, seat, RUNAWAY, 1, **where("runaway", "r"))

    hog = asyncio.create_task(runaway())
    await asyncio.sleep(0.1)
    latencies: list[float] = []
    began = time.perf_counter()
    k = 0
    while time.perf_counter() - began < seconds:
        k += 1
        state = position("stalk_exchange", k)
        t = time.perf_counter()
        answer = await pool.move(
            freeze(state), state.to_move()[0], "greedy", k, **where(f"o{k}", f"t{k}")
        )
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


async def victim_beside_hostile_tables(tables: int, moves: int, cap: float = 120.0) -> None:
    """Issue 37 item 3: one address's ``tables`` searching tables against another address's
    greedy moves; their latency, and how the hostile moves ended."""
    pool = BotPool(2, 0.5)
    stop = asyncio.Event()
    ends = {"answered": 0, "none": 0}

    async def hostile(table: int) -> None:
        state = position("bohnanza", table)
        frozen, seat = freeze(state), state.to_move()[0]
        while not stop.is_set():
            answer = await pool.move(frozen, seat, RUNAWAY, table, **where("hostile", f"h{table}"))
            ends["answered" if answer is not None else "none"] += 1
            await asyncio.sleep(0.01)  # the table stores and shows the move, then asks again

    hogs = [asyncio.create_task(hostile(t)) for t in range(tables)]
    await asyncio.sleep(0.2)
    latencies: list[float] = []
    began = time.perf_counter()
    while len(latencies) < moves and time.perf_counter() - began < cap:
        state = position("stalk_exchange", len(latencies) + 1)
        t = time.perf_counter()
        k = len(latencies) + 1
        await pool.move(freeze(state), state.to_move()[0], "greedy", k, **where("victim", "v"))
        latencies.append(time.perf_counter() - t)
        await asyncio.sleep(0.25)  # a table's pace: a view goes out before the next move
    stop.set()
    for hog in hogs:
        hog.cancel()
    await asyncio.gather(*hogs, return_exceptions=True)
    stats = pool.stats
    pool.close()
    print(
        f"victim greedy beside {tables} hostile tables ({'fair shares' if SHARES else 'FIFO'}): "
        f"{len(latencies)} moves, p50 {1000 * statistics.median(latencies):.0f} ms, "
        f"max {1000 * max(latencies):.0f} ms; hostile moves answered {ends['answered']}, "
        f"without answer {ends['none']}, workers killed {stats.kills}"
    )


def main(argv: list[str]) -> None:
    seconds = float(argv[0]) if argv else 6.0
    tables = int(argv[1]) if len(argv) > 1 else 20
    moves = int(argv[2]) if len(argv) > 2 else 20
    asyncio.run(victim_beside_hostile_tables(tables, moves))
    asyncio.run(pace_under_runaway(seconds))
    asyncio.run(first_answers())


if __name__ == "__main__":
    main(sys.argv[1:])
