"""'Your turn' across tables (issue 31 item 2): every running table where the asker is on
the move, oldest deadline first, with the time left.

The asker is an account (its remembered seats, by the session cookie) and this browser (the
seats whose tokens it holds, sent in the request: a guest's tables, or an account's from
before it signed in). A token is checked against its table's seat like a WebSocket's; a
token that is no seat of its table, and a table that is not running, add nothing to the
answer and say nothing of why, so the endpoint tells no more about tokens than a socket
refused with 4403. Only the tables in memory are read (every running table is: the hub
resumes them all on start), never storage, so asking costs one dictionary look-up a seat.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from typing import TYPE_CHECKING, Annotated

import httpx
from fastapi import FastAPI, Request, Response
from fastapi.responses import FileResponse
from pydantic import BaseModel, ConfigDict, Field

from seedbed.server.accounts import account_store, signed_in
from seedbed.server.api_document import errors
from seedbed.server.config import ServerSettings
from seedbed.server.forward import HOP
from seedbed.server.hub import seat_for_token
from seedbed.server.table import TableActor
from seedbed.server.web import WEB_DIR

if TYPE_CHECKING:
    from seedbed.server.app import Runtime

MAX_SEATS = 50
"""Seats a browser may send in one request (its lobby keeps the most recent ones)."""
ASK_SECONDS = 5.0
"""How long another process of a cluster may take to say which of its tables wait."""
ACCOUNT_SEATS = 200
"""An account's remembered seats looked at, newest first."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True, strict=True)


class HeldSeat(_Model):
    """A seat this browser holds: its table and its token."""

    table_id: Annotated[str, Field(min_length=1, max_length=32)]
    token: Annotated[str, Field(min_length=1, max_length=64, repr=False)]


class YourTurnRequest(_Model):
    """``POST /api/your-turn``: the seats whose tokens this browser holds (at most 50; empty
    for a signed-in account that holds none here)."""

    seats: Annotated[list[HeldSeat], Field(max_length=MAX_SEATS)] = []


class WaitingTable(_Model):
    """A table waiting for the asker: the seat on the move, its name, the game, the link
    that opens the seat (its token in it), and the deadline of the move (null without a
    turn timer) with the seconds left then."""

    table_id: str
    seat: int
    name: str
    game: str
    version: int
    play_url: str
    deadline: str | None
    seconds_left: float | None


class YourTurn(_Model):
    """The tables waiting for the asker, oldest deadline first (those without a deadline
    last, oldest table first), and how many."""

    count: int
    tables: list[WaitingTable]


def on_the_move(actor: TableActor, seat: int) -> bool:
    """A person's seat of a running table that must move now."""
    if actor.over or actor.waiting or actor.aborted:
        return False
    return actor.bot_spec(seat) is None and seat in actor.state.to_move()


def waiting_table(actor: TableActor, seat: int, token: str, base: str) -> WaitingTable:
    deadline = actor.deadline(seat)
    left = None
    if deadline is not None:
        left = round(max(0.0, (deadline - dt.datetime.now(dt.UTC)).total_seconds()), 1)
    entry = actor.table.seating[seat]
    return WaitingTable(
        table_id=actor.id,
        seat=seat,
        name=str(entry.get("name", f"seat {seat}")),
        game=actor.table.game,
        version=actor.version,
        play_url=f"{base}/play/{actor.id}?token={token}",
        deadline=None if deadline is None else deadline.isoformat(),
        seconds_left=left,
    )


def order_key(found: WaitingTable, created_at: str) -> tuple[int, float, str, str]:
    """Oldest deadline first; tables without one last, the oldest table first."""
    if found.deadline is None:
        return (1, 0.0, created_at, found.table_id)
    return (0, dt.datetime.fromisoformat(found.deadline).timestamp(), "", found.table_id)


def add_your_turn_routes(app: FastAPI, runtime: Runtime, settings: ServerSettings) -> None:
    """``POST /api/your-turn`` and the page ``/your-turn`` (docs/protocol.md, Your turn)."""
    from seedbed.server.app import invite_base

    @app.post("/api/your-turn", responses=errors(400, 422))
    async def your_turn(req: YourTurnRequest, request: Request, response: Response) -> YourTurn:
        """The running tables where the asker is on the move: the signed-in account's
        remembered seats and the seats whose tokens the request holds (a token that is no
        seat of its table adds nothing). Oldest deadline first, with the seconds left.
        Never cached (``cache-control: no-store``)."""
        response.headers["cache-control"] = "no-store"
        held = [(s.table_id, s.token) for s in req.seats]
        account = await signed_in(request)
        if account is not None:
            store = account_store(runtime)
            seats = await asyncio.to_thread(store.seats, account.id, ACCOUNT_SEATS)
            held = [(s.table_id, s.token) for s in seats] + held
        base = invite_base(request, settings).rstrip("/")
        if HOP in request.headers:  # asked by another process of the cluster: its own only
            tables = waiting_tables(runtime, held, base)
        else:
            tables = await waiting_anywhere(runtime, held, base)
        return YourTurn(count=len(tables), tables=tables)

    index = WEB_DIR / "index.html"

    @app.get("/your-turn", include_in_schema=False)
    async def page() -> FileResponse:
        return FileResponse(index, headers={"cache-control": "no-cache"})


async def waiting_anywhere(
    runtime: Runtime, held: list[tuple[str, str]], base: str
) -> list[WaitingTable]:
    """:func:`waiting_tables`, and in a cluster those of the held seats whose tables other
    processes run, asked of their owners (one request per owner; issue 32 item 3)."""
    found = waiting_tables(runtime, held, base)
    cluster = runtime.cluster
    live = runtime.tables().live
    away = [(t, k) for t, k in held if t not in live]
    if cluster is None or not away:
        return found
    owners = await asyncio.to_thread(cluster.owners.holders, {t for t, _ in away})
    by_owner: dict[str, list[dict[str, str]]] = {}
    for table_id, token in away:
        if table_id in owners:
            by_owner.setdefault(owners[table_id], []).append({"table_id": table_id, "token": token})
    asked = [_ask_owner(owner, seats) for owner, seats in by_owner.items()]
    for answer in await asyncio.gather(*asked):
        for entry in answer:  # the owner's links name the owner: ours name this server
            token = entry.play_url.rsplit("token=", 1)[-1]
            found.append(
                entry.model_copy(update={"play_url": f"{base}/play/{entry.table_id}?token={token}"})
            )
    unique = {(w.table_id, w.seat): w for w in found}
    return sorted(unique.values(), key=lambda w: order_key(w, ""))


async def _ask_owner(owner: str, seats: list[dict[str, str]]) -> list[WaitingTable]:
    """The owner's waiting tables among these seats (nothing when it does not answer)."""
    found: list[WaitingTable] = []
    async with httpx.AsyncClient(timeout=ASK_SECONDS) as client:
        for start in range(0, len(seats), MAX_SEATS):
            try:
                answer = await client.post(
                    f"{owner}/api/your-turn",
                    json={"seats": seats[start : start + MAX_SEATS]},
                    headers={HOP: "1"},
                )
                found += YourTurn.model_validate_json(answer.content).tables
            except (httpx.HTTPError, ValueError):
                continue  # a process going away: its tables are back within seconds
    return found


def waiting_tables(runtime: Runtime, held: list[tuple[str, str]], base: str) -> list[WaitingTable]:
    """The held seats on the move, once each, in the list's order."""
    live = runtime.tables().live
    found: dict[tuple[str, int], tuple[WaitingTable, str]] = {}
    for table_id, token in held:
        actor = live.get(table_id)
        seat = None if actor is None else seat_for_token(actor, token)
        if actor is None or seat is None or (table_id, seat) in found:
            continue
        if on_the_move(actor, seat):
            found[table_id, seat] = (waiting_table(actor, seat, token, base), actor.created_at)
    return [w for w, _ in sorted(found.values(), key=lambda f: order_key(*f))]
