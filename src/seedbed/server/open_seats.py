"""Open seats, quick match and rematch over REST (issue 30 items 2 and 5; docs/protocol.md).

- ``POST /api/tables/{id}/seats/{seat}`` takes an open seat: its token and invite URL are in
  the answer only, as at a table's creation.
- ``GET /api/open-tables`` lists the tables waiting for players, oldest first.
- ``POST /api/quick-match`` joins the oldest waiting table of a game and player count with the
  default options, else opens one (the asker at seat 0, every other seat open).
- ``POST /api/tables/{id}/rematch`` (a seat's token) opens the finished table's rematch once:
  the same game, options, people and bots, seats rotated by one. A person's seat there takes
  the same token as their seat here, so everyone who sat can be invited (a ``rematch``
  message on the old table's WebSocket) without the server keeping any token in clear.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import Depends, FastAPI, HTTPException, Path, Query, Request

from seedbed.server.accounts import account_store, remember_seat, signed_in
from seedbed.server.api_document import errors
from seedbed.server.config import ServerSettings
from seedbed.server.hub import Hub, TableRequestError, digest, new_seed, seat_for_token
from seedbed.server.limits import AddressLimits
from seedbed.server.origin import same_origin
from seedbed.server.protocol import (
    MAX_PLAYERS,
    CreateTableRequest,
    OpenSeat,
    OpenSeatInfo,
    QuickMatchRequest,
    RematchRequest,
    SeatTaken,
    TakeSeatRequest,
    WaitingList,
)
from seedbed.server.seat_fill import take_seat
from seedbed.server.seat_store import OPEN, Rematch, open_seats, store_rematch, waiting_ids
from seedbed.server.table import Call, TableActor

if TYPE_CHECKING:
    from seedbed.server.app import Runtime

MAX_WAITING_LISTED = 100
"""Most tables ``GET /api/open-tables`` lists."""


async def seat_owner(request: Request) -> int | None:
    """The account of the signed-in person asking, if any: its id goes into the seat's
    stored entry (``"account"``) and the account remembers the seat (issue 30 item 1)."""
    account = await signed_in(request)
    return None if account is None else account.id


async def remembered(runtime: Runtime, account: int | None, taken: SeatTaken) -> SeatTaken:
    """``taken``, remembered by the signed-in taker's account (their "my tables")."""
    if account is not None:
        await remember_seat(runtime, account, taken.table_id, taken.seat, taken.token)
    return taken


def person(name: str, token: str, account: int | None) -> dict[str, Any]:
    """A person's seating entry: name, token digest, and account if signed in."""
    entry: dict[str, Any] = {"kind": "human", "name": name, "token_sha256": digest(token)}
    if account is not None:
        entry["account"] = account
    return entry


def sits_at(actor: TableActor, account: int | None) -> bool:
    """A signed-in person already sits at this table (quick match finds them another)."""
    return account is not None and any(e.get("account") == account for e in actor.table.seating)


def invite(base: str, table_id: str, seat: int, token: str, opened: bool = False) -> SeatTaken:
    url = f"{base.rstrip('/')}/play/{table_id}?token={token}"
    return SeatTaken(table_id=table_id, seat=seat, token=token, invite_url=url, opened=opened)


Elsewhere = Callable[[str, str], Awaitable[tuple[int, str] | None]]
"""Seat a name at a table another process of the cluster runs: (seat, token) or None."""


class Seats:
    """Taking seats, quick match and rematch for one hub. Quick matches are served one at a
    time (two askers at once sit at one table rather than opening two), and so are rematches
    (a second ask answers the table the first opened)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._matching = asyncio.Lock()
        self._rematching = asyncio.Lock()

    async def take(
        self, actor: TableActor, seat: int, name: str, account: int | None, base: str
    ) -> SeatTaken | None:
        """Sit ``name`` at open ``seat``; None when it is not open (any more)."""
        token = secrets.token_urlsafe(24)
        if not await take_seat(actor, seat, person(name, token, account)):
            return None
        return invite(base, actor.id, seat, token)

    async def quick_match(
        self,
        req: QuickMatchRequest,
        account: int | None,
        base: str,
        owner: str,
        may_open: Callable[[], Awaitable[None]],
        elsewhere: Elsewhere | None = None,
    ) -> SeatTaken:
        """The oldest fitting open table's first open seat, else seat 0 of a new table whose
        other seats are open (``may_open`` raises when the asker may open no table now).
        ``elsewhere``: in a cluster, a seat at a table another process runs (issue 32)."""
        async with self._matching:
            store = self.hub.store
            for table_id in await store.call(waiting_ids, req.game, req.num_players, True):
                actor = await self.hub.get(table_id)
                if actor is None and elsewhere is not None:
                    found = await elsewhere(table_id, req.name)
                    if found is not None:
                        return invite(base, table_id, found[0], found[1])
                if actor is None or not actor.waiting or sits_at(actor, account):
                    continue
                for seat in open_seats(actor.table.seating):
                    taken = await self.take(actor, seat, req.name, account, base)
                    if taken is not None:
                        return taken
            await may_open()
            create = CreateTableRequest(
                game=req.game,
                num_players=req.num_players,
                seats=[OpenSeat(open=OpenSeatInfo())] * req.num_players,
                fill_with_bot_after=req.fill_with_bot_after,
            )
            created = await self.hub.create(create, base, owner)
            actor = self.hub.in_memory(created.table_id)
            assert actor is not None
            taken = await self.take(actor, 0, req.name, account, base)
            assert taken is not None  # quick matches are served one at a time
            return taken.model_copy(update={"opened": True})

    async def rematch(self, actor: TableActor, seat: int, token: str, base: str) -> SeatTaken:
        """The finished table's rematch (opened by the first to ask): the asker's seat there,
        with the asker's token."""
        async with self._rematching:
            if actor.rematch is None:
                actor.rematch = await self._open_rematch(actor, seat)
                actor.submit(Call(tell_rematch))
        there = (seat + 1) % actor.table.num_players
        return invite(base, actor.rematch.table_id, there, token)

    async def _open_rematch(self, actor: TableActor, seat: int) -> Rematch:
        old = actor.table
        n = old.num_players
        seating: list[dict[str, Any]] = [{} for _ in range(n)]
        for i, entry in enumerate(old.seating):
            seating[(i + 1) % n] = dict(entry)
        table = replace(
            old, id=secrets.token_hex(8), seed=new_seed(), seating=seating, seed_chosen=False
        )
        fresh = self.hub.new_actor(table)
        fresh.owner = actor.owner
        asked_by = str(old.seating[seat].get("name", f"seat {seat}"))
        found = await self.hub.store.call(store_rematch, actor.id, table, asked_by)
        if found.table_id == table.id:
            self.hub.run(fresh)
        return found


async def tell_rematch(actor: TableActor) -> None:
    """Every connection of the finished table learns of its rematch (its seat there)."""
    for conn in list(actor.connections):
        conn.send(actor.rematch_text(conn.seat))


def add_seat_routes(
    app: FastAPI,
    runtime: Runtime,
    settings: ServerSettings,
    limits: AddressLimits,
    base_of: Callable[[Request], str],
    address_of: Callable[[Request], str],
) -> None:
    """The routes of open seats, quick match and rematch (docs/protocol.md)."""
    held: list[Seats] = []  # one per lifespan: a new hub after a restart in-process

    def of(hub: Hub) -> Seats:
        if not held or held[0].hub is not hub:
            held[:] = [Seats(hub)]
        return held[0]

    @app.post(
        "/api/tables/{table_id}/seats/{seat}",
        status_code=201,
        responses=errors(400, 403, 404, 409, 422),
        dependencies=[Depends(same_origin)],
    )
    async def take_open_seat(
        table_id: str,
        seat: Annotated[int, Path(ge=0, lt=MAX_PLAYERS)],
        req: TakeSeatRequest,
        request: Request,
    ) -> SeatTaken:
        """Take an open seat of a table waiting for players: the seat's token and invite URL
        are in this answer only. 409 when the seat is held (someone else took it first) or
        the table does not wait for players; anyone, guest or signed in, may take one."""
        actor = await runtime.table_or_404(table_id)
        if seat >= actor.table.num_players:
            raise HTTPException(422, f"seat must be 0-{actor.table.num_players - 1}, not {seat}")
        if actor.table.seating[seat]["kind"] != OPEN:
            raise HTTPException(409, f"seat {seat} is not open")
        account = await seat_owner(request)
        taken = await of(runtime.tables()).take(actor, seat, req.name, account, base_of(request))
        if taken is None:
            raise HTTPException(409, f"seat {seat} is not open")
        return await remembered(runtime, account, taken)

    @app.get("/api/open-tables")
    async def list_open_tables(
        game: Annotated[str | None, Query(max_length=64)] = None,
        num_players: Annotated[int | None, Query(ge=1, le=MAX_PLAYERS)] = None,
    ) -> WaitingList:
        """The tables waiting for players, oldest first (up to 100): who sits, which seats
        are open, since when and when bots fill them; ``game`` and ``num_players`` filter."""
        hub = runtime.tables()
        ids = await hub.store.call(waiting_ids, game, num_players, None, MAX_WAITING_LISTED)
        found = [await hub.summary(table_id) for table_id in ids]
        return WaitingList(tables=[s for s in found if s is not None and s.waiting is not None])

    @app.post(
        "/api/quick-match",
        responses=errors(400, 403, 422, 429),
        dependencies=[Depends(same_origin)],
    )
    async def quick_match(req: QuickMatchRequest, request: Request) -> SeatTaken:
        """Play now: a seat at the oldest table waiting for players of this game and player
        count with the default options, else at a new one (seat 0, the other seats open,
        filled by bots after ``fill_with_bot_after`` seconds; ``opened`` says which). The
        token and invite URL are in this answer only. Opening a table counts against the
        address's ``tables_per_minute`` (429)."""
        address = address_of(request)

        async def may_open() -> None:
            await limits.check_create(address, settings.tables_per_minute)

        account = await seat_owner(request)
        cluster = runtime.cluster
        seats = of(runtime.tables())
        base = base_of(request)
        try:
            if cluster is None:
                taken = await seats.quick_match(req, account, base, address, may_open)
            else:  # one quick match at a time across the cluster (issue 32 item 3)
                headers = dict(request.headers)

                async def elsewhere(table_id: str, name: str) -> tuple[int, str] | None:
                    return await cluster.take_seat_elsewhere(table_id, name, headers)

                async with cluster.alone("quick-match", wait=True):
                    taken = await seats.quick_match(
                        req, account, base, address, may_open, elsewhere
                    )
        except TableRequestError as exc:
            raise HTTPException(422, str(exc)) from None
        return await remembered(runtime, account, taken)

    @app.post(
        "/api/tables/{table_id}/rematch",
        responses=errors(400, 403, 404, 409),
        dependencies=[Depends(same_origin)],
    )
    async def rematch(table_id: str, req: RematchRequest, request: Request) -> SeatTaken:
        """At a finished table, a seat (its token) asks for a rematch: a new table with the
        same game, options, people and bots, seats rotated by one, opened once (asking again
        answers the same table). Each person's seat there takes their token here; every
        connection of this table gets a ``rematch`` message, now and when it connects."""
        actor = await runtime.table_or_404(table_id)
        seat = seat_for_token(actor, req.token)
        if seat is None:
            raise HTTPException(403, "that token is no seat of this table")
        if not actor.finished:
            raise HTTPException(409, "a rematch is asked for once the game is over")
        taken = await of(runtime.tables()).rematch(actor, seat, req.token, base_of(request))
        store = account_store(runtime)
        await asyncio.to_thread(
            store.follow_rematch, table_id, taken.table_id, actor.table.num_players
        )
        return taken
