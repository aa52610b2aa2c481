"""``seedbed accounts`` (issue 30 item 1): the operator lists, shows, disables and deletes
accounts; disable and delete end the account's sessions; delete keeps the games under
"deleted player" and frees the name."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
import typer
from typer.core import TyperGroup
from typer.testing import CliRunner

from seedbed.cli import accounts as accounts_cli
from seedbed.cli.main import app
from seedbed.server.account_store import AccountStore
from seedbed.server.storage import NewTable, Store, migrate

runner = CliRunner(env={"COLUMNS": "160"})
SECRET_HASH = "$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo"


@pytest.fixture
def url(tmp_path: Path) -> str:
    """Ann (#1, a live session, a seat at table ``t1`` and a chat line there) and Bo (#2)."""
    url = f"sqlite:///{tmp_path / 'accounts.sqlite3'}"
    store = Store(url)
    migrate(store.engine)
    accounts = AccountStore(store.engine)
    assert accounts.create("Ann", "ann", SECRET_HASH) == 1
    assert accounts.create("Bo", "bo", SECRET_HASH) == 2
    accounts.start_session(1, "5e55" * 16, dt.timedelta(days=1))
    seating = [
        {"kind": "human", "name": "Ann", "token_sha256": "0" * 64, "account": 1},
        {"kind": "bot", "spec": "random"},
    ]
    store.create_table(NewTable("t1", "bohnanza", 2, {}, 7, seating, None))
    store.add_chat("t1", 0, "Ann", "hello")
    accounts.remember_seat(1, "t1", 0, "tok3n")
    store.close()
    return url


def run(url: str, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["accounts", *args, "--database-url", url])
    return result.exit_code, result.stdout, result.stderr


def test_every_command_and_option_has_help() -> None:
    """Issue 30 item 1: help text on every command and option."""
    group = typer.main.get_command(accounts_cli.app)
    assert isinstance(group, TyperGroup) and group.help
    assert set(group.commands) == {"list", "show", "disable", "delete"}
    for name, command in group.commands.items():
        assert command.help, name
        for param in command.params:
            assert getattr(param, "help", None), f"{name} {param.name}"


def test_list_and_show_never_print_secrets(url: str) -> None:
    code, out, _ = run(url, "list")
    assert code == 0 and "Ann" in out and "Bo" in out and "active" in out
    code, out, _ = run(url, "show", "ANN")
    assert code == 0 and "#1" in out and "sessions" in out
    assert "argon2" not in out and "tok3n" not in out and "5e55" not in out


def test_disable_ends_the_sessions(url: str) -> None:
    code, out, _ = run(url, "disable", "Ann", "--yes")
    assert code == 0 and "sessions are ended" in out
    store = Store(url)
    try:
        assert AccountStore(store.engine).session_account("5e55" * 16) is None
    finally:
        store.close()
    assert run(url, "disable", "#1", "--yes")[0] == 1  # already disabled


def test_delete_keeps_the_games_under_deleted_player(url: str) -> None:
    assert run(url, "delete", "Ann")[0] == 1  # no terminal, no --yes: nothing changed
    code, out, _ = run(url, "delete", "Ann", "--yes")
    assert code == 0 and "1 tables" in out
    store = Store(url)
    try:
        info = store.info("t1")
        assert info is not None and info.table.seating[0]["name"] == "deleted player"
        assert [line.name for line in store.chat("t1")] == ["deleted player"]
        accounts = AccountStore(store.engine)
        assert accounts.session_account("5e55" * 16) is None
        assert accounts.seats(1) == []
        assert accounts.create("Ann", "ann", SECRET_HASH) is not None  # the name is free
    finally:
        store.close()
    assert run(url, "show", "nobody")[0] == 1
