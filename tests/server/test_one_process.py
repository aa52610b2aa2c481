"""Issue 32 item 4 (safety until the cluster exists): a second ``seedbed serve`` on a database
another process already serves would run a second actor for the same tables (two diverging
games behind one table), so it refuses to start with one line saying why (exit 2, no
traceback) — on SQLite (a lock beside the file) and on PostgreSQL (an advisory lock held on a
connection of its own). The first process keeps serving, and once it stops another may start."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import psycopg
import pytest

from .conftest import sqlite_url
from .wire import Server, free_port

SEEDBED = Path(sys.executable).with_name("seedbed")


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return sqlite_url(tmp_path)
    pg: str = request.getfixturevalue("pg_database")
    return pg


def second(url: str, cwd: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SEEDBED), "serve", "--port", str(free_port()), "--database-url", url, *extra],
        cwd=cwd, capture_output=True, text=True, timeout=60,
    )  # fmt: skip


def test_a_second_process_on_a_served_database_refuses_in_one_line(
    url: str, tmp_path: Path
) -> None:
    first = Server(url, tmp_path).start()
    try:
        done = second(url, tmp_path)
        out = (done.stdout + done.stderr).strip()
        assert done.returncode == 2, out
        assert "Traceback" not in out and "Uvicorn running on" not in out, out
        line = done.stderr.strip()
        assert "\n" not in line and "already served by another seedbed serve" in line, out
        assert first.proc is not None and first.proc.poll() is None
    finally:
        first.kill()  # a crash must not leave the database locked
        first.close()
    again = Server(url, tmp_path).start()
    again.close()


def test_a_process_whose_claim_is_cut_off_takes_it_again_or_stops(
    pg_database: str, tmp_path: Path
) -> None:
    """Issue 32 item 4: the advisory lock belongs to one PostgreSQL session; when that session
    ends under a running server (a restart of PostgreSQL, an operator's
    ``pg_terminate_backend``), the server takes the lock again, or stops if another process
    took it meanwhile: at no time after do two processes serve the database."""
    first = Server(pg_database, tmp_path).start()
    rival: subprocess.Popen[str] | None = None
    try:
        with psycopg.connect(plain(pg_database), autocommit=True) as admin:
            cut = admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_locks"
                " WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database"
                " WHERE datname = current_database())"
            ).fetchall()
            assert cut == [(True,)], cut
        rival = subprocess.Popen(
            [str(SEEDBED), "serve", "--port", str(free_port()), "--database-url", pg_database],
            cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True,
        )  # fmt: skip
        deadline = time.monotonic() + 40
        assert first.proc is not None
        while time.monotonic() < deadline and rival.poll() is None and first.proc.poll() is None:
            time.sleep(0.2)
        alive = [p for p in (first.proc, rival) if p.poll() is None]
        assert len(alive) == 1, "both processes serve the database (or neither)"
        if rival.poll() is not None:
            assert rival.returncode == 2
            assert first.client.get(f"{first.url}/api/ready").status_code == 200
    finally:
        if rival is not None and rival.poll() is None:
            rival.terminate()
            rival.wait(20)
        first.close()


def plain(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


def test_cluster_needs_postgresql_and_every_process_in_it(pg_database: str, tmp_path: Path) -> None:
    """Issue 32 item 4: ``--cluster`` on SQLite refuses in one line; a process without
    ``--cluster`` refuses a database a cluster serves, and the other way round."""
    done = second(sqlite_url(tmp_path), tmp_path, "--cluster")
    assert done.returncode == 2 and "needs PostgreSQL" in done.stderr, done.stderr
    assert "\n" not in done.stderr.strip()
    member = Server(pg_database, tmp_path, ("--cluster",)).start()
    try:
        done = second(pg_database, tmp_path)
        assert done.returncode == 2 and "--cluster" in done.stderr, done.stderr
    finally:
        member.close()
    single = Server(pg_database, tmp_path).start()
    try:
        done = second(pg_database, tmp_path, "--cluster")
        assert done.returncode == 2 and "without --cluster" in done.stderr, done.stderr
    finally:
        single.close()
