"""Storage of accounts (issue 30 item 1; migration 0006): accounts, their sessions (the
SHA-256 digest of each session id, never the id, so a copy of the database signs nobody in)
and the seats each account remembers (the seat's token: an account just remembers its
tokens; the token stays the seat's key).

Like :class:`~seedbed.server.storage.Store`, every method is one short synchronous
transaction; the server calls them from a worker thread, the operator command directly.

>>> from seedbed.server.storage import Store, migrate
>>> store = Store("sqlite://"); migrate(store.engine)
>>> accounts = AccountStore(store.engine)
>>> ann = accounts.create("Ann", "ann", "hash")
>>> accounts.create("ANN", "ann", "hash") is None, accounts.by_key("ann").name
(True, 'Ann')
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Boolean,
    DateTime,
    Engine,
    ForeignKey,
    Index,
    Integer,
    String,
    delete,
    false,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from seedbed.server.storage import Base, ChatRow, TableRow, as_utc, now

DELETED_NAME = "deleted player"
"""What a deleted account's seats, chat lines and account row are called from then on."""
SEEN_EVERY = dt.timedelta(minutes=5)
"""A session's ``last_seen`` is written at most this often (not on every request)."""


class AccountRow(Base):
    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(64))
    # None once deleted: the name is free again (docs/decisions.md).
    name_key: Mapped[str | None] = mapped_column(String(255), nullable=True, unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    disabled: Mapped[bool] = mapped_column(Boolean, server_default=false())
    deleted: Mapped[bool] = mapped_column(Boolean, server_default=false())


class SessionRow(Base):
    __tablename__ = "sessions"

    id_sha256: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    last_seen: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))

    __table_args__ = (Index("ix_sessions_account", "account_id"),)


class AccountSeatRow(Base):
    __tablename__ = "account_seats"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    # No foreign key: pruning a table must not depend on accounts; a seat whose table is
    # gone is skipped when read.
    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    token: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))

    __table_args__ = (Index("ix_account_seats_account", "account_id", "created_at"),)


@dataclass(frozen=True)
class Account:
    """A signed-in person as the other parts see them: the account's id and name."""

    id: int
    name: str


@dataclass(frozen=True)
class AccountInfo:
    """An account as the operator and the sign-in see it (the hash is for sign-in only)."""

    id: int
    name: str
    password_hash: str
    created_at: dt.datetime
    disabled: bool
    deleted: bool
    sessions: int = 0
    seats: int = 0

    @property
    def usable(self) -> bool:
        return not (self.disabled or self.deleted)


@dataclass(frozen=True)
class RememberedSeat:
    table_id: str
    seat: int
    token: str
    created_at: dt.datetime


def _info(row: Any, sessions: int = 0, seats: int = 0) -> AccountInfo:
    return AccountInfo(
        row.id, row.name, row.password_hash, as_utc(row.created_at),
        bool(row.disabled), bool(row.deleted), sessions, seats,
    )  # fmt: skip


class AccountStore:
    """Reads and writes accounts, sessions and remembered seats on ``engine``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # ------------------------------------------------------------ accounts

    def create(self, name: str, name_key: str, password_hash: str) -> int | None:
        """A new account's id; None when the name's key is taken (the unique index says so,
        so two sign-ups racing for one name cannot both win)."""
        row = {"name": name, "name_key": name_key, "password_hash": password_hash}
        try:
            with self.engine.begin() as conn:
                done = conn.execute(insert(AccountRow).values(**row, created_at=now()))
                (number,) = done.inserted_primary_key or (0,)
                return int(number)
        except IntegrityError:
            return None

    def by_key(self, name_key: str) -> AccountInfo | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                select(AccountRow).where(AccountRow.name_key == name_key)
            ).one_or_none()
        return None if row is None else _info(row)

    def by_id(self, account_id: int) -> AccountInfo | None:
        """The account with its counts of live sessions and remembered seats."""
        sessions = select(func.count()).where(SessionRow.account_id == AccountRow.id)
        seats = select(func.count()).where(AccountSeatRow.account_id == AccountRow.id)
        query = select(
            AccountRow,
            sessions.scalar_subquery().label("n_sessions"),
            seats.scalar_subquery().label("n_seats"),
        ).where(AccountRow.id == account_id)
        with self.engine.connect() as conn:
            row = conn.execute(query).one_or_none()
        return None if row is None else _info(row, int(row.n_sessions), int(row.n_seats))

    def page(self, limit: int = 100, offset: int = 0) -> list[AccountInfo]:
        """Accounts, oldest first."""
        query = select(AccountRow).order_by(AccountRow.id).limit(limit).offset(offset)
        with self.engine.connect() as conn:
            return [_info(row) for row in conn.execute(query)]

    def disable(self, account_id: int) -> bool:
        """Disable the account and end its sessions; whether it was usable before."""
        with self.engine.begin() as conn:
            changed = conn.execute(
                update(AccountRow)
                .where(AccountRow.id == account_id, AccountRow.disabled == false())
                .values(disabled=True)
            ).rowcount
            conn.execute(delete(SessionRow).where(SessionRow.account_id == account_id))
            return changed == 1

    def delete(self, account_id: int) -> list[str]:
        """Delete the account, keeping the games: its sessions and remembered tokens are
        gone, its name becomes free (the key is cleared) and reads "deleted player" on the
        account, on its seats in stored tables and on their chat lines; the ids of those
        tables (empty when there was no such usable account)."""
        from seedbed.server.ladder_store import rename_player  # it imports this module

        with self.engine.begin() as conn:
            gone = conn.execute(
                update(AccountRow)
                .where(AccountRow.id == account_id, AccountRow.deleted == false())
                .values(
                    deleted=True, disabled=True, name=DELETED_NAME, name_key=None,
                    password_hash="",
                )
            ).rowcount  # fmt: skip
            if gone != 1:
                return []
            seats = select(AccountSeatRow.table_id).where(AccountSeatRow.account_id == account_id)
            table_ids = sorted(set(conn.scalars(seats)))
            for table_id in table_ids:
                _rename_seats(conn, table_id, account_id)
            conn.execute(delete(SessionRow).where(SessionRow.account_id == account_id))
            rename_player(conn, f"account:{account_id}", DELETED_NAME)
            conn.execute(delete(AccountSeatRow).where(AccountSeatRow.account_id == account_id))
            return table_ids

    # ------------------------------------------------------------ sessions

    def start_session(self, account_id: int, id_sha256: str, lifetime: dt.timedelta) -> None:
        """Store a new session (its id's digest); the expired sessions of every account are
        deleted on the way, so the table holds live sessions only."""
        moment = now()
        row = {"id_sha256": id_sha256, "account_id": account_id}
        with self.engine.begin() as conn:
            conn.execute(delete(SessionRow).where(SessionRow.expires_at <= moment))
            conn.execute(
                insert(SessionRow).values(
                    **row, created_at=moment, last_seen=moment, expires_at=moment + lifetime
                )
            )

    def session_account(self, id_sha256: str) -> Account | None:
        """The usable account of a live session (its ``last_seen`` noted now and then); None
        for an unknown, expired, disabled or deleted one."""
        moment = now()
        query = (
            select(AccountRow.id, AccountRow.name, SessionRow.last_seen, SessionRow.expires_at)
            .join(SessionRow, SessionRow.account_id == AccountRow.id)
            .where(SessionRow.id_sha256 == id_sha256)
            .where(AccountRow.disabled == false(), AccountRow.deleted == false())
        )
        with self.engine.connect() as conn:
            row = conn.execute(query).one_or_none()
        if row is None or as_utc(row.expires_at) <= moment:
            return None
        if moment - as_utc(row.last_seen) > SEEN_EVERY:
            with self.engine.begin() as conn:
                conn.execute(
                    update(SessionRow)
                    .where(SessionRow.id_sha256 == id_sha256)
                    .values(last_seen=moment)
                )
        return Account(int(row.id), str(row.name))

    def end_session(self, id_sha256: str) -> bool:
        with self.engine.begin() as conn:
            return (
                conn.execute(delete(SessionRow).where(SessionRow.id_sha256 == id_sha256)).rowcount
                == 1
            )

    def end_sessions(self, account_id: int) -> int:
        """End every session of the account; how many."""
        with self.engine.begin() as conn:
            return int(
                conn.execute(delete(SessionRow).where(SessionRow.account_id == account_id)).rowcount
            )

    # ------------------------------------------------------------ remembered seats

    def remember_seat(self, account_id: int, table_id: str, seat: int, token: str) -> None:
        """Remember the seat's token for the account (again: nothing changes)."""
        row = {"account_id": account_id, "table_id": table_id, "seat": seat}
        with self.engine.begin() as conn:
            known = conn.execute(
                select(func.count()).where(
                    *(getattr(AccountSeatRow, k) == v for k, v in row.items())
                )
            ).scalar_one()
            if not known:
                conn.execute(insert(AccountSeatRow).values(**row, token=token, created_at=now()))

    def follow_rematch(self, table_id: str, rematch_id: str, num_players: int) -> int:
        """Every account that remembers a seat of ``table_id`` remembers its seat at the
        rematch (seats rotated by one, the same token: issue 30 item 5); how many."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(AccountSeatRow).where(AccountSeatRow.table_id == table_id)
            ).all()
        for row in rows:
            there = (row.seat + 1) % num_players
            self.remember_seat(row.account_id, rematch_id, there, row.token)
        return len(rows)

    def seats(self, account_id: int, limit: int = 50) -> list[RememberedSeat]:
        """The account's remembered seats, newest first."""
        query = (
            select(AccountSeatRow)
            .where(AccountSeatRow.account_id == account_id)
            .order_by(AccountSeatRow.created_at.desc(), AccountSeatRow.table_id)
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [
                RememberedSeat(r.table_id, r.seat, r.token, as_utc(r.created_at))
                for r in conn.execute(query)
            ]


def _rename_seats(conn: Any, table_id: str, account_id: int) -> None:
    """Call the account's seats of a stored table, and their chat lines, "deleted player"."""
    seating = conn.execute(select(TableRow.seating).where(TableRow.id == table_id)).scalar()
    if not seating:
        return
    mine = [i for i, s in enumerate(seating) if s.get("account") == account_id]
    if not mine:
        return
    renamed = [{**s, "name": DELETED_NAME} if i in mine else s for i, s in enumerate(seating)]
    conn.execute(update(TableRow).where(TableRow.id == table_id).values(seating=renamed))
    conn.execute(
        update(ChatRow)
        .where(ChatRow.table_id == table_id, ChatRow.seat.in_(mine))
        .values(name=DELETED_NAME)
    )
