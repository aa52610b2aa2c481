"""A small seeded random generator whose whole state is one integer.

A 64-bit linear congruential generator (Knuth's MMIX constants) whose output is its top 31
bits, the well-mixed ones. Chosen for speed in pure CPython (one multiplication per draw, about
3x faster here than SplitMix64) and because its state clones and serialises as one int; its
quality is ample for shuffles and game simulation. Seeds are scrambled with SplitMix64 so that
nearby seeds give unrelated streams. Never the global ``random`` module: every game owns one.

>>> r = Rng(42); a = [r.below(6) for _ in range(5)]
>>> r2 = Rng(42); a == [r2.below(6) for _ in range(5)]
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Protocol, TypeVar

T = TypeVar("T")


class _Stateful(Protocol):
    state: int


G = TypeVar("G", bound=_Stateful)

_MASK = (1 << 64) - 1
_MUL = 6364136223846793005
_INC = 1442695040888963407


def _splitmix(seed: int) -> int:
    z = (seed + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = _splitmix(seed & _MASK)

    @classmethod
    def from_state(cls, state: int) -> Rng:
        r = cls.__new__(cls)
        r.state = state & _MASK
        return r

    def next31(self) -> int:
        """The next 31-bit output."""
        s = (self.state * _MUL + _INC) & _MASK
        self.state = s
        return s >> 33

    def next64(self) -> int:
        """A 64-bit value from two outputs (for seeding other generators)."""
        return (self.next31() << 33) ^ (self.next31() << 2) ^ (self.next31() >> 29)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` for ``1 <= n < 2**31`` (multiply-shift; the bias
        is below n / 2**31, negligible for menus and decks)."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        s = (self.state * _MUL + _INC) & _MASK
        self.state = s
        return ((s >> 33) * n) >> 31

    def random(self) -> float:
        """A float in ``[0, 1)``."""
        return self.next31() / 2147483648.0

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher–Yates in place."""
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            s = (s * _MUL + _INC) & _MASK
            j = ((s >> 33) * (i + 1)) >> 31
            items[i], items[j] = items[j], items[i]
        self.state = s

    def spawn(self) -> Rng:
        """An independent generator seeded from this one."""
        return Rng(self.next64())

    def clone(self) -> Rng:
        return Rng.from_state(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"


@contextmanager
def mirrored(rng: Rng, make: Callable[[int], G]) -> Iterator[G]:
    """Another implementation of this generator (``make(state)``, e.g. a native engine's)
    standing in for ``rng`` inside the block; ``rng`` takes its state back afterwards, so it
    advances exactly as if it had drawn itself."""
    twin = make(rng.state)
    yield twin
    rng.state = twin.state
