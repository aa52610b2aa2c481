"""The arena: bots play games against one another.

One game (:func:`play_game`), tournaments over shared deals with seat rotation
(:mod:`~seedbed.arena.tournament`), OpenSkill ratings with a seat term
(:mod:`~seedbed.arena.ratings`), win shares with Wilson intervals and the SPRT
(:mod:`~seedbed.arena.stats`), executors — local processes or Ray
(:mod:`~seedbed.arena.executors`) — and HTML reports with plots (:mod:`~seedbed.arena.report`).

Heavy modules (ratings, executors, report) are imported only when used.
"""

from seedbed.arena.play import GameResult, IllegalBotActionError, play_game
from seedbed.arena.tournament import GameTask, lineup, run_batch, schedule, seatings

__all__ = [
    "GameResult",
    "GameTask",
    "IllegalBotActionError",
    "lineup",
    "play_game",
    "run_batch",
    "schedule",
    "seatings",
]
