"""OpenSkill Plackett–Luce ratings of bots, with a rated seat term.

Each seat of a game is a team of two: ``[bot rating, seat rating]``. The team's strength is
the sum, so what a seat gives (moving first, …) is learnt by the seat's rating and not charged
to whichever bot sat there. Bots start at OpenSkill's default (mu 25, sigma 25/3); seats start
at mu 0 with the same sigma, so a seat's mu reads directly as its advantage in rating points.

Games are rated one by one in schedule order (never completion order), so ratings do not
depend on the executor. A bot that holds several seats of one game (``greedy`` against three
``random``) is rated as several observations of the same bot: its mu moves by the sum of the
seats' changes (its copies' results against one another cancel out, near enough) and its
variance shrinks by the product of the seats' shrink factors.

>>> from seedbed.arena.play import play_game
>>> ratings = Ratings(3)
>>> ratings.update(play_game("stalk_exchange", ["random"] * 3, seed=1))
>>> [r.name for r in ratings.bot_table()], [r.name for r in ratings.seat_table()]
(['random'], ['seat 0', 'seat 1', 'seat 2'])
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from seedbed.arena.play import GameResult
from seedbed.arena.stats import Z95


@dataclass(frozen=True)
class Rated:
    """A rating as reported: mu, sigma and the 95% interval mu ± 1.96 sigma."""

    name: str
    mu: float
    sigma: float
    games: int

    @property
    def interval(self) -> tuple[float, float]:
        return self.mu - Z95 * self.sigma, self.mu + Z95 * self.sigma

    @property
    def ordinal(self) -> float:
        """OpenSkill's conservative estimate, mu - 3 sigma (a sort key)."""
        return self.mu - 3 * self.sigma


class Ratings:
    """Bot and seat ratings, updated game by game."""

    def __init__(self, num_players: int, model: Any | None = None) -> None:
        self.model: Any = model if model is not None else PlackettLuce()
        self.bots: dict[str, Any] = {}
        self.seats = [
            self.model.rating(mu=0.0, sigma=self.model.sigma, name=f"seat {s}")
            for s in range(num_players)
        ]
        self.games: dict[str, int] = {}
        self.rated = 0

    def _bot(self, name: str) -> Any:
        if name not in self.bots:
            self.bots[name] = self.model.rating(name=name)
            self.games[name] = 0
        return self.bots[name]

    def update(self, result: GameResult) -> None:
        """Rate one finished game (ranks with ties as the game gave them)."""
        if len(result.seating) != len(self.seats):
            raise ValueError(
                f"a {result.num_players}-player game in {len(self.seats)}-seat ratings"
            )
        before = {bot: self._bot(bot) for bot in result.seating}
        teams = [[before[bot], self.seats[s]] for s, bot in enumerate(result.seating)]
        after = self.model.rate(teams, ranks=list(result.ranks))
        self.seats = [team[1] for team in after]
        for bot, old in before.items():
            mine = [team[0] for team, b in zip(after, result.seating, strict=True) if b == bot]
            mu = old.mu + sum(r.mu - old.mu for r in mine)
            variance = old.sigma**2
            for r in mine:
                variance *= r.sigma**2 / old.sigma**2
            self.bots[bot] = self.model.rating(mu=mu, sigma=variance**0.5, name=bot)
            self.games[bot] += 1
        self.rated += 1

    def bot_table(self) -> list[Rated]:
        """Every bot, in order of first appearance."""
        return [Rated(b, r.mu, r.sigma, self.games[b]) for b, r in self.bots.items()]

    def seat_table(self) -> list[Rated]:
        return [Rated(f"seat {s}", r.mu, r.sigma, self.rated) for s, r in enumerate(self.seats)]


def rate_games(results: Iterable[GameResult], num_players: int) -> Ratings:
    """Ratings after every game of ``results``, in the order given."""
    ratings = Ratings(num_players)
    for result in results:
        ratings.update(result)
    return ratings
