"""Storage of open seats and rematches (issue 30 items 2 and 5, migration 0007).

A table with open seats has ``{"kind": "open"}`` entries in its seating and one
``open_tables`` row (when it opened, when bots fill what is still open, with which bot,
whether its options are the defaults quick match joins) for as long as it waits; the row goes
in the transaction that holds its last seat. Taking a seat locks the table row (a write
first), reads it and writes it only if the seat is still open, so of two takers exactly one
wins, whichever process serves them. A rematch is
one ``rematches`` row per finished table (its primary key: a table has one rematch), written
in the transaction that creates the rematch's table.

>>> from seedbed.server.storage import Store, migrate
>>> store = Store("sqlite://")
>>> migrate(store.engine)
>>> table = NewTable("t1", "bohnanza", 3, {}, 7, [{"kind": "open"}] * 3, None)
>>> store_table(store, table, Opening(now(), None, "greedy", True))
>>> take_seats(store, "t1", {1: {"kind": "bot", "spec": "greedy"}})[1]
{'kind': 'bot', 'spec': 'greedy'}
>>> take_seats(store, "t1", {1: {"kind": "bot", "spec": "random"}}) is None
True
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Boolean, DateTime, ForeignKey, Index, String, delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from seedbed.server.storage import Base, NewTable, Store, TableRow, as_utc, now

OPEN = "open"
"""The seating kind of a seat nobody holds yet."""


class OpenTableRow(Base):
    """A table waiting for players (deleted with its table, and once every seat is held)."""

    __tablename__ = "open_tables"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    opened_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    fill_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    fill_bot: Mapped[str] = mapped_column(String(200))
    default_options: Mapped[bool] = mapped_column(Boolean)

    __table_args__ = (Index("ix_open_tables_opened", "opened_at"),)


class RematchRow(Base):
    """The rematch of a finished table (one at most: the primary key)."""

    __tablename__ = "rematches"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    rematch_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    asked_by: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True)
class Opening:
    """A waiting table's terms: since when, when bots fill (None: never), with which bot,
    whether it has the default options."""

    opened_at: dt.datetime
    fill_at: dt.datetime | None
    fill_bot: str
    default_options: bool

    def fill_in(self, at: dt.datetime | None = None) -> float | None:
        """Seconds until the fill (0 once due); None: never."""
        if self.fill_at is None:
            return None
        return max(0.0, (self.fill_at - (at or now())).total_seconds())


@dataclass(frozen=True)
class Rematch:
    """A finished table's rematch: its table and the name of the seat that asked."""

    table_id: str
    asked_by: str


def open_seats(seating: list[dict[str, Any]]) -> list[int]:
    """The seats of a seating nobody holds yet."""
    return [i for i, entry in enumerate(seating) if entry.get("kind") == OPEN]


def _opening_row(table_id: str, opening: Opening) -> dict[str, Any]:
    return {
        "table_id": table_id,
        "opened_at": opening.opened_at,
        "fill_at": opening.fill_at,
        "fill_bot": opening.fill_bot,
        "default_options": opening.default_options,
    }


def store_table(store: Store, table: NewTable, opening: Opening | None) -> None:
    """Store a new table and, if it has open seats, its opening (one transaction)."""
    moment = now()
    row = {**table.__dict__, "seed": str(table.seed), "status": "running"}
    row |= {"created_at": moment, "updated_at": moment}
    with store.engine.begin() as conn:
        conn.execute(insert(TableRow), [row])
        if opening is not None:
            conn.execute(insert(OpenTableRow), [_opening_row(table.id, opening)])


def take_seats(
    store: Store, table_id: str, entries: dict[int, dict[str, Any]]
) -> list[dict[str, Any]] | None:
    """Give each seat of ``entries`` its entry if every one of them is still open at a
    running table: the new seating, or None (nothing changed). The table's opening goes once
    no seat is open."""
    moment = now()
    read = select(TableRow.seating, TableRow.status).where(TableRow.id == table_id)
    with store.engine.begin() as conn:
        # a write first: it locks the row (PostgreSQL) or the database (SQLite, whose driver
        # begins a transaction only at a write) until the commit, so the read below is the
        # seating no other taker changes before this one's write
        conn.execute(update(TableRow).where(TableRow.id == table_id).values(updated_at=moment))
        row = conn.execute(read).one_or_none()
        if row is None or row.status != "running":
            return None
        seating = [dict(e) for e in row.seating]
        if any(not 0 <= s < len(seating) or seating[s].get("kind") != OPEN for s in entries):
            return None
        for seat, entry in entries.items():
            seating[seat] = entry
        changed = update(TableRow).where(TableRow.id == table_id)
        conn.execute(changed.values(seating=seating, updated_at=moment))
        if not open_seats(seating):
            conn.execute(delete(OpenTableRow).where(OpenTableRow.table_id == table_id))
        return seating


def opening_of(store: Store, table_id: str) -> Opening | None:
    """The opening of a table still waiting for players, or None."""
    query = select(OpenTableRow).where(OpenTableRow.table_id == table_id)
    with store.engine.connect() as conn:
        row = conn.execute(query).one_or_none()
    if row is None:
        return None
    fill_at = None if row.fill_at is None else as_utc(row.fill_at)
    return Opening(as_utc(row.opened_at), fill_at, row.fill_bot, bool(row.default_options))


def waiting_ids(
    store: Store,
    game: str | None = None,
    num_players: int | None = None,
    default_options: bool | None = None,
    limit: int = 100,
) -> list[str]:
    """Running tables waiting for players, oldest opening first, filtered by game, player
    count and default options (None: any)."""
    query = (
        select(OpenTableRow.table_id)
        .join(TableRow, TableRow.id == OpenTableRow.table_id)
        .where(TableRow.status == "running")
    )
    if game is not None:
        query = query.where(TableRow.game == game)
    if num_players is not None:
        query = query.where(TableRow.num_players == num_players)
    if default_options is not None:
        query = query.where(OpenTableRow.default_options == default_options)
    query = query.order_by(OpenTableRow.opened_at, OpenTableRow.table_id).limit(limit)
    with store.engine.connect() as conn:
        return list(conn.scalars(query))


def store_rematch(store: Store, old_id: str, table: NewTable, asked_by: str) -> Rematch:
    """Store ``table`` as the rematch of ``old_id``, unless that table has one already:
    the rematch that holds (the other's table is not stored)."""
    moment = now()
    row = {**table.__dict__, "seed": str(table.seed), "status": "running"}
    row |= {"created_at": moment, "updated_at": moment}
    link = {"table_id": old_id, "rematch_id": table.id, "asked_by": asked_by}
    try:
        with store.engine.begin() as conn:
            conn.execute(insert(TableRow), [row])
            conn.execute(insert(RematchRow), [{**link, "created_at": moment}])
    except IntegrityError:
        found = rematches_of(store, [old_id]).get(old_id)
        if found is None:
            raise
        return found
    return Rematch(table.id, asked_by)


def rematches_of(store: Store, table_ids: list[str]) -> dict[str, Rematch]:
    """The rematches of these tables, by table id (tables without one left out)."""
    if not table_ids:
        return {}
    columns = (RematchRow.table_id, RematchRow.rematch_id, RematchRow.asked_by)
    query = select(*columns).where(RematchRow.table_id.in_(table_ids))
    with store.engine.connect() as conn:
        return {r.table_id: Rematch(r.rematch_id, r.asked_by) for r in conn.execute(query)}
