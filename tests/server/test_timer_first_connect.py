"""Issue 38 item 8: a person's turn timer starts when they first open the table.

At a Stalk Exchange table the person's first view showed 1:03 of 90 s: the turn timer of
their seat had run since the table was created. A human seat nobody has opened yet has no
running timer (the stand-in never plays for it, the views say the table waits for it to
join); its timer starts, whole, at its first connection. Once opened, a seat that goes away
is absent as before: its timer runs and the stand-in plays for it."""

from __future__ import annotations

import asyncio
from pathlib import Path

from seedbed.server.protocol import ViewMessage
from seedbed.server.table import Leave

from .test_table_actor import humans, join, open_store, received, settle, start_table


def test_a_seat_nobody_opened_has_no_running_turn_timer(tmp_path: Path) -> None:
    """Issue 38 item 8: with a 0.05 s timer and seat 0 never opened, nothing is played for
    it; spectators see no countdown but that the table waits for seat 0 to join."""

    async def run() -> None:
        actor = await start_table(open_store(tmp_path), "stalk_exchange", humans(2), turn=0.05)
        watcher = await join(actor, None, limit=100_000)
        await asyncio.sleep(0.4)
        await settle(actor)
        assert actor.version == 0 and not actor.bots.asked  # type: ignore[attr-defined]
        (view,) = received(watcher)
        message = ViewMessage.model_validate(view)
        assert message.timer is None and message.waiting_to_join == [0]
        await join(actor, 0)  # the others see its timer start and the wait end
        (view,) = received(watcher)
        message = ViewMessage.model_validate(view)
        assert message.timer is not None and message.timer.seats == [0]
        assert message.waiting_to_join is None and message.events == []
        await actor.stop()

    asyncio.run(run())


def test_the_turn_timer_starts_whole_at_the_first_connection(tmp_path: Path) -> None:
    """Issue 38 item 8: seat 0 opens the table a second after it was created; its first view
    shows (nearly) the whole turn, and no longer that the table waits for it."""

    async def run() -> None:
        actor = await start_table(open_store(tmp_path), "stalk_exchange", humans(2), turn=30.0)
        await asyncio.sleep(1.0)
        (view,) = received(await join(actor, 0))
        message = ViewMessage.model_validate(view)
        assert message.timer is not None and message.timer.seats == [0]
        assert message.timer.remaining > 29.6, message.timer
        assert not message.waiting_to_join
        await actor.stop()

    asyncio.run(run())


def test_an_opened_seat_that_left_is_played_by_the_stand_in(tmp_path: Path) -> None:
    """Once opened, a seat whose person went away is absent: its timer runs out and the
    stand-in plays for it (issue 12's behaviour, kept)."""

    async def run() -> None:
        actor = await start_table(open_store(tmp_path), "stalk_exchange", humans(2), turn=0.05)
        conn = await join(actor, 0)
        actor.submit(Leave(conn))
        await asyncio.sleep(0.4)
        await settle(actor)
        assert actor.version >= 1 and actor.bots.asked[0] == (0, "greedy")  # type: ignore[attr-defined]
        await actor.stop()

    asyncio.run(run())
