"""Issue 31 item 4: nobody waits for a person who has nothing to answer. At a 4-player
Bohnanza table (a person and three greedy bots) the table draws for the person at the end of
their turn (B-52: no other move that matters) and, where the person passes automatically
(on by default at a turn-based table), passes for them in the other players' trading once no
bot is on the move and nothing is addressed to them (B-43); the log says so each time. The
setting is the person's, stored, kept across a restart; spectators, bots and games without it
are refused. None of these moves counts as a missed deadline."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from seedbed.engine.menu import kind_of
from seedbed.engine.rng import Rng
from seedbed.games.bohnanza.heuristics import choose
from seedbed.server.autoplay import move_for
from seedbed.server.pace import Clock
from seedbed.server.seat_settings import auto_passes_of
from seedbed.server.storage import AsyncStore, MoveRow, NewTable, Store
from seedbed.server.table import Act, Configure, Connection, TableActor

from .test_table_actor import InlineBots, join, open_store, received, settle

PERSON = {"kind": "human", "name": "Ann", "token_sha256": "0" * 64}
GREEDY = {"kind": "bot", "spec": "greedy"}
SEATING = [GREEDY, PERSON, GREEDY, GREEDY]
ANSWERS = ("accept", "decline")


async def start(store: AsyncStore, turn_based: bool, seed: int = 5) -> TableActor:
    pace = "turn-based" if turn_based else "real-time"
    table = NewTable("t", "bohnanza", 4, {}, seed, SEATING, None, pace=pace)
    await store.create_table(table)
    actor = TableActor.replay_from(table, [], store, InlineBots(), "2026-11-28T00:00:00+00:00")  # type: ignore[arg-type]
    if turn_based:
        actor.clock = Clock("t", 3600, store)
    actor.start()
    return actor


def answer_or_play(actor: TableActor, rng: Rng) -> dict[str, Any]:
    """The person's move: in another player's trading, an answer to what is addressed to
    them (decline where they may, else accept); else (their own turn, the cards traded to
    them to plant) what greedy would do."""
    legal = actor.state.legal_actions(1)
    view = actor.state.observe(1)
    if view["active"] != 1 and view["phase"] == "trade":
        answers = [a for a in legal if kind_of(a) in ANSWERS]
        assert answers, f"the table waits for Ann with nothing to answer: {view['phase']}"
        declines = [a for a in answers if kind_of(a) == "decline"]
        return (declines or answers)[0].to_json()
    assert view["phase"] not in ("draw", "duel-draw"), "Ann was asked to draw"
    return choose(view, legal, rng).to_json()


async def play_out(actor: TableActor, conn: Connection) -> int:
    """Play the person's moves until the game ends; how many moves she made."""
    rng = Rng(3)
    made = 0
    while not actor.over:
        await settle(actor)
        if actor.over:
            break
        assert 1 in actor.state.to_move(), "the table stopped with Ann not on the move"
        received(conn)
        actor.submit(Act(conn, actor.version, answer_or_play(actor, rng)))
        made += 1
        assert made < 3000
    await settle(actor)
    return made


async def stand_in_flags(store: AsyncStore, seat: int) -> set[int]:
    """The seat's stored moves flagged as the stand-in's (the ladder's stand-in rule reads
    them, D-59): a move the table played for the person is none of them."""

    def read(sync: Store) -> set[int]:
        query = select(MoveRow.idx).where(MoveRow.seat == seat, MoveRow.stand_in)
        with sync.engine.connect() as conn:
            return {idx for (idx,) in conn.execute(query)}

    return await store.call(read)


def notes(actor: TableActor) -> list[str]:
    return list(actor.history.notes.values())


def test_a_turn_based_table_never_waits_for_a_person_with_nothing_to_answer(
    tmp_path: Path,
) -> None:
    async def run() -> None:
        actor = await start(open_store(tmp_path), turn_based=True)
        conn = await join(actor, 1, limit=100_000)
        made = await play_out(actor, conn)
        assert actor.finished and made > 0
        said = notes(actor)
        draws = [n for n in said if n == "Played for Ann: no other move."]
        passes = [n for n in said if n == "Passed for Ann: nothing was addressed to them."]
        turns = sum(1 for seat, a in actor.moves if seat == 1 and a["type"] == "finish-turn")
        assert draws and len(draws) >= turns > 0, (len(draws), turns)
        assert passes, "Ann was never passed for"
        # issue 36 item 4: each note also as a code and its parameters (the history's entries)
        coded = [e.get("note_parts") for e in actor.history.entries(1) if e.get("note")]
        assert {"code": "only-move", "params": {"name": "Ann"}} in [p[0] for p in coded if p]
        assert {"code": "auto-pass", "params": {"name": "Ann"}} in [p[0] for p in coded if p]
        assert all(coded), "a note without its parts"
        assert actor.clock is not None and actor.clock.rows[1].strikes == 0
        assert await stand_in_flags(actor.store, 1) == set(), "the ladder would see a stand-in"
        await actor.stop()

    asyncio.run(run())


def test_a_real_time_table_passes_only_once_asked(tmp_path: Path) -> None:
    """Off by default at a real-time table: the person's view says so; a ``settings`` message
    turns it on (stored), and the table passes for her from then on."""

    async def run() -> None:
        store = open_store(tmp_path)
        actor = await start(store, turn_based=False)
        conn = await join(actor, 1, limit=100_000)
        await settle(actor)
        first = received(conn, ("view",))
        assert first and first[-1]["auto_pass"] is False
        actor.submit(Configure(conn, True))
        await settle(actor)
        assert received(conn, ("view",))[-1]["auto_pass"] is True
        assert await store.call(auto_passes_of, "t") == {1: True}
        made = await play_out(actor, conn)
        assert actor.finished and made > 0
        assert "Passed for Ann: nothing was addressed to them." in notes(actor)
        await actor.stop()

    asyncio.run(run())


@pytest.mark.parametrize(
    ("seat", "game", "refusal"),
    [
        (None, "bohnanza", "spectator"),
        (0, "bohnanza", "person"),
        (1, "stalk_exchange", "no automatic pass"),
    ],
)
def test_the_setting_is_refused_where_it_does_not_apply(
    tmp_path: Path, seat: int | None, game: str, refusal: str
) -> None:
    async def run() -> None:
        store = open_store(tmp_path)
        seating = [GREEDY, PERSON] if game == "stalk_exchange" else SEATING
        table = NewTable("t", game, len(seating), {}, 1, seating, None)
        await store.create_table(table)
        actor = TableActor.replay_from(table, [], store, InlineBots(), "x")  # type: ignore[arg-type]
        actor.start()
        conn = await join(actor, seat)
        received(conn)
        actor.submit(Configure(conn, True))
        await settle(actor)
        errors = received(conn, ("error",))
        assert errors and refusal in errors[-1]["message"], errors
        assert await store.call(auto_passes_of, "t") == {}
        await actor.stop()

    asyncio.run(run())


class OneMove:
    """A state whose person has a single legal action (a test double of ``State``)."""

    def __init__(self, actions: list[Any]) -> None:
        self.actions = actions

    def legal_actions(self, seat: int) -> list[Any]:
        return self.actions


def test_a_single_legal_move_is_left_to_a_game_without_a_formality() -> None:
    """A program at a person's seat acts on its views: the table does not race it (D-65)."""
    only = object()
    assert move_for("stalk_exchange", OneMove([only]), 0, "Ann", True, False) is None  # type: ignore[arg-type]
