"""The tables of one server process: creating them (with every check of the request), resuming
the unfinished ones at start by replaying their moves, finding one by id, their public
summaries, and retention. Seat tokens are made here, returned once, and stored only as SHA-256
digests.

Retention: running tables stay in memory; a finished one moves to a small least-recently-used
cache (its record and replay are served from there, or rebuilt from storage on demand);
summaries and lists of tables are read from storage, so nothing grows with the number of games
played. A periodic sweep aborts abandoned tables (no move for ``idle_hours``) and lets go of
tables an operator aborted or deleted in storage (``seedbed tables``).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import hmac
import logging
import secrets
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Coroutine
from contextlib import AbstractAsyncContextManager
from typing import Any

from seedbed.bots.names import bot_name
from seedbed.bots.specs import BotSpecError, parse_spec
from seedbed.engine.api import PlayerId
from seedbed.engine.registry import game as lookup_game
from seedbed.engine.registry import spec as lookup_spec
from seedbed.server.bot_pool import BotPool
from seedbed.server.config import ServerSettings
from seedbed.server.ladder_rules import unrated_because
from seedbed.server.ladder_store import Ladder
from seedbed.server.option_briefs import Briefs, OptionsBrief, brief_of
from seedbed.server.option_briefs import options_url as options_url_of
from seedbed.server.pace import clock_of, pace_of
from seedbed.server.pace_store import deadlines_of, oldest_deadline_first
from seedbed.server.protocol import (
    BotSeat,
    CreateTableRequest,
    CreateTableResponse,
    OpenSeat,
    SeatSummary,
    SeatToken,
    TableList,
    TableSummary,
)
from seedbed.server.seat_fill import DEFAULT_FILL_BOT, opening_for, schedule_fill, waiting_of
from seedbed.server.seat_settings import auto_passes_of
from seedbed.server.seat_store import OPEN, Rematch, opening_of, rematches_of, store_table
from seedbed.server.storage import AsyncStore, NewTable, StoredTable, TableInfo, now
from seedbed.server.table import CLOSE_ABORTED, Counters, TableActor

log = logging.getLogger("seedbed.server.hub")

ABANDONED = "abandoned: no move for {hours:g} h"


class TableRequestError(ValueError):
    """A table that cannot be created as asked (HTTP 422); the message is one line."""


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


SEED_BITS = 256
"""The server's own deals: the game generator's full key size (issue 37)."""


def new_seed() -> int:
    """A secret random deal of 256 bits from the OS, the key of the game's generator."""
    return secrets.randbits(SEED_BITS)


def check_request(
    req: CreateTableRequest, allow_chosen_seeds: bool = False
) -> tuple[dict[str, Any], list[str]]:
    """The normalised options and one token per human seat ("" for bots); raises
    TableRequestError with a one-line reason. Cheap checks first: a request that is refused
    costs little whatever its size."""
    if req.seed is not None and not allow_chosen_seeds:
        raise TableRequestError(
            "seed: this server deals from its own randomness; a chosen seed needs a server "
            "started with --allow-chosen-seeds"
        )
    if len(req.seats) != req.num_players:
        raise TableRequestError(f"{len(req.seats)} seats given for {req.num_players} players")
    try:
        game = lookup_game(req.game)
        options = game.normalize_options(req.options)
        counts = game.player_counts(options)
    except ValueError as exc:
        raise TableRequestError(str(exc).splitlines()[0]) from None
    refusal = game.table_refusal(options)
    if refusal is not None:
        raise TableRequestError(refusal)
    if req.num_players not in counts:
        raise TableRequestError(
            f"{req.game} takes {counts.start}-{counts.stop - 1} players, not {req.num_players}"
        )
    bots = [s.bot for s in req.seats if isinstance(s, BotSeat)]
    if req.fill_bot is not None and any(isinstance(s, OpenSeat) for s in req.seats):
        bots.append(req.fill_bot)
    for bot in bots:
        try:
            parse_spec(bot)
        except BotSpecError as exc:
            raise TableRequestError(str(exc)) from None
    tokens = [
        "" if isinstance(s, BotSeat | OpenSeat) else secrets.token_urlsafe(24) for s in req.seats
    ]
    return options, tokens


def table_options_of(req: CreateTableRequest) -> dict[str, Any]:
    """The table's options for the bots' manners (``GameSpec.manners``, issue 16), defaults
    filled in and no hold at a table without a person; TableRequestError with one line."""
    people = any(not isinstance(s, BotSeat) for s in req.seats)
    try:
        return lookup_spec(req.game).table_options(req.table_options, people)
    except ValueError as exc:
        raise TableRequestError(str(exc).splitlines()[0]) from None


def fill_specs(req: CreateTableRequest) -> list[str | None]:
    """The bot that may fill the table's open seats (it must be a rated preset too)."""
    opens = any(isinstance(s, OpenSeat) for s in req.seats)
    if not opens or req.fill_with_bot_after is None:
        return []
    return [req.fill_bot or DEFAULT_FILL_BOT]


def rated_of(
    req: CreateTableRequest, options: dict[str, Any], table_options: dict[str, Any]
) -> bool:
    """Whether the table is rated (issue 30 item 3): as asked, or when not asked, whenever
    the ladder's rules allow (:func:`~seedbed.server.ladder_rules.unrated_because`); asking
    for a rated table the rules do not allow is refused with the reason."""
    if req.rated is False:
        return False
    people = any(not isinstance(s, BotSeat) for s in req.seats)
    reason = unrated_because(
        req.game,
        options,
        lookup_game(req.game).normalize_options({}),
        table_options,
        lookup_spec(req.game).table_options({}, people),
        [str(s.bot) if isinstance(s, BotSeat) else None for s in req.seats] + fill_specs(req),
        req.seed is not None,
    )
    if reason is not None and req.rated:
        raise TableRequestError(f"rated: {reason}")
    return reason is None


def seating_of(
    req: CreateTableRequest, tokens: list[str], account: int | None = None
) -> list[dict[str, Any]]:
    """The stored seating: bot specs, human names and token digests; the first human seat
    marked with the creator's ``account`` id when they are signed in (issue 30 item 1)."""
    out: list[dict[str, Any]] = []
    for seat, token in zip(req.seats, tokens, strict=True):
        if isinstance(seat, BotSeat):
            out.append({"kind": "bot", "spec": str(parse_spec(seat.bot))})
        elif isinstance(seat, OpenSeat):
            out.append({"kind": OPEN})
        else:
            entry: dict[str, Any] = {
                "kind": "human",
                "name": seat.human.name,
                "token_sha256": digest(token),
            }
            if account is not None and not any(e["kind"] == "human" for e in out):
                entry["account"] = account
            out.append(entry)
    return out


class Hub:
    """Every table this process serves, by id: running ones, and a few finished ones."""

    def __init__(self, store: AsyncStore, bots: BotPool, settings: ServerSettings) -> None:
        self.store = store
        self.bots = bots
        self.settings = settings
        self.counters = Counters()
        self.live: dict[str, TableActor] = {}
        self.done: OrderedDict[str, TableActor] = OrderedDict()
        self._loading = asyncio.Lock()
        self.briefs = Briefs()
        self.ladder = Ladder(store, settings.fault)
        self.on_turn: Callable[[TableActor, list[PlayerId]], None] | None = None
        """Given to every table's actor: the notifications (issue 31 item 3)."""
        self.claim: Callable[[str], Awaitable[bool]] | None = None
        """With several processes (issue 32, D-72): own a running table before running its
        actor (False: another process owns it, and this one does not load it)."""
        self.alone: Callable[[str], AbstractAsyncContextManager[bool]] | None = None
        """With several processes: a job (``sweep``) run by one process at a time."""
        self.elsewhere: Callable[[list[str]], Awaitable[dict[str, TableSummary]]] | None = None
        """With several processes: the summaries of running tables other processes run."""
        self.release: Callable[[str], Coroutine[Any, Any, None]] | None = None
        """Let a table go once its actor stops running it (over, aborted, dropped)."""

    # ---------------------------------------------------------------- creating and loading

    async def create(
        self, req: CreateTableRequest, base_url: str, owner: str = "", account: int | None = None
    ) -> CreateTableResponse:
        """Check, store and start a table; its human seats' tokens are in the answer only.
        ``owner``: the client address creating it, whose share of the bot pool its bots take
        (issue 37 item 3; kept in memory only). ``account``: the signed-in creator's account,
        stored on the first human seat (issue 30 item 1)."""
        options, tokens = check_request(req, self.settings.allow_chosen_seeds)
        table_options = table_options_of(req)
        try:
            shortest = self.settings.min_move_deadline_seconds
            deadline = pace_of(req.pace, req.move_deadline_seconds, req.turn_seconds, shortest)
        except ValueError as exc:
            raise TableRequestError(str(exc)) from None
        table = NewTable(
            id=secrets.token_hex(8),
            game=req.game,
            num_players=req.num_players,
            options=options,
            seed=new_seed() if req.seed is None else req.seed,
            seating=seating_of(req, tokens, account),
            turn_seconds=req.turn_seconds,
            seed_chosen=req.seed is not None,
            table_options=table_options,
            chat=req.chat,
            rated=rated_of(req, options, table_options),
            pace=req.pace,
            move_deadline_seconds=deadline,
        )
        try:
            actor = self._actor(table, [], now().isoformat())
        except ValueError as exc:
            raise TableRequestError(str(exc).splitlines()[0]) from None
        actor.owner = owner
        actor.opening = opening_for(req, table)
        if self.claim is not None:  # a new random id: no other process can own it
            await self.claim(table.id)
        await self.store.call(store_table, table, actor.opening)
        self.run(actor)
        base = base_url.rstrip("/")
        seats = [
            SeatToken(seat=i, token=t, invite_url=f"{base}/play/{table.id}?token={t}")
            for i, t in enumerate(tokens)
            if t
        ]
        return CreateTableResponse(table_id=table.id, seats=seats)

    def new_actor(self, table: NewTable) -> TableActor:
        """The actor of a new table (not stored, not started: :meth:`run` starts it)."""
        return self._actor(table, [], now().isoformat())

    def run(self, actor: TableActor) -> None:
        """Start a stored new table's actor (and its fill timer if it waits for players)."""
        self.live[actor.id] = actor
        actor.start()
        schedule_fill(actor)

    def _actor(
        self, table: NewTable, moves: list[tuple[PlayerId, dict[str, Any]]], created: str
    ) -> TableActor:
        actor = TableActor.replay_from(table, moves, self.store, self.bots, created)
        actor.counters = self.counters
        actor.on_finish = self._finished
        actor.on_abort = self._aborted
        actor.fault = self.settings.fault
        actor.max_moves = self.settings.max_moves
        actor.on_turn = self.on_turn
        actor.clock = clock_of(table.id, table.pace, table.move_deadline_seconds, self.store)
        return actor

    async def resume_all(self) -> int:
        """Rebuild and start every unfinished table; how many were resumed."""
        count = 0
        ids = await self.store.call(oldest_deadline_first, await self.store.running_ids())
        for table_id in ids:  # passed deadlines fire oldest first (issue 31 item 1)
            if await self.get(table_id) is not None:
                count += 1
        await self.ladder.catch_up()  # a stop between a rated table's end and its update
        return count

    def in_memory(self, table_id: str) -> TableActor | None:
        actor = self.live.get(table_id) or self.done.get(table_id)
        if actor is not None and table_id in self.done:
            self.done.move_to_end(table_id)
        return actor

    async def get(self, table_id: str) -> TableActor | None:
        """The running or finished table (loaded from storage and started if this process has
        not got it in memory); None for an unknown or aborted table."""
        actor = self.in_memory(table_id)
        if actor is not None:
            return actor
        async with self._loading:  # two requests for one unloaded table load it once
            return await self._load(table_id)

    async def _load(self, table_id: str) -> TableActor | None:
        actor = self.in_memory(table_id)
        if actor is not None:
            return actor
        stored = await self.store.load(table_id)
        if stored is None or stored.status == "aborted":
            return None
        claimed = stored.status == "running" and self.claim is not None
        if claimed and self.claim is not None and not await self.claim(table_id):
            return None  # another process runs it
        # replaying thousands of moves takes up to a second: not on the event loop (item 11)
        actor = await asyncio.to_thread(self._rebuild, stored)
        if actor is None or actor.at_move_cap:
            if claimed:
                self._let_go(table_id)
            if actor is not None:
                await actor.end_at_move_cap()
            return None
        actor.opening = await self.store.call(opening_of, table_id)
        actor.rematch = (await self.store.call(rematches_of, [table_id])).get(table_id)
        if actor.clock is not None:  # its deadlines as stored: one passed while down fires
            actor.clock.rows = await self.store.call(deadlines_of, table_id)
        actor.auto_pass = await self.store.call(auto_passes_of, table_id)
        if actor.finished:
            if stored.status == "running":  # killed between the last move and its outcome
                await self.store.finish(table_id, actor.state.outcome().to_json())
                self.ladder.table_finished(table_id, actor.table.rated)
                self._let_go(table_id)
            actor.start()  # its connections are served too (none were, after a restart)
            self._keep_finished(actor)
        else:
            self.run(actor)
        return actor

    def _rebuild(self, stored: StoredTable) -> TableActor | None:
        moves = [(m.seat, m.action) for m in stored.moves]
        created = stored.created_at.isoformat()
        try:
            return self._actor(stored.table, moves, created)
        except ValueError:
            log.exception("table %s: its stored moves do not replay", stored.table.id)
            return None

    # ---------------------------------------------------------------- retention

    def _finished(self, actor: TableActor) -> None:
        """A table's end is stored: it leaves the running tables for the finished cache."""
        self.live.pop(actor.id, None)
        self._keep_finished(actor)
        self.ladder.table_finished(actor.id, actor.table.rated)
        self._let_go(actor.id)

    def _aborted(self, actor: TableActor) -> None:
        """A table aborted itself (its move cap): it leaves memory."""
        self.live.pop(actor.id, None)
        asyncio.get_running_loop().create_task(actor.stop())
        self._let_go(actor.id)

    def _let_go(self, table_id: str) -> None:
        """Release a running table's ownership (a no-op with one process)."""
        if self.release is not None:
            asyncio.get_running_loop().create_task(self.release(table_id))

    def _keep_finished(self, actor: TableActor) -> None:
        """Keep a finished table within ``tables_in_memory`` and ``finished_tables_mb`` (the
        least recently used let go first; the newest always stays)."""
        self.done[actor.id] = actor
        self.done.move_to_end(actor.id)
        while len(self.done) > 1 and self._over_budget():
            _, old = self.done.popitem(last=False)
            old.abort()  # spectators of an old finished table reconnect and reload it
            asyncio.get_running_loop().create_task(old.stop())

    def _over_budget(self) -> bool:
        if len(self.done) > self.settings.tables_in_memory:
            return True
        held = sum(a.footprint() for a in self.done.values())
        return held > self.settings.finished_tables_mb * 1024 * 1024

    async def sweep(self, at: dt.datetime | None = None, abandoned: bool = True) -> int:
        """Abort the abandoned running tables (unless ``abandoned`` is False: another process
        of a cluster looks for them now), and let go of tables that storage no longer has as
        running (an operator's abort or delete); how many were aborted."""
        idle = dt.timedelta(hours=self.settings.idle_hours)
        reason = ABANDONED.format(hours=self.settings.idle_hours)
        aborted = 0
        for table_id in await self.store.idle_running(idle, at) if abandoned else []:
            if await self.store.abort(table_id, reason):
                aborted += 1
                self.counters.tables_aborted += 1
                log.info("table %s: %s", table_id, reason)
        running = set(await self.store.running_ids())
        for table_id in [t for t in self.live if t not in running]:
            await self._drop(table_id)
        return aborted

    async def _drop(self, table_id: str) -> None:
        running = self.live.pop(table_id, None)
        actor = running or self.done.pop(table_id, None)
        if running is not None:
            self._let_go(table_id)
        if actor is not None:
            actor.abort(CLOSE_ABORTED)
            await actor.stop()

    async def run_sweeps(self) -> None:
        """Sweep every ``sweep_seconds`` until cancelled (the server's lifespan)."""
        while True:
            await asyncio.sleep(self.settings.sweep_seconds)
            try:
                if self.alone is None:
                    await self.sweep()
                else:  # one process of a cluster looks for abandoned tables (issue 32)
                    async with self.alone("sweep") as mine:
                        await self.sweep(abandoned=mine)
            except Exception:
                log.exception("the sweep for abandoned tables failed")

    async def close(self) -> None:
        for actor in [*self.live.values(), *self.done.values()]:
            await actor.stop()
        await self.ladder.settle()

    # ---------------------------------------------------------------- reading

    def running(self) -> list[TableActor]:
        return list(self.live.values())

    async def summary(self, table_id: str) -> TableSummary | None:
        """The table's public summary: from memory when it is there, else from storage."""
        actor = self.in_memory(table_id)
        if actor is not None:
            return summary(actor, self.briefs.of(table_id, actor.table.options))
        info = await self.store.info(table_id, with_options=False)
        if info is None:
            return None
        if info.status == "running" and self.elsewhere is not None:
            found_there = await self.elsewhere([table_id])
            if table_id in found_there:
                return found_there[table_id]
        await self._brief_all([table_id])
        found = await self.store.call(rematches_of, [table_id])
        return stored_summary(info, self.briefs.get(table_id), found.get(table_id))

    async def info(self, table_id: str) -> TableInfo | None:
        return await self.store.info(table_id)

    async def options(self, table_id: str) -> dict[str, Any] | None:
        """The table's whole options (None for an unknown table)."""
        actor = self.in_memory(table_id)
        if actor is not None:
            return actor.table.options
        return (await self.store.options_of([table_id])).get(table_id)

    async def page(
        self, status: str | None, game: str | None, limit: int, offset: int
    ) -> TableList:
        """One page of tables from storage, newest first; running ones as they are now. A
        table's options are read from storage once, for its brief, never for every list."""
        found = await self.store.list_tables(status, game, limit, offset, with_options=False)
        await self._brief_all([info.table.id for info in found.items])
        stored = [i.table.id for i in found.items if i.table.id not in self.live]
        rematches = await self.store.call(rematches_of, stored)
        running = [
            i.table.id for i in found.items if i.table.id in stored and i.status == "running"
        ]
        there = await self.elsewhere(running) if self.elsewhere and running else {}
        items = []
        for info in found.items:
            if info.table.id in there:
                items.append(there[info.table.id])
                continue
            actor = self.live.get(info.table.id)
            brief = self.briefs.get(info.table.id)
            again = rematches.get(info.table.id)
            items.append(summary(actor, brief) if actor else stored_summary(info, brief, again))
        return TableList(tables=items, total=found.total, limit=limit, offset=offset)

    async def _brief_all(self, table_ids: list[str]) -> None:
        """Work out the briefs of these tables' options that are not kept yet: from memory
        for the tables there, in one read of storage for the others."""
        missing = []
        for table_id in table_ids:
            actor = self.live.get(table_id) or self.done.get(table_id)  # no LRU touch
            if actor is not None:
                self.briefs.of(table_id, actor.table.options)
            elif self.briefs.get(table_id) is None:
                missing.append(table_id)
        if missing:
            for table_id, options in (await self.store.options_of(missing)).items():
                self.briefs.of(table_id, options)


def seat_for_token(actor: TableActor, token: str) -> PlayerId | None:
    """The human seat whose token this is (constant-time comparison), or None."""
    wanted = digest(token)
    found = None
    for seat, entry in enumerate(actor.table.seating):
        if entry["kind"] == "human" and hmac.compare_digest(entry["token_sha256"], wanted):
            found = seat
    return found


def _seats(table: NewTable, connected: Any = None) -> list[SeatSummary]:
    return [_seat(table, i, s, connected) for i, s in enumerate(table.seating)]


def _seat(table: NewTable, i: int, s: dict[str, Any], connected: Any) -> SeatSummary:
    if s["kind"] == OPEN:
        return SeatSummary(seat=i, kind="open", name="", label="Open seat", connected=False)
    return SeatSummary(
        seat=i,
        kind="bot" if s["kind"] == "bot" else "human",
        name=str(s["spec"] if s["kind"] == "bot" else s["name"]),
        label=bot_name(str(s["spec"]), table.game) if s["kind"] == "bot" else str(s["name"]),
        connected=s["kind"] == "bot" or (connected is not None and connected(i)),
    )


def summary(actor: TableActor, brief: OptionsBrief | None = None) -> TableSummary:
    """The public summary of a table in memory (no tokens; the seed once it is over), with
    the brief of its options (worked out here if not given)."""
    t = actor.table
    brief = brief or brief_of(t.options)
    return TableSummary(
        table_id=t.id,
        game=t.game,
        num_players=t.num_players,
        options=brief.options,
        options_elided=list(brief.elided),
        options_sha256=brief.sha256,
        options_url=options_url_of(t.id),
        table_options=t.table_options,
        status="finished" if actor.finished else "running",
        version=actor.version,
        to_move=[] if actor.over else list(actor.state.to_move()),
        seats=_seats(t, actor.connected),
        created_at=actor.created_at,
        seed_chosen=t.seed_chosen,
        seed=t.seed if actor.finished else None,
        outcome=actor.state.outcome().to_json() if actor.finished else None,
        chat=t.chat,
        turn_seconds=t.turn_seconds,
        pace=t.pace,
        move_deadline_seconds=t.move_deadline_seconds,
        deadlines={seat: due.isoformat() for seat, due in actor.deadlines().items()},
        rated=t.rated,
        waiting=waiting_of(t, actor.opening) if actor.waiting else None,
        rematch_table_id=None if actor.rematch is None else actor.rematch.table_id,
    )


def stored_summary(
    info: TableInfo, brief: OptionsBrief | None = None, rematch: Rematch | None = None
) -> TableSummary:
    """The public summary of a table read from storage (no one is connected to it here), with
    the brief of its options (worked out here from whole options if not given)."""
    t = info.table
    over = info.status != "running"
    brief = brief or brief_of(t.options)
    return TableSummary(
        table_id=t.id,
        game=t.game,
        num_players=t.num_players,
        options=brief.options,
        options_elided=list(brief.elided),
        options_sha256=brief.sha256,
        options_url=options_url_of(t.id),
        table_options=t.table_options,
        status="aborted" if info.status == "aborted" else "finished" if over else "running",
        version=info.moves,
        to_move=[],
        seats=_seats(t),
        created_at=info.created_at.isoformat(),
        seed_chosen=t.seed_chosen,
        seed=t.seed if over else None,
        abort_reason=info.abort_reason,
        outcome=info.outcome if info.status == "finished" else None,
        chat=t.chat,
        turn_seconds=t.turn_seconds,
        pace=t.pace,
        move_deadline_seconds=t.move_deadline_seconds,
        rated=t.rated,
        rematch_table_id=None if rematch is None else rematch.table_id,
    )
