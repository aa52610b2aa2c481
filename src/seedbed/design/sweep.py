"""A sweep: the same deals played in every cell of an option grid, through the arena.

Every cell plays deals ``seed, seed+1, …`` under each seat rotation of the lineup, so cells
differ only by their options (paired deals). Each cell keeps a journal in the output folder
(``cell-<i>.jsonl``, :class:`~seedbed.arena.journal.Journal`): a stopped sweep run again with
the same command reads the finished games back instead of playing them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from seedbed.arena.executors import Executor, OnGames
from seedbed.arena.journal import Journal
from seedbed.arena.play import GameResult
from seedbed.arena.tournament import GameTask, deals_for, lineup, schedule
from seedbed.design.final import lab_tasks
from seedbed.engine.api import JsonDict


@dataclass(frozen=True)
class Cell:
    """One cell's options and its games, in schedule order."""

    options: JsonDict
    results: list[GameResult]


@dataclass(frozen=True)
class SweepPlan:
    """Everything that fixes a sweep's games."""

    game: str
    cells: list[JsonDict]
    bots: Sequence[str]
    players: int
    games: int
    seed: int

    @property
    def slots(self) -> list[str]:
        return lineup(self.bots, self.players)

    @property
    def deals(self) -> int:
        return deals_for(self.games, self.slots)

    def total_games(self) -> int:
        return sum(len(self.tasks(i)) for i in range(len(self.cells)))

    def tasks(self, i: int) -> list[GameTask]:
        tasks = schedule(self.game, self.slots, self.deals, self.seed, self.cells[i])
        return lab_tasks(tasks)


def journal_path(out: Path, i: int) -> Path:
    return out / f"cell-{i}.jsonl"


def run_sweep(
    plan: SweepPlan, executor: Executor, out: Path, on_games: OnGames | None = None
) -> list[Cell]:
    """Every cell's games: the journals' and the others, played and journalled as they end."""
    out.mkdir(parents=True, exist_ok=True)
    cells: list[Cell] = []
    for i, options in enumerate(plan.cells):
        journal = Journal(journal_path(out, i))
        tasks = plan.tasks(i)
        known = [journal.known(task) for task in tasks]
        missing = [t for t, r in zip(tasks, known, strict=True) if r is None]
        if on_games is not None and len(missing) < len(tasks):
            on_games(len(tasks) - len(missing))
        played: list[GameResult] = []
        if missing:
            played, _ = executor.run(missing, on_games, journal.add)
        fresh = iter(played)
        results = [next(fresh) if r is None else r for r in known]
        cells.append(Cell(options, results))
    return cells
