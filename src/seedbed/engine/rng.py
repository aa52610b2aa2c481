"""A seeded cryptographic random generator: keyed BLAKE2b (RFC 7693) in counter mode.

Block ``c`` of the stream is ``BLAKE2b-512(key=K, message=c as 8 little-endian bytes)``, read
as sixteen 32-bit little-endian words; the 256-bit key ``K`` is the generator's secret. Seeing
any number of outputs (the cards a deal reveals) tells nothing about the others without ``K``
(issue 37: the earlier linear congruential generator was recovered from about 13 public
cards). Bounded draws are unbiased by rejection. A seed ``s`` (any integer, taken modulo
``2**256``) gives ``K = BLAKE2b-256("seedbed.rng.seed" + s as 32 little-endian bytes)``, so
seeded simulations stay reproducible; the server draws 256-bit seeds from the OS.

The whole state is one integer (key, block counter, words used: :attr:`Rng.state`), so it
clones and serialises as before; the native core's generator (``native/core/src/rng.rs``) is
the same function, draw for draw. Never the global ``random`` module: every game owns one.

>>> r = Rng(42); a = [r.below(6) for _ in range(5)]
>>> r2 = Rng(42); a == [r2.below(6) for _ in range(5)]
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from hashlib import blake2b
from struct import Struct
from typing import Protocol, TypeVar

T = TypeVar("T")


class _Stateful(Protocol):
    state: int


G = TypeVar("G", bound=_Stateful)

KEY_BYTES = 32
WORDS = 16
"""32-bit words in one 64-byte block."""
SEED_DOMAIN = b"seedbed.rng.seed"
_SEED_MASK = (1 << 256) - 1
_CTR_MASK = (1 << 64) - 1
_WORD = 1 << 32
_WIDE = 1 << 64
_BLOCK = Struct("<16I")


def seed_key(seed: int) -> bytes:
    """The 256-bit key of a seeded generator (the seed is taken modulo ``2**256``)."""
    data = SEED_DOMAIN + (seed & _SEED_MASK).to_bytes(KEY_BYTES, "little")
    return blake2b(data, digest_size=KEY_BYTES).digest()


def block(key: bytes, counter: int) -> tuple[int, ...]:
    """Block ``counter`` of the stream keyed by ``key``: sixteen 32-bit words."""
    return _BLOCK.unpack(blake2b(counter.to_bytes(8, "little"), key=key).digest())


class Rng:
    """The stream of one key: ``_ctr`` is the current block, ``_pos`` the words of it used."""

    __slots__ = ("_buf", "_ctr", "_key", "_pos")

    def __init__(self, seed: int = 0) -> None:
        self._set(seed_key(seed), 0, 0)

    @classmethod
    def from_key(cls, key: bytes) -> Rng:
        """The generator of a 256-bit key (32 bytes), at the start of its stream."""
        if len(key) != KEY_BYTES:
            raise ValueError(f"a key is {KEY_BYTES} bytes, not {len(key)}")
        r = cls.__new__(cls)
        r._set(bytes(key), 0, 0)
        return r

    @classmethod
    def from_state(cls, state: int) -> Rng:
        r = cls.__new__(cls)
        r.state = state
        return r

    def _set(self, key: bytes, ctr: int, pos: int) -> None:
        self._key, self._ctr, self._pos = key, ctr, pos
        self._buf = block(key, ctr)

    @property
    def state(self) -> int:
        """Key (bits 0-255), block counter (256-319) and words used (320-324), one integer."""
        key = int.from_bytes(self._key, "little")
        return key | self._ctr << 256 | self._pos << 320

    @state.setter
    def state(self, value: int) -> None:
        pos = value >> 320
        if value < 0 or pos > WORDS:
            raise ValueError("not a state of this generator")
        key = (value & _SEED_MASK).to_bytes(KEY_BYTES, "little")
        self._set(key, (value >> 256) & _CTR_MASK, pos)

    def next32(self) -> int:
        """The next 32-bit output."""
        pos = self._pos
        if pos == WORDS:
            self._ctr = ctr = (self._ctr + 1) & _CTR_MASK
            self._buf = block(self._key, ctr)
            pos = 0
        self._pos = pos + 1
        return self._buf[pos]

    def next64(self) -> int:
        """A 64-bit output: two words, the first the low half."""
        lo = self.next32()
        return lo | self.next32() << 32

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` for ``1 <= n <= 2**64``, unbiased: a word (two for
        ``n > 2**32``) is drawn again while it falls in the incomplete last run of ``n``."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        if n <= _WORD:
            limit = _WORD - _WORD % n
            x = self.next32()
            while x >= limit:
                x = self.next32()
            return x % n
        if n > _WIDE:
            raise ValueError("below() needs n <= 2**64")
        limit = _WIDE - _WIDE % n
        x = self.next64()
        while x >= limit:
            x = self.next64()
        return x % n

    def random(self) -> float:
        """A float in ``[0, 1)`` with 53 random bits."""
        return (self.next64() >> 11) / 9007199254740992.0

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher–Yates in place, from the last position down."""
        below = self.below
        for i in range(len(items) - 1, 0, -1):
            j = below(i + 1)
            items[i], items[j] = items[j], items[i]

    def spawn(self) -> Rng:
        """An independent generator keyed by the next eight words of this one."""
        key = b"".join(self.next32().to_bytes(4, "little") for _ in range(8))
        return Rng.from_key(key)

    def clone(self) -> Rng:
        r = Rng.__new__(Rng)
        r._key, r._ctr, r._pos, r._buf = self._key, self._ctr, self._pos, self._buf
        return r

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"


@contextmanager
def mirrored(rng: Rng, make: Callable[[int], G]) -> Iterator[G]:
    """Another implementation of this generator (``make(state)``, e.g. a native engine's)
    standing in for ``rng`` inside the block; ``rng`` takes its state back afterwards, so it
    advances exactly as if it had drawn itself."""
    twin = make(rng.state)
    yield twin
    rng.state = twin.state
