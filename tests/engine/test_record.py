from __future__ import annotations

import json

import pytest

import seedbed
from seedbed.engine import GameRecord, IllegalActionError, InvalidActionError, replay
from seedbed.engine.record import ReplayError, steps
from seedbed.engine.render import compact
from seedbed.engine.rng import Rng


def played_record(moves: int = 60) -> tuple[GameRecord, str]:
    game = seedbed.game("bohnanza")
    options = game.normalize_options({"max_offers": 1})
    state = game.new_state(3, 4, options)
    rec = GameRecord("bohnanza", 3, 4, options, seating=["ann", "bot:random", "cy"])
    rng = Rng(1)
    for _ in range(moves):
        p = state.to_move()[0]
        menu = state.legal_actions(p)
        a = menu[rng.below(len(menu))]
        state.apply(p, a)
        rec.add(p, a)
    return rec, state.key()


def test_jsonl_round_trip_and_replay() -> None:
    rec, key = played_record()
    text = rec.to_jsonl()
    back = GameRecord.from_jsonl(text)
    assert back == rec
    assert back.to_jsonl() == text
    assert replay(back).key() == key
    header = json.loads(text.splitlines()[0])
    assert header["record"] == "seedbed" and header["seating"] == ["ann", "bot:random", "cy"]


def test_finished_record_keeps_the_outcome() -> None:
    game = seedbed.game("bohnanza")
    state = game.new_state(2, 8)
    rec = GameRecord("bohnanza", 2, 8, game.normalize_options(None))
    rng = Rng(2)
    while not state.is_terminal():
        p = state.to_move()[0]
        menu = state.legal_actions(p)
        a = menu[rng.below(len(menu))]
        state.apply(p, a)
        rec.add(p, a)
    rec.finish(state.outcome())
    back = GameRecord.from_jsonl(rec.to_jsonl())
    assert back.outcome == state.outcome().to_json()
    assert replay(back).outcome() == state.outcome()


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("", "line 1"),
        ("not json\n", "line 1"),
        ('{"record": "other"}\n', "line 1"),
        ('{"record": "seedbed", "game": "bohnanza"}\n', "line 1"),
        (
            '{"record": "seedbed", "game": "bohnanza", "num_players": 3, "seed": 1}\n{"x": 1}\n',
            "line 2",
        ),
        (
            '{"record": "seedbed", "game": "bohnanza", "num_players": 3, "seed": 1}\n\n[1]\n',
            "line 3",
        ),
        (
            '{"record": "seedbed", "game": "bohnanza", "num_players": 3, "seed": 1}\n{oops\n',
            "line 2",
        ),
    ],
)
def test_malformed_lines_name_the_line(text: str, line: str) -> None:
    with pytest.raises(ValueError, match=line):
        GameRecord.from_jsonl(text)


def test_replay_refuses_an_illegal_move() -> None:
    rec = GameRecord("bohnanza", 3, 1, {})
    rec.moves.append((1, {"type": "plant", "field": 0}))  # seat 0 is on the move
    with pytest.raises(ReplayError, match=r"^move 1 \(player 1, type=plant field=0\): ") as info:
        replay(rec)
    assert (info.value.version, info.value.player) == (1, 1)
    assert isinstance(info.value.reason, IllegalActionError)
    assert info.value.__cause__ is info.value.reason


def test_a_refusal_keeps_its_clause_and_a_malformed_move_its_reason() -> None:
    rec, _ = played_record(2)
    rec.moves.append((2, {"type": "plant", "field": 0}))  # seat 2 plants during the trade
    rec.moves.append((0, {"type": "dance"}))
    with pytest.raises(ReplayError) as refused:
        replay(rec)
    assert refused.value.version == 3 and refused.value.clause == "B-29"
    del rec.moves[2]
    with pytest.raises(ReplayError, match=r"^move 3 \(player 0, type=dance\): ") as malformed:
        replay(rec)
    assert isinstance(malformed.value.reason, InvalidActionError)
    assert malformed.value.clause is None


def test_steps_are_the_deal_then_one_per_move_on_one_live_state() -> None:
    rec, key = played_record(30)
    seen = list(steps(rec))
    assert [s.version for s in seen] == list(range(31))
    assert seen[0].move is None and seen[0].events == []
    assert all(s.state is seen[0].state for s in seen)  # live: clone to keep a position
    assert seen[-1].state.key() == key
    for step, (player, action_json) in zip(seen[1:], rec.moves, strict=True):
        assert step.move is not None and step.events
        assert (step.move.player, step.move.action_json) == (player, action_json)
        assert step.move.action.to_json() == action_json


def test_each_step_is_the_state_after_that_many_moves() -> None:
    rec, _ = played_record(12)
    game = seedbed.game("bohnanza")
    state = game.new_state(rec.num_players, rec.seed, rec.options)
    for step in steps(rec):
        if step.move is not None:
            events = state.apply(step.move.player, step.move.action)
            assert [e.for_viewer(None) for e in events] == [e.for_viewer(None) for e in step.events]
        assert step.state.key() == state.key()


def test_the_deal_is_made_before_the_first_step_is_asked() -> None:
    """A bad header raises when the replay is set up, before anything is iterated."""
    with pytest.raises(ValueError, match="player"):
        steps(GameRecord("bohnanza", 9, 1))


def test_steps_take_a_game_object_not_registered_under_the_name() -> None:
    rec, key = played_record(10)
    rec.game = "bohnanza-under-construction"
    assert replay(rec, seedbed.game("bohnanza")).key() == key
    with pytest.raises(ValueError, match="bohnanza-under-construction"):
        replay(rec)


@pytest.mark.parametrize("name", ["bohnanza", "stalk_exchange", "fields_of_green"])
def test_moves_read_as_the_command_line_shows_them(name: str) -> None:
    """A replay error names its action as ``seedbed replay`` always has (render.compact)."""
    game = seedbed.game(name)
    state = game.new_state(2 if name == "bohnanza" else 3, 5)
    rng = Rng(3)
    for _ in range(80):
        if state.is_terminal():
            break
        p = state.to_move()[0]
        menu = state.legal_actions(p)
        for action in menu[:20]:
            obj = json.loads(json.dumps(action.to_json()))
            error = ReplayError(1, p, obj, InvalidActionError("bad"))
            assert str(error) == f"move 1 (player {p}, {compact(obj)}): bad"
        state.apply(p, menu[rng.below(len(menu))])
