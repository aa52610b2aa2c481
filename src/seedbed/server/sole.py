"""One ``seedbed serve`` per database (issue 32, safety until several processes can share one).

Every process resumes and runs an actor for each unfinished table it finds, so a second process
on the same database ran a second actor for the same tables: two diverging games behind one
table. Until the tables have one owner across processes, a process claims the whole database
before it serves, and a second one refuses to start with one line saying why.

- PostgreSQL: a session-level advisory lock (``pg_try_advisory_lock``) held on a connection of
  its own for the life of the process. PostgreSQL drops it when that connection ends, so a
  process killed with ``kill -9`` leaves nothing behind. That also happens under a living
  process (PostgreSQL restarted, the session terminated): a watch thread checks the
  connection every :data:`WATCH_SECONDS`, takes the lock again on a new one, and stops the
  server (SIGTERM: a clean shutdown) when another process took it meanwhile.
- SQLite: an exclusive ``flock`` on a lock file beside the database file (``<file>-serve.lock``);
  the kernel releases it with the process. An in-memory database needs no claim.
"""

from __future__ import annotations

import fcntl
import logging
import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Connection, Engine, create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

LOCK_KEY = 0x5EEDBED_0032
"""The advisory lock's key: one per database (PostgreSQL scopes advisory locks per database)."""

WATCH_SECONDS = 2.0
"""How often the lock's connection is checked (and the lock taken again if it was lost)."""

log = logging.getLogger(__name__)

REFUSAL = (
    "this database is already served by another seedbed serve ({where}); stop the other one "
    "first, or start every process of this database with --cluster (PostgreSQL only)"
)


HELD = "a PostgreSQL advisory lock is held"

CLUSTER_REFUSAL = (
    "this database is served by a seedbed serve started without --cluster; stop it, or start "
    "every process of this database with --cluster"
)


class DatabaseInUse(Exception):
    """Another process already serves this database (the message is the one line to show)."""


@contextmanager
def sole_server(url: str, shared: bool = False) -> Iterator[None]:
    """Hold this process's claim on the database at ``url`` while the block runs; raise
    :class:`DatabaseInUse` at once when another process holds it. ``shared``: a process of a
    cluster (``--cluster``, PostgreSQL only, D-72), which shares the claim with the other
    processes of the cluster and with no process started without ``--cluster``."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "postgresql":
        with _advisory_lock(url, shared):
            yield
    elif parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:"):
        with _file_lock(Path(str(parsed.database))):
            yield
    else:
        yield


@contextmanager
def _advisory_lock(url: str, shared: bool) -> Iterator[None]:
    engine = create_engine(url, poolclass=NullPool)
    claim = _Claim(engine, shared)
    try:
        if not claim.take():
            raise DatabaseInUse(CLUSTER_REFUSAL if shared else REFUSAL.format(where=HELD))
        watch = threading.Thread(target=claim.watch, name="seedbed-claim", daemon=True)
        watch.start()
        yield
    finally:
        claim.release()
        engine.dispose()


class _Claim:
    """The advisory lock and its connection; :meth:`watch` runs in a thread of its own."""

    def __init__(self, engine: Engine, shared: bool = False) -> None:
        self.engine = engine
        self.function = "pg_try_advisory_lock_shared" if shared else "pg_try_advisory_lock"
        self.conn: Connection | None = None
        self.stopping = threading.Event()
        self.lock = threading.Lock()

    def take(self) -> bool:
        """Take the lock on a new connection (False: another session holds it)."""
        conn = self.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        got = conn.execute(text(f"SELECT {self.function}(:k)"), {"k": LOCK_KEY}).scalar()
        if not got:
            conn.close()
            return False
        self.conn = conn
        return True

    def watch(self) -> None:
        while not self.stopping.wait(WATCH_SECONDS):
            with self.lock:
                if self.stopping.is_set() or self._alive():
                    continue
                try:
                    taken = self.take()
                except Exception:  # the database is away: try again at the next check
                    log.warning("lost the database claim; the database does not answer yet")
                    continue
                if taken:
                    log.warning("the database claim's session ended; taken again")
                    continue
                log.error("another seedbed serve took this database; stopping (issue 32)")
                os.kill(os.getpid(), signal.SIGTERM)
                return

    def _alive(self) -> bool:
        if self.conn is None:
            return False
        try:
            self.conn.execute(text("SELECT 1"))
            return True
        except Exception:
            self.conn.close()
            self.conn = None
            return False

    def release(self) -> None:
        """Stop watching and end the session (and with it the lock)."""
        self.stopping.set()
        with self.lock:
            if self.conn is not None:
                self.conn.close()
                self.conn = None


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
