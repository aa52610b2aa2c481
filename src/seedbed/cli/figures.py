"""How the commands word their figures: a count with its noun in the right number, and a speed
that stays readable for slow games (seconds per game below one game a second).

>>> plural(1, "deal"), plural(2_000, "deal"), plural(0, "game")
('1 deal', '2,000 deals', '0 games')
>>> speed(12.345), speed(0.25), speed(0.0)
('12.3 games/s', '4.0 s/game', '-')
"""

from __future__ import annotations


def plural(count: int, noun: str) -> str:
    """``count`` with ``noun``, adding an ``s`` unless the count is exactly one."""
    return f"{count:,} {noun}" if count == 1 else f"{count:,} {noun}s"


def speed(games_per_second: float) -> str:
    """``12.3 games/s`` from one game a second up, ``4.0 s/game`` below (a match of slow bots
    would otherwise read ``0.0 games/s``); ``-`` when nothing was timed."""
    if games_per_second <= 0:
        return "-"
    if games_per_second >= 1:
        return f"{games_per_second:,.1f} games/s"
    return f"{1 / games_per_second:,.1f} s/game"
