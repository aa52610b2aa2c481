"""Issue 32 item 4 (safety until the cluster exists): a second ``seedbed serve`` on a database
another process already serves would run a second actor for the same tables (two diverging
games behind one table), so it refuses to start with one line saying why (exit 2, no
traceback) — on SQLite (a lock beside the file) and on PostgreSQL (an advisory lock held on a
connection of its own). The first process keeps serving, and once it stops another may start."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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


def second(url: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SEEDBED), "serve", "--port", str(free_port()), "--database-url", url],
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
