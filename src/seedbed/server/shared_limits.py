"""Per-address limits counted in the database that several ``seedbed serve --cluster``
processes share (issue 32 item 3, decision D-79; migration 0013).

A process alone counts an address's tables, uploads, sign-ins and new accounts a minute in
its memory (:class:`~seedbed.server.limits.AddressBuckets`). Behind a balancer, a client's
requests spread over the processes, so each would grant the whole allowance: N processes, N
times the limit. With ``--cluster`` the same token buckets live in one PostgreSQL table,
``rate_buckets``, and each take is one statement: an upsert that refills the bucket from the
time elapsed (the database's clock, the same for every process), takes a token and returns a
row only when there was one. PostgreSQL locks the row for the statement, so two processes
taking at once are counted one after the other; nothing is written by hand to coordinate.

A bucket untouched for :data:`FORGET_AFTER` is full again whatever its rate (the slowest
allowance refills in a minute), so the sweep deletes it (:func:`forget_old`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from sqlalchemy import DateTime, Float, Index, String, delete, text
from sqlalchemy.orm import Mapped, mapped_column

from seedbed.server.limits import AddressBuckets
from seedbed.server.storage import AsyncStore, Base, Store

FORGET_AFTER = dt.timedelta(minutes=10)
KEY_CHARS = 300


class RateBucketRow(Base):
    """One token bucket of one limit and key (``tables:1.2.3.4``)."""

    __tablename__ = "rate_buckets"

    key: Mapped[str] = mapped_column(String(KEY_CHARS), primary_key=True)
    tokens: Mapped[float] = mapped_column(Float)
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))

    __table_args__ = (Index("ix_rate_buckets_at", "at"),)


_FILLED = "LEAST(:burst, b.tokens + EXTRACT(EPOCH FROM (now() - b.at)) * :rate)"
_TAKE = text(
    "INSERT INTO rate_buckets AS b (key, tokens, at) VALUES (:key, :burst - 1, now())"
    f" ON CONFLICT (key) DO UPDATE SET tokens = {_FILLED} - 1, at = now()"
    f" WHERE {_FILLED} >= 1 RETURNING b.tokens"
)


def take(store: Store, key: str, rate: float, burst: float) -> bool:
    """Take one token of the bucket ``key`` (``rate`` a second, at most ``burst``): whether
    there was one. One statement, one transaction."""
    with store.engine.begin() as conn:
        got = conn.execute(_TAKE, {"key": key[:KEY_CHARS], "rate": rate, "burst": burst})
        return got.first() is not None


def forget_old(store: Store) -> int:
    """Delete the buckets untouched for :data:`FORGET_AFTER` (full again); how many."""
    since = dt.datetime.now(dt.UTC) - FORGET_AFTER
    with store.engine.begin() as conn:
        return conn.execute(delete(RateBucketRow).where(RateBucketRow.at < since)).rowcount


class SharedCounts:
    """The takes of every :class:`~seedbed.server.limits.AddressBuckets` of a cluster
    process, in the shared database."""

    def __init__(self, store: AsyncStore) -> None:
        self.store = store

    async def allow(self, name: str, address: str, per_minute: float) -> bool:
        """Take one from ``address``'s allowance of ``per_minute`` (bursts of as many)."""
        burst = float(max(1, int(per_minute)))
        return await self.store.call(take, f"{name}:{address}", per_minute / 60.0, burst)


def share(buckets: Iterable[AddressBuckets], counts: SharedCounts) -> None:
    """Count these allowances in the shared store from now on."""
    for bucket in buckets:
        bucket.shared = counts.allow
