"""Issue 13, item 5: one replay path. Every place that replays a record's moves (the engine's
``replay``, the CLI's ``replay``, the conformance kit, the table actor's recovery, the hub's
rebuild from storage, the replay endpoint's views and the wire tests' helpers) goes through
``seedbed.engine.record.steps``: a planted wrong move is reported with one message, naming
the move, everywhere."""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import seedbed
from seedbed.cli.main import app
from seedbed.engine.record import GameRecord
from seedbed.engine.testing import _GameCheck
from seedbed.server.config import ServerSettings
from seedbed.server.hub import Hub
from seedbed.server.replays import step_texts
from seedbed.server.storage import NewTable, StoredMove, StoredTable
from seedbed.server.table import TableActor

from .wire import events_of, states_of

GAME = seedbed.game("bohnanza")
OPTIONS = GAME.normalize_options({})
WRONG = {"type": "plant", "field": 0}
EXPECTED = (
    "move 3 (player 2, field=0 type=plant): "
    "plant 0: not allowed in phase trade (only in: plant, duel-plant) [B-29]"
)
"""What every path says of the record below: its third move plants during the trade."""


def planted() -> GameRecord:
    """The two plantings of a seeded deal's first turn, then seat 2 planting in the trade."""
    rec = GameRecord("bohnanza", 3, 1, OPTIONS, seating=["human:a", "human:b", "human:c"])
    state = GAME.new_state(3, 1, OPTIONS)
    for _ in range(2):
        player = state.to_move()[0]
        action = state.legal_actions(player)[0]
        state.apply(player, action)
        rec.add(player, action)
    assert not state.is_legal(2, GAME.action_from_json(WRONG))
    rec.moves.append((2, WRONG))
    return GameRecord.from_jsonl(rec.to_jsonl())  # as read from a file: keys sorted


def table_of(rec: GameRecord) -> NewTable:
    seating = [{"kind": "human", "name": n, "token_sha256": "0" * 64} for n in "abc"]
    return NewTable("t1", rec.game, rec.num_players, rec.options, rec.seed, seating, None)


def actor_of(rec: GameRecord) -> TableActor:
    return TableActor.replay_from(table_of(rec), rec.moves, None, None, "x")  # type: ignore[arg-type]


def message_of(replaying: Callable[[], Any]) -> str:
    with pytest.raises(ValueError) as info:
        replaying()
    return str(info.value)


def test_the_engine_names_the_move() -> None:
    assert message_of(lambda: seedbed.replay(planted())) == EXPECTED


def test_the_command_line_prints_the_same_message(tmp_path: Path) -> None:
    path = tmp_path / "planted.jsonl"
    path.write_text(planted().to_jsonl())
    result = CliRunner().invoke(app, ["replay", str(path), "--viewer", "0"])
    assert result.exit_code == 2
    assert result.stderr == f"error: {EXPECTED}\n"
    assert result.stdout.count("\n== move ") == 2  # the moves before it were shown


def test_the_conformance_kit_replays_through_it() -> None:
    check = _GameCheck(GAME, 3, 1, OPTIONS, None, None, True, 1)
    assert message_of(lambda: check.replay(planted())) == EXPECTED


def test_table_recovery_replays_through_it() -> None:
    assert message_of(lambda: actor_of(planted())) == EXPECTED


def test_the_hub_logs_it_and_loads_nothing(caplog: pytest.LogCaptureFixture) -> None:
    rec = planted()
    moves = [StoredMove(i, seat, action) for i, (seat, action) in enumerate(rec.moves)]
    stored = StoredTable(table_of(rec), "running", dt.datetime.now(dt.UTC), None, moves)
    hub = Hub(None, None, ServerSettings())  # type: ignore[arg-type]
    with caplog.at_level(logging.ERROR, logger="seedbed.server.hub"):
        assert hub._rebuild(stored) is None
    [logged] = [r for r in caplog.records if r.exc_info]
    assert logged.exc_info is not None and str(logged.exc_info[1]) == EXPECTED


def test_the_replay_views_replay_through_it() -> None:
    rec = planted()
    good = GameRecord(rec.game, rec.num_players, rec.seed, rec.options, moves=rec.moves[:2])
    actor = actor_of(good)
    actor.moves.append(rec.moves[2])  # as if storage held a move the rules refuse
    assert message_of(lambda: list(step_texts(actor, None))) == EXPECTED


def test_the_wire_tests_replay_through_it() -> None:
    assert message_of(lambda: states_of(planted())) == EXPECTED
    assert message_of(lambda: events_of(planted())) == EXPECTED
