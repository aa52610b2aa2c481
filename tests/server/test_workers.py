"""Issue 32 item 4: ``seedbed serve --workers N`` starts N cluster processes behind one port
on this machine (SO_REUSEPORT); it needs PostgreSQL and says so in one line otherwise."""

from __future__ import annotations

import asyncio
import signal
import subprocess
from pathlib import Path

from sqlalchemy import text

from seedbed.server.storage import make_engine

from .conftest import sqlite_url
from .test_cluster import Player, check_record, new_table
from .wire import SEEDBED, Server


def test_workers_need_postgresql(tmp_path: Path) -> None:
    """Issue 32 item 4: SQLite stays single-process; asked for workers, one line, exit 2."""
    done = subprocess.run(
        [str(SEEDBED), "serve", "--workers", "2", "--database-url", sqlite_url(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip().count("\n") == 0
    assert "--workers needs PostgreSQL" in done.stderr


def cluster_sessions(database_url: str) -> int:
    engine = make_engine(database_url)
    try:
        with engine.connect() as conn:
            query = (
                "SELECT count(*) FROM pg_stat_activity WHERE application_name LIKE "
                "'seedbed http://127.0.0.1:%' AND datname = current_database()"
            )
            return int(conn.execute(text(query)).scalar_one())
    finally:
        engine.dispose()


def test_workers_serve_a_game_behind_one_port(pg_database: str, tmp_path: Path) -> None:
    """Issue 32 item 4: two workers behind one port, each with its own ownership session;
    a game's three seats connect to the port (the kernel spreads them over the workers, the
    one without the table relays) and finish it; SIGTERM stops the parent and both workers."""
    server = Server(pg_database, tmp_path, ("--workers", "2")).start(90)
    try:
        deadline = 60
        while cluster_sessions(pg_database) < 2 and deadline:
            asyncio.run(asyncio.sleep(0.5))
            deadline -= 1
        assert cluster_sessions(pg_database) == 2
        table_id, seat_tokens = new_table(server)
        players = [Player(server, table_id, t, s) for s, t in seat_tokens.items()]

        async def run() -> None:
            await asyncio.gather(*(p.run() for p in players))

        asyncio.run(asyncio.wait_for(run(), 120))
        check_record(server, table_id, players)
        assert server.proc is not None
        server.proc.send_signal(signal.SIGTERM)
        assert server.proc.wait(60) == 0
        assert cluster_sessions(pg_database) == 0, "a worker outlived its parent"
    finally:
        server.close()
