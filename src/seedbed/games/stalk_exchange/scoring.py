"""The Bust, final scores, the tie-break cascade and ranks (S-41 … S-44).

>>> bust([6, 6, 3, 1, 0])
[3, 3, 3, 1, 0]
>>> levels([4, 4, 2, 1, 0], [2, 1, 0, 4, 4])
(3, 0, 4, 4)
"""

from __future__ import annotations

from seedbed.engine.api import Outcome, rank_by


def bust(values: list[int]) -> list[int]:
    """S-41: every type tied for the highest value keeps ⌊value / 2⌋ (the loss rounded up)."""
    top = max(values)
    if top == 0:
        return values[:]
    return [v // 2 if v == top else v for v in values]


def score(values: list[int], portfolio: list[int]) -> int:
    """S-42: the sum over the portfolio's tokens of their type's final value."""
    return sum(v * k for v, k in zip(values, portfolio, strict=True))


def levels(values: list[int], portfolio: list[int]) -> tuple[int, ...]:
    """S-43: the tokens held at each distinct final value, from the highest value down (types
    tied in value counted together)."""
    return tuple(
        sum(k for v, k in zip(values, portfolio, strict=True) if v == level)
        for level in sorted(set(values), reverse=True)
    )


def outcome(values: list[int], portfolios: list[list[int]]) -> Outcome:
    """S-42 … S-44 on the values before the Bust: scores, ranks by score then level by level,
    winners. ``tiebreak`` holds each player's count at the highest value level."""
    final = bust(values)
    scores = tuple(score(final, p) for p in portfolios)
    cascade = [levels(final, p) for p in portfolios]
    ranks, winners = rank_by([(s, *c) for s, c in zip(scores, cascade, strict=True)])
    return Outcome(scores, ranks, winners, tuple(c[0] for c in cascade))
