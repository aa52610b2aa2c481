from __future__ import annotations

import hashlib
import struct

import pytest

from seedbed.engine.rng import SEED_DOMAIN, Rng, seed_key


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


# ---------------------------------------------------------------- issue 37: the generator


def test_blake2b_is_the_standard_rfc7693_appendix_a() -> None:
    digest = hashlib.blake2b(b"abc").hexdigest()
    assert digest == (
        "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
        "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923"
    )


def test_keyed_blake2b_reference_vectors() -> None:
    """blake2b-kat.txt of the BLAKE2 reference: key 00..3f, inputs of 0 and 255 bytes."""
    key = bytes(range(64))
    assert hashlib.blake2b(b"", key=key).hexdigest() == (
        "10ebb67700b1868efb4417987acf4690ae9d972fb7a590c2f02871799aaa4786"
        "b5e996e8f0f4eb981fc214b005f42d2ff4233499391653df7aefcbc13fc51568"
    )
    assert hashlib.blake2b(bytes(range(255)), key=key).hexdigest() == (
        "142709d62e28fcccd0af97fad0f8465b971e82201dc51070faa0372aa43e9248"
        "4be1c1e73ba10906d5d1853db6a4106e0a7bf9800d373d6dee2d46d62ef2a461"
    )


def test_the_stream_is_keyed_blake2b_in_counter_mode() -> None:
    key = bytes(range(32))
    r = Rng.from_key(key)
    words = [r.next32() for _ in range(40)]
    expected: list[int] = []
    for counter in range(3):
        digest = hashlib.blake2b(counter.to_bytes(8, "little"), key=key).digest()
        expected += struct.unpack("<16I", digest)
    assert words == expected[:40]


def test_a_seed_keys_the_stream_through_its_domain() -> None:
    seed = 2**200 + 7
    data = SEED_DOMAIN + seed.to_bytes(32, "little")
    assert seed_key(seed) == hashlib.blake2b(data, digest_size=32).digest()
    assert Rng(seed).state == Rng.from_key(seed_key(seed)).state
    assert Rng(-1).state == Rng(2**256 - 1).state  # seeds modulo 2**256


class Scripted(Rng):
    """A generator whose words are given, to see rejection at work."""

    __slots__ = ("words",)

    def next32(self) -> int:
        return self.words.pop(0)


def scripted(*words: int) -> Scripted:
    r = Scripted.__new__(Scripted)
    r.words = list(words)
    return r


def test_bounded_draws_reject_the_incomplete_last_run() -> None:
    # 2**32 % 3 == 1: the one word 2**32 - 1 would favour 0, so it is drawn again
    assert scripted(2**32 - 1, 5).below(3) == 2
    assert scripted(2**32 - 2, 5).below(3) == (2**32 - 2) % 3
    # n = 3 * 2**30: a quarter of the words are past the last whole run
    n = 3 << 30
    assert scripted(n, 2**32 - 1, 7).below(n) == 7
    # wide bounds draw two words, low half first
    assert scripted(1, 2, 3, 4).below(2**40 + 1) == (1 | 2 << 32) % (2**40 + 1)


def test_state_is_one_integer_that_round_trips() -> None:
    r = Rng(5)
    for _ in range(37):
        r.next32()
    twin = Rng.from_state(r.state)
    assert [twin.below(1000) for _ in range(50)] == [r.below(1000) for _ in range(50)]
    for bad in (-1, 17 << 320):
        with pytest.raises(ValueError, match="not a state"):
            Rng.from_state(bad)
    with pytest.raises(ValueError, match="32 bytes"):
        Rng.from_key(b"short")
