"""OpenSkill Plackett–Luce ratings with a seat term (arena/ratings.py)."""

from __future__ import annotations

import pytest

from seedbed.arena.ratings import Rated, Ratings, rate_games
from seedbed.arena.stats import Z95

from .conftest import synthetic


def test_the_winner_rises_the_loser_falls_and_the_seats_are_rated() -> None:
    ratings = Ratings(2)
    ratings.update(synthetic(["a", "b"], [9, 3]))
    a, b = ratings.bot_table()
    assert (a.name, b.name) == ("a", "b")
    assert a.mu > 25.0 > b.mu and a.sigma < 25 / 3 and b.sigma < 25 / 3
    seat0, seat1 = ratings.seat_table()
    assert (seat0.name, seat1.name) == ("seat 0", "seat 1")
    assert seat0.mu > 0.0 > seat1.mu  # the seat term shares the credit
    assert a.games == b.games == 1 and seat0.games == 1


def test_seat_advantage_is_learnt_by_the_seat_term_not_charged_to_the_bots() -> None:
    # seat 0 always wins, and the bots rotate through the seats: the seat carries it
    results = []
    for i in range(60):
        seating = ["a", "b", "c"][i % 3 :] + ["a", "b", "c"][: i % 3]
        results.append(synthetic(seating, [10, 5, 1], i))
    ratings = rate_games(results, 3)
    seats = ratings.seat_table()
    assert seats[0].mu > seats[1].mu > seats[2].mu
    assert seats[0].mu - seats[2].mu > 10
    bots = [r.mu for r in ratings.bot_table()]
    assert max(bots) - min(bots) < 0.5 * (seats[0].mu - seats[2].mu)


def test_a_stronger_bot_is_rated_above_over_rotations() -> None:
    results = []
    for i in range(30):
        seating = ["strong", "weak", "weak"]
        seating = seating[i % 3 :] + seating[: i % 3]
        scores = [9 if b == "strong" else 2 + i % 2 * (s + 1) for s, b in enumerate(seating)]
        results.append(synthetic(seating, scores, i))
    strong, weak = rate_games(results, 3).bot_table()
    assert strong.name == "strong" and strong.mu > weak.mu + 5
    assert strong.interval[0] > weak.interval[1]


def test_ratings_follow_the_order_given_and_are_reproducible() -> None:
    results = [synthetic(["a", "b"], [i % 3, 1], i) for i in range(20)]
    once = rate_games(results, 2)
    twice = rate_games(results, 2)
    assert once.bot_table() == twice.bot_table() and once.seat_table() == twice.seat_table()
    assert rate_games(results[::-1], 2).bot_table() != once.bot_table()


def test_interval_and_ordinal() -> None:
    r = Rated("a", 30.0, 2.0, 5)
    assert r.interval == pytest.approx((30 - 2 * Z95, 30 + 2 * Z95))
    assert r.ordinal == pytest.approx(24.0)


def test_a_game_of_the_wrong_size_is_refused() -> None:
    with pytest.raises(ValueError, match="3-player game in 2-seat ratings"):
        Ratings(2).update(synthetic(["a", "b", "c"], [1, 2, 3]))
