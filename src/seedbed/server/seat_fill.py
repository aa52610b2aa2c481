"""A table's open seats at run time (issue 30 item 2): its opening's terms when it is created,
what its summary says of them, taking one seat, and bots filling the rest when the wait runs
out. Every change of the seating runs in the table's turn (a :class:`~seedbed.server.table.Call`),
after storage said the seat was still open (:func:`~seedbed.server.seat_store.take_seats`),
so two takers of one seat never both win, and nobody moves until every seat is held.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from typing import Any

from seedbed.bots.specs import parse_spec
from seedbed.engine.registry import game as lookup_game
from seedbed.engine.registry import spec as lookup_spec
from seedbed.server.protocol import CreateTableRequest, OpenSeat, Waiting
from seedbed.server.seat_store import Opening, open_seats, take_seats
from seedbed.server.storage import NewTable, now
from seedbed.server.table import Call, TableActor

log = logging.getLogger("seedbed.server.seats")

DEFAULT_FILL_BOT = "greedy"
"""The bot that fills open seats unless the table's creator names another: the lobby's
default bot (its seat menu starts at the greedy bot)."""


def has_default_options(table: NewTable) -> bool:
    """The game's default options and default table options: a table quick match joins."""
    defaults = lookup_game(table.game).normalize_options({})
    table_defaults = lookup_spec(table.game).table_options({}, True)
    return table.options == defaults and table.table_options == table_defaults


def opening_for(req: CreateTableRequest, table: NewTable) -> Opening | None:
    """The opening of a new table with open seats (None without any): opened now, filled
    with bots ``fill_with_bot_after`` seconds from now (never if null)."""
    if not any(isinstance(seat, OpenSeat) for seat in req.seats):
        return None
    at = now()
    wait = req.fill_with_bot_after
    fill_at = None if wait is None else at + dt.timedelta(seconds=wait)
    bot = str(parse_spec(req.fill_bot or DEFAULT_FILL_BOT))
    return Opening(at, fill_at, bot, has_default_options(table))


def waiting_of(table: NewTable, opening: Opening | None) -> Waiting:
    """What a summary says of a table waiting for players."""
    since = opening.opened_at.isoformat() if opening is not None else ""
    fill_at = opening.fill_at if opening is not None else None
    return Waiting(
        open_seats=open_seats(table.seating),
        since=since,
        fill_at=None if fill_at is None else fill_at.isoformat(),
        fill_in=None if opening is None else opening.fill_in(),
        fill_bot=opening.fill_bot if opening is not None else DEFAULT_FILL_BOT,
        default_options=opening.default_options if opening is not None else False,
    )


def schedule_fill(actor: TableActor) -> None:
    """Fill the table's open seats with bots when its wait runs out (at once if that time
    passed while the server was down)."""
    opening = actor.opening
    if not actor.waiting or opening is None or opening.fill_at is None:
        return
    delay = opening.fill_in() or 0.0
    loop = asyncio.get_running_loop()
    actor.fill_handle = loop.call_later(delay, actor.submit, Call(fill_open_seats))


async def fill_open_seats(actor: TableActor) -> None:
    """The wait ran out: a bot of the opening's spec sits in every seat still open."""
    if not actor.waiting or actor.opening is None:
        return
    bot = {"kind": "bot", "spec": actor.opening.fill_bot}
    entries = {seat: dict(bot) for seat in open_seats(actor.table.seating)}
    seating = await actor.store.call(take_seats, actor.id, entries)
    if seating is None:
        log.error("table %s: its open seats could not be filled (taken meanwhile?)", actor.id)
        return
    log.info("table %s: bots fill seats %s", actor.id, sorted(entries))
    actor.seated(seating)


async def take_seat(actor: TableActor, seat: int, entry: dict[str, Any]) -> bool:
    """Give open ``seat`` to ``entry`` in the table's turn; whether it was still open."""
    done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()

    async def take(table: TableActor) -> None:
        try:
            if table.finished or seat not in open_seats(table.table.seating):
                done.set_result(False)
                return
            seating = await table.store.call(take_seats, table.id, {seat: entry})
            if seating is not None:
                table.seated(seating)
            done.set_result(seating is not None)
        except BaseException as exc:
            if not done.done():
                done.set_exception(exc)
            raise

    actor.submit(Call(take))
    return await done
