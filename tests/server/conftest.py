"""Fixtures of the over-the-wire server tests: the storage back ends (an SQLite file, and a
fresh PostgreSQL database per test session on the local server) and one real ``seedbed
serve`` subprocess per test module and back end."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest

from .wire import Server

PG_ADMIN = os.environ.get("SEEDBED_TEST_PG", "postgresql://seedbed:seedbed@127.0.0.1:5432/seedbed")
"""A role that may create databases, and a database to connect to while doing it (what
``.ci/postgres`` sets up); each test session makes a database of its own beside it."""


@pytest.fixture(scope="session")
def pg_database() -> Iterator[str]:
    """A database of its own on the local PostgreSQL, dropped at the end; skipped (with the
    reason) only when the server cannot be reached."""
    yield from _fresh_database()


@pytest.fixture
def lone_pg_database() -> Iterator[str]:
    """A database of the test's own, which no server of a module fixture uses (a test of
    the cluster's locks must not race the servers' periodic jobs for them)."""
    yield from _fresh_database()


def _fresh_database() -> Iterator[str]:
    try:
        import psycopg
    except ImportError as exc:  # pragma: no cover - psycopg is a dependency
        pytest.skip(f"psycopg is not installed: {exc}")
    try:
        admin = psycopg.connect(PG_ADMIN, autocommit=True, connect_timeout=3)
    except psycopg.OperationalError as exc:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        if os.environ.get("CI") == "true":
            pytest.fail(f"PostgreSQL at {PG_ADMIN} unreachable in CI: {reason}")
        pytest.skip(
            f"PostgreSQL at {PG_ADMIN} unreachable: the storage tests need it (install, start and "
            f"set it up: sudo bash .ci/postgres; .ci/run does): {reason}"
        )
    name = f"seedbed_test_{secrets.token_hex(4)}"
    admin.execute(f'CREATE DATABASE "{name}"')
    base = PG_ADMIN.rsplit("/", 1)[0].replace("postgresql://", "postgresql+psycopg://", 1)
    try:
        yield f"{base}/{name}"
    finally:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()


def sqlite_url(folder: Path) -> str:
    return f"sqlite:///{folder / 'seedbed.sqlite'}"


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The storage of this module's server: a fresh SQLite file, or the session's
    PostgreSQL database."""
    if request.param == "sqlite":
        return sqlite_url(tmp_path_factory.mktemp("sqlite"))
    url: str = request.getfixturevalue("pg_database")
    return url


@pytest.fixture(scope="module")
def server(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One running server for the whole module (and back end)."""
    srv = Server(database_url, tmp_path_factory.mktemp("server-log")).start()
    try:
        yield srv
    finally:
        srv.close()
