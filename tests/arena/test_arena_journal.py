"""A match's journal: a stopped match resumes where it stopped and ends as one run would."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from seedbed.arena.executors import LocalExecutor
from seedbed.arena.journal import Journal
from seedbed.arena.match import MatchResult, run_match
from seedbed.arena.play import GameResult
from seedbed.arena.stats import Sprt
from seedbed.arena.tournament import GameTask

GAME = "stalk_exchange"
SPRT = Sprt(0.30, 0.36)  # undecided for many games: every round is played
MAX_GAMES = 30  # 10 deals of 3 rotations: two rounds of 8 deals on one worker


class Stopped(Exception):
    """Stands for a stop (Ctrl-C, a session's end) in the middle of a round."""


class StopsAfter(LocalExecutor):
    """One worker that plays ``batches`` batches, then stops; counts the games it played.
    With a journal, a batch is one game."""

    def __init__(self, batches: int | None = None) -> None:
        super().__init__(1)
        self.left = batches
        self.played = 0

    def _run_batches(self, work: list[list[GameTask]]) -> Iterator[list[GameResult]]:
        for done in super()._run_batches(work):
            if self.left is not None and self.left == 0:
                raise Stopped
            self.played += len(done)
            if self.left is not None:
                self.left -= 1
            yield done


def match(executor: LocalExecutor, bot: str, journal: Journal | None = None) -> MatchResult:
    return run_match(executor, GAME, bot, "random", 3, SPRT, MAX_GAMES, 7, journal=journal)


def outcome(result: MatchResult) -> tuple[object, ...]:
    return result.decision, result.wins, tuple(result.results)


def test_a_match_with_a_journal_ends_as_one_without(first_bot: str, tmp_path: Path) -> None:
    path = tmp_path / "match.jsonl"
    plain = match(StopsAfter(), first_bot)
    kept = match(StopsAfter(), first_bot, Journal(path))
    assert outcome(kept) == outcome(plain)
    rows = [GameResult.from_json(json.loads(line)) for line in path.read_text().splitlines()]
    assert sorted(rows, key=lambda r: r.index) == plain.results


def test_a_stopped_match_resumes_where_it_stopped(first_bot: str, tmp_path: Path) -> None:
    path = tmp_path / "match.jsonl"
    whole = match(StopsAfter(), first_bot)
    with pytest.raises(Stopped):
        match(StopsAfter(batches=27), first_bot, Journal(path))  # in the middle of round 2
    kept = len(path.read_text().splitlines())
    assert kept == 27 < whole.games  # every game ended before the stop is kept
    again = StopsAfter()
    resumed = match(again, first_bot, Journal(path))
    assert outcome(resumed) == outcome(whole)
    assert again.played == whole.games - kept  # nothing played twice
    nothing = StopsAfter()
    assert outcome(match(nothing, first_bot, Journal(path))) == outcome(whole)
    assert nothing.played == 0 and len(path.read_text().splitlines()) == whole.games


def test_a_line_cut_short_by_a_stop_is_played_again(first_bot: str, tmp_path: Path) -> None:
    path = tmp_path / "match.jsonl"
    whole = match(StopsAfter(), first_bot, Journal(path))
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:-1]) + lines[-1][:25])
    again = StopsAfter()
    assert outcome(match(again, first_bot, Journal(path))) == outcome(whole)
    assert again.played == 1
    now = path.read_text().splitlines(keepends=True)
    assert now[:-1] == lines[:-1]
    assert GameResult.from_json(json.loads(now[-1])) == GameResult.from_json(json.loads(lines[-1]))


def test_another_matchs_journal_is_refused(first_bot: str, tmp_path: Path) -> None:
    path = tmp_path / "match.jsonl"
    with pytest.raises(Stopped):
        match(StopsAfter(batches=1), first_bot, Journal(path))
    other = StopsAfter()
    with pytest.raises(ValueError, match="holds another match's games: deal 0, rotation 0"):
        run_match(other, GAME, first_bot, "random", 3, SPRT, MAX_GAMES, 8, journal=Journal(path))
    assert other.played == 0


def test_a_damaged_row_is_an_error_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "match.jsonl"
    path.write_text('{"game": "stalk_exchange"}\n{"also": "bad"}\n')
    with pytest.raises(ValueError, match=r"match\.jsonl:1: not a game result"):
        Journal(path)


def test_a_whole_last_row_without_its_newline_is_kept(first_bot: str, tmp_path: Path) -> None:
    path = tmp_path / "match.jsonl"
    whole = match(StopsAfter(), first_bot, Journal(path))
    path.write_text(path.read_text().rstrip("\n"))
    again = StopsAfter()
    assert outcome(match(again, first_bot, Journal(path))) == outcome(whole)
    assert again.played == 0
    Journal(path).add(whole.results[:1])  # a later row starts on its own line
    assert len(Journal(path).games) == whole.games
