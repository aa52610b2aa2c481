"""The hexagonal Garden (S-11, S-12) in axial coordinates (q, r).

Spaces are numbered 0 … n−1 in the canonical order (by r, then by q), and every table the
rules use is precomputed once per radius: the neighbours of each space as a tuple of space
indices in the order of S-12, and the index of a coordinate pair.

>>> board = hex_board(3)
>>> len(board.spaces), [len(board.row(r)) for r in range(-3, 4)]
(37, [4, 5, 6, 7, 6, 5, 4])
>>> [board.spaces[i] for i in board.neighbours[board.index[(3, 0)]]]
[(3, -1), (2, 0), (2, 1)]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

Hex = tuple[int, int]

# S-12: the six directions, in the order neighbours are listed.
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def in_radius(q: int, r: int, radius: int) -> bool:
    """Whether (q, r) is a space of the Garden of ``radius`` (S-11)."""
    return abs(q) <= radius and abs(r) <= radius and abs(q + r) <= radius


@dataclass(frozen=True, slots=True)
class HexBoard:
    """The Garden of one radius: spaces in canonical order and their neighbour tables."""

    radius: int
    spaces: tuple[Hex, ...]
    index: dict[Hex, int]
    neighbours: tuple[tuple[int, ...], ...]

    def row(self, r: int) -> list[Hex]:
        """The spaces of row ``r``, by q."""
        return [s for s in self.spaces if s[1] == r]

    def __len__(self) -> int:
        return len(self.spaces)


@cache
def hex_board(radius: int) -> HexBoard:
    """The Garden of ``radius`` (built once per radius; boards are immutable)."""
    if radius < 1:
        raise ValueError(f"garden radius must be at least 1, got {radius}")
    spaces = tuple(
        (q, r)
        for r in range(-radius, radius + 1)
        for q in range(-radius, radius + 1)
        if in_radius(q, r, radius)
    )
    index = {s: i for i, s in enumerate(spaces)}
    neighbours = tuple(
        tuple(index[(q + dq, r + dr)] for dq, dr in DIRECTIONS if (q + dq, r + dr) in index)
        for q, r in spaces
    )
    return HexBoard(radius, spaces, index, neighbours)


def space_count(radius: int) -> int:
    """3·R·(R + 1) + 1 spaces (S-11)."""
    return 3 * radius * (radius + 1) + 1
