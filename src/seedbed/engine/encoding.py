"""The stable integer encoding of a game's actions (issue 13, item 4): every action a menu can
list under fixed options is an integer in ``range(size)``, and ``size`` depends only on the
game and its options, so a learner's action head and the native core have one fixed range.

An encoding is laid out in named blocks, one per action kind (:class:`Layout`); inside a block
an action is a mixed-radix number of its parts. A part that names something a player sees
(a card in a zone, an outstanding offer, a placement cell, a way to split a payment) is its
position in the list the game's own menu is built from, which is why ``encode`` and ``decode``
take the state and the player; they read only what that player may know. Each game documents
its layout and bounds in its ``encoding.py`` and in docs/action-encoding.md.

``mask`` is derived from the menu: 1 at the index of every listed action. ``decode`` of an
index that is not in the mask may refuse (:class:`EncodingError`) or give an illegal action.

>>> layout = Layout([("end", ()), ("plant", (6, 37))])
>>> layout.size, layout.index("plant", 2, 5), layout.locate(80)
(223, 80, ('plant', (2, 5)))
>>> table = Multisets(3, 2)
>>> len(table), table.rank((2, 0)), table.items[7]
(10, 6, (1, 1))
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from itertools import combinations_with_replacement
from math import prod

from seedbed.engine.api import Action, PlayerId, State


class EncodingError(ValueError):
    """An action outside the encoding's bounds, or an index naming no action now."""


class Layout:
    """Consecutive blocks of integers: block ``name`` of ``shape`` (d1, d2, …) holds the
    coordinates (c1, c2, …) with ``0 <= ci < di`` at ``start + (c1 * d2 + c2) * d3 …``;
    shape ``()`` is one integer."""

    def __init__(self, blocks: Sequence[tuple[str, tuple[int, ...]]]) -> None:
        self.blocks = tuple(blocks)
        self.starts: dict[str, int] = {}
        self.shapes: dict[str, tuple[int, ...]] = {}
        start = 0
        for name, shape in self.blocks:
            if name in self.starts:
                raise ValueError(f"block {name!r} is laid out twice")
            self.starts[name] = start
            self.shapes[name] = shape
            start += prod(shape)
        self.size = start
        self._names = [name for name, _ in self.blocks]
        self._bounds = [self.starts[name] for name in self._names]

    def index(self, name: str, *coords: int) -> int:
        """The integer of ``coords`` in block ``name``."""
        shape = self.shapes[name]
        if len(coords) != len(shape):
            raise EncodingError(f"{name} takes {len(shape)} coordinates, got {coords}")
        offset = 0
        for c, d in zip(coords, shape, strict=True):
            if not 0 <= c < d:
                raise EncodingError(f"{name} {coords} is outside the bounds {shape}")
            offset = offset * d + c
        return self.starts[name] + offset

    def locate(self, index: int) -> tuple[str, tuple[int, ...]]:
        """The block and coordinates of an integer in ``range(size)``."""
        if not 0 <= index < self.size:
            raise EncodingError(f"{index} is outside the range 0 … {self.size - 1}")
        name = self._names[bisect_right(self._bounds, index) - 1]
        rest = index - self.starts[name]
        coords = []
        for d in reversed(self.shapes[name]):
            rest, c = divmod(rest, d)
            coords.append(c)
        return name, tuple(reversed(coords))

    def rows(self) -> list[tuple[str, int, int, tuple[int, ...]]]:
        """(block, first, last, shape) for each block: the table of the documentation."""
        return [
            (name, self.starts[name], self.starts[name] + prod(shape) - 1, shape)
            for name, shape in self.blocks
        ]


class Multisets:
    """Every multiset of at most ``most`` items from ``kinds`` kinds, as sorted tuples, in
    order of size, then in ``itertools.combinations_with_replacement`` (lexicographic) order:
    ``()``, ``(0,)`` … ``(kinds-1,)``, ``(0, 0)``, ``(0, 1)`` …"""

    def __init__(self, kinds: int, most: int) -> None:
        self.items: tuple[tuple[int, ...], ...] = tuple(
            m for k in range(most + 1) for m in combinations_with_replacement(range(kinds), k)
        )
        self._rank = {m: i for i, m in enumerate(self.items)}

    def __len__(self) -> int:
        return len(self.items)

    def rank(self, multiset: Iterable[int]) -> int:
        """The position of a multiset (in any order); EncodingError if it has no place."""
        key = tuple(sorted(multiset))
        found = self._rank.get(key)
        if found is None:
            raise EncodingError(f"{key} is not a multiset of this table")
        return found


class ActionEncoding(ABC):
    """The actions of one game under fixed options as the integers ``range(size)``."""

    layout: Layout

    @property
    def size(self) -> int:
        return self.layout.size

    @abstractmethod
    def encode(self, state: State, player: PlayerId, action: Action) -> int:
        """The integer of ``action`` by ``player`` now; EncodingError outside the bounds."""

    @abstractmethod
    def decode(self, state: State, player: PlayerId, index: int) -> Action:
        """The action of ``index`` for ``player`` now (the inverse of ``encode``)."""

    def legal_indices(self, state: State, player: PlayerId) -> list[int]:
        """The sorted integers of ``player``'s menu."""
        return sorted({self.encode(state, player, a) for a in state.legal_actions(player)})

    def mask(self, state: State, player: PlayerId) -> bytearray:
        """``size`` bytes, 1 where the index is an action of ``player``'s menu."""
        out = bytearray(self.size)
        for i in self.legal_indices(state, player):
            out[i] = 1
        return out
