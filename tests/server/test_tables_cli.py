"""``seedbed tables``, the operator's command (issue 12): list, show, abort, delete and prune
the tables a server stores, against an SQLite file, with confirmation for destructive steps."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
import typer
from sqlalchemy import update
from typer.core import TyperGroup
from typer.testing import CliRunner

from seedbed.cli import tables as tables_cli
from seedbed.cli.main import app
from seedbed.server import config
from seedbed.server.storage import NewTable, Store, TableInfo, TableRow, migrate, now

runner = CliRunner(env={"COLUMNS": "160"})  # a fixed width: rich wraps to the terminal
DIGEST = "d1g357" * 10
SEATING = [
    {"kind": "bot", "spec": "greedy"},
    {"kind": "human", "name": "Ann", "token_sha256": DIGEST},
]
OLD = now() - dt.timedelta(days=40)


def add_table(store: Store, table_id: str, game: str, created: dt.datetime, **kw: bool) -> None:
    table = NewTable(table_id, game, 2, {"edition": "classic"}, 424242, SEATING, 30.0, **kw)
    store.create_table(table)
    with store.engine.begin() as conn:
        times = {"created_at": created, "updated_at": created}
        conn.execute(update(TableRow).where(TableRow.id == table_id).values(**times))


@pytest.fixture
def url(tmp_path: Path) -> str:
    """Three tables: ``run`` (running, 2 moves, created 40 days ago), ``fin`` (finished 40 days
    ago, the creator chose its seed) and ``abo`` (aborted just now), newest first: abo, fin,
    run."""
    url = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    store = Store(url)
    migrate(store.engine)
    add_table(store, "run", "bohnanza", OLD)
    add_table(store, "fin", "stalk_exchange", OLD + dt.timedelta(hours=1), seed_chosen=True)
    add_table(store, "abo", "bohnanza", OLD + dt.timedelta(hours=2))
    store.append_move("run", 0, 0, {"type": "plant"})
    store.append_move("run", 1, 0, {"type": "plant"})
    store.finish("fin", {"scores": [12, 9]})
    with store.engine.begin() as conn:
        ended = update(TableRow).where(TableRow.id == "fin").values(finished_at=TableRow.created_at)
        conn.execute(ended)
    store.abort("abo", "no act for 24h")
    store.close()
    return url


def run(url: str, *args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, ["tables", *args, "--database-url", url], input=stdin)
    return result.exit_code, result.stdout, result.stderr


def info(url: str, table_id: str) -> TableInfo | None:
    store = Store(url)
    try:
        return store.info(table_id)
    finally:
        store.close()


@pytest.fixture
def a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Confirmation questions are asked only on a terminal; CliRunner's stdin is none."""
    monkeypatch.setattr(tables_cli, "interactive", lambda: True)


# ------------------------------------------------------------------ help


def test_every_command_and_option_has_help() -> None:
    group = typer.main.get_command(tables_cli.app)
    assert isinstance(group, TyperGroup) and group.help
    assert set(group.commands) == {"list", "show", "abort", "delete", "prune"}
    for name, command in group.commands.items():
        assert command.help, name
        for param in command.params:
            assert getattr(param, "help", None), f"{name} {param.name}"


def test_help_says_when_a_serving_server_sees_a_change() -> None:
    """Issue 12: a running server keeps its copy of a table in memory; the operator is told
    when abort and delete take full effect, and that prune spares running tables."""
    for command in ("abort", "delete"):
        out = runner.invoke(app, ["tables", command, "--help"]).stdout
        assert "next checks the database" in " ".join(out.split())
    out = " ".join(runner.invoke(app, ["tables", "prune", "--help"]).stdout.split())
    assert "Running tables are never pruned" in out


# ------------------------------------------------------------------ list and show


def test_list_shows_every_table_newest_first(url: str) -> None:
    code, out, _ = run(url, "list")
    assert code == 0
    assert out.index("abo") < out.index("fin") < out.index("run")
    assert "aborted" in out and "finished" in out and "running" in out
    assert "1-3 of 3" in out


def test_list_filters_and_pages(url: str) -> None:
    code, out, _ = run(url, "list", "--status", "running")
    assert code == 0 and "run" in out and "fin" not in out and "abo" not in out
    _, out, _ = run(url, "list", "--game", "bohnanza")
    assert "run" in out and "abo" in out and "stalk_exchange" not in out
    _, out, _ = run(url, "list", "--limit", "1", "--offset", "1")
    assert "fin" in out and "abo" not in out and "2-2 of 3" in out
    code, out, _ = run(url, "list", "--game", "fields_of_green")
    assert code == 0 and "no tables" in out


@pytest.mark.parametrize(
    ("option", "value"),
    [("--limit", "0"), ("--limit", "501"), ("--offset", "-1"), ("--status", "done")],
)
def test_list_refuses_a_bad_page_in_one_line(url: str, option: str, value: str) -> None:
    code, _, err = run(url, "list", option, value)
    assert code == 2 and err.startswith(f"error: {option.removeprefix('--')} must be ")
    assert err.count("\n") == 1


def test_show_a_running_table_hides_its_seed_and_tokens(url: str) -> None:
    code, out, _ = run(url, "show", "run")
    assert code == 0
    for shown in ("bohnanza", "running", "greedy", "Ann", "edition", "2 moves"):
        assert shown in out, shown
    assert "424242" not in out and DIGEST not in out
    assert "hidden" in out


def test_show_an_ended_table_with_its_seed_and_how_it_ended(url: str) -> None:
    code, out, _ = run(url, "show", "fin")
    assert code == 0 and "finished" in out and "424242" in out
    assert "12" in out and "chosen by the creator" in out and DIGEST not in out
    code, out, _ = run(url, "show", "abo")
    assert code == 0 and "aborted" in out and "no act for 24h" in out and "424242" in out


@pytest.mark.parametrize("command", [["show"], ["abort", "--yes"], ["delete", "--yes"]])
def test_an_unknown_id_is_one_line_and_exit_1(url: str, command: list[str]) -> None:
    code, _, err = run(url, *command, "nope")
    assert code == 1
    assert err == "error: no table nope in this database\n"


def test_a_missing_sqlite_file_is_not_created(tmp_path: Path) -> None:
    missing = tmp_path / "typo.sqlite3"
    code, _, err = run(f"sqlite:///{missing}", "list")
    assert code == 2 and "no database" in err and err.count("\n") == 1
    assert not missing.exists()


def test_the_default_database_is_the_servers(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same default as ``seedbed serve``: the SQLite file in the user's data folder."""
    monkeypatch.setattr(config, "default_database_url", lambda: url)
    result = runner.invoke(app, ["tables", "list"])
    assert result.exit_code == 0 and "1-3 of 3" in result.stdout


# ------------------------------------------------------------------ abort


def test_abort_with_yes_records_the_reason(url: str) -> None:
    code, out, _ = run(url, "abort", "run", "--reason", "cheating reported", "--yes")
    assert code == 0 and "aborted table run" in out
    ended = info(url, "run")
    assert ended is not None and ended.status == "aborted"
    assert ended.abort_reason == "cheating reported"


def test_abort_without_yes_and_no_terminal_is_refused(url: str) -> None:
    code, _, err = run(url, "abort", "run")
    assert code == 1 and "--yes" in err and err.count("\n") == 1
    still = info(url, "run")
    assert still is not None and still.status == "running"


def test_abort_asks_on_a_terminal(url: str, a_terminal: None) -> None:
    code, _, err = run(url, "abort", "run", stdin="n\n")
    assert code == 1 and "nothing changed" in err
    assert (still := info(url, "run")) is not None and still.status == "running"
    code, out, _ = run(url, "abort", "run", stdin="y\n")
    assert code == 0 and "Abort table run" in out
    ended = info(url, "run")
    assert ended is not None and ended.status == "aborted"
    assert ended.abort_reason == "aborted by the operator"


def test_only_a_running_table_is_aborted(url: str) -> None:
    code, _, err = run(url, "abort", "fin", "--yes")
    assert code == 1 and "finished" in err and err.count("\n") == 1
    assert (kept := info(url, "fin")) is not None and kept.status == "finished"


# ------------------------------------------------------------------ delete


def test_delete_with_yes_removes_the_table(url: str) -> None:
    code, out, _ = run(url, "delete", "run", "--yes")
    assert code == 0 and "deleted table run" in out
    assert info(url, "run") is None


def test_delete_without_yes_and_no_terminal_is_refused(url: str) -> None:
    code, _, err = run(url, "delete", "fin")
    assert code == 1 and "--yes" in err and err.count("\n") == 1
    assert info(url, "fin") is not None


def test_delete_asks_on_a_terminal(url: str, a_terminal: None) -> None:
    code, _, _ = run(url, "delete", "fin", stdin="n\n")
    assert code == 1 and info(url, "fin") is not None
    code, out, _ = run(url, "delete", "fin", stdin="y\n")
    assert code == 0 and "cannot be undone" in out and info(url, "fin") is None


# ------------------------------------------------------------------ prune


def test_prune_deletes_ended_tables_older_than_the_age(url: str) -> None:
    """Issue 12, retention: nothing was ever removed. ``fin`` ended 40 days ago; ``abo``
    ended just now; ``run`` is 40 days old but running, which prune never touches."""
    code, out, _ = run(url, "prune", "--older-than", "30d", "--yes")
    assert code == 0
    assert "1 finished or aborted table" in out and "deleted 1 table" in out
    assert info(url, "fin") is None
    assert info(url, "abo") is not None and info(url, "run") is not None


def test_prune_says_how_many_before_asking(url: str, a_terminal: None) -> None:
    code, out, _ = run(url, "prune", "--older-than", "2w", stdin="n\n")
    assert code == 1 and "1 finished or aborted table" in out
    assert info(url, "fin") is not None
    code, out, _ = run(url, "prune", "--older-than", "12h", stdin="y\n")
    assert code == 0 and "deleted 1 table" in out and info(url, "fin") is None


def test_prune_without_yes_and_no_terminal_is_refused(url: str) -> None:
    code, out, err = run(url, "prune", "--older-than", "30d")
    assert code == 1 and "1 finished or aborted table" in out
    assert "--yes" in err and err.count("\n") == 1
    assert info(url, "fin") is not None


def test_prune_with_nothing_to_delete_asks_nothing(url: str) -> None:
    code, out, _ = run(url, "prune", "--older-than", "52w")
    assert code == 0 and "0 finished or aborted tables" in out


@pytest.mark.parametrize("text", ["30", "30 days", "6m", "1.5d", "-2d", "0h", "99999w", ""])
def test_a_bad_duration_is_one_line(url: str, text: str) -> None:
    code, _, err = run(url, "prune", "--older-than", text, "--yes")
    assert code == 2 and err.startswith("error: --older-than") and err.count("\n") == 1
    assert info(url, "fin") is not None


@pytest.mark.parametrize(
    ("text", "age"),
    [("12h", dt.timedelta(hours=12)), ("30d", dt.timedelta(days=30)), ("2w", dt.timedelta(14))],
)
def test_durations(text: str, age: dt.timedelta) -> None:
    assert tables_cli.parse_duration(text) == age
