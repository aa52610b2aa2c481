"""The event-sourced store: migrations (shipped in the package), one row per move, ordered
loads, status changes, and SQLite's WAL mode."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import inspect, text
from sqlalchemy.exc import IntegrityError

from seedbed.server.storage import MIGRATIONS, NewTable, Store, migrate


def new_table(table_id: str = "t1") -> NewTable:
    seating = [
        {"kind": "bot", "spec": "random"},
        {"kind": "human", "name": "a", "token_sha256": "0" * 64},
    ]
    return NewTable(table_id, "stalk_exchange", 2, {"garden_radius": 3}, 2**62, seating, 30.0)


@pytest.fixture
def store(tmp_path: Path) -> Store:
    s = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    migrate(s.engine)
    return s


def test_migrations_ship_inside_the_package() -> None:
    assert (MIGRATIONS / "env.py").is_file()
    assert list((MIGRATIONS / "versions").glob("0001_*.py"))


def test_migrate_creates_the_schema_and_is_idempotent(store: Store) -> None:
    migrate(store.engine)
    names = set(inspect(store.engine).get_table_names())
    assert {"tables", "moves", "alembic_version"} <= names
    with store.engine.connect() as conn:
        assert conn.execute(text("select version_num from alembic_version")).scalar() == "0001"


def test_sqlite_file_runs_in_wal_mode(store: Store) -> None:
    with store.engine.connect() as conn:
        assert conn.execute(text("pragma journal_mode")).scalar() == "wal"


def test_a_table_round_trips_with_its_moves_in_order(store: Store) -> None:
    store.create_table(new_table())
    for idx in (0, 1, 2):
        store.append_move("t1", idx, idx % 2, {"type": "end", "n": idx})
    loaded = store.load("t1")
    assert loaded is not None
    assert loaded.table == new_table() and loaded.status == "running"
    assert [(m.idx, m.seat, m.action["n"]) for m in loaded.moves] == [
        (0, 0, 0),
        (1, 1, 1),
        (2, 0, 2),
    ]
    assert store.load("nope") is None


def test_a_move_index_is_written_once(store: Store) -> None:
    store.create_table(new_table())
    store.append_move("t1", 0, 0, {"type": "end"})
    with pytest.raises(IntegrityError):
        store.append_move("t1", 0, 1, {"type": "end"})


def test_finished_tables_are_not_resumed(store: Store) -> None:
    store.create_table(new_table("a"))
    store.create_table(new_table("b"))
    store.finish("a", {"scores": [1, 2]})
    assert store.running_ids() == ["b"]
    loaded = store.load("a")
    assert (
        loaded is not None and loaded.status == "finished" and loaded.outcome == {"scores": [1, 2]}
    )


def test_a_second_store_on_the_same_file_sees_committed_moves(tmp_path: Path, store: Store) -> None:
    store.create_table(new_table())
    store.append_move("t1", 0, 1, {"type": "end"})
    other = Store(store.url)
    loaded = other.load("t1")
    assert loaded is not None and len(loaded.moves) == 1


def test_finish_moves_only_a_running_table(store: Store) -> None:
    """Issue 12, retention: a table is finished once; a second finish (a replayed end, a
    server racing the operator) changes neither its outcome nor its end time."""
    store.create_table(new_table())
    store.finish("t1", {"scores": [1, 2]})
    first_end = finished_at(store, "t1")
    store.finish("t1", {"scores": [9, 9]})
    again = store.load("t1")
    assert again is not None and again.outcome == {"scores": [1, 2]}
    assert first_end is not None and finished_at(store, "t1") == first_end


def finished_at(store: Store, table_id: str) -> object:
    with store.engine.connect() as conn:
        query = text("select finished_at from tables where id = :id")
        return conn.execute(query, {"id": table_id}).scalar()
