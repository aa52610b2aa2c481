"""The ladder's storage (issue 30 item 3; migration 0008): each player's rating per game, its
history, and which finished rated tables were applied.

Exactly once: a table's ratings update, its history rows and its ``ladder_results`` row (the
mark that it was applied; its primary key is the table id) are written in ONE transaction, so
a crash leaves either all of them or none. :class:`Ladder` applies a table when its end is
stored, and at start applies every finished rated table that has no mark (a crash between
storing the result and updating the ratings: the ``fault`` point
:data:`FAULT_BEFORE_RATINGS` of the crash test).

>>> from seedbed.server.storage import Store, migrate
>>> store = Store("sqlite://")
>>> migrate(store.engine)
>>> LadderStore(store.engine).pending(), LadderStore(store.engine).ladder("bohnanza")
([], [])
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import os
import signal
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Boolean,
    DateTime,
    Engine,
    Float,
    Index,
    Integer,
    Row,
    String,
    Text,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from seedbed.server.account_store import AccountRow
from seedbed.server.ladder_rules import (
    Rating,
    initial,
    player_of,
    preset_names,
    ranking,
    rate,
)
from seedbed.server.storage import AsyncStore, Base, MoveRow, TableRow, as_utc, now

log = logging.getLogger("seedbed.server.ladder")

FAULT_BEFORE_RATINGS = "after-result-stored"
"""The crash test's moment (``ServerSettings.fault``): a rated table's result is stored and
its ratings update is not applied yet."""
MAX_NAME_CHARS = 64


class RatingRow(Base):
    """One player's rating in one game (migration 0008)."""

    __tablename__ = "ladder_ratings"

    player: Mapped[str] = mapped_column(String(80), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))

    __table_args__ = (Index("ix_ladder_ratings_name", "name"),)


class HistoryRow(Base):
    """A player's rating after one rated table, and its rank there (migration 0008)."""

    __tablename__ = "ladder_history"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    player: Mapped[str] = mapped_column(String(80))
    game: Mapped[str] = mapped_column(String(64))
    table_id: Mapped[str] = mapped_column(String(32))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    ordinal: Mapped[float] = mapped_column(Float)
    rank: Mapped[int] = mapped_column(Integer)
    players: Mapped[int] = mapped_column(Integer)
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))

    __table_args__ = (Index("ix_ladder_history_player", "player", "game", "id"),)


class ResultRow(Base):
    """A finished rated table whose update was applied, or found not to count (migration
    0008): written in the update's transaction, it makes the update happen once."""

    __tablename__ = "ladder_results"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    counted: Mapped[bool] = mapped_column(Boolean)
    reason: Mapped[str | None] = mapped_column(Text, nullable=True)
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


def account_name(conn: Connection, account_id: int) -> str | None:
    """The name of account ``account_id`` (issue 30 item 1), read on the update's
    connection; None (use the seat's name) for an id with no account row."""
    found = conn.execute(select(AccountRow.name).where(AccountRow.id == account_id)).scalar()
    return None if found is None else str(found)


def rename_player(conn: Connection, player: str, name: str) -> None:
    """Show ``player`` under ``name`` on every ladder (a deleted account: "deleted player"),
    in the caller's transaction."""
    conn.execute(update(RatingRow).where(RatingRow.player == player).values(name=name))


@dataclass(frozen=True)
class Standing:
    """A player's rating in one game, with the name shown."""

    player: str
    game: str
    name: str
    rating: Rating


@dataclass(frozen=True)
class Point:
    """A player's rating after one rated table, and how it placed there."""

    game: str
    table_id: str
    rating: Rating
    rank: int
    players: int
    at: dt.datetime


class LadderStore:
    """Reads and writes the ladder's tables; each method is one short transaction."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # ---------------------------------------------------------------- the update

    def pending(self) -> list[str]:
        """Finished rated tables without a mark: their update is still to be applied."""
        marked = select(ResultRow.table_id).where(ResultRow.table_id == TableRow.id).exists()
        query = select(TableRow.id).where(TableRow.rated, TableRow.status == "finished", ~marked)
        with self.engine.connect() as conn:
            return list(conn.scalars(query.order_by(TableRow.finished_at, TableRow.id)))

    def apply(self, table_id: str) -> bool:
        """Apply the finished rated table's ratings update with its mark, in one transaction;
        whether this call applied it (False: not a finished rated table, or already marked).
        A table that does not count (the stand-in rule, fewer than two rated players) is
        marked with the reason and changes no rating."""
        try:
            with self.engine.begin() as conn:
                return self._apply(conn, table_id)
        except IntegrityError:  # another writer marked it first: applied once, by it
            return False

    def _apply(self, conn: Connection, table_id: str) -> bool:
        marked = select(ResultRow.table_id).where(ResultRow.table_id == table_id)
        if conn.execute(marked).first() is not None:
            return False
        row = conn.execute(select(TableRow).where(TableRow.id == table_id)).one_or_none()
        if row is None or not row.rated or row.status != "finished" or not row.outcome:
            return False
        moves = conn.execute(  # moves the table played for a person count for nobody (D-65)
            select(MoveRow.seat, MoveRow.stand_in)
            .where(MoveRow.table_id == table_id, MoveRow.played_for.is_(False))
            .order_by(MoveRow.idx)
        ).all()
        seating: list[dict[str, Any]] = list(row.seating)
        people = [s for s, e in enumerate(seating) if e.get("kind") != "bot"]
        ranked = ranking(row.outcome["ranks"], [(m.seat, bool(m.stand_in)) for m in moves], people)
        seats = [
            (p, ranked.ranks[s])
            for s, e in enumerate(seating)
            if (p := player_of(e, row.game)) is not None
        ]
        reason = ranked.unrated
        if reason is None and len({p for p, _ in seats}) < 2:
            reason = "fewer than two rated players (guests have no rating)"
        moment = now()
        mark = {"table_id": table_id, "game": row.game, "counted": reason is None}
        conn.execute(insert(ResultRow).values(**mark, reason=reason, at=moment))
        if reason is not None:
            log.info("table %s: not rated: %s", table_id, reason)
            return True
        names = {p: self._name(conn, seating[s], p, row.game) for s, e in enumerate(seating)
                 if (p := player_of(e, row.game)) is not None}  # fmt: skip
        known = self._ratings(conn, row.game, list(names))
        before = {p: known.get(p, initial()) for p in names}
        after = rate(before, seats)
        best = {p: min(r for q, r in seats if q == p) for p in after}
        for player, rating in after.items():
            self._store(conn, row.game, player, names[player], rating, player in known)
            conn.execute(
                insert(HistoryRow).values(
                    player=player, game=row.game, table_id=table_id, mu=rating.mu,
                    sigma=rating.sigma, ordinal=rating.ordinal, rank=best[player],
                    players=len(seating), at=moment,
                )
            )  # fmt: skip
        return True

    def _name(self, conn: Connection, entry: dict[str, Any], player: str, game: str) -> str:
        """The name a player is shown under: a bot preset's one name, an account's name."""
        if player.startswith("bot:"):
            return preset_names(game)[player.removeprefix("bot:")]
        found = account_name(conn, int(entry["account"]))
        return (found or str(entry.get("name", "")) or player)[:MAX_NAME_CHARS]

    def _ratings(self, conn: Connection, game: str, players: list[str]) -> dict[str, Rating]:
        """The current ratings in ``game`` of the players that have one. Rows are locked
        (PostgreSQL) until the update commits."""
        query = (
            select(RatingRow)
            .where(RatingRow.game == game, RatingRow.player.in_(players))
            .with_for_update()
        )
        return {r.player: Rating(r.mu, r.sigma, r.games) for r in conn.execute(query)}

    def _store(
        self, conn: Connection, game: str, player: str, name: str, rating: Rating, known: bool
    ) -> None:
        values = {"name": name, "mu": rating.mu, "sigma": rating.sigma, "games": rating.games}
        values["updated_at"] = now()
        if known:
            where = (RatingRow.player == player) & (RatingRow.game == game)
            conn.execute(update(RatingRow).where(where).values(**values))
        else:
            conn.execute(insert(RatingRow).values(player=player, game=game, **values))

    # ---------------------------------------------------------------- reading

    def ladder(self, game: str, limit: int = 100, offset: int = 0) -> list[Standing]:
        """The game's rated players, best shown rating first (then most games, then name)."""
        ordinal = RatingRow.mu - 3 * RatingRow.sigma
        query = (
            select(RatingRow)
            .where(RatingRow.game == game)
            .order_by(ordinal.desc(), RatingRow.games.desc(), RatingRow.player)
            .limit(limit)
            .offset(offset)
        )
        with self.engine.connect() as conn:
            return [_standing(r) for r in conn.execute(query)]

    def count(self, game: str) -> int:
        query = select(func.count()).select_from(RatingRow).where(RatingRow.game == game)
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar_one())

    def bots(self) -> list[Standing]:
        """Every bot preset's rating, in every game."""
        query = select(RatingRow).where(RatingRow.player.like("bot:%"))
        with self.engine.connect() as conn:
            return [_standing(r) for r in conn.execute(query)]

    def standings(self, player: str) -> list[Standing]:
        """A player's rating in each game it was rated in, by game."""
        query = select(RatingRow).where(RatingRow.player == player).order_by(RatingRow.game)
        with self.engine.connect() as conn:
            return [_standing(r) for r in conn.execute(query)]

    def find(self, name: str) -> str | None:
        """The person player shown under ``name`` (case-insensitive), or None; the most
        recently rated one if two guests' seat names matched (accounts' names are unique)."""
        query = (
            select(RatingRow.player)
            .where(func.lower(RatingRow.name) == name.lower())
            .where(RatingRow.player.like("account:%"))
            .order_by(RatingRow.updated_at.desc())
            .limit(1)
        )
        with self.engine.connect() as conn:
            return conn.scalars(query).first()

    def history(self, player: str, game: str | None = None, limit: int = 500) -> list[Point]:
        """The player's ratings after each rated table (of ``game``, or all), newest first."""
        query = select(HistoryRow).where(HistoryRow.player == player)
        if game is not None:
            query = query.where(HistoryRow.game == game)
        query = query.order_by(HistoryRow.id.desc()).limit(limit)
        with self.engine.connect() as conn:
            return [
                Point(h.game, h.table_id, Rating(h.mu, h.sigma, 0), h.rank, h.players, as_utc(h.at))
                for h in conn.execute(query)
            ]

    def result(self, table_id: str) -> tuple[bool, str | None] | None:
        """Whether a finished rated table counted, and why not; None before its update."""
        query = select(ResultRow.counted, ResultRow.reason).where(ResultRow.table_id == table_id)
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return None if row is None else (bool(row.counted), row.reason)


def _standing(row: Row[Any]) -> Standing:
    return Standing(row.player, row.game, row.name, Rating(row.mu, row.sigma, row.games))


class Ladder:
    """The ladder for the event loop: applies a rated table's update when its end is stored
    (a task, one update at a time) and at start every update a crash left unapplied."""

    def __init__(self, tables: AsyncStore, fault: str | None = None) -> None:
        self._tables = tables
        self._store: LadderStore | None = None
        self.fault = fault
        self._lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def store(self) -> LadderStore:
        """The ladder's tables, in the tables' database (opened on first use)."""
        if self._store is None:
            self._store = LadderStore(self._tables.store.engine)
        return self._store

    def table_finished(self, table_id: str, rated: bool) -> None:
        """A table's end is stored: apply its update soon (rated tables only)."""
        if not rated:
            return
        task = asyncio.get_running_loop().create_task(self._apply(table_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _apply(self, table_id: str) -> None:
        if self.fault == FAULT_BEFORE_RATINGS:
            os.kill(os.getpid(), signal.SIGKILL)  # the crash test's moment: stored, unrated
        try:
            await self.apply(table_id)
        except Exception:  # the next start applies it (its mark is missing)
            log.exception("table %s: the ratings update failed", table_id)

    async def apply(self, table_id: str) -> bool:
        async with self._lock:  # one update at a time: each reads the ratings the last wrote
            return await asyncio.to_thread(self.store.apply, table_id)

    async def catch_up(self) -> int:
        """Apply the updates a crash left out; how many were applied."""
        applied = 0
        for table_id in await asyncio.to_thread(self.store.pending):
            try:
                applied += await self.apply(table_id)
            except Exception:  # the server starts anyway; the next start tries again
                log.exception("table %s: the ratings update failed", table_id)
        if applied:
            log.info("ladder: applied %d ratings updates left by a stop", applied)
        return applied

    async def settle(self) -> None:
        """Wait for the updates under way (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)
