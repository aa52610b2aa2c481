"""Which cells differ: each seat's win share compared between every two cells with the
two-proportion z-test (pooled), p-values corrected for the number of comparisons by Holm's
step-down method. The report names the test.

>>> round(two_proportion_p(50, 100, 50, 100), 3)
1.0
>>> two_proportion_p(90, 100, 10, 100) < 1e-10
True
>>> holm([0.01, 0.04, 0.03])
[0.03, 0.06, 0.06]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from seedbed.design.measures import CellMeasures

TEST_NAME = "two-proportion z-test (pooled), Holm-corrected over all cell pairs and seats"
ALPHA = 0.05


def two_proportion_p(x1: float, n1: int, x2: float, n2: int) -> float:
    """Two-sided p-value of equal proportions x1/n1 and x2/n2 (1 when both are 0 or 1)."""
    pooled = (x1 + x2) / (n1 + n2)
    var = pooled * (1 - pooled) * (1 / n1 + 1 / n2)
    if var <= 0:
        return 1.0
    z = (x1 / n1 - x2 / n2) / math.sqrt(var)
    return math.erfc(abs(z) / math.sqrt(2))


def holm(ps: Sequence[float]) -> list[float]:
    """Holm-adjusted p-values, in the order given."""
    order = sorted(range(len(ps)), key=lambda i: ps[i])
    out = [0.0] * len(ps)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(ps) - rank) * ps[i]))
        out[i] = round(running, 12)
    return out


@dataclass(frozen=True)
class Difference:
    """Seat ``seat`` wins differently in cells ``a`` and ``b``."""

    seat: int
    a: int
    b: int
    p: float
    """Holm-adjusted."""

    @property
    def significant(self) -> bool:
        return self.p < ALPHA


def differences(measures: Sequence[CellMeasures]) -> list[Difference]:
    """Every seat, every pair of cells, with Holm-adjusted p-values."""
    raw: list[tuple[int, int, int, float]] = []
    seats = min((len(m.seat_share) for m in measures), default=0)
    for seat in range(seats):
        for a in range(len(measures)):
            for b in range(a + 1, len(measures)):
                ma, mb = measures[a], measures[b]
                p = two_proportion_p(
                    ma.seat_share[seat] * ma.games,
                    ma.games,
                    mb.seat_share[seat] * mb.games,
                    mb.games,
                )
                raw.append((seat, a, b, p))
    adjusted = holm([p for *_, p in raw])
    return [Difference(s, a, b, p) for (s, a, b, _), p in zip(raw, adjusted, strict=True)]
