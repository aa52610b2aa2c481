"""Event-sourced storage of tables (SQLAlchemy 2): one ``tables`` row per table (game, options,
seed, seating, status, outcome) and one ``moves`` row per applied action. A table's state is
never stored; it is rebuilt by replaying its moves, which is what makes a restart safe.

The :class:`Store` is synchronous: the server calls it from one worker thread per write
(``asyncio.to_thread``-style, see :mod:`seedbed.server.table`), so a commit never blocks the
event loop. SQLite runs in WAL mode with ``synchronous=NORMAL`` (a commit survives a killed
process; only a power cut may lose the last ones). The schema is created by the Alembic
migrations in ``seedbed/server/migrations`` (:func:`migrate`), never by ``create_all``.

>>> store = Store("sqlite://")
>>> migrate(store.engine)
>>> store.create_table(NewTable("t1", "bohnanza", 3, {}, 7, [], None))
>>> store.append_move("t1", 0, 0, {"type": "plant", "slot": 0})
>>> [m.action for m in store.load("t1").moves]
[{'type': 'plant', 'slot': 0}]
"""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    Engine,
    Float,
    ForeignKey,
    Integer,
    String,
    create_engine,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.pool import ConnectionPoolEntry, StaticPool

T = TypeVar("T")

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    num_players: Mapped[int] = mapped_column(Integer)
    options: Mapped[Any] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    seating: Mapped[Any] = mapped_column(JSON)
    turn_seconds: Mapped[float | None] = mapped_column(Float, nullable=True)
    status: Mapped[str] = mapped_column(String(16), index=True)
    outcome: Mapped[Any | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class MoveRow(Base):
    __tablename__ = "moves"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[Any] = mapped_column(JSON)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True)
class NewTable:
    """What a new table row holds. ``seating`` entries are ``{"kind": "bot", "spec": …}`` or
    ``{"kind": "human", "name": …, "token_sha256": …}`` (never the token itself)."""

    id: str
    game: str
    num_players: int
    options: dict[str, Any]
    seed: int
    seating: list[dict[str, Any]]
    turn_seconds: float | None


@dataclass(frozen=True)
class StoredMove:
    idx: int
    seat: int
    action: dict[str, Any]


@dataclass
class StoredTable:
    """A table row with its moves in order, as loaded for a replay."""

    table: NewTable
    status: str
    created_at: dt.datetime
    outcome: dict[str, Any] | None = None
    moves: list[StoredMove] = field(default_factory=list)


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _sqlite_pragmas(dbapi_connection: DBAPIConnection, _record: ConnectionPoolEntry) -> None:
    """WAL lets readers run beside the writer; NORMAL syncs at checkpoints, not every commit."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def make_engine(url: str) -> Engine:
    """An engine for ``sqlite:///path`` (WAL, usable from any thread) or a PostgreSQL URL."""
    if url.startswith("sqlite"):
        memory = url in ("sqlite://", "sqlite:///:memory:")
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False},
            poolclass=StaticPool if memory else None,
        )
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


def check_url(url: str) -> None:
    """ValueError with one line if ``url`` names no database SQLAlchemy can open a driver
    for (the CLI reports it before starting)."""
    try:
        make_engine(url).dispose()
    except Exception as exc:
        raise ValueError(f"bad --database-url {url!r}: {str(exc).splitlines()[0]}") from None


def migrate(engine: Engine) -> None:
    """Apply every Alembic migration up to ``head`` (the script folder ships in the package)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


class Store:
    """Reads and writes tables and moves. Each method is one short transaction."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)

    def create_table(self, table: NewTable) -> None:
        row = {**table.__dict__, "status": "running", "created_at": now()}
        with self.engine.begin() as conn:
            conn.execute(insert(TableRow), [row])

    def append_move(self, table_id: str, idx: int, seat: int, action: dict[str, Any]) -> None:
        """Commit one move; the (table, idx) key refuses a second move at the same index."""
        row = {
            "table_id": table_id,
            "idx": idx,
            "seat": seat,
            "action": action,
            "created_at": now(),
        }
        with self.engine.begin() as conn:
            conn.execute(insert(MoveRow), [row])

    def finish(self, table_id: str, outcome: dict[str, Any]) -> bool:
        """Record the outcome of a running table; whether it changed. Only ``running`` moves
        to ``finished``: a second finish, or one after an abort, leaves the row as it is."""
        values = {"status": "finished", "outcome": outcome, "finished_at": now()}
        running = (TableRow.id == table_id) & (TableRow.status == "running")
        with self.engine.begin() as conn:
            return conn.execute(update(TableRow).where(running).values(**values)).rowcount == 1

    def running_ids(self) -> list[str]:
        """Ids of every unfinished table, oldest first."""
        query = select(TableRow.id).where(TableRow.status == "running")
        with self.engine.connect() as conn:
            return list(conn.scalars(query.order_by(TableRow.created_at)))

    def load(self, table_id: str) -> StoredTable | None:
        """The table and its moves, or None if there is no such table."""
        with self.engine.connect() as conn:
            row = conn.execute(select(TableRow).where(TableRow.id == table_id)).one_or_none()
            if row is None:
                return None
            moves = conn.execute(
                select(MoveRow.idx, MoveRow.seat, MoveRow.action)
                .where(MoveRow.table_id == table_id)
                .order_by(MoveRow.idx)
            ).all()
        table = NewTable(
            row.id, row.game, row.num_players, dict(row.options), int(row.seed),
            list(row.seating), row.turn_seconds,
        )  # fmt: skip
        return StoredTable(
            table=table,
            status=row.status,
            created_at=row.created_at,
            outcome=row.outcome,
            moves=[StoredMove(m.idx, m.seat, dict(m.action)) for m in moves],
        )

    def close(self) -> None:
        self.engine.dispose()


class AsyncStore:
    """The :class:`Store` for the event loop: every call runs in a worker thread, so a commit
    never blocks the loop. SQLite gets one writer thread (it serialises writers anyway);
    PostgreSQL a few. Each table awaits its own writes in order, so its moves stay ordered."""

    def __init__(self, store: Store) -> None:
        self.store = store
        workers = 1 if store.url.startswith("sqlite") else 4
        self._threads = ThreadPoolExecutor(workers, thread_name_prefix="seedbed-db")

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._threads, fn, *args)

    async def create_table(self, table: NewTable) -> None:
        await self._run(self.store.create_table, table)

    async def append_move(self, table_id: str, idx: int, seat: int, action: dict[str, Any]) -> None:
        await self._run(self.store.append_move, table_id, idx, seat, action)

    async def finish(self, table_id: str, outcome: dict[str, Any]) -> bool:
        return await self._run(self.store.finish, table_id, outcome)

    async def running_ids(self) -> list[str]:
        return await self._run(self.store.running_ids)

    async def load(self, table_id: str) -> StoredTable | None:
        return await self._run(self.store.load, table_id)

    def close(self) -> None:
        self._threads.shutdown(wait=True)
        self.store.close()
