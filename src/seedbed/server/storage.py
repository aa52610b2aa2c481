"""Event-sourced storage of tables (SQLAlchemy 2): one ``tables`` row per table (game, options,
seed, seating, status, outcome, times) and one ``moves`` row per applied action. A table's
state is never stored; it is rebuilt by replaying its moves, which is what makes a restart
safe.

A table is ``running``, then ``finished`` (with its outcome) or ``aborted`` (with a reason);
nothing else moves it back. Retention (issue 12) reads summaries without the moves
(:meth:`Store.info`, :meth:`Store.list_tables`), finds abandoned tables by their last change
(:meth:`Store.idle_running`), and removes ended tables (:meth:`Store.delete`,
:meth:`Store.prune`).

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
>>> store.info("t1").moves, store.abort("t1", "abandoned"), store.info("t1").status
(1, True, 'aborted')
"""

from __future__ import annotations

import asyncio
import datetime as dt
import shlex
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    Boolean,
    ColumnElement,
    DateTime,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    Row,
    ScalarSelect,
    Select,
    String,
    Text,
    create_engine,
    delete,
    event,
    exists,
    false,
    func,
    insert,
    null,
    select,
    text,
    true,
    update,
)
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.pool import ConnectionPoolEntry, StaticPool

T = TypeVar("T")

MIGRATIONS = Path(__file__).resolve().parent / "migrations"

STATUSES = ("running", "finished", "aborted")
ENDED = ("finished", "aborted")
MAX_PAGE = 500
"""Most tables one page lists (a page of summaries is one query; keep it small)."""
MAX_REASON_CHARS = 500
PRUNE_BATCH = 500
"""Tables deleted per transaction by :meth:`Store.prune`, so the server's writes wait for one
short batch, never for the whole prune."""


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    num_players: Mapped[int] = mapped_column(Integer)
    options: Mapped[Any] = mapped_column(JSON)
    # Migration 0005: decimal text, as the server's seeds are 256-bit (issue 37).
    seed: Mapped[str] = mapped_column(String(80))
    seating: Mapped[Any] = mapped_column(JSON)
    turn_seconds: Mapped[float | None] = mapped_column(Float, nullable=True)
    status: Mapped[str] = mapped_column(String(16))
    outcome: Mapped[Any | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    seed_chosen: Mapped[bool] = mapped_column(Boolean, server_default=false())
    # Nullable only in the schema (migration 0002 says why); every write sets it.
    updated_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    abort_reason: Mapped[str | None] = mapped_column(Text, nullable=True)
    # Migration 0003; null in rows written before it (read as none).
    table_options: Mapped[Any | None] = mapped_column(JSON, nullable=True)
    # Migration 0004: whether the table's creator left its chat on.
    chat: Mapped[bool] = mapped_column(Boolean, server_default=true())
    # Migration 0008: the table was created rated (issue 30 item 3, the ladder).
    rated: Mapped[bool] = mapped_column(Boolean, server_default=false())
    # Migration 0009: "real-time" or "turn-based"; a turn-based table's move deadline.
    pace: Mapped[str] = mapped_column(String(16), server_default="real-time")
    move_deadline_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)

    # The indexes of migration 0002: pages (newest first, by status or game), idle tables
    # and pruning.
    __table_args__ = (
        Index("ix_tables_created", "created_at", "id"),
        Index("ix_tables_status_created", "status", "created_at", "id"),
        Index("ix_tables_game_created", "game", "created_at", "id"),
        Index("ix_tables_status_updated", "status", "updated_at"),
        Index("ix_tables_finished_at", "finished_at"),
    )


class MoveRow(Base):
    __tablename__ = "moves"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[Any] = mapped_column(JSON)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    # Migration 0008: the turn timer's stand-in played it (the ladder's stand-in rule).
    stand_in: Mapped[bool] = mapped_column(Boolean, server_default=false())
    # Migration 0011: the table played it for the person (their draw, their automatic pass):
    # neither the person's own move nor the stand-in's, for the ladder (issue 31 item 4).
    played_for: Mapped[bool] = mapped_column(Boolean, server_default=false())


class ChatRow(Base):
    """One chat message of a table (migration 0004), deleted with its table."""

    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"))
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))

    __table_args__ = (Index("ix_chat_table", "table_id", "id"),)


@dataclass(frozen=True)
class ChatLine:
    """A stored chat message: its number (ascending per server), seat, name, text, time."""

    id: int
    seat: int
    name: str
    text: str
    at: dt.datetime


@dataclass(frozen=True)
class NewTable:
    """What a new table row holds. ``seating`` entries are ``{"kind": "bot", "spec": …}`` or
    ``{"kind": "human", "name": …, "token_sha256": …}`` (never the token itself).
    ``seed_chosen``: the creator chose the seed (servers started with
    ``--allow-chosen-seeds``), so the deal may be known to them."""

    id: str
    game: str
    num_players: int
    options: dict[str, Any]
    seed: int
    seating: list[dict[str, Any]]
    turn_seconds: float | None
    seed_chosen: bool = False
    table_options: dict[str, Any] = field(default_factory=dict)
    """The table's options for the bots' manners (``GameSpec.manners``, issue 16), beside
    the game's ``options`` (which go to the rules; these never do)."""
    chat: bool = True
    """Whether the table has a chat (its creator may switch it off, issue 17)."""
    rated: bool = False
    """The table counts for the ladder (issue 30 item 3, :mod:`seedbed.server.ladder_rules`)."""
    pace: str = "real-time"
    """"real-time" (the turn timer, ``turn_seconds``) or "turn-based" (issue 31 item 1)."""
    move_deadline_seconds: int | None = None
    """A turn-based table's deadline per move (:mod:`seedbed.server.pace`)."""


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


@dataclass(frozen=True)
class TableInfo:
    """A table without its moves: what a summary needs once the table has left memory.
    Times are aware UTC; ``moves`` is how many were played."""

    table: NewTable
    status: str
    created_at: dt.datetime
    updated_at: dt.datetime
    finished_at: dt.datetime | None
    outcome: dict[str, Any] | None
    abort_reason: str | None
    moves: int
    options_whole: bool = True
    """False when read without its options (``with_options=False``): ``table.options`` is
    then empty and :meth:`Store.options_of` reads them (issue 37, item 6)."""


@dataclass(frozen=True)
class TablePage:
    """One page of summaries, newest first, and how many tables match in all."""

    items: list[TableInfo]
    total: int


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def as_utc(moment: dt.datetime) -> dt.datetime:
    """An aware UTC time. SQLite hands timestamps back naive (they are written in UTC), and
    SQLite compares them as text, so every time is converted before it is bound."""
    if moment.tzinfo is None:
        return moment.replace(tzinfo=dt.UTC)
    return moment.astimezone(dt.UTC)


def cutoff(age: dt.timedelta, at: dt.datetime | None, name: str) -> dt.datetime:
    """``at`` (default: now) less ``age``; ValueError naming ``name`` for a negative age."""
    if age < dt.timedelta(0):
        raise ValueError(f"{name} must be >= 0, not {age}")
    return as_utc(now() if at is None else at) - age


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


ADMIN_DATABASES = ("postgres", "template1")
"""Where :func:`ensure_database` connects to create a missing PostgreSQL database."""


def ensure_database(url: str) -> str | None:
    """Make sure a PostgreSQL ``url``'s database exists before the server starts: create it
    when it is missing and the role may (a note saying so is returned), else a ValueError with
    one line naming what is missing and the command that creates it. Other URLs, and a
    database that exists, return None; a server that cannot be reached is a one-line
    ValueError too."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "postgresql" or not parsed.database:
        return None
    shown = parsed.render_as_string(hide_password=True)
    name = parsed.database
    engine = make_engine(url)
    try:
        with engine.connect():
            return None
    except OperationalError as exc:
        reason = _first_line(exc)
        if f'database "{name}" does not exist' not in str(exc):
            raise ValueError(f"cannot open the database {shown}: {reason}") from None
    finally:
        engine.dispose()
    refusal = ""
    for admin_db in ADMIN_DATABASES:
        admin = create_engine(parsed.set(database=admin_db), isolation_level="AUTOCOMMIT")
        try:
            with admin.connect() as conn:
                quoted = name.replace('"', '""')
                conn.execute(text(f'CREATE DATABASE "{quoted}"'))
            return f"created the PostgreSQL database {name!r} (it did not exist)"
        except DBAPIError as exc:
            refusal = refusal or _first_line(exc)
        finally:
            admin.dispose()
    role = parsed.username or "postgres"
    raise ValueError(
        f"the PostgreSQL database {name!r} of {shown} does not exist and role {role!r} could not "
        f"create it ({refusal}); create it with: "
        f"sudo -u postgres createdb --owner {shlex.quote(role)} {shlex.quote(name)}"
    )


def _first_line(exc: Exception) -> str:
    """The first line of a database error, without SQLAlchemy's class prefix."""
    cause = getattr(exc, "orig", None) or exc
    lines = str(cause).strip().splitlines()
    return lines[0] if lines else type(cause).__name__


MIGRATING = {"k": 0x5EEDBED_0012}
"""The advisory lock the migrations of a PostgreSQL database run under (several processes of a
cluster start at once, issue 32)."""


def migrate(engine: Engine, revision: str = "head") -> None:
    """Apply the Alembic migrations up to ``revision`` (the script folder ships in the
    package; tests stop at an older revision to check an upgrade)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    sqlite = engine.dialect.name == "sqlite"
    with engine.connect() as connection:
        if sqlite:  # SQLite alters a column by copying its table (migration 0005)
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            connection.commit()
        try:
            with connection.begin():
                if engine.dialect.name == "postgresql":  # processes starting at once: in turn
                    connection.execute(text("SELECT pg_advisory_xact_lock(:k)"), MIGRATING)
                config.attributes["connection"] = connection
                command.upgrade(config, revision)
                if sqlite and connection.exec_driver_sql("PRAGMA foreign_key_check").first():
                    raise RuntimeError("a migration left rows that refer to no table")
        finally:
            if sqlite:
                connection.exec_driver_sql("PRAGMA foreign_keys=ON")
                connection.commit()


def check_reason(reason: str) -> None:
    """ValueError if an abort reason is longer than MAX_REASON_CHARS."""
    if len(reason) > MAX_REASON_CHARS:
        raise ValueError(f"abort reason has {len(reason)} characters, over {MAX_REASON_CHARS}")


def check_page(status: str | None, limit: int, offset: int) -> None:
    """ValueError naming the bound a page request is outside of."""
    if status is not None and status not in STATUSES:
        raise ValueError(f"status must be one of {', '.join(STATUSES)}, not {status!r}")
    if not 1 <= limit <= MAX_PAGE:
        raise ValueError(f"limit must be 1-{MAX_PAGE}, not {limit}")
    if offset < 0:
        raise ValueError(f"offset must be >= 0, not {offset}")


def move_count() -> ScalarSelect[int]:
    """The number of a table's moves, as a column of a query over ``tables``."""
    return select(func.count()).where(MoveRow.table_id == TableRow.id).scalar_subquery()


def summaries(with_options: bool = True) -> Select[Any]:
    """Every column of ``tables`` and the move count: what :func:`table_info` reads; the
    options read as NULL unless ``with_options`` (a list of tables reads no card sets of
    megabytes: the server keeps what it shows of each table's options)."""
    columns: list[Any] = list(TableRow.__table__.columns)
    if not with_options:
        columns = [null().label("options") if c.name == "options" else c for c in columns]
    return select(*columns, move_count().label("moves"))


def new_table_of(row: Row[Any]) -> NewTable:
    return NewTable(
        row.id, row.game, row.num_players, dict(row.options or {}), int(row.seed),
        list(row.seating), row.turn_seconds, bool(row.seed_chosen),
        dict(row.table_options or {}), bool(row.chat), bool(row.rated),
        str(row.pace or "real-time"), row.move_deadline_seconds,
    )  # fmt: skip


def table_info(row: Row[Any]) -> TableInfo:
    created = as_utc(row.created_at)
    return TableInfo(
        table=new_table_of(row),
        status=row.status,
        created_at=created,
        updated_at=created if row.updated_at is None else as_utc(row.updated_at),
        finished_at=None if row.finished_at is None else as_utc(row.finished_at),
        outcome=row.outcome,
        abort_reason=row.abort_reason,
        moves=int(row.moves),
        options_whole=row.options is not None,
    )


def page_filters(status: str | None, game: str | None) -> list[ColumnElement[bool]]:
    filters = []
    if status is not None:
        filters.append(TableRow.status == status)
    if game is not None:
        filters.append(TableRow.game == game)
    return filters


def is_running(table_id: str) -> ColumnElement[bool]:
    return (TableRow.id == table_id) & (TableRow.status == "running")


def ended_before(moment: dt.datetime) -> ColumnElement[bool]:
    """Finished or aborted before ``moment``; a running table never matches."""
    return TableRow.status.in_(ENDED) & (TableRow.finished_at < moment)


def prune_batch(conn: Connection, ended: ColumnElement[bool]) -> int:
    """Delete up to PRUNE_BATCH ended tables (oldest end first) and their moves."""
    ids = list(
        conn.scalars(
            select(TableRow.id).where(ended).order_by(TableRow.finished_at).limit(PRUNE_BATCH)
        )
    )
    if ids:
        conn.execute(delete(ChatRow).where(ChatRow.table_id.in_(ids)))
        conn.execute(delete(MoveRow).where(MoveRow.table_id.in_(ids)))
        conn.execute(delete(TableRow).where(TableRow.id.in_(ids)))
    return len(ids)


class Store:
    """Reads and writes tables and moves. Each method is one short transaction."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)

    def create_table(self, table: NewTable) -> None:
        moment = now()
        row = {**table.__dict__, "seed": str(table.seed), "status": "running"}
        row |= {"created_at": moment, "updated_at": moment}
        with self.engine.begin() as conn:
            conn.execute(insert(TableRow), [row])

    def append_move(
        self,
        table_id: str,
        idx: int,
        seat: int,
        action: dict[str, Any],
        stand_in: bool = False,
        played_for: bool = False,
    ) -> None:
        """Commit one move and the table's time of last change; the (table, idx) key refuses
        a second move at the same index. ``stand_in``: the turn timer's stand-in played it
        for an absent person (the ladder counts those, issue 30 item 3); ``played_for``: the
        table played it for the person, without a click (issue 31 item 4)."""
        moment = now()
        row = {
            "table_id": table_id,
            "idx": idx,
            "seat": seat,
            "action": action,
            "created_at": moment,
            "stand_in": stand_in,
            "played_for": played_for,
        }
        with self.engine.begin() as conn:
            conn.execute(insert(MoveRow), [row])
            conn.execute(update(TableRow).where(TableRow.id == table_id).values(updated_at=moment))

    def drop_move(self, table_id: str, idx: int) -> bool:
        """Delete move ``idx`` of a running table, its last (a person's undo, issue 38 item
        11), so that a restart or a replay never shows it; whether it was there."""
        moment = now()
        last = select(func.max(MoveRow.idx)).where(MoveRow.table_id == table_id)
        gone = (
            delete(MoveRow)
            .where(MoveRow.table_id == table_id, MoveRow.idx == idx)
            .where(MoveRow.idx == last.scalar_subquery())
            .where(exists().where(is_running(table_id)))
        )
        with self.engine.begin() as conn:
            dropped = conn.execute(gone).rowcount == 1
            if dropped:
                conn.execute(
                    update(TableRow).where(TableRow.id == table_id).values(updated_at=moment)
                )
            return dropped

    def finish(self, table_id: str, outcome: dict[str, Any]) -> bool:
        """Record the outcome of a running table; whether it changed. Only ``running`` moves
        to ``finished``: a second finish, or one after an abort, leaves the row as it is."""
        moment = now()
        values = {"status": "finished", "outcome": outcome, "finished_at": moment}
        with self.engine.begin() as conn:
            changed = update(TableRow).where(is_running(table_id))
            return conn.execute(changed.values(**values, updated_at=moment)).rowcount == 1

    def abort(self, table_id: str, reason: str) -> bool:
        """End a running table without an outcome (abandoned, or stopped by the operator);
        whether it changed. ValueError for a reason over MAX_REASON_CHARS."""
        check_reason(reason)
        moment = now()
        values = {"status": "aborted", "abort_reason": reason, "finished_at": moment}
        with self.engine.begin() as conn:
            changed = update(TableRow).where(is_running(table_id))
            return conn.execute(changed.values(**values, updated_at=moment)).rowcount == 1

    def delete(self, table_id: str) -> bool:
        """Remove a table of any status, its moves and its chat; whether there was one."""
        with self.engine.begin() as conn:
            conn.execute(delete(ChatRow).where(ChatRow.table_id == table_id))
            conn.execute(delete(MoveRow).where(MoveRow.table_id == table_id))
            return conn.execute(delete(TableRow).where(TableRow.id == table_id)).rowcount == 1

    def count_prunable(self, older_than: dt.timedelta, now: dt.datetime | None = None) -> int:
        """How many tables :meth:`prune` would delete now."""
        ended = ended_before(cutoff(older_than, now, "older_than"))
        with self.engine.connect() as conn:
            return conn.execute(select(func.count()).where(ended)).scalar_one()

    def prune(self, older_than: dt.timedelta, now: dt.datetime | None = None) -> int:
        """Delete the finished and aborted tables that ended more than ``older_than`` before
        ``now`` (default: the current time), with their moves, in transactions of
        PRUNE_BATCH tables; how many. Running tables are never pruned."""
        ended = ended_before(cutoff(older_than, now, "older_than"))
        pruned = 0
        while True:
            with self.engine.begin() as conn:
                batch = prune_batch(conn, ended)
            pruned += batch
            if batch < PRUNE_BATCH:
                return pruned

    def idle_running(self, idle_for: dt.timedelta, now: dt.datetime | None = None) -> list[str]:
        """Running tables whose last change is more than ``idle_for`` before ``now``, longest
        idle first: the abandoned tables a server aborts. A turn-based table (issue 31) gets 7
        days more, its longest deadline per move: a passed deadline moves it (the stand-in)."""
        before = cutoff(idle_for, now, "idle_for")
        turn_based = TableRow.pace == "turn-based"
        late = (~turn_based & (TableRow.updated_at < before)) | (
            turn_based & (TableRow.updated_at < before - dt.timedelta(days=7))
        )
        idle = (TableRow.status == "running") & late
        query = select(TableRow.id).where(idle).order_by(TableRow.updated_at, TableRow.id)
        with self.engine.connect() as conn:
            return list(conn.scalars(query))

    def info(self, table_id: str, with_options: bool = True) -> TableInfo | None:
        """The table's summary without its moves, or None if there is no such table
        (``with_options``: see :func:`summaries`)."""
        query = summaries(with_options).where(TableRow.id == table_id)
        with self.engine.connect() as conn:
            row = conn.execute(query).one_or_none()
        return None if row is None else table_info(row)

    def options_of(self, table_ids: list[str]) -> dict[str, dict[str, Any]]:
        """The whole options of these tables, by id (the ids of no table left out)."""
        query = select(TableRow.id, TableRow.options).where(TableRow.id.in_(table_ids))
        with self.engine.connect() as conn:
            return {row.id: dict(row.options) for row in conn.execute(query)}

    def list_tables(
        self,
        status: str | None = None,
        game: str | None = None,
        limit: int = 50,
        offset: int = 0,
        with_options: bool = True,
    ) -> TablePage:
        """A page of summaries, newest first (then by id), with the number of all tables of
        this status and game (None: any). ValueError naming the bound for a bad request.
        ``with_options``: see :func:`summaries`."""
        check_page(status, limit, offset)
        filters = page_filters(status, game)
        newest = (TableRow.created_at.desc(), TableRow.id.desc())
        page = summaries(with_options).where(*filters).order_by(*newest)
        page = page.limit(limit).offset(offset)
        total = select(func.count()).select_from(TableRow).where(*filters)
        with self.engine.connect() as conn:
            items = [table_info(row) for row in conn.execute(page)]
            return TablePage(items, conn.execute(total).scalar_one())

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
        return StoredTable(
            table=new_table_of(row),
            status=row.status,
            created_at=row.created_at,
            outcome=row.outcome,
            moves=[StoredMove(m.idx, m.seat, dict(m.action)) for m in moves],
        )

    def add_chat(self, table_id: str, seat: int, name: str, said: str) -> ChatLine:
        """Store one chat message of a table; the stored line (with its number and time)."""
        moment = now()
        row = {"table_id": table_id, "seat": seat, "name": name, "text": said}
        with self.engine.begin() as conn:
            found = conn.execute(insert(ChatRow).values(**row, created_at=moment))
            (number,) = found.inserted_primary_key or (0,)
        return ChatLine(int(number), seat, name, said, moment)

    def chat(self, table_id: str, limit: int = 100) -> list[ChatLine]:
        """The table's last ``limit`` chat messages, oldest first."""
        query = (
            select(ChatRow.id, ChatRow.seat, ChatRow.name, ChatRow.text, ChatRow.created_at)
            .where(ChatRow.table_id == table_id)
            .order_by(ChatRow.id.desc())
            .limit(limit)
        )
        with self.engine.connect() as conn:
            rows = list(conn.execute(query).all())
        rows.reverse()
        return [ChatLine(r.id, r.seat, r.name, r.text, as_utc(r.created_at)) for r in rows]

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

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(store, *args)`` in a worker thread: storage of other modules (issue 30's
        :mod:`seedbed.server.seat_store`) written like the store's own methods."""
        return await self._run(fn, self.store, *args)

    async def append_move(
        self,
        table_id: str,
        idx: int,
        seat: int,
        action: dict[str, Any],
        stand_in: bool = False,
        played_for: bool = False,
    ) -> None:
        await self._run(self.store.append_move, table_id, idx, seat, action, stand_in, played_for)

    async def drop_move(self, table_id: str, idx: int) -> bool:
        return await self._run(self.store.drop_move, table_id, idx)

    async def finish(self, table_id: str, outcome: dict[str, Any]) -> bool:
        return await self._run(self.store.finish, table_id, outcome)

    async def abort(self, table_id: str, reason: str) -> bool:
        return await self._run(self.store.abort, table_id, reason)

    async def delete(self, table_id: str) -> bool:
        return await self._run(self.store.delete, table_id)

    async def count_prunable(self, older_than: dt.timedelta, now: dt.datetime | None = None) -> int:
        return await self._run(self.store.count_prunable, older_than, now)

    async def prune(self, older_than: dt.timedelta, now: dt.datetime | None = None) -> int:
        return await self._run(self.store.prune, older_than, now)

    async def idle_running(
        self, idle_for: dt.timedelta, now: dt.datetime | None = None
    ) -> list[str]:
        return await self._run(self.store.idle_running, idle_for, now)

    async def running_ids(self) -> list[str]:
        return await self._run(self.store.running_ids)

    async def info(self, table_id: str, with_options: bool = True) -> TableInfo | None:
        return await self._run(self.store.info, table_id, with_options)

    async def options_of(self, table_ids: list[str]) -> dict[str, dict[str, Any]]:
        return await self._run(self.store.options_of, table_ids)

    async def list_tables(
        self,
        status: str | None = None,
        game: str | None = None,
        limit: int = 50,
        offset: int = 0,
        with_options: bool = True,
    ) -> TablePage:
        return await self._run(self.store.list_tables, status, game, limit, offset, with_options)

    async def load(self, table_id: str) -> StoredTable | None:
        return await self._run(self.store.load, table_id)

    async def add_chat(self, table_id: str, seat: int, name: str, said: str) -> ChatLine:
        return await self._run(self.store.add_chat, table_id, seat, name, said)

    async def chat(self, table_id: str, limit: int = 100) -> list[ChatLine]:
        return await self._run(self.store.chat, table_id, limit)

    def close(self) -> None:
        self._threads.shutdown(wait=True)
        self.store.close()
