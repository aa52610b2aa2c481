"""Issue 19, item 2: ``seedbed serve --database-url postgresql+psycopg://…/DB`` for a database
that does not exist creates it when the role may, and otherwise ends with one line naming what
is missing and the command that creates it (exit 2, no traceback). Against the local
PostgreSQL of ``.ci/postgres`` (the ``pg_database`` fixture skips, or fails in CI, without it)."""

from __future__ import annotations

import secrets
import subprocess
import sys
import time
from pathlib import Path

import psycopg
import pytest
from typer.testing import CliRunner

from seedbed.cli.main import app
from seedbed.server import storage

from .conftest import PG_ADMIN
from .wire import free_port

SEEDBED = Path(sys.executable).with_name("seedbed")


def missing_url(pg_database: str) -> tuple[str, str]:
    name = f"seedbed_missing_{secrets.token_hex(4)}"
    return name, f"{pg_database.rsplit('/', 1)[0]}/{name}"


def drop(name: str) -> None:
    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_serve_creates_a_missing_database_when_the_role_may(
    pg_database: str, tmp_path: Path
) -> None:
    name, url = missing_url(pg_database)
    server = subprocess.Popen(
        [str(SEEDBED), "serve", "--port", str(free_port()), "--database-url", url],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        assert server.stdout is not None
        lines: list[str] = []
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = server.stdout.readline()
            if not line:
                break
            lines.append(line)
            if "Uvicorn running on" in line or "Traceback" in line:
                break
        output = "".join(lines)
        assert f"created the PostgreSQL database '{name}'" in output, output
        assert "Traceback" not in output and "Uvicorn running on" in output, output
    finally:
        server.terminate()
        server.wait(timeout=30)
        drop(name)


def test_serve_names_the_command_when_the_database_cannot_be_created(
    pg_database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A role that may not create databases (here: no database to create it from) gets one
    line with the command, exit 2, and nothing is started."""
    name, url = missing_url(pg_database)
    monkeypatch.setattr(storage, "ADMIN_DATABASES", ("seedbed_no_such_admin_db",))
    result = CliRunner().invoke(app, ["serve", "--database-url", url])
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"error: the PostgreSQL database '{name}' of ")
    assert lines[0].endswith(f"create it with: sudo -u postgres createdb --owner seedbed {name}")
    assert ":seedbed@" not in lines[0], "the password is shown"


def test_an_unreachable_server_is_one_line() -> None:
    url = f"postgresql+psycopg://seedbed:seedbed@127.0.0.1:{free_port()}/seedbed"
    result = CliRunner().invoke(app, ["serve", "--database-url", url])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: cannot open the database ")
    assert len(result.stderr.strip().splitlines()) == 1


def test_other_urls_are_left_alone(tmp_path: Path) -> None:
    assert storage.ensure_database(f"sqlite:///{tmp_path / 'x.sqlite3'}") is None
    assert not (tmp_path / "x.sqlite3").exists()
