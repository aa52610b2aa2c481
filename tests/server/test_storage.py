"""The event-sourced store: migrations (shipped in the package), one row per move, ordered
loads, status changes, SQLite's WAL mode, and the retention API of issue 12 (summaries
without moves, pages, abort, delete, prune, idle tables) on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import datetime as dt
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import MetaData, create_engine, insert, inspect, text, update
from sqlalchemy.exc import IntegrityError

from seedbed.server import storage
from seedbed.server.storage import (
    MIGRATIONS,
    AsyncStore,
    NewTable,
    Store,
    TableInfo,
    TableRow,
    migrate,
)

HEAD = "0013"
DAY = dt.timedelta(days=1)
T0 = dt.datetime(2025, 3, 1, 12, 0, tzinfo=dt.UTC)


def new_table(table_id: str = "t1", game: str = "stalk_exchange") -> NewTable:
    seating = [
        {"kind": "bot", "spec": "random"},
        {"kind": "human", "name": "a", "token_sha256": "0" * 64},
    ]
    return NewTable(table_id, game, 2, {"garden_radius": 3}, 2**62, seating, 30.0)


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database: an SQLite file, or a schema of its own in the session's PostgreSQL
    database (the wire tests' tables share that database, and these tests count rows)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'db.sqlite3'}"
        return
    base: str = request.getfixturevalue("pg_database")
    schema = f"storage_{secrets.token_hex(4)}"
    admin = create_engine(base)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield f"{base}?options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture
def store(url: str) -> Iterator[Store]:
    s = Store(url)
    migrate(s.engine)
    try:
        yield s
    finally:
        s.close()


def set_times(store: Store, table_id: str, **times: dt.datetime) -> None:
    """Move a table's timestamps (created_at, updated_at, finished_at) into the past."""
    with store.engine.begin() as conn:
        conn.execute(update(TableRow).where(TableRow.id == table_id).values(**times))


def the_info(store: Store, table_id: str) -> TableInfo:
    info = store.info(table_id)
    assert info is not None
    return info


# ------------------------------------------------------------------ schema


def test_migrations_ship_inside_the_package() -> None:
    assert (MIGRATIONS / "env.py").is_file()
    assert list((MIGRATIONS / "versions").glob("0001_*.py"))
    assert list((MIGRATIONS / "versions").glob("0002_*.py"))


def test_migrate_creates_the_schema_and_is_idempotent(store: Store) -> None:
    migrate(store.engine)
    names = set(inspect(store.engine).get_table_names())
    assert {"tables", "moves", "alembic_version"} <= names
    with store.engine.connect() as conn:
        assert conn.execute(text("select version_num from alembic_version")).scalar() == HEAD
    columns = {c["name"] for c in inspect(store.engine).get_columns("tables")}
    assert {"seed_chosen", "updated_at", "abort_reason"} <= columns


def test_the_new_queries_have_indexes(store: Store) -> None:
    """Issue 12, retention: listing, pruning and finding idle tables read indexes, not the
    whole table, once there are many finished tables."""
    indexed = {tuple(ix["column_names"]) for ix in inspect(store.engine).get_indexes("tables")}
    assert ("created_at", "id") in indexed  # the newest-first page
    assert ("status", "created_at", "id") in indexed  # a page of running/finished/aborted
    assert ("game", "created_at", "id") in indexed  # a page of one game
    assert ("status", "updated_at") in indexed  # idle running tables
    assert ("finished_at",) in indexed  # prune


def test_migration_from_0001_backfills_existing_rows(url: str) -> None:
    """Issue 12, retention: a database written by the previous revision keeps its tables;
    each gets the time of its last change (its end, else its last move, else its creation),
    an unchosen seed and no abort reason."""
    old = Store(url)
    try:
        migrate(old.engine, "0001")
        write_0001_rows(old)
        migrate(old.engine, "0004")
        # read as revision 0004 has them (the Store's rows have later columns: 0008's rated)
        meta = MetaData()
        meta.reflect(old.engine)
        with old.engine.connect() as conn:
            rows = {r.id: r for r in conn.execute(meta.tables["tables"].select())}
            moves = conn.execute(text("select count(*) from moves where table_id = 'ended'"))
            ended_moves = moves.scalar()
        assert storage.as_utc(rows["fresh"].updated_at) == T0
        assert storage.as_utc(rows["moved"].updated_at) == T0 + 2 * DAY
        ended = rows["ended"]
        finished_at = storage.as_utc(ended.finished_at)
        assert storage.as_utc(ended.updated_at) == T0 + 3 * DAY == finished_at
        assert ended.status == "finished" and ended.outcome == {"scores": [3, 1]}
        assert not ended.seed_chosen and ended.abort_reason is None
        assert ended_moves == 1
        running = sorted(i for i, r in rows.items() if r.status == "running")
        assert running == ["fresh", "moved"]
    finally:
        old.close()


def test_migration_0005_keeps_wide_seeds_and_aborts_the_old_generators_tables(url: str) -> None:
    """Issue 37 item 1: seeds become decimal text, so a 256-bit server seed is stored whole;
    the tables still running were dealt by the earlier generator, whose deals no longer
    replay, so they end with a reason people can read; finished tables keep their result."""
    old = Store(url)
    try:
        migrate(old.engine, "0001")
        write_0001_rows(old)
        migrate(old.engine)
        assert old.running_ids() == []
        moved = the_info(old, "moved")
        assert moved.status == "aborted" and "generator changed" in (moved.abort_reason or "")
        assert moved.table.seed == 2**62 and moved.moves == 2
        ended = the_info(old, "ended")
        assert ended.status == "finished" and ended.outcome == {"scores": [3, 1]}
        wide = NewTable(**{**new_table("wide").__dict__, "seed": 2**256 - 1})
        old.create_table(wide)
        assert the_info(old, "wide").table.seed == 2**256 - 1
    finally:
        old.close()


def write_0001_rows(store: Store) -> None:
    """Three tables as revision 0001 stored them: fresh, with moves, finished."""
    meta = MetaData()
    meta.reflect(store.engine)
    tables, moves = meta.tables["tables"], meta.tables["moves"]
    t = new_table()
    base = {**{k: v for k, v in t.__dict__.items() if k != "seed_chosen"}, "created_at": T0}
    rows = [
        {**base, "id": "fresh", "status": "running", "outcome": None, "finished_at": None},
        {**base, "id": "moved", "status": "running", "outcome": None, "finished_at": None},
        {
            **base,
            "id": "ended",
            "status": "finished",
            "outcome": {"scores": [3, 1]},
            "finished_at": T0 + 3 * DAY,
        },
    ]
    played = [
        {"table_id": "moved", "idx": 0, "seat": 0, "action": {}, "created_at": T0 + DAY},
        {"table_id": "moved", "idx": 1, "seat": 1, "action": {}, "created_at": T0 + 2 * DAY},
        {"table_id": "ended", "idx": 0, "seat": 0, "action": {}, "created_at": T0 + DAY},
    ]
    with store.engine.begin() as conn:
        conn.execute(insert(tables), rows)
        conn.execute(insert(moves), played)


def test_sqlite_file_runs_in_wal_mode(tmp_path: Path) -> None:
    s = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    with s.engine.connect() as conn:
        assert conn.execute(text("pragma journal_mode")).scalar() == "wal"
    s.close()


# ------------------------------------------------------------------ tables and moves


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


def test_a_chosen_seed_is_stored(store: Store) -> None:
    """Issue 12, defect 7 (the creator can fix the deal): whether the creator chose the seed
    is kept with the table, so its summary can say so."""
    chosen = NewTable(**{**new_table().__dict__, "seed_chosen": True})
    store.create_table(chosen)
    store.create_table(new_table("t2"))
    loaded = store.load("t1")
    assert loaded is not None and loaded.table.seed_chosen
    assert the_info(store, "t1").table.seed_chosen
    assert not the_info(store, "t2").table.seed_chosen


def test_a_move_index_is_written_once(store: Store) -> None:
    store.create_table(new_table())
    store.append_move("t1", 0, 0, {"type": "end"})
    with pytest.raises(IntegrityError):
        store.append_move("t1", 0, 1, {"type": "end"})


def test_an_undo_drops_only_the_last_move_of_a_running_table(store: Store) -> None:
    """Issue 38 item 11: the move a person takes back is deleted (a restart and the replay
    never show it), and only the last one, only while the table runs; its index is free
    again for the next move."""
    store.create_table(new_table())
    for idx in (0, 1, 2):
        store.append_move("t1", idx, 0, {"type": "plant", "n": idx})
    assert not store.drop_move("t1", 1)  # not the last
    assert store.drop_move("t1", 2)
    assert not store.drop_move("t1", 2)
    store.append_move("t1", 2, 0, {"type": "plant", "n": 9})
    loaded = store.load("t1")
    assert loaded is not None and [m.action["n"] for m in loaded.moves] == [0, 1, 9]
    store.finish("t1", {"scores": [1, 2]})
    assert not store.drop_move("t1", 2)  # a finished game's moves stand


def test_finished_tables_are_not_resumed(store: Store) -> None:
    store.create_table(new_table("a"))
    store.create_table(new_table("b"))
    store.finish("a", {"scores": [1, 2]})
    assert store.running_ids() == ["b"]
    loaded = store.load("a")
    assert (
        loaded is not None and loaded.status == "finished" and loaded.outcome == {"scores": [1, 2]}
    )


def test_finish_moves_only_a_running_table(store: Store) -> None:
    """Issue 12, retention: a table is finished once; a second finish (a replayed end, a
    server racing the operator) changes neither its outcome nor its end time, and an
    aborted table stays aborted."""
    store.create_table(new_table())
    assert store.finish("t1", {"scores": [1, 2]})
    first_end = the_info(store, "t1").finished_at
    assert not store.finish("t1", {"scores": [9, 9]})
    again = the_info(store, "t1")
    assert again.outcome == {"scores": [1, 2]}
    assert first_end is not None and again.finished_at == first_end
    store.create_table(new_table("t2"))
    store.abort("t2", "abandoned")
    assert not store.finish("t2", {"scores": [0, 0]})
    assert the_info(store, "t2").status == "aborted"


def test_a_second_store_on_the_same_file_sees_committed_moves(store: Store) -> None:
    store.create_table(new_table())
    store.append_move("t1", 0, 1, {"type": "end"})
    other = Store(store.url)
    loaded = other.load("t1")
    assert loaded is not None and len(loaded.moves) == 1
    other.close()


# ------------------------------------------------------------------ summaries


def test_info_is_a_summary_without_the_moves(store: Store) -> None:
    """Issue 12, retention: a finished table's summary comes from storage (no actor in
    memory): everything but the moves, which are counted."""
    store.create_table(new_table())
    store.append_move("t1", 0, 0, {"type": "end"})
    store.append_move("t1", 1, 1, {"type": "end"})
    store.finish("t1", {"scores": [4, 2]})
    info = the_info(store, "t1")
    assert info.table == new_table() and info.status == "finished"
    assert info.moves == 2 and info.outcome == {"scores": [4, 2]}
    assert info.abort_reason is None
    assert info.finished_at is not None and info.created_at <= info.finished_at
    assert info.updated_at == info.finished_at
    assert info.created_at.tzinfo is not None and info.updated_at.tzinfo is not None
    assert store.info("nope") is None


def test_every_change_sets_updated_at(store: Store) -> None:
    """Issue 12, retention: creation, each move, the finish and an abort are the changes an
    idle table is measured from; each sets ``updated_at`` in its own transaction."""
    store.create_table(new_table("a"))
    store.create_table(new_table("b"))
    assert the_info(store, "a").updated_at == the_info(store, "a").created_at
    set_times(store, "a", updated_at=T0)
    store.append_move("a", 0, 0, {"type": "end"})
    assert the_info(store, "a").updated_at > T0
    set_times(store, "a", updated_at=T0)
    store.finish("a", {"scores": [1, 1]})
    assert the_info(store, "a").updated_at > T0
    set_times(store, "b", updated_at=T0)
    store.abort("b", "abandoned")
    assert the_info(store, "b").updated_at > T0


def test_a_page_is_newest_first_with_the_total(store: Store) -> None:
    """Issue 12, retention: ``GET /api/tables`` is paginated, so a page has the newest
    tables first (equal times by id) and the number of all matching tables."""
    for n, name in enumerate(["a", "b", "c", "d", "e"]):
        store.create_table(new_table(name))
        set_times(store, name, created_at=T0 + n * DAY)
    set_times(store, "b", created_at=T0 + 3 * DAY)  # same time as d: the larger id first
    store.append_move("c", 0, 0, {"type": "end"})
    page = store.list_tables(None, None, 3, 0)
    assert page.total == 5
    assert [i.table.id for i in page.items] == ["e", "d", "b"]
    rest = store.list_tables(None, None, 3, 3)
    assert [(i.table.id, i.moves) for i in rest.items] == [("c", 1), ("a", 0)]
    assert store.list_tables(None, None, 3, 9).items == []


def test_a_page_filters_by_status_and_game(store: Store) -> None:
    store.create_table(new_table("r1", "bohnanza"))
    store.create_table(new_table("r2", "stalk_exchange"))
    store.create_table(new_table("f1", "bohnanza"))
    store.create_table(new_table("x1", "bohnanza"))
    store.finish("f1", {"scores": [1, 0]})
    store.abort("x1", "abandoned")

    def ids(status: str | None, game: str | None) -> set[str]:
        page = store.list_tables(status, game, 50, 0)
        assert page.total == len(page.items)
        return {i.table.id for i in page.items}

    assert ids("running", None) == {"r1", "r2"}
    assert ids("finished", None) == {"f1"}
    assert ids("aborted", "bohnanza") == {"x1"}
    assert ids(None, "bohnanza") == {"r1", "f1", "x1"}
    assert ids("running", "bohnanza") == {"r1"}
    assert ids(None, "fields_of_green") == set()


@pytest.mark.parametrize(
    ("status", "limit", "offset", "bound"),
    [
        ("done", 10, 0, "status"),
        (None, 0, 0, "limit"),
        (None, storage.MAX_PAGE + 1, 0, "limit"),
        (None, 10, -1, "offset"),
    ],
)
def test_a_page_refuses_bad_bounds(
    store: Store, status: str | None, limit: int, offset: int, bound: str
) -> None:
    with pytest.raises(ValueError, match=bound) as caught:
        store.list_tables(status, None, limit, offset)
    assert "\n" not in str(caught.value)


# ------------------------------------------------------------------ abort, delete, prune


def test_abort_ends_only_a_running_table(store: Store) -> None:
    """Issue 12, retention: an abandoned (or operator-aborted) table is recorded as aborted
    with its reason and is no longer resumed; a finished table cannot be aborted."""
    store.create_table(new_table("a"))
    store.create_table(new_table("f"))
    store.finish("f", {"scores": [1, 0]})
    assert store.abort("a", "no act for 24h")
    info = the_info(store, "a")
    assert info.status == "aborted" and info.abort_reason == "no act for 24h"
    assert info.finished_at is not None and info.outcome is None
    assert store.running_ids() == []
    assert not store.abort("a", "again")
    assert the_info(store, "a").abort_reason == "no act for 24h"
    assert not store.abort("f", "late") and the_info(store, "f").status == "finished"
    assert not store.abort("nope", "unknown")


def test_an_abort_reason_has_a_bound(store: Store) -> None:
    store.create_table(new_table())
    with pytest.raises(ValueError, match=str(storage.MAX_REASON_CHARS)):
        store.abort("t1", "x" * (storage.MAX_REASON_CHARS + 1))
    assert the_info(store, "t1").status == "running"


def test_delete_removes_a_table_and_its_moves(store: Store) -> None:
    for name in ("a", "b"):
        store.create_table(new_table(name))
        store.append_move(name, 0, 0, {"type": "end"})
    store.finish("b", {"scores": [0, 1]})
    assert store.delete("a") and store.delete("b")
    assert store.info("a") is None and store.load("b") is None
    with store.engine.connect() as conn:
        assert conn.execute(text("select count(*) from moves")).scalar() == 0
    assert not store.delete("a")


def test_prune_deletes_only_ended_tables_past_the_age(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 12, retention: nothing was ever removed; prune deletes finished and aborted
    tables that ended before ``now - older_than`` (in short batches), never a running one."""
    monkeypatch.setattr(storage, "PRUNE_BATCH", 2)
    now = T0 + 100 * DAY
    for name in ("old1", "old2", "old3", "oldx", "new", "run"):
        store.create_table(new_table(name))
        store.append_move(name, 0, 0, {"type": "end"})
        set_times(store, name, created_at=T0, updated_at=T0)
    for name in ("old1", "old2", "old3", "new"):
        store.finish(name, {"scores": [0, 0]})
    store.abort("oldx", "abandoned")
    for name in ("old1", "old2", "old3", "oldx"):
        set_times(store, name, finished_at=now - 31 * DAY)
    set_times(store, "new", finished_at=now - 29 * DAY)
    assert store.count_prunable(30 * DAY, now) == 4
    assert store.prune(30 * DAY, now) == 4
    assert {i.table.id for i in store.list_tables(None, None, 50, 0).items} == {"new", "run"}
    with store.engine.connect() as conn:
        assert conn.execute(text("select count(*) from moves")).scalar() == 2
    assert store.prune(30 * DAY, now) == 0
    assert store.prune(dt.timedelta(0), now + 1000 * DAY) == 1  # "run" is never pruned
    assert store.running_ids() == ["run"]


def test_prune_refuses_a_negative_age(store: Store) -> None:
    with pytest.raises(ValueError, match="older_than"):
        store.prune(-DAY)


def test_idle_running_finds_tables_without_a_recent_change(store: Store) -> None:
    """Issue 12, retention: an abandoned table (no act for the configured time) is found by
    its last change; a move makes it active again, and ended tables are never idle."""
    now = T0 + 10 * DAY
    for name in ("idle", "busy", "ended"):
        store.create_table(new_table(name))
        set_times(store, name, created_at=T0, updated_at=T0)
    store.append_move("busy", 0, 0, {"type": "end"})
    set_times(store, "busy", updated_at=now - dt.timedelta(hours=1))
    store.finish("ended", {"scores": [0, 0]})
    set_times(store, "ended", updated_at=T0, finished_at=T0)
    assert store.idle_running(DAY, now) == ["idle"]
    assert store.idle_running(dt.timedelta(minutes=30), now) == ["idle", "busy"]


# ------------------------------------------------------------------ the event loop's side


def test_the_async_store_offers_the_same_calls(store: Store) -> None:
    async def scenario() -> list[Any]:
        a = AsyncStore(Store(store.url))
        try:
            await a.create_table(new_table("a"))
            await a.create_table(new_table("b"))
            await a.create_table(new_table("c"))
            await a.append_move("a", 0, 0, {"type": "end"})
            finished = await a.finish("a", {"scores": [1, 0]})
            aborted = await a.abort("b", "abandoned")
            page = await a.list_tables("running", None, 10, 0)
            info = await a.info("a")
            idle = await a.idle_running(dt.timedelta(0), T0 + 10_000 * DAY)
            prunable = await a.count_prunable(dt.timedelta(0), T0 + 10_000 * DAY)
            pruned = await a.prune(dt.timedelta(0), T0 + 10_000 * DAY)
            deleted = await a.delete("c")
            moves = None if info is None else info.moves
            return [finished, aborted, page.total, moves, idle, prunable, pruned, deleted]
        finally:
            a.close()

    assert asyncio.run(scenario()) == [True, True, 1, 1, ["c"], 2, 2, True]


# ------------------------------------------------------------------ chat (issue 17)


def test_chat_lines_are_kept_in_order_and_deleted_with_their_table(store: Store) -> None:
    store.create_table(new_table("c1"))
    store.create_table(new_table("c2"))
    for i in range(4):
        store.add_chat("c1", 1, "a", f"line {i}")
    store.add_chat("c2", 1, "a", "other table")
    assert [c.text for c in store.chat("c1", limit=3)] == ["line 1", "line 2", "line 3"]
    assert store.delete("c1")
    assert store.chat("c1") == [] and [c.text for c in store.chat("c2")] == ["other table"]


def test_prune_deletes_the_chat_of_the_tables_it_prunes(store: Store) -> None:
    store.create_table(new_table("old"))
    store.add_chat("old", 1, "a", "gg")
    store.finish("old", {"scores": [1, 0]})
    set_times(store, "old", finished_at=T0)
    assert store.prune(DAY, T0 + 2 * DAY) == 1
    assert store.chat("old") == []


def test_a_table_has_chat_unless_its_creator_switched_it_off(store: Store) -> None:
    store.create_table(new_table("on"))
    quiet = new_table("off")
    store.create_table(NewTable(**{**quiet.__dict__, "chat": False}))
    assert the_info(store, "on").table.chat and not the_info(store, "off").table.chat
