"""A factored action space over a game's full integer encoding (issue 34 target 1, D-86): an
integer of the full space chosen in a few steps, each from at most a few hundred integers.

A full encoding's blocks (:class:`~seedbed.engine.encoding.Layout`) hold coordinates
``(c1, c2, …)``; a factored space takes a block's first ``h`` coordinates in one step (its
*head*: a block of shape ``shape[:h]``, one integer when ``h`` is 0) and each later coordinate
in a step of its own, from one block ``next`` shared by all (as wide as the widest coordinate
chosen there). ``heads`` gives ``h`` per block (a block left out is taken whole: ``h`` is its
number of coordinates). So Fields of Green's ``build (D, P, S)`` with ``h = 1`` is three
steps: the card's slot (head), the cell, the water split (``next``).

Every integer of the full space keeps exactly one path (its block's head, then its later
coordinates in order), and the steps offered are exactly the prefixes of the player's legal
full integers: the mask allows a head or a coordinate only when some legal full integer
continues the draft with it, so a composition never reaches a dead end and there is no
"cancel" (the choice of D-78 for Bohnanza's offers). The draft (:class:`Draft`) belongs to
whoever drives the game, never to its state.

The Python reference reads the legal full integers from the full encoding
(``legal_indices``); the core's port (``native/core/src/encode/factored.rs``) reads them from
the native encoder and equals this one at every step (tests/adapters/test_native_factored.py).

>>> from seedbed.engine.encoding import Layout
>>> class Full:  # a full encoding's layout, for the example
...     layout = Layout([("pass", ()), ("move", (4, 10))])
>>> space = FactoredEncoding(Full(), {"move": 1})  # type: ignore[arg-type]
>>> space.layout.rows()
[('pass', 0, 0, ()), ('move', 1, 4, (4,)), ('next', 5, 14, (10,))]
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Mapping
from math import prod

from seedbed.engine.api import Action, PlayerId, State
from seedbed.engine.encoding import ActionEncoding, EncodingError, Layout

NEXT = "next"
"""The shared block of the steps after a head."""


class Draft:
    """A composition under way: the full block (None: nothing started), how many of its
    coordinates are chosen, and those coordinates as one number (row-major, as the layout
    numbers them)."""

    __slots__ = ("block", "depth", "prefix")

    def __init__(self) -> None:
        self.block: int | None = None
        self.depth = 0
        self.prefix = 0

    def clear(self) -> None:
        self.block = None
        self.depth = self.prefix = 0

    @property
    def open(self) -> bool:
        """A composition is under way."""
        return self.block is not None


class FactoredEncoding:
    """The factored space of one full encoding and its ``heads`` (see the module
    docstring)."""

    def __init__(self, full: ActionEncoding, heads: Mapping[str, int]) -> None:
        blocks = full.layout.blocks
        unknown = set(heads) - {name for name, _ in blocks}
        if unknown:
            raise ValueError(f"no block {sorted(unknown)} in the full encoding")
        self.full = full
        self.names = [name for name, _ in blocks]
        self.shapes = [shape for _, shape in blocks]
        self.starts = [full.layout.starts[name] for name in self.names]
        self.heads = [heads.get(name, len(shape)) for name, shape in blocks]
        for name, shape, h in zip(self.names, self.shapes, self.heads, strict=True):
            if not 0 <= h <= len(shape):
                raise ValueError(f"{name}: a head of {h} coordinates of {shape}")
        width = max(
            [1, *(d for shape, h in zip(self.shapes, self.heads, strict=True) for d in shape[h:])]
        )
        self.layout = Layout(
            [
                *(
                    (name, shape[:h])
                    for name, shape, h in zip(self.names, self.shapes, self.heads, strict=True)
                ),
                (NEXT, (width,)),
            ]
        )
        self.size = self.layout.size
        self.head_starts = [self.layout.starts[name] for name in self.names]
        self.next_start = self.layout.starts[NEXT]
        self.depth = max([0, *(len(shape) for shape in self.shapes)])
        """The most coordinates of a block: the draft's features give each chosen one."""
        self.draft_width = len(self.names) + self.depth

    def tail(self, block: int, depth: int) -> int:
        """How many full integers of ``block`` share a prefix of ``depth`` coordinates."""
        return prod(self.shapes[block][depth:])

    def block_of(self, full_index: int) -> int:
        """The block (its number) of a full integer."""
        return bisect_right(self.starts, full_index) - 1

    def new_draft(self) -> Draft:
        return Draft()

    def moment(self, state: State, player: PlayerId) -> FactoredMoment:
        return FactoredMoment(self, state, player)

    def draft_features(self, draft: Draft) -> list[float]:
        """The block one-hot, then each chosen coordinate plus one (0: not chosen)."""
        out = [0.0] * self.draft_width
        if draft.block is None:
            return out
        out[draft.block] = 1.0
        shape = self.shapes[draft.block]
        rest = draft.prefix
        for j in reversed(range(draft.depth)):
            rest, c = divmod(rest, shape[j])
            out[len(self.names) + j] = float(c + 1)
        return out

    def draft_highs(self) -> list[float]:
        highs = [1.0] * len(self.names)
        for j in range(self.depth):
            highs.append(float(max([1, *(s[j] for s in self.shapes if len(s) > j)])))
        return highs


class FactoredMoment:
    """One player's decision at one position: the legal full integers, read once."""

    def __init__(self, enc: FactoredEncoding, state: State, player: PlayerId) -> None:
        self.enc = enc
        self.state = state
        self.player = player
        self.full = sorted(enc.full.legal_indices(state, player))

    def _range(self, draft: Draft) -> tuple[int, int]:
        """The positions in ``full`` of the legal integers the draft's prefix starts."""
        assert draft.block is not None
        tail = self.enc.tail(draft.block, draft.depth)
        lo = self.enc.starts[draft.block] + draft.prefix * tail
        return bisect_left(self.full, lo), bisect_left(self.full, lo + tail)

    def legal(self, draft: Draft) -> list[int]:
        """The integers the draft may take next, ascending."""
        enc = self.enc
        out: list[int] = []
        if draft.block is None:
            for i in self.full:
                b = enc.block_of(i)
                head = enc.head_starts[b] + (i - enc.starts[b]) // enc.tail(b, enc.heads[b])
                if not out or out[-1] != head:
                    out.append(head)
            return out
        first, last = self._range(draft)
        b, depth = draft.block, draft.depth
        lo = enc.starts[b] + draft.prefix * enc.tail(b, depth)
        step = enc.tail(b, depth + 1)
        for i in self.full[first:last]:
            value = enc.next_start + (i - lo) // step
            if not out or out[-1] != value:
                out.append(value)
        return out

    def choose(self, draft: Draft, index: int) -> Action | None:
        """Take ``index``: the action of the full integer it completes, or None when it only
        grew the draft (changed in place). EncodingError when ``index`` is not legal now."""
        enc = self.enc
        if index not in self.legal(draft):
            raise EncodingError(f"{index} is not legal now")
        if draft.block is None:
            name, _ = enc.layout.locate(index)
            b = enc.names.index(name)
            draft.block, draft.depth = b, enc.heads[b]
            draft.prefix = index - enc.head_starts[b]
        else:
            shape = enc.shapes[draft.block]
            draft.prefix = draft.prefix * shape[draft.depth] + index - enc.next_start
            draft.depth += 1
        b = draft.block
        if draft.depth < len(enc.shapes[b]):
            return None
        full_index = enc.starts[b] + draft.prefix
        draft.clear()
        return enc.full.decode(self.state, self.player, full_index)
