"""Bots keep Bohnanza's trading etiquette at a server table with a person (issue 16, part 1):
a scripted human (it declines every offer addressed to it, accepts nothing and otherwise
plays its first legal action) sits with a search bot, a greedy bot and a random bot (which the
server makes polite at a table with a person); the table's record, audited by
``scripts/audit_etiquette.py``, holds no violation of any rule."""

from __future__ import annotations

import asyncio
import importlib.util
import pickle
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import seedbed
from seedbed.server.bot_pool import capped_spec, choose, table_spec
from seedbed.server.storage import NewTable
from seedbed.server.table import Act, Connection, TableActor

from .test_table_actor import InlineBots, join, open_store, received, settle

REPO = Path(__file__).resolve().parents[2]


def audit_script() -> ModuleType:
    name = "seedbed_audit_etiquette"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, REPO / "scripts" / "audit_etiquette.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def test_a_random_bot_is_polite_at_a_table_with_a_person() -> None:
    """The server gives a ``random`` seat ``polite=true`` at a table with a person (unless the
    spec says otherwise), never at a bot-only table."""
    assert table_spec("random", people=True) == "random:polite=true"
    assert table_spec("random:polite=false", people=True) == "random:polite=false"
    assert table_spec("random", people=False) == "random"
    assert table_spec("greedy", people=True) == "greedy"


def scripted_move(actor: TableActor, seat: int) -> dict[str, Any]:
    """Decline an offer addressed to the seat if there is one, else pass in trading (never
    end it: the bots get every chance to offer), else the first legal action."""
    menu = actor.state.legal_actions(seat)
    kinds = [a.to_json() for a in menu[:64]]
    for k in ("decline", "pass"):
        found = next((a for a in kinds if a["type"] == k), None)
        if found is not None:
            return found
    return kinds[0]


TIGHT = {"offer_hold": 10, "open_offers": 1, "phase_offers": 1}


@pytest.mark.parametrize("manners", [None, TIGHT], ids=["defaults", "tight"])
def test_bots_keep_the_etiquette_with_a_person_at_the_table(
    tmp_path: Path, manners: dict[str, int] | None
) -> None:
    """``manners``: the table options (None: the defaults a table with a person gets); the
    bots are handed them and the audit checks the offers against them."""
    human = {"kind": "human", "name": "ann", "token_sha256": "0" * 64}
    seating: list[dict[str, Any]] = [
        {"kind": "bot", "spec": "greedy"},
        human,
        {"kind": "bot", "spec": "ismcts:iterations=10"},
        {"kind": "bot", "spec": "random"},
        {"kind": "bot", "spec": "rollout:iterations=8"},
    ]

    async def run() -> Counter[str]:
        table_options = seedbed.spec("bohnanza").table_options(manners, people=True)
        store = open_store(tmp_path)
        table = NewTable("t3", "bohnanza", len(seating), {}, 3, seating, None, False, table_options)
        await store.create_table(table)
        actor = TableActor.replay_from(table, [], store, InlineBots(), "2025-01-01T00:00:00+00:00")  # type: ignore[arg-type]
        actor.start()
        conn: Connection = await join(actor, 1, limit=100_000)
        declines = 0
        while not actor.finished:
            await settle(actor)
            received(conn)
            if not actor.over and 1 in actor.state.to_move():
                move = scripted_move(actor, 1)
                declines += move["type"] == "decline"
                actor.submit(Act(conn, actor.version, move))
        record = actor.record()
        await actor.stop()
        assert seedbed.engine.record.replay(record).key() == actor.state.key()
        found: Counter[str] = audit_script().audit(record, table_options)
        found["declines"] = declines
        return found

    found = asyncio.run(run())
    print(f"bot etiquette at a table with a person: {dict(found)}")  # -s shows every count
    assert found["offers"] > 0 and found["declines"] > 0
    assert {r: found[r] for r in audit_script().RULES if found[r]} == {}


class SilentAfterOffer:
    """A bot pool whose bots play greedy moves until their seat has an open offer, then give
    no answer (as a crashed or overrunning bot does): the table plays its fallback move."""

    def __init__(self) -> None:
        self.silent = 0

    async def move(
        self, state: bytes, seat: int, spec: str, seed: int, manners: Any = None, **_: str
    ) -> dict[str, Any] | None:
        view = pickle.loads(state).observe(seat)
        if any(o["proposer"] == seat and o["status"] == "open" for o in view["offers"]):
            self.silent += 1
            return None
        return choose(state, seat, spec, seed)


def test_the_fallback_move_of_a_silent_bot_withdraws_no_offer(tmp_path: Path) -> None:
    async def run() -> tuple[list[tuple[int, dict[str, Any]]], int]:
        store = open_store(tmp_path)
        seating = [{"kind": "bot", "spec": "greedy"}] * 4
        table = NewTable("t9", "bohnanza", 4, {}, 9, seating, None)
        await store.create_table(table)
        pool = SilentAfterOffer()
        actor = TableActor.replay_from(table, [], store, pool, "2025-01-01T00:00:00+00:00")  # type: ignore[arg-type]
        actor.start()
        while len(actor.moves) < 400 and not actor.finished:
            await settle(actor)
        await actor.stop()
        return actor.moves, pool.silent

    moves, silent = asyncio.run(run())
    assert silent > 0
    assert not [a for _, a in moves if a["type"] == "withdraw"]


class Recording:
    """A bot pool that records each request (seat, spec, the table's version) and answers with
    the greedy bot at once, so the test sees when and with what budget a bot is asked."""

    def __init__(self, actor: list[TableActor]) -> None:
        self.asked: list[tuple[int, str, int]] = []
        self.actor = actor

    async def move(
        self, state: bytes, seat: int, spec: str, seed: int, manners: Any = None, **_: str
    ) -> dict[str, Any] | None:
        self.asked.append((seat, capped_spec(spec, 1.0), len(self.actor[0].moves)))
        return choose(state, seat, "greedy", seed, manners)


def test_a_bot_is_asked_at_once_to_answer_an_offer_within_its_budget(tmp_path: Path) -> None:
    """Issue 16: a bot answers an offer addressed to it within 1.5 s at ``ismcts:seconds=1``.
    Not timed (no timed tests for speed targets): the table asks the addressee in the same
    turn of the event loop as the offer is applied (no timer, no queue in between), and the
    think budget it gets is at most 1 s (the pool caps ``seconds`` at the server's budget);
    the search overruns its budget by under 0.1 s (docs/bots.md, Answers)."""
    human = {"kind": "human", "name": "ann", "token_sha256": "0" * 64}
    seating = [human, *[{"kind": "bot", "spec": "ismcts:seconds=1"}] * 2]

    async def run() -> tuple[int, list[tuple[int, str, int]]]:
        store = open_store(tmp_path)
        table = NewTable("t5", "bohnanza", 3, {}, 5, seating, None)
        await store.create_table(table)
        holder: list[TableActor] = []
        pool = Recording(holder)
        actor = TableActor.replay_from(table, [], store, pool, "2025-01-01T00:00:00+00:00")  # type: ignore[arg-type]
        holder.append(actor)
        actor.start()
        conn = await join(actor, 0, limit=100_000)
        while len(actor.moves) < 300 and not actor.finished:
            await settle(actor)
            received(conn)
            if actor.over or 0 not in actor.state.to_move():
                continue
            menu = actor.state.legal_actions(0)
            offer = next((a for a in menu[:4000] if a.to_json().get("to") == 1), None)
            if offer is not None:
                version = actor.version
                actor.submit(Act(conn, version, offer.to_json()))
                await actor.idle()  # the offer applied: no time passes on the loop after it
                await actor.stop()
                return version + 1, pool.asked
            actor.submit(Act(conn, actor.version, scripted_move(actor, 0)))
        await actor.stop()
        raise AssertionError("the person never had an offer to seat 1 on the menu")

    version, asked = asyncio.run(run())
    after = [(seat, spec) for seat, spec, v in asked if v == version]
    assert (1, "ismcts:seconds=1") in after
