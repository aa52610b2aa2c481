"""The measures of one cell, generic: from the games' outcomes alone, whatever the game.

Win share by seat (a win shared by k players counts 1/k) with Wilson's 95% interval, mean
score and the winner's margin over the runner-up, game length in actions, and how often
the game ended in a tie.

>>> from seedbed.arena.play import GameResult
>>> won = GameResult("g", 1, ("a", "b"), (5, 3), (1, 2), (0,), 40, "x", {})
>>> m = measure([won] * 20)
>>> m.seat_share[0], round(m.seat_interval[0][0], 3), m.seat_interval[0][1]
(1.0, 0.839, 1.0)
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from seedbed.arena.play import GameResult
from seedbed.arena.stats import wilson


@dataclass(frozen=True)
class CellMeasures:
    """What a designer reads of one cell."""

    games: int
    seat_share: tuple[float, ...]
    seat_interval: tuple[tuple[float, float], ...]
    mean_score: tuple[float, ...]
    mean_margin: float
    mean_actions: float
    ties: float
    """Share of the games with more than one winner."""
    tiebreaks: float = 0.0
    """Share of the games whose best score was shared and a tie-break decided."""
    endings: dict[str, float] = field(default_factory=dict)
    """Share of the games by how they ended (the game's declared ``ending``)."""
    mean_rounds: float | None = None
    median_rounds: float | None = None
    rounds_range: tuple[int, int] | None = None
    """The fewest and the most rounds a game took."""
    mean_winning_score: float = 0.0
    extras: dict[str, float] = field(default_factory=dict)
    """The game's own measures (its ``lab_extras``): numbers averaged, rates pooled."""


def margin(result: GameResult) -> int:
    """The best score less the second best (0 for a tie on points)."""
    top = sorted(result.scores, reverse=True)
    return top[0] - top[1] if len(top) > 1 else top[0]


def measure(results: Sequence[GameResult]) -> CellMeasures:
    """The measures of a cell's games (all with the same number of seats)."""
    if not results:
        raise ValueError("no games to measure")
    n = len(results)
    seats = results[0].num_players
    wins = [sum(r.shares()[s] for r in results) for s in range(seats)]
    return CellMeasures(
        games=n,
        seat_share=tuple(w / n for w in wins),
        seat_interval=tuple(wilson(min(w, n), n) for w in wins),
        mean_score=tuple(statistics.fmean(r.scores[s] for r in results) for s in range(seats)),
        mean_margin=statistics.fmean(margin(r) for r in results),
        mean_actions=statistics.fmean(r.actions for r in results),
        ties=sum(len(r.winners) > 1 for r in results) / n,
        tiebreaks=sum(bool(r.extras.get("tiebreak")) for r in results) / n,
        endings={
            k: v / n
            for k, v in Counter(
                str(r.extras["ending"]) for r in results if "ending" in r.extras
            ).items()
        },
        **_rounds([int(r.extras["rounds"]) for r in results if "rounds" in r.extras]),
        mean_winning_score=statistics.fmean(max(r.scores) for r in results),
        extras=_extras(results),
    )


def _rounds(rounds: Sequence[int]) -> dict[str, Any]:
    """The rounds' mean, median and range (nothing for a game that declares no ending)."""
    if not rounds:
        return {}
    return {
        "mean_rounds": statistics.fmean(rounds),
        "median_rounds": float(statistics.median(rounds)),
        "rounds_range": (min(rounds), max(rounds)),
    }


def _extras(results: Sequence[GameResult]) -> dict[str, float]:
    """Each of the game's measures over the games that reported it (in the order first met):
    a number's mean; a rate's [part, whole] pooled, Σ part / Σ whole (left out when no game
    had a whole)."""
    order: dict[str, None] = {}
    numbers: dict[str, list[float]] = {}
    rates: dict[str, tuple[float, float]] = {}
    for r in results:
        for key, value in r.extras.get("game", {}).items():
            order.setdefault(key)
            if isinstance(value, list):
                part, whole = rates.get(key, (0.0, 0.0))
                rates[key] = (part + value[0], whole + value[1])
            else:
                numbers.setdefault(key, []).append(float(value))
    out: dict[str, float] = {}
    for key in order:
        if key in rates:
            part, whole = rates[key]
            if whole:
                out[key] = part / whole
        else:
            out[key] = statistics.fmean(numbers[key])
    return out
