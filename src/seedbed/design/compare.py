"""Two option sets head to head on the same deals (paired): "is my new card overpowered?".

Both sides play deals ``seed, seed+1, …`` under the same seatings, so a deal's luck is shared
and each measure's difference B − A is taken game by game: its mean with a 95% normal
interval (mean ± 1.96 · sd / √n over the paired games).

>>> paired([1.0, 0.0, 1.0, 1.0], [0.0, 0.0, 1.0, 0.0]).mean
-0.5
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from seedbed.arena.play import GameResult
from seedbed.arena.stats import Z95
from seedbed.design.grid import parse_option
from seedbed.design.measures import margin
from seedbed.engine.api import JsonDict
from seedbed.engine.registry import game as lookup_game


@dataclass(frozen=True)
class Paired:
    """B − A over paired games: the mean difference and its 95% interval."""

    mean: float
    low: float
    high: float

    @property
    def significant(self) -> bool:
        return self.low > 0 or self.high < 0


def paired(a: Sequence[float], b: Sequence[float]) -> Paired:
    diffs = [y - x for x, y in zip(a, b, strict=True)]
    mean = statistics.fmean(diffs)
    half = Z95 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    return Paired(mean, mean - half, mean + half)


def option_set(game: str, texts: Sequence[str]) -> JsonDict:
    """``name=value`` texts → one set of options, checked against the declarations."""
    out: JsonDict = {}
    for text in texts:
        name, values = parse_option(text)
        if len(values) != 1:
            raise ValueError(f"compare takes one value per option, not {text!r}")
        out[name] = values[0]
    lookup_game(game).normalize_options(out)
    return out


def _share(seat: int, result: GameResult) -> float:
    return result.shares()[seat]


def measures(num_players: int) -> dict[str, Callable[[GameResult], float]]:
    """What compare reports, by name: each seat's win share, the margin, the length."""
    out: dict[str, Callable[[GameResult], float]] = {}
    for seat in range(num_players):
        out[f"seat {seat} win share"] = partial(_share, seat)
    out["winner's margin"] = lambda r: float(margin(r))
    out["winning score"] = lambda r: float(max(r.scores))
    out["actions per game"] = lambda r: float(r.actions)
    return out


def compare(a: Sequence[GameResult], b: Sequence[GameResult]) -> dict[str, Paired]:
    """Every measure's paired difference B − A (games in the same schedule order)."""
    if [r.seed for r in a] != [r.seed for r in b]:
        raise ValueError("the two sides were not played on the same deals")
    return {
        name: paired([f(r) for r in a], [f(r) for r in b])
        for name, f in measures(a[0].num_players).items()
    }
