"""A person takes back their own moves of the current turn (issue 38 item 11): the table
actor restores the state before the move, drops it from the record, the history and the
stored moves (so a restart and the replay never show it), and sends fresh views; it refuses an
undo after a move that revealed something, after another seat's move or the turn passing, for
a bot's seat, for a spectator and at a stale version, each with a clear error."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from seedbed.engine.record import replay
from seedbed.server.storage import AsyncStore
from seedbed.server.table import Act, TableActor, Undo

from .test_table_actor import (
    InlineBots,
    humans,
    join,
    open_store,
    received,
    settle,
    start_table,
)


def move_of(actor: TableActor, seat: int, kind: str) -> dict[str, Any]:
    """The first action of ``kind`` on the seat's menu (Stalk Exchange: plant, swap, end)."""
    return next(a for a in actor.state.legal_actions(seat) if str(a).split()[0] == kind).to_json()


async def stored_moves(store: AsyncStore, table_id: str) -> list[tuple[int, dict[str, Any]]]:
    loaded = await store.load(table_id)
    assert loaded is not None
    return [(m.seat, m.action) for m in loaded.moves]


def errors(conn: Any) -> list[dict[str, Any]]:
    return [m for m in received(conn) if m["type"] == "error"]


def test_a_plant_is_taken_back_everywhere(tmp_path: Path) -> None:
    """The play test's slip: the Dahlia planted by the wrong key comes back, in the state,
    the record, the history, the stored moves, a restart and a replay."""

    async def run() -> None:
        store = open_store(tmp_path)
        actor = await start_table(store, "stalk_exchange", humans(2))
        me, other, watcher = await join(actor, 0), await join(actor, 1), await join(actor, None)
        received(me), received(other), received(watcher)
        key, seen = actor.state.key(), actor.state.observe(0)
        actor.submit(Act(me, 0, move_of(actor, 0, "plant")))
        await settle(actor)
        (mine,), (theirs,), (public,) = received(me), received(other), received(watcher)
        assert mine["can_undo"] is True and theirs["can_undo"] is False
        assert "can_undo" not in public
        assert await stored_moves(store, actor.id) != []

        actor.submit(Undo(me, 1))
        await settle(actor)
        assert actor.state.key() == key and actor.version == 0 and actor.moves == []
        assert len(actor.history) == 0 and actor.undos == 1
        assert await stored_moves(store, actor.id) == []
        assert replay(actor.record()).key() == key
        again = TableActor.replay_from(actor.table, [], store, InlineBots(), "x")  # type: ignore[arg-type]
        assert again.state.key() == key
        for conn in (me, other, watcher):
            (view,) = received(conn)
            assert view["version"] == 0 and view["undone"] == 1 and view["events"] == []
        assert actor.state.observe(0) == seen

        actor.submit(Act(me, 0, move_of(actor, 0, "plant")))  # the move the player meant
        await settle(actor)
        assert actor.version == 1 and len(await stored_moves(store, actor.id)) == 1
        await actor.stop()

    asyncio.run(run())


def test_several_quiet_moves_come_back_one_at_a_time(tmp_path: Path) -> None:
    async def run() -> None:
        store = open_store(tmp_path)
        actor = await start_table(store, "stalk_exchange", humans(2))
        me = await join(actor, 0)
        keys = []
        for version in range(3):  # two basic plants and an extra one (S-22, S-23)
            keys.append(actor.state.key())
            actor.submit(Act(me, version, move_of(actor, 0, "plant")))
            await settle(actor)
        for version in (3, 2, 1):
            actor.submit(Undo(me, version))
            await settle(actor)
            assert actor.state.key() == keys[version - 1]
        received(me)
        actor.submit(Undo(me, 0))
        await settle(actor)
        (error,) = errors(me)
        assert error["code"] == "no_undo" and "nothing was played yet" in error["message"]
        await actor.stop()

    asyncio.run(run())


def test_a_reveal_stands(tmp_path: Path) -> None:
    """A Swap shows a token of the mover's portfolio (S-25, S-48): no undo past it, and the
    plant after it may be taken back only to it."""

    async def run() -> None:
        store = open_store(tmp_path)
        actor = await start_table(store, "stalk_exchange", humans(2))
        me = await join(actor, 0)
        actor.submit(Act(me, 0, move_of(actor, 0, "swap")))
        await settle(actor)
        assert received(me)[-1]["can_undo"] is False
        key = actor.state.key()
        actor.submit(Undo(me, 1))
        await settle(actor)
        (error,) = errors(me)
        assert error["code"] == "no_undo"
        assert "nothing to undo: your last move drew or revealed something" in error["message"]
        assert actor.state.key() == key and len(await stored_moves(store, actor.id)) == 1
        actor.submit(Act(me, 1, move_of(actor, 0, "plant")))
        actor.submit(Undo(me, 2))
        await settle(actor)
        assert actor.state.key() == key
        actor.submit(Undo(me, 1))
        await settle(actor)
        assert errors(me)[-1]["code"] == "no_undo" and actor.state.key() == key
        await actor.stop()

    asyncio.run(run())


def test_the_turn_passing_and_another_seats_move_stand(tmp_path: Path) -> None:
    async def run() -> None:
        store = open_store(tmp_path)
        actor = await start_table(store, "stalk_exchange", humans(2))
        me, other = await join(actor, 0), await join(actor, 1)
        for version, kind in enumerate(("plant", "plant", "end")):
            actor.submit(Act(me, version, move_of(actor, 0, kind)))
            await settle(actor)
        received(me)
        actor.submit(Undo(me, 3))
        await settle(actor)
        (error,) = errors(me)
        assert error["code"] == "no_undo" and "your turn passed" in error["message"]
        actor.submit(Act(other, 3, move_of(actor, 1, "plant")))
        await settle(actor)
        received(me)
        actor.submit(Undo(me, 4))
        await settle(actor)
        (error,) = errors(me)
        assert error["code"] == "no_undo" and "another seat moved since" in error["message"]
        assert actor.version == 4 and len(await stored_moves(store, actor.id)) == 4
        await actor.stop()

    asyncio.run(run())


def test_a_bot_never_undoes_and_its_moves_stand(tmp_path: Path) -> None:
    async def run() -> None:
        store = open_store(tmp_path)
        seating = [{"kind": "bot", "spec": "random"}, *humans(1)]
        actor = await start_table(store, "stalk_exchange", seating)
        await settle(actor)  # the bot plays its turn (its plants are quiet moves)
        assert actor.version >= 3 and 1 in actor.state.to_move()
        bot, person = await join(actor, 0), await join(actor, 1)
        views = received(person)
        assert views[-1]["can_undo"] is False
        for conn in (bot, person):
            actor.submit(Undo(conn, actor.version))
            await settle(actor)
        (bot_error,), (person_error,) = errors(bot), errors(person)
        assert bot_error["code"] == "no_undo" and "bot" in bot_error["message"]
        assert person_error["code"] == "no_undo"
        await actor.stop()

    asyncio.run(run())


def test_spectators_and_stale_versions_are_refused(tmp_path: Path) -> None:
    async def run() -> None:
        store = open_store(tmp_path)
        actor = await start_table(store, "stalk_exchange", humans(2))
        me, watcher = await join(actor, 0), await join(actor, None)
        actor.submit(Act(me, 0, move_of(actor, 0, "plant")))
        await settle(actor)
        received(me), received(watcher)
        actor.submit(Undo(watcher, 1))
        actor.submit(Undo(me, 0))
        await settle(actor)
        assert [e["code"] for e in errors(watcher)] == ["spectator"]
        assert [e["code"] for e in errors(me)] == ["stale_version"]
        assert actor.version == 1
        await actor.stop()

    asyncio.run(run())


def test_an_undo_gives_no_more_time(tmp_path: Path) -> None:
    """The turn timer goes on with what was left: undoing and playing again cannot stall a
    table past its timer."""

    async def run() -> None:
        store = open_store(tmp_path)
        actor = await start_table(store, "stalk_exchange", humans(2), turn=30)
        me = await join(actor, 0)
        actor.submit(Act(me, 0, move_of(actor, 0, "plant")))
        await settle(actor)
        await asyncio.sleep(0.5)
        received(me)
        actor.submit(Undo(me, 1))
        await settle(actor)
        (view,) = received(me)
        assert view["undone"] == 1 and view["timer"]["remaining"] <= 29.5
        await actor.stop()

    asyncio.run(run())
