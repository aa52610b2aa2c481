"""Issue 31 item 1 without sockets: migration 0009 (pace, the deadline per move, the
``deadlines`` table: added and dropped alone, SQLite and PostgreSQL), the pace a request may
ask for, the strikes of a seat (a person's move resets them; the third missed deadline in a
row hands the seat over), and a turn-based table whose person never comes: the stand-in
plays, the table says once that the seat was handed over, and the stored row says so."""

from __future__ import annotations

import asyncio
import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from seedbed.server.config import ServerSettings
from seedbed.server.hub import Hub, TableRequestError
from seedbed.server.pace import DEFAULT_DEADLINE, Clock
from seedbed.server.pace_store import (
    SeatDeadline,
    deadlines_of,
    oldest_deadline_first,
    put_deadline,
)
from seedbed.server.protocol import CreateTableRequest
from seedbed.server.storage import NewTable, Store, migrate

from .test_account_migration import keep_a_table, kept
from .test_migration_open_seats import downgrade, tables_of
from .test_storage import url  # noqa: F401  (the SQLite/PostgreSQL fixture)
from .test_table_actor import InlineBots, open_store


def test_0009_upgrades_and_downgrades(url: str) -> None:  # noqa: F811
    store = Store(url)
    try:
        migrate(store.engine, "0008")
        before = tables_of(store)
        keep_a_table(store, "old")
        migrate(store.engine, "0009")
        assert tables_of(store) - before == {"deadlines"}
        loaded = store.load("old")
        assert loaded is not None and loaded.table.pace == "real-time"
        assert loaded.table.move_deadline_seconds is None
        table = NewTable("tb", "stalk_exchange", 2, {}, 1, [], None, pace="turn-based")
        store.create_table(table)
        due = dt.datetime(2026, 11, 28, tzinfo=dt.UTC)
        put_deadline(store, "tb", 0, SeatDeadline(3, due, 2))
        assert deadlines_of(store, "tb") == {0: SeatDeadline(3, due, 2, False)}
        assert store.delete("tb") and deadlines_of(store, "tb") == {}  # gone with its table
        downgrade(store, "0008")
        assert tables_of(store) == before and kept(store, "old")
        migrate(store.engine)
    finally:
        store.close()


def request(**more: Any) -> CreateTableRequest:
    seats = [{"human": {"name": "Ann"}}, {"bot": "greedy"}]
    body = {"game": "fields_of_green", "num_players": 2, "seats": seats, **more}
    return CreateTableRequest.model_validate(body)


@pytest.mark.parametrize(
    ("asked", "refusal"),
    [
        ({"pace": "turn-based", "move_deadline_seconds": 60}, "3600 s to 604800 s"),
        ({"pace": "turn-based", "turn_seconds": 30}, "turn_seconds: a turn-based table"),
        ({"move_deadline_seconds": 7200}, "only a turn-based table"),
    ],
)
def test_a_pace_out_of_bounds_is_refused(
    tmp_path: Path, asked: dict[str, Any], refusal: str
) -> None:
    async def run() -> None:
        hub = Hub(open_store(tmp_path), InlineBots(), ServerSettings())  # type: ignore[arg-type]
        with pytest.raises(TableRequestError, match=refusal):
            await hub.create(request(**asked), "http://x")
        made = await hub.create(request(pace="turn-based"), "http://x")
        summary = await hub.summary(made.table_id)
        assert summary is not None and summary.move_deadline_seconds == DEFAULT_DEADLINE
        assert 0 in summary.deadlines  # the person is on the move at once
        await hub.close()

    asyncio.run(run())


def test_strikes_reset_by_a_move_and_the_third_hands_over(tmp_path: Path) -> None:
    async def run() -> None:
        store = open_store(tmp_path)
        store.store.create_table(NewTable("t", "fields_of_green", 2, {}, 1, [], None))
        clock = Clock("t", 60, store)
        clock.arm(0, [])
        assert [clock.moved(0, by_stand_in=True) for _ in range(2)] == [False, False]
        assert not clock.moved(0, by_stand_in=False) and clock.rows[0].strikes == 0
        handed = [clock.moved(0, by_stand_in=True) for _ in range(4)]
        assert handed == [False, False, True, False] and clock.handed_over(0)
        await clock.settle()
        assert deadlines_of(store.store, "t")[0].handed_over

    asyncio.run(run())


def test_a_seat_that_never_comes_is_handed_over_once(tmp_path: Path) -> None:
    async def run() -> None:
        settings = ServerSettings(min_move_deadline_seconds=1)
        hub = Hub(open_store(tmp_path), InlineBots(), settings)  # type: ignore[arg-type]
        made = await hub.create(request(pace="turn-based", move_deadline_seconds=1), "x")
        actor = hub.live[made.table_id]
        assert actor.clock is not None
        actor.clock.seconds = 0  # every deadline passes at once: the game plays itself out
        for _ in range(3000):
            if actor.finished:
                break
            await asyncio.sleep(0.01)
        assert actor.finished
        notes = [n for n in actor.history.notes.values() if "3 deadlines in a row" in n]
        assert len(notes) == 1
        # issue 36 item 4: the same notes as codes (the reader's language): due, then handed
        # over once, then the stand-in plays the handed-over seat
        codes = [[p["code"] for p in parts] for parts in actor.history.note_parts.values()]
        assert codes.count(["move-due", "handed-over"]) == 1
        assert ["stood-in"] in codes and all(c[0] in ("move-due", "stood-in") for c in codes)
        await actor.clock.settle()
        assert deadlines_of(hub.store.store, made.table_id)[0].handed_over
        await hub.close()

    asyncio.run(run())


def test_a_turn_based_table_is_abandoned_only_after_its_longest_deadline(tmp_path: Path) -> None:
    """Issue 31 item 1: ``--idle-hours`` (24 h) would abort a table of 3-day deadlines whose
    person takes two days; a turn-based table gets 7 days more."""
    store = open_store(tmp_path).store
    store.create_table(NewTable("rt", "fields_of_green", 2, {}, 1, [], None))
    store.create_table(NewTable("tb", "fields_of_green", 2, {}, 1, [], None, pace="turn-based"))
    day = dt.timedelta(days=1)
    later = dt.datetime.now(dt.UTC) + 2 * day
    assert store.idle_running(day, later) == ["rt"]
    assert sorted(store.idle_running(day, later + 7 * day)) == ["rt", "tb"]


def test_a_starting_server_loads_the_oldest_deadline_first(tmp_path: Path) -> None:
    """Issue 31 item 1: the deadlines that passed while the server was down fire in order,
    across tables too: tables load oldest deadline first, then those without one."""
    store = open_store(tmp_path).store
    t0 = dt.datetime(2026, 11, 1, tzinfo=dt.UTC)
    for name, hours in [("a", 5), ("b", None), ("c", 1), ("d", 3)]:
        store.create_table(NewTable(name, "fields_of_green", 2, {}, 1, [], None))
        if hours is not None:
            put_deadline(store, name, 0, SeatDeadline(0, t0 + dt.timedelta(hours=hours)))
    put_deadline(store, "a", 1, SeatDeadline(0, t0))  # a's other seat: the oldest of all
    assert oldest_deadline_first(store, ["a", "b", "c", "d"]) == ["a", "c", "d", "b"]
