"""The crash test (issue 6 acceptance): the server process is SIGKILLed mid-game (once while
the human is on the move, once while a bot is thinking), started again on the same database,
and the game is finished over the protocol. No applied action is lost: every view seen
before the kill is a state of the final record, and the record equals a replay of its moves
(outcome and final view)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from .wire import (
    Message,
    PlayLog,
    Script,
    Seat,
    Server,
    bot,
    check_acts,
    check_final,
    check_views,
    events_of,
    human,
    play,
    states_of,
    tokens,
)


@pytest.fixture
def crashing(database_url: str, tmp_path: Path) -> Iterator[Server]:
    """A server of this test's own (it gets killed), on the module's database."""
    srv = Server(database_url, tmp_path).start()
    try:
        yield srv
    finally:
        srv.close()


async def until_killed(server: Server, seat: Seat, script: Script, kill_when: str) -> PlayLog:
    """Play until the kill point, then SIGKILL the server: ``human`` after some acts with the
    human on the move; ``bot`` right after the human's act is applied and a bot is to move."""
    if kill_when == "human":
        log = await play(seat, script, max_acts=15)
        assert log.how == "paused"
    else:
        me = seat.seat
        moved: list[int] = []

        def bot_thinks(view: Message) -> bool:
            if view["legal_actions"]:
                moved.append(view["version"])
            return len(moved) > 4 and bool(view["to_move"]) and me not in view["to_move"]

        log = await play(seat, script, stop=bot_thinks)
        assert log.how == "stopped"
    server.kill()
    return log


CASES = {
    "human": ("fields_of_green", [human(), bot("random"), bot("greedy")]),
    "bot": ("stalk_exchange", [human(), bot("ismcts:iterations=60"), bot("random")]),
}


@pytest.mark.parametrize("kill_when", sorted(CASES))
def test_sigkill_restart_finish(crashing: Server, kill_when: str) -> None:
    game, seating = CASES[kill_when]
    created = crashing.create_table(game, seating, seed=31)
    table, token = created["table_id"], tokens(created)[0]
    script = Script(random.Random(7))

    async def before() -> tuple[Seat, PlayLog]:
        seat = await Seat.connect(crashing, table, token)
        log = await until_killed(crashing, seat, script, kill_when)
        return seat, log

    first, log1 = asyncio.run(before())
    seen = first.last_view["version"]
    crashing.start()  # same database, a new port

    async def after() -> tuple[Seat, PlayLog]:
        seat = await Seat.connect(crashing, table, token)
        assert seat.last_view["version"] >= seen, "an applied action was lost in the crash"
        log = await play(seat, script)
        await seat.close()
        return seat, log

    again, log2 = asyncio.run(after())
    assert log2.how == "finished"
    record = crashing.record(table)
    assert len(record.moves) > seen
    states, events = states_of(record), events_of(record)
    check_views(first.messages, states, events, "before the kill")
    check_views(again.messages, states, events, "after the restart")
    check_acts(record, 0, log1.acts + log2.acts, first.messages + again.messages)
    check_final(record, again.last_view)
    assert "Traceback" not in crashing.log(), crashing.log()


def test_killed_between_storing_and_serving_the_final_move(
    database_url: str, tmp_path: Path
) -> None:
    """Issue 12, defect 6 (the crash side): the server dies right after the final move is
    committed and before its outcome is stored or anything is served. While it runs, the
    record is absent (409) or whole; after the restart it is whole: never one move short."""
    srv = Server(database_url, tmp_path, ("--fault", "after-final-move-stored")).start()
    try:
        created = srv.create_table("stalk_exchange", [bot("random"), bot("random")], seed=12)
        table = created["table_id"]
        assert srv.proc is not None
        while srv.proc.poll() is None:  # the bots play until the fault kills the server
            try:
                response = srv.get(f"/api/tables/{table}/record")
            except Exception:
                break
            assert response.status_code == 409, "a record was served before its end was stored"
        srv.proc.wait(60)
        assert srv.proc.returncode == -9
        srv.extra = tuple(x for x in srv.extra if x not in ("--fault", "after-final-move-stored"))
        srv.start()
        record = srv.record(table)
        state = states_of(record)[-1]
        assert state.is_terminal() and record.outcome == state.outcome().to_json()
        assert srv.summary(table)["status"] == "finished"
    finally:
        srv.close()
