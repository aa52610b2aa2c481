"""One game between bots (arena/play.py): determinism, per-seat generators, illegal bot
actions, and the JSON Lines round trip of results."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import seedbed
from seedbed.arena.play import (
    GameResult,
    IllegalBotActionError,
    play_game,
    seat_rng,
)
from seedbed.bots import Bot, BotKind, InfoSet, bot_kinds
from seedbed.bots import specs as specs_module
from seedbed.engine.api import Action
from seedbed.engine.record import replay
from seedbed.engine.rng import Rng


def test_a_game_is_a_function_of_its_seed_and_seating() -> None:
    first = play_game("stalk_exchange", ["random"] * 3, seed=11)
    again = play_game("stalk_exchange", ["random"] * 3, seed=11)
    other = play_game("stalk_exchange", ["random"] * 3, seed=12)
    assert first == again and first.record is not None and again.record is not None
    assert first.record.moves == again.record.moves
    assert first.moves_sha != other.moves_sha


def test_the_result_is_consistent_and_the_record_replays() -> None:
    result = play_game("bohnanza", ["random"] * 4, seed=5, options={"max_offers": 0})
    assert result.seating == ("random",) * 4 and result.num_players == 4
    assert result.record is not None and result.actions == len(result.record.moves)
    assert result.options["max_offers"] == 0 and result.options["edition"] == "standard"
    state = replay(result.record)
    outcome = state.outcome()
    assert state.is_terminal() and outcome.scores == result.scores
    assert (outcome.ranks, outcome.winners) == (result.ranks, result.winners)
    assert sum(result.shares()) == pytest.approx(1.0)


def test_bots_use_their_own_generators_never_the_global_one() -> None:
    before = random.getstate()
    play_game("stalk_exchange", ["random"] * 3, seed=2)
    assert random.getstate() == before
    draws = [[seat_rng(9, s).next32() for _ in range(3)] for s in range(4)]
    assert len({tuple(d) for d in draws}) == 4  # every seat its own stream
    assert seat_rng(9, 2).state == seat_rng(9, 2).state != seat_rng(10, 2).state


def test_keep_moves_false_drops_the_moves_but_not_the_digest() -> None:
    full = play_game("stalk_exchange", ["random"] * 2, seed=4)
    slim = play_game("stalk_exchange", ["random"] * 2, seed=4, keep_moves=False)
    assert slim.record is None and slim == full and "moves" not in slim.to_json()


class _Cheat(Bot):
    name = "cheat"

    def act(self, info: InfoSet, rng: Rng) -> Action:
        return seedbed.game(info.game_name).parse_action("harvest 0")  # an empty field


class _Junk(Bot):
    name = "junk"

    def act(self, info: InfoSet, rng: Rng) -> Action:
        return "plant 0"  # type: ignore[return-value]


@pytest.mark.parametrize(
    ("bot", "message"),
    [(_Cheat, "bot cheat at seat 0 chose the illegal action"), (_Junk, "returned 'plant 0'")],
)
def test_an_illegal_bot_action_is_refused_naming_the_bot(
    bot: type[Bot], message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot_kinds()
    monkeypatch.setitem(specs_module._KINDS, bot.name, BotKind(bot.name, "", lambda g, p: bot()))
    with pytest.raises(IllegalBotActionError, match=message) as error:
        play_game("bohnanza", [bot.name, "random", "random"], seed=1)
    assert "bohnanza seed 1, move 0" in str(error.value)


def test_results_round_trip_through_json_lines(tmp_path: Path) -> None:
    from seedbed.cli.arena import read_results, write_results

    results = [play_game("stalk_exchange", ["random"] * 3, seed=s) for s in (1, 2)]
    results.append(play_game("stalk_exchange", ["random"] * 3, seed=3, keep_moves=False))
    path = tmp_path / "results.jsonl"
    write_results(path, results)
    lines = path.read_text().splitlines()
    assert len(lines) == 3 and all(json.loads(line)["game"] == "stalk_exchange" for line in lines)
    back = read_results(path)
    assert back == results
    assert [r.seconds for r in back] == pytest.approx([r.seconds for r in results], abs=1e-5)
    assert back[0].record is not None and results[0].record is not None
    assert back[0].record.moves == results[0].record.moves and back[2].record is None
    assert replay(back[0].record).outcome().scores == results[0].scores
    path.write_text(lines[0] + '\n{"game": "x"}\n')
    with pytest.raises(ValueError, match="line 2: not a game result"):
        read_results(path)


def test_from_json_refuses_malformed_rows() -> None:
    with pytest.raises(ValueError, match="not a game result"):
        GameResult.from_json({"game": "bohnanza", "seed": "x"})


class Deadlines(Bot):
    """Notes the deadline of every decision it is asked (then plays the first action)."""

    name = "deadlines"
    seen: list[float | None] = []  # noqa: RUF012 (one list for the test's bots)

    def act(self, info: InfoSet, rng: Rng) -> Action:
        Deadlines.seen.append(info.deadline)
        return info.legal_actions()[0]


def test_a_think_budget_gives_every_decision_its_deadline() -> None:
    """Issue 33 item 3: ``think`` seconds give each decision ``InfoSet(..., deadline=now+S)``,
    as a server's pool does; the result (and its JSON row) keeps the budget."""
    bot_kinds()
    kind = BotKind("deadlines", "notes deadlines", lambda game, params: Deadlines())
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(specs_module._KINDS, "deadlines", kind)
        Deadlines.seen = []
        plain = play_game("stalk_exchange", ["deadlines", "random", "random"], seed=2)
        assert plain.think is None and Deadlines.seen and set(Deadlines.seen) == {None}
        assert "think" not in plain.to_json()
        Deadlines.seen = []
        timed = play_game("stalk_exchange", ["deadlines", "random", "random"], seed=2, think=0.5)
    assert Deadlines.seen and all(d is not None for d in Deadlines.seen)
    assert timed.think == 0.5 and timed.to_json()["think"] == 0.5
    assert GameResult.from_json(timed.to_json()) == timed
    assert timed != plain  # another budget is another game, for a journal
