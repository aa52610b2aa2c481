"""An active bot keeps Bohnanza's trading open for a person (issue 38 item 1): at a table with
a person, the bot whose turn it is does not end its trading phase before the table's
``offer_hold`` seconds have passed since the reveal or the last new offer, unless every
person has passed since the last change; it still answers an offer addressed to it at once;
the views tell the person when trading closes (``hold``); at a table without a person nothing
waits (the hold is 0 there)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import seedbed
from seedbed.engine.record import GameRecord, steps
from seedbed.server.storage import AsyncStore, NewTable, Store
from seedbed.server.table import Act, Connection, TableActor

from .test_table_actor import InlineBots, join, open_store, received, settle

HUMAN = {"kind": "human", "name": "ann", "token_sha256": "0" * 64}
GREEDY = {"kind": "bot", "spec": "greedy"}
PERSON_AT_1 = [GREEDY, HUMAN, GREEDY, GREEDY]
"""Seat 0, a greedy bot, is the active player of the first turn; the person sits next."""
HOLD = 2
SEED = 9
"""A deal whose greedy seat 0 makes offers in its first trading phase, then ends it (on the
old code at once, with the person still on the move)."""
OPENS = frozenset({"reveal", "offer"})
"""The events after which the hold starts again: trading opens, a new offer."""


class TimedStore(AsyncStore):
    """The table's store, noting when each move was committed (this process's clock)."""

    def __init__(self, store: Store) -> None:
        super().__init__(store)
        self.times: list[float] = []

    async def append_move(
        self,
        table_id: str,
        idx: int,
        seat: int,
        action: dict[str, Any],
        stand_in: bool = False,
        played_for: bool = False,
    ) -> None:
        await super().append_move(table_id, idx, seat, action, stand_in, played_for)
        self.times.append(time.monotonic())


async def start(tmp_path: Path, seating: list[dict[str, Any]], hold: int) -> TableActor:
    people = any(s["kind"] == "human" for s in seating)
    options = seedbed.spec("bohnanza").table_options({"offer_hold": hold}, people=people)
    store = open_store(tmp_path, TimedStore)
    table = NewTable("t1", "bohnanza", len(seating), {}, SEED, seating, None, False, options)
    await store.create_table(table)
    actor = TableActor.replay_from(table, [], store, InlineBots(), "2025-01-01T00:00:00+00:00")  # type: ignore[arg-type]
    actor.start()
    return actor


def trading(actor: TableActor) -> bool:
    return bool(actor.state.observe(None)["phase"] == "trade")


async def until(actor: TableActor, done: Any, seconds: float) -> None:
    """Let the table run (timers included) until ``done()`` or ``seconds`` have passed.
    ``done()`` is judged only on a settled table: a move applied to the state but not yet
    committed (the store is awaited) would otherwise be seen without its record."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        await settle(actor)
        if done():
            return
        await asyncio.sleep(0.02)


def waited_ends(
    record: GameRecord, times: list[float], people: set[int]
) -> list[tuple[int, float]]:
    """Each bot's end of trading in ``record`` (its moves committed at ``times``) while a
    person (a seat of ``people``) had not passed since the last change: (move, seconds since
    the reveal or the last new offer). Also read by the browser test
    (tests/web/test_trading_hold_ui.py), from a server's stored moves."""
    out = []
    opened = 0.0
    movers: set[int] = set()
    for step in steps(record):
        if step.move is None:
            continue
        i = step.version - 1
        ends = step.move.action.to_json()["type"] == "end-trading"
        if ends and step.move.player not in people and people & movers:
            out.append((step.version, round(times[i] - opened, 3)))
        if OPENS & {e.kind for e in step.events}:
            opened = times[i]
        movers = set() if step.state.is_terminal() else set(step.state.to_move())
    return out


def early_ends_of(actor: TableActor, hold: float) -> list[tuple[int, float]]:
    assert isinstance(actor.store, TimedStore)
    people = {s for s, e in enumerate(actor.table.seating) if e["kind"] == "human"}
    waited = waited_ends(actor.record(), actor.store.times, people)
    assert waited, "no bot ended trading with the person on the move"
    return [(v, t) for v, t in waited if t < hold]


def test_an_active_bot_keeps_trading_open_for_the_hold(tmp_path: Path) -> None:
    """The person does nothing: the bot's trading phase lasts at least ``offer_hold`` seconds
    after the reveal and after every new offer, and the person's views say when it closes."""

    async def run() -> tuple[list[tuple[int, float]], list[dict[str, Any]]]:
        actor = await start(tmp_path, PERSON_AT_1, HOLD)
        conn: Connection = await join(actor, 1, limit=100_000)
        await until(actor, lambda: trading(actor), 10)
        await until(actor, lambda: not trading(actor), 60)  # a loaded machine is slow
        assert not trading(actor), "trading never ended: the hold must run out"
        views = received(conn, ("view",))
        await actor.stop()
        return early_ends_of(actor, HOLD), views

    early, views = asyncio.run(run())
    assert early == [], f"a bot ended trading before the hold: {early}"
    holds = [v["hold"] for v in views if v.get("hold")]
    assert holds, "no view told the person when trading closes"
    assert all(h["seat"] == 0 and h["seconds"] == HOLD for h in holds), holds
    assert all(0 <= h["remaining"] <= HOLD for h in holds), holds


def test_a_person_who_passed_does_not_hold_trading(tmp_path: Path) -> None:
    """A hold of 600 s: once every person has passed since the last change, the bot ends
    trading at once; nothing waits on a clock (after each settle the person is on the move
    again, or trading is over)."""

    async def run() -> int:
        actor = await start(tmp_path, PERSON_AT_1, 600)
        conn = await join(actor, 1, limit=100_000)
        await until(actor, lambda: trading(actor), 10)
        passes = 0
        while trading(actor):
            await settle(actor)
            if not trading(actor):
                break
            assert 1 in actor.state.to_move(), "trading waits though the person passed"
            received(conn)
            actor.submit(Act(conn, actor.version, {"type": "pass"}))
            passes += 1
            assert passes < 50
        await actor.stop()
        return passes

    assert asyncio.run(run()) >= 1


def test_an_offer_to_the_waiting_bot_is_answered_at_once(tmp_path: Path) -> None:
    """During the hold the person offers the active bot a trade: the bot answers it (accepts or
    declines) at once, before any clock runs out, and trading is still open after."""

    async def run() -> tuple[str, bool]:
        actor = await start(tmp_path, PERSON_AT_1, 600)
        conn = await join(actor, 1, limit=100_000)
        await until(actor, lambda: trading(actor), 10)
        await settle(actor)
        assert trading(actor), "the bot ended trading while the person had not passed"
        offer = next(a for a in actor.state.legal_actions(1) if a.to_json()["type"] == "offer")
        actor.submit(Act(conn, actor.version, offer.to_json()))
        await settle(actor)
        mine = [o for o in actor.state.observe(1)["offers"] if o["proposer"] == 1]
        still = trading(actor)
        await actor.stop()
        return mine[-1]["status"], still

    status, still = asyncio.run(run())
    assert status in ("accepted", "declined"), status
    assert still or status == "accepted"


def test_nothing_waits_at_a_table_without_a_person(tmp_path: Path) -> None:
    """A bot-only table asked for a 600 s hold gets 0: its game plays to the end with no
    timer (a held move would leave the table idle, unfinished)."""

    async def run() -> tuple[bool, int]:
        actor = await start(tmp_path, [GREEDY] * 3, 600)
        await settle(actor)
        finished, hold = actor.finished, actor.table.table_options["offer_hold"]
        await actor.stop()
        return finished, hold

    assert asyncio.run(run()) == (True, 0)
