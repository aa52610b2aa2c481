"""Win shares with confidence intervals, per bot and per seat, and the SPRT.

**Win share.** Each seat of each game is one trial. A win shared by k players counts 1/k to
each of them (so the shares of a game sum to 1 and parity is 1/N at N players); a bot that
holds several seats of a game (``greedy`` against three ``random``) contributes one trial per
seat. The 95% interval is Wilson's score interval on (share sum, trials): fractional successes
enter p̂ as they are. It treats trials as independent, which seat rotation over shared deals
only approximates (a deal's rotations are correlated, which tends to *narrow* the true spread
of a comparison), so read the interval as a guide, not a guarantee.

**SPRT.** Wald's sequential probability ratio test of a win rate, H0: p = p0 against
H1: p = p1 (p0 < p1), with error rates alpha (accepting H1 when H0 holds) and beta. After W
wins and L losses the log-likelihood ratio is ``W ln(p1/p0) + L ln((1-p1)/(1-p0))``; it
accepts H1 at or above ``ln((1-beta)/alpha)``, H0 at or below ``ln(beta/(1-alpha))``, and
asks for more games in between. Shared wins count 1/k as above (W + L = games).

>>> lo, hi = wilson(8, 10)
>>> round(lo, 4), round(hi, 4)
(0.4902, 0.9433)
>>> Sprt(0.25, 0.30).decide(wins=400, losses=600)
<Decision.H1: 'accept H1'>
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum

from seedbed.arena.play import GameResult

Z95 = 1.959963984540054
"""The two-sided 95% normal quantile."""


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a proportion; (0, 1) when there are no trials."""
    if trials <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must lie in [0, {trials}], not {successes}")
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    # clamp: at p = 0 or 1 rounding can put the bound a hair on the wrong side of p
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


@dataclass
class Tally:
    """Trials, win shares and scores of one bot (or one seat)."""

    name: str
    trials: int = 0
    wins: float = 0.0
    scores: list[int] = field(default_factory=list)

    def add(self, share: float, score: int) -> None:
        self.trials += 1
        self.wins += share
        self.scores.append(score)

    @property
    def share(self) -> float:
        return self.wins / self.trials if self.trials else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        # clamp: float sums of 1/k shares may overshoot the trial count by an ulp
        return wilson(min(self.wins, self.trials), self.trials)

    @property
    def mean_score(self) -> float:
        return sum(self.scores) / len(self.scores) if self.scores else 0.0


def tally_bots(results: Iterable[GameResult]) -> list[Tally]:
    """One tally per bot spec, in order of first appearance (seat 0 of game 0 first)."""
    tallies: dict[str, Tally] = {}
    for result in results:
        for seat, (bot, share) in enumerate(zip(result.seating, result.shares(), strict=True)):
            tallies.setdefault(bot, Tally(bot)).add(share, result.scores[seat])
    return list(tallies.values())


def tally_seats(results: Sequence[GameResult]) -> list[Tally]:
    """One tally per seat (seat advantage, whoever sits there)."""
    n = results[0].num_players if results else 0
    tallies = [Tally(f"seat {s}") for s in range(n)]
    for result in results:
        for seat, share in enumerate(result.shares()):
            tallies[seat].add(share, result.scores[seat])
    return tallies


def bot_share(result: GameResult, bot: str) -> float:
    """The share of ``result``'s win that went to the seats ``bot`` held."""
    return sum(s for b, s in zip(result.seating, result.shares(), strict=True) if b == bot)


class Decision(Enum):
    H0 = "accept H0"
    H1 = "accept H1"
    CONTINUE = "continue"


@dataclass(frozen=True)
class Sprt:
    """Wald's SPRT for a win rate (see the module text)."""

    p0: float
    p1: float
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        if not 0 < self.p0 < self.p1 < 1:
            raise ValueError(f"the SPRT needs 0 < p0 < p1 < 1, not p0={self.p0}, p1={self.p1}")
        for name, value in (("alpha", self.alpha), ("beta", self.beta)):
            if not 0 < value < 0.5:
                raise ValueError(f"{name} must lie strictly between 0 and 0.5, not {value}")

    @property
    def lower(self) -> float:
        """At or below this log-likelihood ratio, accept H0."""
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        """At or above this log-likelihood ratio, accept H1."""
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, wins: float, losses: float) -> float:
        """Log-likelihood ratio of H1 against H0 after ``wins`` and ``losses``."""
        win = math.log(self.p1 / self.p0)
        loss = math.log((1 - self.p1) / (1 - self.p0))
        return wins * win + losses * loss

    def decide(self, wins: float, losses: float) -> Decision:
        value = self.llr(wins, losses)
        if value >= self.upper:
            return Decision.H1
        if value <= self.lower:
            return Decision.H0
        return Decision.CONTINUE
