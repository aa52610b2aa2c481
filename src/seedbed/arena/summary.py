"""Everything a tournament report shows, computed once from the results (in schedule order).

>>> from seedbed.arena.tournament import lineup, run_batch, schedule
>>> results = run_batch(schedule("stalk_exchange", lineup(["random"], 3), deals=4, seed=1))
>>> summary = summarize(results)
>>> summary.games, [t.trials for t in summary.bots], len(summary.seats)
(4, [12], 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from seedbed.arena.executors import RunStats
from seedbed.arena.play import GameResult
from seedbed.arena.ratings import Rated, rate_games
from seedbed.arena.stats import Tally, tally_bots, tally_seats


@dataclass(frozen=True)
class Summary:
    game: str
    num_players: int
    results: Sequence[GameResult]
    bots: list[Tally]
    seats: list[Tally]
    bot_ratings: list[Rated]
    seat_ratings: list[Rated]
    speed: RunStats | None = None
    backend: str = "local"

    @property
    def games(self) -> int:
        return len(self.results)

    @property
    def deals(self) -> int:
        return len({r.deal for r in self.results})

    def rating_of(self, bot: str) -> Rated:
        return next(r for r in self.bot_ratings if r.name == bot)

    @property
    def lengths(self) -> list[int]:
        """Actions per game."""
        return [r.actions for r in self.results]


def summarize(
    results: Sequence[GameResult], speed: RunStats | None = None, backend: str = "local"
) -> Summary:
    """Tallies and ratings of ``results``; ValueError when there are none."""
    if not results:
        raise ValueError("no games to summarise")
    n = results[0].num_players
    ratings = rate_games(results, n)
    return Summary(
        game=results[0].game,
        num_players=n,
        results=results,
        bots=tally_bots(results),
        seats=tally_seats(results),
        bot_ratings=ratings.bot_table(),
        seat_ratings=ratings.seat_table(),
        speed=speed,
        backend=backend,
    )
