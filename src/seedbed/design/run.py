"""A sweep played locally and measured in one call: what a script needs that lays the lab's
measures out as a document (``scripts/fields_of_green_balance.py``,
``scripts/stalk_exchange_calibration.py``), so that they measure nothing themselves."""

from __future__ import annotations

import tempfile
from pathlib import Path

from seedbed.arena.executors import OnGames, make_executor
from seedbed.design.measures import CellMeasures, measure
from seedbed.design.sweep import SweepPlan, run_sweep


def play_and_measure(
    plan: SweepPlan, out: Path | None, workers: int = 1, on_games: OnGames | None = None
) -> list[CellMeasures]:
    """Each cell's measures; the journals go to ``out`` (a run stopped there resumes) or,
    without ``out``, to a temporary folder removed afterwards."""
    with (
        tempfile.TemporaryDirectory(prefix="seedbed-lab-") as scratch,
        make_executor("local", workers) as executor,
    ):
        cells = run_sweep(plan, executor, out or Path(scratch), on_games)
    return [measure(c.results) for c in cells]
