from __future__ import annotations

import pytest

from seedbed.engine.rng import Rng


def test_same_seed_same_stream() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.below(1000) for _ in range(50)] == [b.below(1000) for _ in range(50)]


def test_nearby_seeds_differ() -> None:
    streams = {tuple(Rng(s).below(10**6) for _ in range(4)) for s in range(100)}
    assert len(streams) == 100


@pytest.mark.parametrize("n", [1, 2, 3, 6, 7, 154, 10**6])
def test_below_stays_in_range_and_covers_small_ranges(n: int) -> None:
    r = Rng(n)
    values = [r.below(n) for _ in range(2000)]
    assert all(0 <= v < n for v in values)
    if n <= 7:
        assert set(values) == set(range(n))


def test_below_refuses_empty_range() -> None:
    with pytest.raises(ValueError):
        Rng(0).below(0)


def test_random_is_a_unit_float() -> None:
    r = Rng(9)
    assert all(0.0 <= r.random() < 1.0 for _ in range(1000))


def test_shuffle_is_a_reproducible_permutation() -> None:
    items = list(range(154))
    a, b = items[:], items[:]
    Rng(5).shuffle(a)
    Rng(5).shuffle(b)
    assert a == b
    assert sorted(a) == items
    assert a != items
    c = items[:]
    Rng(6).shuffle(c)
    assert c != a


def test_shuffle_reaches_every_order_of_three() -> None:
    seen = set()
    for seed in range(200):
        x = [0, 1, 2]
        Rng(seed).shuffle(x)
        seen.add(tuple(x))
    assert len(seen) == 6


def test_clone_is_independent_and_continues_the_stream() -> None:
    r = Rng(3)
    r.below(10)
    c = r.clone()
    assert [c.below(100) for _ in range(20)] == [r.below(100) for _ in range(20)]
    c.below(5)
    assert c.state != r.state


def test_choice_and_spawn() -> None:
    r = Rng(11)
    assert r.choice("abc") in "abc"
    child = r.spawn()
    assert isinstance(child, Rng)
    assert Rng(11).spawn().state == Rng(11).spawn().state
