"""Issue 17 at the table actor, without sockets: the history a new connection receives (paged,
each seat's own redaction, the same after a restart), the turn timer in every view, and the
table chat (seats write, spectators read, length and rate limits, the creator's off switch,
stored with the table and deleted with it)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

import seedbed
from seedbed.engine.api import PlayerId
from seedbed.engine.record import steps
from seedbed.engine.rng import Rng
from seedbed.server.app import CLIENT_MESSAGE
from seedbed.server.bot_pool import BotPool
from seedbed.server.config import ServerSettings
from seedbed.server.history import HISTORY_PAGE
from seedbed.server.hub import Hub
from seedbed.server.protocol import MAX_CHAT_CHARS, HistoryMessage, SayMessage, ViewMessage
from seedbed.server.storage import AsyncStore, NewTable, Store
from seedbed.server.table import CHAT_BURST, Act, Connection, Join, Say, TableActor

from .test_table_actor import InlineBots, humans, open_store, received, settle


def random_moves(game: str, players: int, count: int, seed: int = 3) -> list[tuple[int, Any]]:
    """``count`` random legal moves (fewer if the game ends first), as (seat, action JSON)."""
    state = seedbed.game(game).new_state(players, seed=seed)
    rng = Rng(seed)
    moves: list[tuple[int, Any]] = []
    while len(moves) < count and not state.is_terminal():
        seat = state.to_move()[rng.below(len(state.to_move()))]
        menu = state.legal_actions(seat)
        action = menu[rng.below(len(menu))]
        moves.append((seat, action.to_json()))
        state.apply(seat, action)
    return moves


def resumed(
    store: AsyncStore,
    game: str,
    seating: list[dict[str, Any]],
    moves: list[tuple[int, Any]],
    *,
    seed: int = 3,
    turn: float | None = None,
    chat: bool = True,
) -> TableActor:
    """A table rebuilt from stored moves, as a restarted server rebuilds it."""
    table = NewTable(f"h{seed}", game, len(seating), {}, seed, seating, turn, chat=chat)
    store.store.create_table(table)
    for i, (seat, action) in enumerate(moves):
        store.store.append_move(table.id, i, seat, action)
    actor = TableActor.replay_from(table, moves, store, InlineBots(), "2026-01-01T00:00:00+00:00")  # type: ignore[arg-type]
    actor.start()
    return actor


async def connect(actor: TableActor, seat: PlayerId | None) -> Connection:
    conn = Connection(seat, limit=10_000)
    actor.submit(Join(conn))
    await actor.idle()
    return conn


def history_of(conn: Connection) -> list[dict[str, Any]]:
    pages = received(conn, ("history",))
    for page in pages:
        HistoryMessage.model_validate(page)
        assert len(page["entries"]) <= HISTORY_PAGE
    assert [p["last_page"] for p in pages] == [False] * (len(pages) - 1) + [True]
    return [entry for page in pages for entry in page["entries"]]


# ------------------------------------------------------------------ history


def test_a_late_connection_gets_every_move_in_pages_with_its_own_redaction(
    tmp_path: Path,
) -> None:
    """Issue 17 item 3: a device joining at move 450 shows the whole log; each viewer's events
    are exactly ``Event.for_viewer`` of its seat (B-… draws show the cards to the drawer only),
    so nobody learns another seat's hidden cards from the history."""
    moves = random_moves("bohnanza", 3, 450)
    assert len(moves) == 450

    async def run() -> dict[Any, list[dict[str, Any]]]:
        actor = resumed(open_store(tmp_path), "bohnanza", humans(3), moves)
        got = {seat: history_of(await connect(actor, seat)) for seat in (0, 1, None)}
        moves[:] = actor.moves  # and a draw the table played for a person (issue 31 item 4)
        await actor.stop()
        return got

    got = asyncio.run(run())
    record_steps = list(steps(seedbed_record(moves)))[1:]
    want = {
        seat: [[e.for_viewer(seat) for e in st.events] for st in record_steps]
        for seat in (0, 1, None)
    }
    for seat, entries in got.items():
        assert [e["version"] for e in entries] == list(range(1, len(moves) + 1))
        assert [e["seat"] for e in entries] == [s for s, _ in moves]
        assert [e["events"] for e in entries] == want[seat]
    drawn = [
        (seat, e)
        for seat, entries in got.items()
        for entry in entries
        for e in entry["events"]
        if e["kind"] == "draw"
    ]
    assert drawn, "the random game drew cards"
    for seat, event in drawn:
        assert ("cards" in event) == (seat is not None and event["player"] == seat), event


def seedbed_record(moves: list[tuple[int, Any]]) -> Any:
    from seedbed.engine.record import GameRecord

    return GameRecord("bohnanza", 3, 3, {}, ["human:p0", "human:p1", "human:p2"], moves)


def test_moves_played_live_join_the_history_and_a_new_table_has_one_empty_page(
    tmp_path: Path,
) -> None:
    async def run() -> None:
        actor = resumed(open_store(tmp_path), "stalk_exchange", humans(2), [])
        first = await connect(actor, 0)
        assert received(first, ("history",)) == [
            {"type": "history", "entries": [], "last_page": True}
        ]
        action = actor.state.legal_actions(0)[0].to_json()
        actor.submit(Act(first, 0, action))
        await settle(actor)
        later = history_of(await connect(actor, 1))
        assert [(e["version"], e["seat"]) for e in later] == [(1, 0)]
        assert later[0]["events"] == [ev for ev in received_events(first)]
        await actor.stop()

    asyncio.run(run())


def received_events(conn: Connection) -> list[dict[str, Any]]:
    views = [m for m in received(conn, ("view",)) if m["version"] == 1]
    return list(views[0]["events"])


# ------------------------------------------------------------------ turn timer


def test_every_viewer_sees_the_turn_timer_and_whose_it_is(tmp_path: Path) -> None:
    """Item 4: the countdown with the seat it applies to, for seats and spectators."""

    async def run() -> None:
        actor = resumed(open_store(tmp_path), "stalk_exchange", humans(2), [], turn=30.0)
        mover = await connect(actor, 0)  # seat 0's timer starts when it joins (issue 38 item 8)
        seat, watcher = await connect(actor, 1), await connect(actor, None)
        for conn in (seat, watcher):
            (view,) = received(conn, ("view",))
            timer = ViewMessage.model_validate(view).timer
            assert timer is not None and timer.seats == [0] and timer.seconds == 30.0
            assert 29.0 < timer.remaining <= 30.0
        actor.submit(Act(mover, 0, actor.state.legal_actions(0)[0].to_json()))
        await settle(actor)
        (after,) = received(watcher, ("view",))
        assert after["timer"]["seats"] == list(actor.state.to_move())
        await actor.stop()

    asyncio.run(run())


def test_a_table_without_a_timer_sends_none(tmp_path: Path) -> None:
    async def run() -> None:
        actor = resumed(open_store(tmp_path), "stalk_exchange", humans(2), [])
        (view,) = received(await connect(actor, 0), ("view",))
        assert "timer" not in view
        await actor.stop()

    asyncio.run(run())


# ------------------------------------------------------------------ chat


def test_a_seat_says_something_and_everyone_at_the_table_reads_it(tmp_path: Path) -> None:
    async def run() -> None:
        actor = resumed(open_store(tmp_path), "stalk_exchange", humans(2), [])
        ann, watcher = await connect(actor, 0), await connect(actor, None)
        for conn in (ann, watcher):
            assert received(conn, ("chat",)) == [{"type": "chat", "enabled": True, "lines": []}]
        actor.submit(Say(ann, "<b>hello</b> & good luck"))
        await actor.idle()
        for conn in (ann, watcher):
            ((update),) = received(conn, ("chat",))
            (line,) = update["lines"]
            assert (line["seat"], line["name"]) == (0, "p0")
            assert line["text"] == "<b>hello</b> & good luck"  # plain text, as said
        later = await connect(actor, 1)
        (backlog,) = received(later, ("chat",))
        assert [line["text"] for line in backlog["lines"]] == ["<b>hello</b> & good luck"]
        await actor.stop()

    asyncio.run(run())


def test_spectators_cannot_write_and_a_seat_is_rate_limited(tmp_path: Path) -> None:
    async def run() -> None:
        actor = resumed(open_store(tmp_path), "stalk_exchange", humans(2), [])
        ann, watcher = await connect(actor, 0), await connect(actor, None)
        received(ann, ()), received(watcher, ())
        actor.submit(Say(watcher, "hi"))
        await actor.idle()
        (error,) = received(watcher, ("error",))
        assert error["code"] == "spectator"
        for i in range(CHAT_BURST + 1):
            actor.submit(Say(ann, f"message {i}"))
        await actor.idle()
        errors = received(ann, ("error",))
        assert [e["code"] for e in errors] == ["rate_limited"]
        stored = await actor.store.chat(actor.id)
        assert [c.text for c in stored] == [f"message {i}" for i in range(CHAT_BURST)]
        await actor.stop()

    asyncio.run(run())


def test_the_creator_can_switch_chat_off(tmp_path: Path) -> None:
    async def run() -> None:
        actor = resumed(open_store(tmp_path), "stalk_exchange", humans(2), [], chat=False)
        ann = await connect(actor, 0)
        assert received(ann, ("chat",)) == [{"type": "chat", "enabled": False, "lines": []}]
        actor.submit(Say(ann, "anyone?"))
        await actor.idle()
        (error,) = received(ann, ("error",))
        assert error["code"] == "chat_off"
        assert await actor.store.chat(actor.id) == []
        await actor.stop()

    asyncio.run(run())


@pytest.mark.parametrize(
    "text",
    ["", "   ", "x" * (MAX_CHAT_CHARS + 1), "two\nlines", "bell\x07", "rtl\u202eoverride"],
)
def test_chat_messages_are_one_printable_line_of_bounded_length(text: str) -> None:
    with pytest.raises(ValidationError):
        CLIENT_MESSAGE.validate_python({"type": "chat", "text": text})


def test_a_chat_message_of_the_longest_length_is_taken() -> None:
    said = CLIENT_MESSAGE.validate_python({"type": "chat", "text": "é" * MAX_CHAT_CHARS})
    assert isinstance(said, SayMessage)


# ------------------------------------------------------------------ finished tables


def test_finished_tables_page_with_their_results(tmp_path: Path) -> None:
    """Item 7: the lobby's finished tables, newest first, paged, each with its outcome."""
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    from seedbed.server.storage import migrate

    migrate(store.engine)
    for i in range(5):
        store.create_table(NewTable(f"f{i}", "stalk_exchange", 2, {}, i, humans(2), None))
        if i != 2:
            store.finish(f"f{i}", {"scores": [i, 1], "ranks": [1, 2], "winners": [0]})

    async def run() -> list[Any]:
        hub = Hub(AsyncStore(store), BotPool.__new__(BotPool), ServerSettings())
        pages = [await hub.page("finished", None, 3, offset) for offset in (0, 3)]
        hub.store.close()
        return pages

    first, second = asyncio.run(run())
    assert first.total == second.total == 4
    assert [t.table_id for t in first.tables] == ["f4", "f3", "f1"]
    assert [t.table_id for t in second.tables] == ["f0"]
    assert first.tables[0].outcome == {"scores": [4, 1], "ranks": [1, 2], "winners": [0]}
