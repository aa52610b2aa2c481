"""Which process runs each table's actor when several ``seedbed serve --cluster`` share one
PostgreSQL database (issue 32 items 1 and 2; decision D-72).

A table is owned by the process holding a session-level advisory lock on the table's id, taken
on one connection of the process's own (:class:`Owners`). PostgreSQL is the only arbiter: the
lock is granted to one session at a time, and it ends with the session, so a process killed
with ``kill -9`` leaves its tables free as soon as PostgreSQL sees its connection close. That
connection's ``application_name`` is ``seedbed <address>``: the process's internal address,
which the others read beside the lock (``pg_locks`` joined with ``pg_stat_activity``) to
forward a client to the owner. Nothing is written for it, so nothing is left behind.

:func:`run_takeovers` is the failover: every ``takeover_seconds`` each process claims the
running tables nobody holds and replays them from storage (the hub's usual load).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import re
import signal
import threading
from collections.abc import Iterable

from sqlalchemy import Connection, create_engine, text
from sqlalchemy.pool import NullPool

from seedbed.server.hub import Hub

log = logging.getLogger(__name__)

PREFIX = "seedbed "
"""The ownership connection's ``application_name`` before the process's address."""

NAME_LIMIT = 63
"""PostgreSQL truncates ``application_name`` to 63 bytes: a longer address is refused."""

_HELD = text(
    "SELECT l.classid::bigint AS hi, l.objid::bigint AS lo, a.application_name AS name"
    " FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
    " WHERE l.locktype = 'advisory' AND l.objsubid = 1 AND l.granted"
    " AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())"
    " AND a.application_name LIKE 'seedbed %'"
)

_HELD_ONE = text(_HELD.text + " AND l.classid::bigint = :hi AND l.objid::bigint = :lo")


def key_of(table_id: str) -> int:
    """The table's advisory lock key: its 64-bit hex id as a signed bigint (ids are random, so
    no two tables share a key and no table shares the database claim's key); any other id (a
    table stored by an older or foreign writer) by an 8-byte BLAKE2b of it, so that loading it
    never fails.

    >>> key_of("00000000000000ff"), key_of("ffffffffffffffff")
    (255, -1)
    >>> key_of("race01795927178") == key_of("race01795927178") != key_of("race2")
    True
    """
    if _HEX_ID.fullmatch(table_id):
        value = int(table_id, 16)
    else:
        value = int.from_bytes(hashlib.blake2b(table_id.encode(), digest_size=8).digest(), "big")
    return value - (1 << 64) if value >= 1 << 63 else value


_HEX_ID = re.compile(r"[0-9a-f]{1,16}")


def _split(key: int) -> tuple[int, int]:
    """The (classid, objid) under which ``pg_locks`` shows a bigint key."""
    unsigned = key & 0xFFFFFFFFFFFFFFFF
    return unsigned >> 32, unsigned & 0xFFFFFFFF


class OwnershipLost(RuntimeError):
    """The ownership connection ended: this process no longer owns any table."""


class Owners:
    """This process's ownership connection; its methods block (call them in a thread) and are
    serialised by a lock, as one connection serves them all."""

    def __init__(self, url: str, address: str) -> None:
        name = PREFIX + address
        if len(name.encode()) > NAME_LIMIT:
            raise ValueError(f"--cluster-address is longer than {NAME_LIMIT - len(PREFIX)} bytes")
        self.address = address
        self.engine = create_engine(
            url, poolclass=NullPool, connect_args={"application_name": name}
        )
        self.conn: Connection | None = None
        self.lock = threading.Lock()

    def open(self) -> None:
        self.conn = self.engine.connect().execution_options(isolation_level="AUTOCOMMIT")

    def close(self) -> None:
        """End the session: every table this process owned is free at once."""
        with self.lock:
            if self.conn is not None:
                self._unlock_all()
                self.conn.close()
                self.conn = None
        self.engine.dispose()

    def _unlock_all(self) -> None:
        """Free every lock before the session ends: the server frees a closed session's locks
        only once its backend has exited, a moment after the client hung up, and a second
        process asking in that moment would be refused (a failed call changes nothing: the
        session is ending anyway)."""
        assert self.conn is not None
        try:
            self.conn.execute(text("SELECT pg_advisory_unlock_all()"))
        except Exception:  # the connection is being closed either way
            return

    def _scalar(self, sql: str, **params: object) -> object:
        with self.lock:
            if self.conn is None:
                raise OwnershipLost("the ownership connection is closed")
            try:
                return self.conn.execute(text(sql), params).scalar()
            except Exception as exc:
                self.conn.close()
                self.conn = None
                lost = f"the ownership connection failed: {type(exc).__name__}"
                raise OwnershipLost(lost) from None

    def claim(self, table_id: str) -> bool:
        """Own the table (True), or False while another process owns it."""
        got = self._scalar("SELECT pg_try_advisory_lock(:k)", k=key_of(table_id))
        return bool(got)

    def release(self, table_id: str) -> None:
        """Let the table go (its actor is stopped, or it is over)."""
        self._scalar("SELECT pg_advisory_unlock(:k)", k=key_of(table_id))

    def try_lock(self, key: int) -> bool:
        """Take the advisory lock ``key`` of a job one process runs at a time (True)."""
        return bool(self._scalar("SELECT pg_try_advisory_lock(:k)", k=key))

    def unlock(self, key: int) -> None:
        self._scalar("SELECT pg_advisory_unlock(:k)", k=key)

    def check(self) -> None:
        """Raise :class:`OwnershipLost` when the session ended under the process."""
        self._scalar("SELECT 1")

    def holders(self, table_ids: Iterable[str]) -> dict[str, str]:
        """The address of the process owning each of these tables that has an owner."""
        wanted = {_split(key_of(t)): t for t in table_ids}
        if not wanted:
            return {}
        with self.lock:
            if self.conn is None:
                raise OwnershipLost("the ownership connection is closed")
            rows = self.conn.execute(_HELD).all()
        return {
            wanted[(r.hi, r.lo)]: str(r.name)[len(PREFIX) :] for r in rows if (r.hi, r.lo) in wanted
        }

    def owner_of(self, table_id: str) -> str | None:
        """The address of the process owning this table (one lock looked up, not all)."""
        hi, lo = _split(key_of(table_id))
        with self.lock:
            if self.conn is None:
                raise OwnershipLost("the ownership connection is closed")
            row = self.conn.execute(_HELD_ONE, {"hi": hi, "lo": lo}).first()
        return None if row is None else str(row.name)[len(PREFIX) :]


async def run_takeovers(hub: Hub, owners: Owners, seconds: float) -> None:
    """Every ``seconds``: load (and so claim) the running tables no process owns, such as
    those of a process that died; stop the server when the ownership session was lost (its
    tables may already run elsewhere)."""
    while True:
        await asyncio.sleep(seconds)
        try:
            await take_over(hub, owners)
        except OwnershipLost:
            log.error("the table ownership session ended; stopping (issue 32, D-72)")
            os.kill(os.getpid(), signal.SIGTERM)
            return
        except Exception:
            log.exception("taking over tables without an owner failed")


async def take_over(hub: Hub, owners: Owners) -> int:
    """Load the running tables nobody owns; how many this process took."""
    await asyncio.to_thread(owners.check)
    running = [t for t in await hub.store.running_ids() if hub.in_memory(t) is None]
    held = await asyncio.to_thread(owners.holders, running)
    taken = 0
    for table_id in running:
        if table_id not in held and await hub.get(table_id) is not None:
            taken += 1
            log.info("table %s: taken over (no process owned it)", table_id)
    return taken
