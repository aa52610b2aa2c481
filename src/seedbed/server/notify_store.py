"""Storage of e-mail notifications (issue 31 item 3; migration 0010): each account's
address and choices (:class:`EmailRow`) and the messages sent (:class:`SentRow`, one per
table, seat and deadline: the primary key is what makes "at most one message per table per
deadline" hold, also across processes). One short transaction a method, like
:class:`~seedbed.server.account_store.AccountStore`; the server calls them from a thread.

The unsubscribe token is kept in clear (every message carries it in its link); it only ever
switches e-mail off, and a new one is drawn each time the address changes.
"""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Boolean,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    String,
    delete,
    insert,
    select,
)
from sqlalchemy import update as sql_update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from seedbed.server.account_store import AccountRow, AccountSeatRow
from seedbed.server.storage import Base, as_utc, now


class EmailRow(Base):
    __tablename__ = "account_emails"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    email: Mapped[str] = mapped_column(String(254))
    opt_in: Mapped[bool] = mapped_column(Boolean)
    digest: Mapped[bool] = mapped_column(Boolean)
    unsubscribe_token: Mapped[str] = mapped_column(String(64), unique=True)
    digest_sent_at: Mapped[dt.datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True
    )
    lang: Mapped[str | None] = mapped_column(String(16), nullable=True)
    """The language of the e-mails (migration 0012; null: English)."""


class SentRow(Base):
    __tablename__ = "notifications_sent"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    deadline: Mapped[str] = mapped_column(String(40), primary_key=True)
    account_id: Mapped[int] = mapped_column(Integer)
    sent_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True)
class EmailChoice:
    """An account's address and choices."""

    account_id: int
    email: str
    opt_in: bool
    digest: bool
    unsubscribe_token: str
    digest_sent_at: dt.datetime | None = None
    lang: str | None = None
    """The language of the account's e-mails (issue 36; None: English)."""


def _choice(row: Any) -> EmailChoice:
    sent = None if row.digest_sent_at is None else as_utc(row.digest_sent_at)
    return EmailChoice(
        row.account_id, row.email, bool(row.opt_in), bool(row.digest),
        row.unsubscribe_token, sent, row.lang,
    )  # fmt: skip


class NotifyStore:
    """Reads and writes the e-mail choices and the messages sent on ``engine``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def choice(self, account_id: int) -> EmailChoice | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                select(EmailRow).where(EmailRow.account_id == account_id)
            ).one_or_none()
        return None if row is None else _choice(row)

    def choose(
        self,
        account_id: int,
        email: str | None,
        opt_in: bool,
        digest: bool,
        lang: str | None = None,
    ) -> None:
        """Store the account's choices; no address forgets the row. A changed address gets a
        new unsubscribe token (an old message's link no longer reaches the new address)."""
        with self.engine.begin() as conn:
            old = conn.execute(
                select(EmailRow).where(EmailRow.account_id == account_id)
            ).one_or_none()
            if email is None:
                conn.execute(delete(EmailRow).where(EmailRow.account_id == account_id))
                return
            values = {"email": email, "opt_in": opt_in, "digest": digest, "lang": lang}
            if old is None:
                token = secrets.token_urlsafe(32)
                conn.execute(
                    insert(EmailRow).values(
                        account_id=account_id, unsubscribe_token=token, **values
                    )
                )
                return
            if old.email != email:
                values["unsubscribe_token"] = secrets.token_urlsafe(32)
            conn.execute(
                sql_update(EmailRow).where(EmailRow.account_id == account_id).values(**values)
            )

    def unsubscribe(self, token: str) -> bool:
        """Switch e-mail off for the address of ``token``; whether there was one."""
        with self.engine.begin() as conn:
            done = conn.execute(
                sql_update(EmailRow).where(EmailRow.unsubscribe_token == token).values(opt_in=False)
            )
            return bool(done.rowcount)

    def recipients(self, table_id: str, seat: int) -> list[tuple[EmailChoice, str]]:
        """The usable accounts remembering the seat that want a message at once, each with
        the seat's token (for the message's link)."""
        query = (
            select(EmailRow, AccountSeatRow.token)
            .join(AccountSeatRow, AccountSeatRow.account_id == EmailRow.account_id)
            .join(AccountRow, AccountRow.id == EmailRow.account_id)
            .where(AccountSeatRow.table_id == table_id, AccountSeatRow.seat == seat)
            .where(EmailRow.opt_in.is_(True), EmailRow.digest.is_(False))
            .where(AccountRow.disabled.is_(False), AccountRow.deleted.is_(False))
        )
        with self.engine.connect() as conn:
            return [(_choice(row), str(row.token)) for row in conn.execute(query)]

    def claim(self, table_id: str, seat: int, deadline: str, account_id: int) -> bool:
        """Note the message for this table, seat and deadline; False when one was sent."""
        row = {"table_id": table_id, "seat": seat, "deadline": deadline[:40]}
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(SentRow).values(**row, account_id=account_id, sent_at=now()))
        except IntegrityError:
            return False
        return True

    def digest_due(self, before: dt.datetime) -> list[EmailChoice]:
        """The digest accounts whose last digest went out before ``before`` (or never)."""
        query = (
            select(EmailRow)
            .join(AccountRow, AccountRow.id == EmailRow.account_id)
            .where(EmailRow.opt_in.is_(True), EmailRow.digest.is_(True))
            .where(AccountRow.disabled.is_(False), AccountRow.deleted.is_(False))
        )
        with self.engine.connect() as conn:
            found = [_choice(row) for row in conn.execute(query)]
        return [c for c in found if c.digest_sent_at is None or c.digest_sent_at < before]

    def digest_sent(self, account_id: int, at: dt.datetime) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                sql_update(EmailRow)
                .where(EmailRow.account_id == account_id)
                .values(digest_sent_at=at)
            )
