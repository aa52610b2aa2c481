"""The tables of one server process: creating them (with every check of the request), resuming
the unfinished ones at start by replaying their moves, finding one by id, and their public
summaries. Seat tokens are made here, returned once, and stored only as SHA-256 digests.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
from typing import Any

from seedbed.bots.specs import BotSpecError, parse_spec
from seedbed.engine.api import PlayerId
from seedbed.engine.registry import game as lookup_game
from seedbed.server.bot_pool import BotPool
from seedbed.server.protocol import (
    BotSeat,
    CreateTableRequest,
    CreateTableResponse,
    SeatSummary,
    SeatToken,
    TableSummary,
)
from seedbed.server.storage import AsyncStore, NewTable, StoredTable, now
from seedbed.server.table import TableActor

log = logging.getLogger("seedbed.server.hub")


class TableRequestError(ValueError):
    """A table that cannot be created as asked (HTTP 422); the message is one line."""


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_seed() -> int:
    """A random deal that JavaScript numbers hold exactly (below 2**53)."""
    return secrets.randbelow(2**53)


def check_request(req: CreateTableRequest) -> tuple[dict[str, Any], list[str]]:
    """The normalised options and one token per human seat ("" for bots); raises
    TableRequestError with a one-line reason."""
    try:
        game = lookup_game(req.game)
        options = game.normalize_options(req.options)
        counts = game.player_counts(options)
    except ValueError as exc:
        raise TableRequestError(str(exc).splitlines()[0]) from None
    if req.num_players not in counts:
        raise TableRequestError(
            f"{req.game} takes {counts.start}-{counts.stop - 1} players, not {req.num_players}"
        )
    if len(req.seats) != req.num_players:
        raise TableRequestError(f"{len(req.seats)} seats given for {req.num_players} players")
    for seat in req.seats:
        if isinstance(seat, BotSeat):
            try:
                parse_spec(seat.bot)
            except BotSpecError as exc:
                raise TableRequestError(str(exc)) from None
    tokens = ["" if isinstance(s, BotSeat) else secrets.token_urlsafe(24) for s in req.seats]
    return options, tokens


def seating_of(req: CreateTableRequest, tokens: list[str]) -> list[dict[str, Any]]:
    """The stored seating: bot specs, human names and token digests."""
    out: list[dict[str, Any]] = []
    for seat, token in zip(req.seats, tokens, strict=True):
        if isinstance(seat, BotSeat):
            out.append({"kind": "bot", "spec": str(parse_spec(seat.bot))})
        else:
            out.append({"kind": "human", "name": seat.human.name, "token_sha256": digest(token)})
    return out


class Hub:
    """Every table this process serves, by id."""

    def __init__(self, store: AsyncStore, bots: BotPool) -> None:
        self.store = store
        self.bots = bots
        self.tables: dict[str, TableActor] = {}
        self._loading = asyncio.Lock()

    async def create(self, req: CreateTableRequest, base_url: str) -> CreateTableResponse:
        """Check, store and start a table; its human seats' tokens are in the answer only."""
        options, tokens = check_request(req)
        table = NewTable(
            id=secrets.token_hex(8),
            game=req.game,
            num_players=req.num_players,
            options=options,
            seed=new_seed() if req.seed is None else req.seed,
            seating=seating_of(req, tokens),
            turn_seconds=req.turn_seconds,
        )
        try:
            actor = TableActor.replay_from(table, [], self.store, self.bots, now().isoformat())
        except ValueError as exc:
            raise TableRequestError(str(exc).splitlines()[0]) from None
        await self.store.create_table(table)
        self.tables[table.id] = actor
        actor.start()
        base = base_url.rstrip("/")
        seats = [
            SeatToken(seat=i, token=t, invite_url=f"{base}/play/{table.id}?token={t}")
            for i, t in enumerate(tokens)
            if t
        ]
        return CreateTableResponse(table_id=table.id, seats=seats)

    async def resume_all(self) -> int:
        """Rebuild and start every unfinished table; how many were resumed."""
        count = 0
        for table_id in await self.store.running_ids():
            if await self.get(table_id) is not None:
                count += 1
        return count

    async def get(self, table_id: str) -> TableActor | None:
        """The table, loaded from storage (and started) if this process has not seen it."""
        actor = self.tables.get(table_id)
        if actor is not None:
            return actor
        async with self._loading:  # two requests for one unloaded table load it once
            return await self._load(table_id)

    async def _load(self, table_id: str) -> TableActor | None:
        actor = self.tables.get(table_id)
        if actor is not None:
            return actor
        stored = await self.store.load(table_id)
        if stored is None:
            return None
        actor = self._rebuild(stored)
        if actor is None:
            return None
        self.tables[table_id] = actor
        actor.start()
        if actor.finished and stored.status == "running":
            await self.store.finish(table_id, actor.state.outcome().to_json())
        return actor

    def _rebuild(self, stored: StoredTable) -> TableActor | None:
        moves = [(m.seat, m.action) for m in stored.moves]
        created = stored.created_at.isoformat()
        try:
            return TableActor.replay_from(stored.table, moves, self.store, self.bots, created)
        except ValueError:
            log.exception("table %s: its stored moves do not replay", stored.table.id)
            return None

    async def close(self) -> None:
        for actor in self.tables.values():
            await actor.stop()

    def running(self) -> list[TableActor]:
        return [a for a in self.tables.values() if not a.finished]


def seat_for_token(actor: TableActor, token: str) -> PlayerId | None:
    """The human seat whose token this is (constant-time comparison), or None."""
    wanted = digest(token)
    found = None
    for seat, entry in enumerate(actor.table.seating):
        if entry["kind"] == "human" and hmac.compare_digest(entry["token_sha256"], wanted):
            found = seat
    return found


def summary(actor: TableActor) -> TableSummary:
    """The public summary (no seed, no tokens)."""
    t = actor.table
    seats = [
        SeatSummary(
            seat=i,
            kind="bot" if s["kind"] == "bot" else "human",
            name=str(s["spec"] if s["kind"] == "bot" else s["name"]),
            connected=s["kind"] == "bot" or actor.connected(i),
        )
        for i, s in enumerate(t.seating)
    ]
    return TableSummary(
        table_id=t.id,
        game=t.game,
        num_players=t.num_players,
        options=t.options,
        status="finished" if actor.finished else "running",
        version=actor.version,
        to_move=[] if actor.finished else list(actor.state.to_move()),
        seats=seats,
        created_at=actor.created_at,
    )
