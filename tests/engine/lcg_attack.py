"""The attack of issue 37 item 1, kept as a regression tool: recover the state of the old game
generator (a 64-bit truncated linear congruential generator) from the Fisher-Yates draws a
viewer can read off the cards it sees, then predict the whole deal.

Why a card reveals a draw: the deck starts as the sorted ids ``0 … N-1`` and is shuffled from
the last index down (step ``i`` swaps positions ``i`` and ``j = below(i + 1)``), and the deal
takes position 0 first. A card ``c`` stays at position ``c`` until a step picks it; if it ends
at a position ``k >= c``, it was picked at step ``k`` from where it started, so ``j_k = c``.
Each such card bounds the generator's 31-bit output at step ``k``: ``j = out * (k + 1) >> 31``.
About thirteen of them pin the 64-bit state: the outputs are linear in the seed state modulo
``2**64`` up to the dropped bits, a closest-vector problem solved here by LLL and Kannan's
embedding, in exact integers, with no third-party library (dimension about 20).

The module also models the old generator (``OldRng``, the code of commit 461bf95) so a test can
deal games with it and show the attack works there before showing it fails on the new one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

M = 1 << 64
MASK = M - 1
MUL = 6364136223846793005
INC = 1442695040888963407
LOW = 33  # the output is the state's top 31 bits


# ------------------------------------------------------------------ the old generator


def splitmix(seed: int) -> int:
    z = (seed + 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


class OldRng:
    """The generator the games used before issue 37 (``git show 461bf95:src/seedbed/engine/
    rng.py``), draw for draw: enough of its interface for a Bohnanza game to run on it."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = splitmix(seed & MASK)

    @classmethod
    def from_state(cls, state: int) -> OldRng:
        r = cls.__new__(cls)
        r.state = state & MASK
        return r

    def next31(self) -> int:
        self.state = (self.state * MUL + INC) & MASK
        return self.state >> LOW

    def below(self, n: int) -> int:
        return (self.next31() * n) >> 31

    def random(self) -> float:
        return self.next31() / 2147483648.0

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, items: list[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def spawn(self) -> OldRng:
        return OldRng((self.next31() << 33) ^ (self.next31() << 2) ^ (self.next31() >> 29))

    def clone(self) -> OldRng:
        return OldRng.from_state(self.state)


def old_deal(state: int, num_cards: int) -> list[int]:
    """The deck the old generator deals from ``state`` (the state before the shuffle), in the
    order the cards leave it (position 0 first)."""
    deck = list(range(num_cards))
    OldRng.from_state(state).shuffle(deck)
    return deck


# ------------------------------------------------------------------ what a viewer sees


class Viewer:
    """What one viewer (a seat, or None for a spectator) learns of the deck order: the deck
    position of every card it has seen leave the deck, read from its first observation (its
    dealt hand) and then from the events it receives (``draw`` counts every card, showing the
    drawer its own; ``reveal`` shows everyone). Tracking stops at the first exhaustion."""

    def __init__(self, viewer: int | None, first: Mapping[str, Any]) -> None:
        self.viewer = viewer
        self.seen: dict[int, int] = {}
        self.live = True
        self.turn = first["turn"]
        sizes = [p["hand_size"] for p in first["players"]]
        hand = iter(first.get("hand") or ())
        dealt = [0] * len(sizes)
        pos = 0
        for _ in range(max(sizes)):  # the deal: one card at a time round the table
            for p, size in enumerate(sizes):
                if dealt[p] < size:
                    if p == viewer:
                        self.seen[pos] = next(hand)["id"]
                    dealt[p] += 1
                    pos += 1
        self.pos = pos

    def update(self, events: Iterable[Mapping[str, Any]]) -> None:
        for ev in events:
            if not self.live or ev["kind"] == "exhaustion":
                self.live = False
            elif ev["kind"] == "turn":
                self.turn = ev["turn"]
            elif ev["kind"] == "draw":
                for x, card in enumerate(ev.get("cards", ())):
                    self.seen[self.pos + x] = card["id"]
                self.pos += ev["count"]
            elif ev["kind"] == "reveal":
                for card in ev["cards"]:
                    self.seen[self.pos] = card["id"]
                    self.pos += 1


def revealed_draws(seen: Mapping[int, int]) -> list[tuple[int, int]]:
    """The Fisher-Yates draws ``(i, j)`` that the seen cards (deck position -> card id) give
    exactly: a card ``c`` seen at position ``k >= c`` (``k >= 1``) means ``j_k = c``."""
    return sorted((k, c) for k, c in seen.items() if k >= 1 and c <= k)


def info_bits(draws: Iterable[tuple[int, int]]) -> float:
    """Bits of the generator's output the draws fix (about ``log2(i + 1)`` each)."""
    return sum((i + 1).bit_length() - 1 for i, _ in draws)


# ------------------------------------------------------------------ LLL in exact integers


def lll(rows: list[list[int]], num: int = 99, den: int = 100) -> list[list[int]]:
    """LLL-reduce linearly independent integer ``rows`` (delta = num/den) with Cohen's integral
    algorithm (A Course in Computational Algebraic Number Theory, 2.6.7): every Gram-Schmidt
    quantity is kept as an exact integer (``d[i]`` the Gram determinants, ``lam`` the scaled
    coefficients), so nothing is rounded; fast enough for dimension ~20 in CPython."""
    b = [row[:] for row in rows]
    n = len(b)
    dot = _dot
    d = [1] * (n + 1)  # d[i + 1] = Gram determinant of b[0..i]; d[0] = 1
    lam = [[0] * n for _ in range(n)]
    d[1] = dot(b[0], b[0])
    k, kmax = 1, 0

    def red(k: int, j: int) -> None:
        if 2 * abs(lam[k][j]) > d[j + 1]:
            q = (2 * lam[k][j] + d[j + 1]) // (2 * d[j + 1])
            bk, bj = b[k], b[j]
            for x in range(len(bk)):
                bk[x] -= q * bj[x]
            lam[k][j] -= q * d[j + 1]
            for i in range(j):
                lam[k][i] -= q * lam[j][i]

    def swap(k: int) -> None:
        b[k], b[k - 1] = b[k - 1], b[k]
        for j in range(k - 1):
            lam[k][j], lam[k - 1][j] = lam[k - 1][j], lam[k][j]
        lm = lam[k][k - 1]
        big = (d[k - 1] * d[k + 1] + lm * lm) // d[k]
        for i in range(k + 1, kmax + 1):
            t = lam[i][k]
            lam[i][k] = (d[k + 1] * lam[i][k - 1] - lm * t) // d[k]
            lam[i][k - 1] = (big * t + lm * lam[i][k]) // d[k + 1]
        d[k] = big

    while k < n:
        if k > kmax:
            kmax = k
            for j in range(k + 1):
                u = dot(b[k], b[j])
                for i in range(j):
                    u = (d[i + 1] * u - lam[k][i] * lam[j][i]) // d[i]
                if j < k:
                    lam[k][j] = u
                else:
                    if u == 0:
                        raise ValueError("the rows are linearly dependent")
                    d[k + 1] = u
        red(k, k - 1)
        if den * d[k + 1] * d[k - 1] < num * d[k] * d[k] - den * lam[k][k - 1] ** 2:
            swap(k)
            k = max(1, k - 1)
        else:
            for j in range(k - 2, -1, -1):
                red(k, j)
            k += 1
    return b


def _dot(u: Sequence[int], v: Sequence[int]) -> int:
    return sum(x * y for x, y in zip(u, v, strict=True))


# ------------------------------------------------------------------ the recovery


def _affine(t: int) -> tuple[int, int]:
    """``(a, c)`` with ``s_t = a * s_0 + c (mod 2**64)`` after ``t`` steps of the LCG."""
    a, c = 1, 0
    for _ in range(t):
        a, c = (a * MUL) & MASK, (c * MUL + INC) & MASK
    return a, c


def _state_interval(i: int, j: int) -> tuple[int, int]:
    """The states (lowest, highest) whose draw ``below(i + 1)`` is ``j``."""
    m = i + 1
    lo = -((-j << 31) // m)  # the least output with out * m >= j * 2**31
    hi = (((j + 1) << 31) - 1) // m
    return lo << LOW, (hi << LOW) | ((1 << LOW) - 1)


def consistent(state: int, num_cards: int, draws: Iterable[tuple[int, int]]) -> bool:
    """Whether the old generator from ``state`` makes every one of ``draws`` at the shuffle
    of ``num_cards`` cards."""
    want = dict(draws)
    s = state
    for i in range(num_cards - 1, 0, -1):
        s = (s * MUL + INC) & MASK
        if i in want and ((s >> LOW) * (i + 1)) >> 31 != want[i]:
            return False
    return True


def candidate(draws: Sequence[tuple[int, int]], num_cards: int, dim: int = 16) -> int:
    """The LCG state before the shuffle that the lattice finds for ``draws`` (the ``dim`` of
    them with the widest ranges), whether or not it explains them: the closest vector of the
    lattice ``{(a_t y mod 2**64)_t}`` (``y`` the state at the first draw used) to the draws'
    interval centres, each coordinate weighted by the inverse of its interval's width."""
    use = sorted(draws, key=lambda d: -d[0])[:dim]
    steps = [num_cards - i for i, _ in use]  # LCG steps from the pre-shuffle state
    ivals = [_state_interval(i, j) for i, j in use]
    widths = [hi - lo + 1 for lo, hi in ivals]
    wmax = max(widths)
    weights = [max(1, round(wmax / w)) for w in widths]
    a0, c0 = _affine(steps[0])
    a0_inv = pow(a0, -1, M)
    n = len(use)
    row0, target = [], []
    for t, (lo, hi), w in zip(steps, ivals, weights, strict=True):
        a, c = _affine(t)
        rel = (a * a0_inv) & MASK  # s_t = rel * y + (c - rel * c0)
        row0.append(w * rel)
        target.append(w * (((lo + hi) // 2 - (c - rel * c0)) & MASK))
    rows = [[*row0, 0]]
    for x in range(1, n):
        rows.append([M * weights[x] if y == x else 0 for y in range(n + 1)])
    embed = wmax // 2
    rows.append([*target, embed])
    for row in lll(rows):
        if abs(row[-1]) == embed:
            err = row[:n] if row[-1] == embed else [-e for e in row[:n]]
            y = ((target[0] - err[0]) // weights[0]) & MASK
            return (a0_inv * (y - c0)) & MASK
    return 0  # no embedded row: no candidate better than any other


def recover(draws: Sequence[tuple[int, int]], num_cards: int, dim: int = 16) -> int | None:
    """The old generator's state before the shuffle, if the lattice finds one that explains
    every observed draw; otherwise None."""
    if len(draws) < 2:
        return None
    state = candidate(draws, num_cards, dim)
    return state if consistent(state, num_cards, draws) else None
