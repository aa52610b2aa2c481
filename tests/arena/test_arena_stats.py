"""Win shares with Wilson intervals and the SPRT (arena/stats.py), on known values and
synthetic data."""

from __future__ import annotations

import math

import pytest

from seedbed.arena.stats import Decision, Sprt, Tally, bot_share, tally_bots, tally_seats, wilson
from seedbed.engine.rng import Rng

from .conftest import synthetic


@pytest.mark.parametrize(
    ("wins", "trials", "low", "high"),
    [  # Wilson score intervals at 95% (Newcombe 1998, Table I; Brown, Cai, DasGupta 2001)
        (8, 10, 0.4902, 0.9433),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (5, 10, 0.2366, 0.7634),
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
    ],
)
def test_wilson_interval_known_values(wins: int, trials: int, low: float, high: float) -> None:
    lo, hi = wilson(wins, trials)
    assert lo == pytest.approx(low, abs=1e-4) and hi == pytest.approx(high, abs=1e-4)


def test_wilson_edge_cases() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    for n in (10, 13, 80):  # sizes where the raw bound rounds to 0.9999999999999999
        assert wilson(n, n)[1] == 1.0 and wilson(0, n)[0] == 0.0
    lo, hi = wilson(2.5, 10)  # shared wins are fractional
    assert 0 < lo < 0.25 < hi < 1
    with pytest.raises(ValueError):
        wilson(11, 10)


def test_shared_wins_count_one_over_k() -> None:
    results = [
        synthetic(["a", "b", "b"], [5, 5, 1], 0),  # a and b tie for the win
        synthetic(["b", "a", "b"], [1, 7, 2], 1),  # a wins
        synthetic(["b", "b", "a"], [4, 4, 4], 2),  # a three-way tie
    ]
    a, b = tally_bots(results)
    assert (a.name, a.trials, b.trials) == ("a", 3, 6)
    assert a.wins == pytest.approx(0.5 + 1 + 1 / 3)
    assert b.wins == pytest.approx(0.5 + 2 / 3)
    assert a.wins + b.wins == pytest.approx(3)  # each game hands out exactly one win
    assert a.mean_score == pytest.approx(16 / 3)
    seats = tally_seats(results)
    assert [s.wins for s in seats] == pytest.approx([0.5 + 1 / 3, 0.5 + 1 + 1 / 3, 1 / 3])
    assert bot_share(results[2], "b") == pytest.approx(2 / 3)
    assert Tally("x").interval == (0.0, 1.0)


def test_sprt_bounds_and_log_likelihood_ratio() -> None:
    sprt = Sprt(0.25, 0.30, 0.05, 0.05)
    assert sprt.upper == pytest.approx(math.log(19)) and sprt.lower == pytest.approx(-math.log(19))
    assert sprt.llr(1, 0) == pytest.approx(math.log(1.2))
    assert sprt.llr(0, 1) == pytest.approx(math.log(0.7 / 0.75))
    assert sprt.llr(0, 0) == 0.0


def sequential(sprt: Sprt, p: float, seed: int, limit: int = 100_000) -> tuple[Decision, int]:
    """Feed Bernoulli(p) games to the test until it decides: (decision, games)."""
    rng = Rng(seed)
    wins = losses = 0
    for games in range(1, limit + 1):
        if rng.random() < p:
            wins += 1
        else:
            losses += 1
        decision = sprt.decide(wins, losses)
        if decision is not Decision.CONTINUE:
            return decision, games
    return Decision.CONTINUE, limit


def test_sprt_accepts_h1_for_a_clearly_better_bot() -> None:
    sprt = Sprt(0.25, 0.30)
    for seed in range(20):
        decision, games = sequential(sprt, 0.40, seed)
        assert decision is Decision.H1 and games < 2000


def test_sprt_accepts_h0_for_a_clearly_weaker_bot() -> None:
    sprt = Sprt(0.25, 0.30)
    for seed in range(20):
        decision, games = sequential(sprt, 0.15, seed)
        assert decision is Decision.H0 and games < 2000


def test_sprt_error_rates_hold_on_the_hypotheses() -> None:
    sprt = Sprt(0.25, 0.30, alpha=0.05, beta=0.05)
    runs = 200
    false_h1 = sum(sequential(sprt, 0.25, s)[0] is Decision.H1 for s in range(runs))
    false_h0 = sum(sequential(sprt, 0.30, 1000 + s)[0] is Decision.H0 for s in range(runs))
    assert false_h1 <= 0.1 * runs and false_h0 <= 0.1 * runs  # nominal 5%, with slack


def test_sprt_stays_undecided_on_little_or_middling_data() -> None:
    sprt = Sprt(0.25, 0.30)
    assert sprt.decide(3, 7) is Decision.CONTINUE
    assert sprt.decide(0, 0) is Decision.CONTINUE
    assert sprt.decide(275, 725) is Decision.CONTINUE  # 27.5%: right between p0 and p1
    assert sprt.decide(400, 600) is Decision.H1 and sprt.decide(200, 800) is Decision.H0
    assert sprt.decide(10.5, 20.5) is Decision.CONTINUE  # shared wins are fractional


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((0.3, 0.25), "0 < p0 < p1 < 1"),
        ((0.0, 0.25), "0 < p0 < p1 < 1"),
        ((0.25, 0.3, 0.0), "alpha"),
        ((0.25, 0.3, 0.05, 0.6), "beta"),
    ],
)
def test_sprt_refuses_bad_parameters(args: tuple[float, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Sprt(*args)
