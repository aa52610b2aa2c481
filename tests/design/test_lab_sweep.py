"""The design lab's sweep (issue 35 items 1 and 2): the grid from the declarations, the
measures on a game with known answers, and resuming from the journals."""

from __future__ import annotations

from pathlib import Path

import pytest

from seedbed.arena.executors import LocalExecutor
from seedbed.arena.stats import wilson
from seedbed.design.grid import cells, parse_values
from seedbed.design.measures import measure
from seedbed.design.sweep import SweepPlan, journal_path, run_sweep


def test_grid_crosses_the_options_and_reads_ranges(rigged: str) -> None:
    """issue 35 item 1: several options make a grid; lo..hi is a range."""
    grid = cells(rigged, ["rounds=3,5", "top_card=12..13"])
    assert grid == [
        {"rounds": 3, "top_card": 12},
        {"rounds": 3, "top_card": 13},
        {"rounds": 5, "top_card": 12},
        {"rounds": 5, "top_card": 13},
    ]
    assert parse_values("2..4") == [2, 3, 4]


@pytest.mark.parametrize(
    ("given", "words"),
    [
        (["colour=1,2"], "no option 'colour'; options: rounds, top_card"),
        (["rounds=0"], "rounds"),
        (["rounds"], "name=v1,v2"),
        (["rounds=5..3"], "empty range"),
        (["rounds=3", "rounds=4"], "given twice"),
    ],
)
def test_unknown_options_and_values_are_refused(rigged: str, given: list[str], words: str) -> None:
    """issue 35 item 1: clear errors from the declarations before any game."""
    with pytest.raises(ValueError, match=words):
        cells(rigged, given)


def test_seat_zero_of_the_rigged_game_wins_every_game(rigged: str, tmp_path: Path) -> None:
    """issue 35 item 2: seat 0 always wins → 100% with Wilson's interval for n games."""
    plan = SweepPlan(rigged, cells(rigged, ["rounds=3,5"]), ["random"], 2, 30, 7)
    with LocalExecutor(1) as executor:
        swept = run_sweep(plan, executor, tmp_path)
    assert [c.options for c in swept] == [{"rounds": 3}, {"rounds": 5}]
    for cell in swept:
        m = measure(cell.results)
        assert m.games == 30
        assert m.seat_share == (1.0, 0.0)
        assert m.seat_interval[0] == wilson(30, 30)
        assert m.seat_interval[0][0] == pytest.approx(0.8865, abs=1e-4)
        assert m.seat_interval[1] == wilson(0, 30)
        assert m.ties == 0.0
        assert m.mean_margin >= 1
    assert {r.actions for r in swept[0].results} == {6}  # 3 rounds, a card each


def test_a_stopped_sweep_resumes_without_replaying(rigged: str, tmp_path: Path) -> None:
    """issue 35 item 1: a killed sweep resumes from its journals; only missing games play."""
    plan = SweepPlan(rigged, cells(rigged, ["top_card=12,20"]), ["random"], 2, 10, 3)
    with LocalExecutor(1) as executor:
        whole = run_sweep(plan, executor, tmp_path / "whole")
    with LocalExecutor(1) as executor:
        run_sweep(plan, executor, tmp_path / "cut")
    first = journal_path(tmp_path / "cut", 0)
    lines = first.read_text().splitlines(keepends=True)
    first.write_text("".join(lines[:4]) + lines[4][:20])  # killed while writing game 5
    journal_path(tmp_path / "cut", 1).unlink()  # the second cell never started
    played: list[int] = []
    with LocalExecutor(1) as executor:
        resumed = run_sweep(plan, executor, tmp_path / "cut", played.append)
    assert sum(played) == 20  # the progress bar counts every game once
    assert [r.moves_sha for c in resumed for r in c.results] == [
        r.moves_sha for c in whole for r in c.results
    ]
    assert len(first.read_text().splitlines()) == 10


def test_endings_rounds_and_tiebreaks_come_from_the_declarations(
    rigged: str, tmp_path: Path
) -> None:
    """issue 35 item 2: the ending and rounds from the game's declared ``ending``; the
    rigged game always has a clear winner, so no tie and no tie-break."""
    plan = SweepPlan(rigged, cells(rigged, ["rounds=4"]), ["random"], 2, 6, 1)
    with LocalExecutor(1) as executor:
        (cell,) = run_sweep(plan, executor, tmp_path)
    m = measure(cell.results)
    assert (m.mean_rounds, m.median_rounds, m.rounds_range) == (4, 4, (4, 4))
    assert set(m.endings) <= {"won", "shared"} and sum(m.endings.values()) == pytest.approx(1)
    assert (m.ties, m.tiebreaks) == (0.0, 0.0)


def test_tie_broken_reads_the_outcome() -> None:
    """issue 35 item 2: a shared best score with one winner was decided by a tie-break."""
    from seedbed.design.final import tie_broken
    from seedbed.engine.api import Outcome

    assert tie_broken(Outcome((5, 5, 2), (1, 2, 3), (0,)))
    assert not tie_broken(Outcome((5, 5, 2), (1, 1, 3), (0, 1)))
    assert not tie_broken(Outcome((6, 5, 2), (1, 2, 3), (0,)))
