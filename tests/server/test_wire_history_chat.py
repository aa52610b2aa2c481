"""Issue 17 over real sockets, on SQLite and PostgreSQL: a connection's history is every move
as its own seat may see it (the engine's ``Event.for_viewer``, the information boundary), the
chat reaches spectators and survives a reconnect, and finished tables list with their
outcome, a page at a time."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import websockets

from .wire import Server, bot, canon, events_of, human, jsonish, tokens


def finished_table(server: Server) -> tuple[str, Any]:
    """A game of two bots, played to its end: its id and its record."""
    created = server.create_table("stalk_exchange", [bot("greedy"), bot("random")])
    table_id = created["table_id"]
    return table_id, server.record(table_id, timeout=120)


async def opening(server: Server, table_id: str, token: str | None = None) -> list[Any]:
    """The messages a new connection receives: the view, the history's pages, the chat."""
    async with websockets.connect(server.ws_url(table_id, token), max_size=2**24) as ws:
        got = [json.loads(await ws.recv())]
        while got[-1]["type"] != "chat":
            got.append(json.loads(await asyncio.wait_for(ws.recv(), 30)))
    return got


def test_each_viewer_gets_the_history_its_seat_may_see(server: Server) -> None:
    table_id, record = finished_table(server)
    want = events_of(record)

    async def run() -> None:
        got = await opening(server, table_id)
        view, *pages, chat = got
        assert view["type"] == "view" and chat["type"] == "chat"
        entries = [e for page in pages for e in page["entries"]]
        assert [e["version"] for e in entries] == list(range(1, len(record.moves) + 1))
        assert [e["seat"] for e in entries] == [seat for seat, _ in record.moves]
        for k, entry in enumerate(entries):
            assert canon(entry["events"]) == canon(jsonish(want[k][None])), f"move {k + 1}"

    asyncio.run(run())


def test_a_seat_hears_a_spectator_reads_and_a_new_connection_remembers(server: Server) -> None:
    created = server.create_table("stalk_exchange", [human("Ann"), human("Bob")])
    table_id, ann = created["table_id"], tokens(created)[0]

    async def run() -> None:
        async with (
            websockets.connect(server.ws_url(table_id, ann)) as seat,
            websockets.connect(server.ws_url(table_id)) as watcher,
        ):
            for ws in (seat, watcher):
                while json.loads(await ws.recv())["type"] != "chat":
                    pass
            await seat.send(json.dumps({"type": "chat", "text": "<b>hi</b>"}))
            await watcher.send(json.dumps({"type": "chat", "text": "me too"}))
            heard = json.loads(await asyncio.wait_for(watcher.recv(), 10))
            assert heard["lines"][0]["text"] == "<b>hi</b>" and heard["lines"][0]["seat"] == 0
            refused = json.loads(await asyncio.wait_for(watcher.recv(), 10))
            assert refused["type"] == "error" and refused["code"] == "spectator"
        *_, chat = await opening(server, table_id)
        assert [line["text"] for line in chat["lines"]] == ["<b>hi</b>"]

    asyncio.run(run())


def test_finished_tables_page_with_their_outcome(server: Server) -> None:
    done = [finished_table(server)[0] for _ in range(2)]
    deadline = time.monotonic() + 30
    while server.get("/api/tables?status=finished&limit=1").json()["total"] < 2:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    first = server.get("/api/tables?status=finished&limit=1&offset=0").json()
    second = server.get("/api/tables?status=finished&limit=1&offset=1").json()
    assert first["total"] == second["total"] >= 2
    assert first["tables"][0]["table_id"] == done[1] and second["tables"][0]["table_id"] == done[0]
    for page in (first, second):
        outcome = page["tables"][0]["outcome"]
        assert {"ranks", "scores", "winners"} <= set(outcome) and len(outcome["scores"]) == 2
    running = server.create_table("stalk_exchange", [human("Ann"), bot("greedy")])
    assert server.summary(running["table_id"])["outcome"] is None
