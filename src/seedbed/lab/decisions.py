"""How long a bot takes to decide: every decision of one bot, timed, over whole games against
other bots (``seedbed bench bot GAME --spec SPEC``). The bot sits at each seat in turn (deal
``seed + g`` puts it at seat ``g mod N``); the others are ``opponent``. Each decision is
timed twice: wall-clock seconds, and CPU seconds of the deciding thread — on a busy machine
the CPU time is what the decision costs on one core of its own. Figures are for printing,
never for asserting: they depend on the machine.

>>> t = decision_times("stalk_exchange", 3, "greedy", "random", games=1, seed=2)
>>> t.count > 0 and t.maximum() >= t.percentile(50) > 0 and len(t.cpu) == t.count
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from seedbed.arena.play import play_game
from seedbed.bots.specs import parse_spec

PERCENTILES = (50, 90, 99)


@dataclass
class DecisionTimes:
    """The seconds of each decision of ``spec`` in ``games`` games."""

    game: str
    players: int
    spec: str
    opponent: str
    games: int = 0
    times: list[float] = field(default_factory=list)
    """Wall-clock seconds of each decision."""
    cpu: list[float] = field(default_factory=list)
    """CPU seconds of each decision (the deciding thread's)."""

    @property
    def count(self) -> int:
        return len(self.times)

    def _of(self, cpu: bool) -> list[float]:
        return self.cpu if cpu else self.times

    def maximum(self, cpu: bool = False) -> float:
        return max(self._of(cpu), default=0.0)

    def mean(self, cpu: bool = False) -> float:
        values = self._of(cpu)
        return sum(values) / len(values) if values else 0.0

    def percentile(self, q: float, cpu: bool = False) -> float:
        """The ``q``-th percentile by the nearest rank (0 without decisions)."""
        values = self._of(cpu)
        if not values:
            return 0.0
        ordered = sorted(values)
        return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]

    def over(self, budget: float, cpu: bool = False) -> int:
        """Decisions that took longer than ``budget`` seconds."""
        return sum(t > budget for t in self._of(cpu))

    def lines(self, budget: float | None = None) -> list[str]:
        out = [
            f"{self.spec} on {self.game}, {self.players} players, against {self.opponent}: "
            f"{self.count:,} decisions in {self.games} games"
        ]
        for cpu, what in ((False, "wall"), (True, "CPU")):
            ms = [f"p{q} {1000 * self.percentile(q, cpu):,.1f}" for q in PERCENTILES]
            line = (
                f"ms a decision ({what}): mean {1000 * self.mean(cpu):,.1f}, {', '.join(ms)}, "
                f"max {1000 * self.maximum(cpu):,.1f}"
            )
            if budget is not None:
                line += f"; over {budget:g} s: {self.over(budget, cpu):,}"
            out.append(line)
        return out


def decision_times(
    game: str,
    players: int,
    spec: str,
    opponent: str,
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    done: Callable[[int], None] | None = None,
) -> DecisionTimes:
    """Time every decision of ``spec`` over ``games`` games against ``opponent`` bots; in this
    process, one game after another (one core). ``done(1)`` after each game."""
    bot, other = str(parse_spec(spec)), str(parse_spec(opponent))
    out = DecisionTimes(game, players, bot, other)
    for g in range(games):
        seat = g % players
        seating = [bot if s == seat else other for s in range(players)]

        def clock(p: int, seconds: float, cpu: float, seat: int = seat) -> None:
            if p == seat:
                out.times.append(seconds)
                out.cpu.append(cpu)

        play_game(game, seating, seed + g, options, keep_moves=False, clock=clock)
        out.games += 1
        if done is not None:
            done(1)
    return out
