"""One ``seedbed serve`` per database (issue 32, safety until several processes can share one).

Every process resumes and runs an actor for each unfinished table it finds, so a second process
on the same database ran a second actor for the same tables: two diverging games behind one
table. Until the tables have one owner across processes, a process claims the whole database
before it serves, and a second one refuses to start with one line saying why.

- PostgreSQL: a session-level advisory lock (``pg_try_advisory_lock``) held on a connection of
  its own for the life of the process. PostgreSQL drops it when that connection ends, so a
  process killed with ``kill -9`` leaves nothing behind.
- SQLite: an exclusive ``flock`` on a lock file beside the database file (``<file>-serve.lock``);
  the kernel releases it with the process. An in-memory database needs no claim.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

LOCK_KEY = 0x5EEDBED_0032
"""The advisory lock's key: one per database (PostgreSQL scopes advisory locks per database)."""

REFUSAL = (
    "this database is already served by another seedbed serve ({where}); one process per "
    "database until several processes can share it (issue 32): stop the other one first"
)


class DatabaseInUse(Exception):
    """Another process already serves this database (the message is the one line to show)."""


@contextmanager
def sole_server(url: str) -> Iterator[None]:
    """Hold this process's claim on the database at ``url`` while the block runs; raise
    :class:`DatabaseInUse` at once when another process holds it."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "postgresql":
        with _advisory_lock(url):
            yield
    elif parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:"):
        with _file_lock(Path(str(parsed.database))):
            yield
    else:
        yield


@contextmanager
def _advisory_lock(url: str) -> Iterator[None]:
    engine = create_engine(url, poolclass=NullPool)
    try:
        conn = engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        try:
            got = conn.execute(text("SELECT pg_try_advisory_lock(:k)"), {"k": LOCK_KEY}).scalar()
            if not got:
                raise DatabaseInUse(REFUSAL.format(where="a PostgreSQL advisory lock is held"))
            yield
        finally:
            conn.close()  # ends the session, and with it the lock
    finally:
        engine.dispose()


@contextmanager
def _file_lock(database: Path) -> Iterator[None]:
    lock = database.with_name(f"{database.name}-serve.lock")
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise DatabaseInUse(REFUSAL.format(where=f"{lock} is locked")) from None
        yield
    finally:
        os.close(fd)  # releases the flock
