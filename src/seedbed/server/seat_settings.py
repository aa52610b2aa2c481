"""What a person chose for their seat at one table (issue 31 item 4, migration 0011):
``auto_pass``, *pass automatically when nothing is addressed to me*. Stored, so the choice
holds across visits and restarts; a seat that chose nothing has the table's default: on at a
turn-based table (a person is away most of the game), off at a real-time one (the person is
there and may trade on other players' turns, the hold gives them time)."""

from __future__ import annotations

from sqlalchemy import Boolean, ForeignKey, Integer, delete, insert, select
from sqlalchemy.orm import Mapped, mapped_column

from seedbed.server.storage import Base, Store


class SeatSettingRow(Base):
    """A human seat's own settings at a table (deleted with its table)."""

    __tablename__ = "seat_settings"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    auto_pass: Mapped[bool] = mapped_column(Boolean)


def auto_passes_of(store: Store, table_id: str) -> dict[int, bool]:
    """The table's seats that chose, and their ``auto_pass``."""
    query = select(SeatSettingRow.seat, SeatSettingRow.auto_pass).where(
        SeatSettingRow.table_id == table_id
    )
    with store.engine.connect() as conn:
        return {seat: bool(on) for seat, on in conn.execute(query)}


def put_auto_pass(store: Store, table_id: str, seat: int, on: bool) -> None:
    """Store the seat's choice in place of the one it had (one transaction)."""
    where = (SeatSettingRow.table_id == table_id) & (SeatSettingRow.seat == seat)
    with store.engine.begin() as conn:
        conn.execute(delete(SeatSettingRow).where(where))
        conn.execute(
            insert(SeatSettingRow), [{"table_id": table_id, "seat": seat, "auto_pass": on}]
        )
