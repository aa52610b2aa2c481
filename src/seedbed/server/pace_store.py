"""The stored deadlines of turn-based tables (issue 31 item 1, migration 0009): one row per
human seat, so a deadline outlives the process that set it. A row names the move it is due
for (the table's version then): a row of an older version is spent, whatever its time, which
is what makes a deadline fire once even when the server stops between the stand-in's move
and the row's next write."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import Boolean, DateTime, ForeignKey, Index, Integer, delete, func, insert, select
from sqlalchemy.orm import Mapped, mapped_column

from seedbed.server.storage import Base, Store, as_utc


class DeadlineRow(Base):
    """A human seat's deadline at a turn-based table (deleted with its table)."""

    __tablename__ = "deadlines"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    version: Mapped[int] = mapped_column(Integer)
    due_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    strikes: Mapped[int] = mapped_column(Integer)
    handed_over: Mapped[bool] = mapped_column(Boolean)

    __table_args__ = (Index("ix_deadlines_due", "due_at"),)


@dataclass(frozen=True)
class SeatDeadline:
    """When the seat's move at ``version`` is due; its missed deadlines in a row; whether the
    stand-in plays it for the rest of the game."""

    version: int
    due_at: dt.datetime
    strikes: int = 0
    handed_over: bool = False


def deadlines_of(store: Store, table_id: str) -> dict[int, SeatDeadline]:
    """The table's stored deadlines by seat."""
    query = select(DeadlineRow).where(DeadlineRow.table_id == table_id)
    with store.engine.connect() as conn:
        rows = conn.execute(query).all()
    return {
        r.seat: SeatDeadline(r.version, as_utc(r.due_at), r.strikes, bool(r.handed_over))
        for r in rows
    }


def put_deadline(store: Store, table_id: str, seat: int, found: SeatDeadline) -> None:
    """Store the seat's deadline in place of the one it had (one transaction)."""
    row = {"table_id": table_id, "seat": seat, **found.__dict__}
    where = (DeadlineRow.table_id == table_id) & (DeadlineRow.seat == seat)
    with store.engine.begin() as conn:
        conn.execute(delete(DeadlineRow).where(where))
        conn.execute(insert(DeadlineRow), [row])


def oldest_deadline_first(store: Store, table_ids: list[str]) -> list[str]:
    """``table_ids`` with the tables of stored deadlines first, oldest deadline first (then
    the others in their order): the order a starting server loads its tables in, so the
    deadlines that passed while it was down fire oldest first across tables too."""
    query = select(DeadlineRow.table_id, func.min(DeadlineRow.due_at)).group_by(
        DeadlineRow.table_id
    )
    with store.engine.connect() as conn:
        oldest = {table_id: as_utc(due) for table_id, due in conn.execute(query)}
    dated = sorted((oldest[t], t) for t in table_ids if t in oldest)
    return [t for _, t in dated] + [t for t in table_ids if t not in oldest]
