"""Memory of long games on the server (issue 37, items 2 and 5). Printed, never asserted.

    .venv/bin/python benchmarks/bench_history_memory.py [MOVES]

1. One replay request of a long finished game: a 7-player Bohnanza with ``max_offers`` 12
   driven to thousands of moves (every seat making and withdrawing offers, as the attack did),
   stored in a fresh SQLite file, loaded by a server in this process, then
   ``GET /api/tables/{id}/replay?seat=0`` asked twice through the ASGI interface with a client
   that reads and drops the body: the bytes sent, the Python allocations' peak during each
   request (tracemalloc) and what stays allocated after it (the caches), and the process's
   resident memory before and after.
2. The in-memory history of MOVES (default 100,000) moves of 5-player Bohnanza played at
   random: bytes kept per move by the table's history (the events a new connection receives),
   and by the history together with the record's moves (what a table holds per move).

Works against any version of the server (it uses only the HTTP interface, the storage and
``History.add``), so the same script gives the before and after figures.
"""

from __future__ import annotations

import asyncio
import gc
import random
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import seedbed
from seedbed.engine.api import Action, Event
from seedbed.engine.menu import kind_of
from seedbed.engine.record import GameRecord
from seedbed.server.app import create_app
from seedbed.server.config import ServerSettings
from seedbed.server.history import History
from seedbed.server.storage import NewTable, Store, migrate

MB = 1024 * 1024
OFFER_KINDS = ("offer", "withdraw")


def rss() -> int:
    """The process's resident memory now, in bytes."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def long_game(seed: int = 0, per_trade: int = 165) -> GameRecord:
    """A 7-player Bohnanza with max_offers 12 in which seats offer and withdraw up to
    ``per_trade`` times in each trade, then play at random (about 6,600 moves)."""
    game = seedbed.game("bohnanza")
    options = game.normalize_options({"max_offers": 12})
    state = game.new_state(7, seed, options)
    record = GameRecord("bohnanza", 7, seed, options, [f"human:p{i}" for i in range(7)])
    rng, run = random.Random(seed), 0
    while not state.is_terminal():
        seat, action = None, None
        if run < per_trade:
            for p in state.to_move():
                menu = [a for a in state.legal_actions(p)[:400] if kind_of(a) in OFFER_KINDS]
                if menu:
                    offers = [a for a in menu if kind_of(a) == "offer"]
                    pick = offers if offers and rng.random() < 0.6 else menu
                    seat, action, run = p, rng.choice(pick), run + 1
                    break
        if seat is None or action is None:
            seat = state.to_move()[0]
            menu = state.legal_actions(seat)
            other = [a for a in menu[:400] if kind_of(a) not in OFFER_KINDS] or [menu[0]]
            action, run = rng.choice(other), 0
        state.apply(seat, action)
        record.add(seat, action)
    return record


def store_game(url: str, record: GameRecord) -> str:
    """The record stored as a finished table; its id."""
    store = Store(url)
    migrate(store.engine)
    seating = [{"kind": "human", "name": f"p{i}", "token_sha256": "0" * 64} for i in range(7)]
    table = NewTable("0123456789abcdef", "bohnanza", 7, record.options, record.seed, seating, None)
    store.create_table(table)
    for index, (seat, action) in enumerate(record.moves):
        store.append_move(table.id, index, seat, action)
    state = seedbed.game("bohnanza").new_state(7, record.seed, record.options)
    game = seedbed.game("bohnanza")
    for seat, action in record.moves:
        state.apply(seat, game.action_from_json(action))
    store.finish(table.id, state.outcome().to_json())
    store.close()
    return table.id


async def get(app: Any, path: str, query: str = "") -> tuple[int, int]:
    """The status and body length of a GET, the body read and dropped chunk by chunk."""
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": query.encode(),
        "headers": [(b"host", b"127.0.0.1")],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
    }
    got = {"status": 0, "bytes": 0}
    sent = False

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await asyncio.sleep(3600)
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            got["status"] = message["status"]
        elif message["type"] == "http.response.body":
            got["bytes"] += len(message.get("body", b""))

    await app(scope, receive, send)
    return got["status"], got["bytes"]


async def replay_requests(url: str, table_id: str) -> None:
    app = create_app(ServerSettings(database_url=url, bot_workers=1))
    async with app.router.lifespan_context(app):
        status, _ = await get(app, f"/api/tables/{table_id}")  # loads the table
        assert status == 200, status
        for viewer in ("0", "1"):
            gc.collect()
            before_rss = rss()
            tracemalloc.start()
            base = tracemalloc.get_traced_memory()[0]
            start = time.perf_counter()
            status, size = await get(app, f"/api/tables/{table_id}/replay", f"seat={viewer}")
            took = time.perf_counter() - start
            gc.collect()
            kept, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
            print(
                f"replay seat={viewer}: HTTP {status}, {size / MB:6.1f} MB sent in {took:5.1f} s "
                f"(under tracemalloc); allocations peak {(peak - base) / MB:7.1f} MB, kept "
                f"after {(kept - base) / MB:7.1f} MB; RSS {before_rss / MB:6.0f} -> "
                f"{rss() / MB:6.0f} MB"
            )


def random_moves(moves: int) -> Iterator[tuple[int, Action, list[Event]]]:
    """``moves`` moves of 5-player Bohnanza played at random, game after game (seeds 0, 1,
    …): the seat, the action and its events."""
    game = seedbed.game("bohnanza")
    seed, count = 0, 0
    while count < moves:
        state, rng = game.new_state(5, seed), random.Random(seed)
        while not state.is_terminal() and count < moves:
            seat = state.to_move()[0]
            menu = state.legal_actions(seat)
            action = menu[rng.randrange(len(menu))]
            yield seat, action, state.apply(seat, action)
            count += 1
        seed += 1


def kept_per_move(moves: int, keep: Callable[[int, Action, list[Event]], None]) -> float:
    """Bytes still allocated per move after ``keep`` was given ``moves`` moves."""
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    for seat, action, events in random_moves(moves):
        keep(seat, action, events)
    gc.collect()
    kept = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    return kept / moves


def history_per_move(moves: int) -> None:
    """Bytes per move kept by a History of ``moves`` random 5-player Bohnanza moves, and by
    the record's moves (seat, action JSON), as a table holds them."""
    history = History()
    in_history = kept_per_move(moves, lambda seat, _, events: history.add(seat, events))
    record = GameRecord("bohnanza", 5, 0, {}, [], [])
    in_record = kept_per_move(moves, lambda seat, action, _: record.add(seat, action))
    print(
        f"history of {moves:,} moves: {in_history:6.0f} bytes per move "
        f"({in_history * moves / MB:6.1f} MB); the record's moves {in_record:6.0f} bytes "
        f"per move ({in_record * moves / MB:6.1f} MB)"
    )


def main() -> None:
    moves = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    record = long_game()
    print(f"long game: 7-player Bohnanza, max_offers 12, {len(record.moves):,} moves")
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/bench.sqlite3"
        table_id = store_game(url, record)
        asyncio.run(replay_requests(url, table_id))
    history_per_move(moves)


if __name__ == "__main__":
    main()
