from __future__ import annotations

import json

import pytest

import seedbed
from seedbed.engine import GameRecord, replay
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
    with pytest.raises(seedbed.engine.IllegalActionError):
        replay(rec)
