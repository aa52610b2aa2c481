"""The farm grid (F-27 … F-32): an unbounded square grid per player, stored as a dict from
cell ``(x, y)`` to the card id on it. Every occupied cell counts, Open Areas, Silos and Water
Towers included (F-29, F-31); the rules layer decides what a card on a cell *is*.

>>> farm = {(0, 0): 7, (1, 0): 8, (0, 1): 9}
>>> water_distance(farm, (0, 0), (0, 2)), water_distance(farm, (0, 0), (3, 0))
(2, None)
>>> placement_cells(farm)[:3]
[(-1, 0), (-1, 1), (0, -1)]
"""

from __future__ import annotations

from collections.abc import Mapping

Cell = tuple[int, int]
Farm = Mapping[Cell, int]

START_TOWER: Cell = (0, 0)  # F-36 [designed: the two starting cells]
START_SILO: Cell = (1, 0)


def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four orthogonally adjacent cells (F-27); diagonals are not adjacent (F-20)."""
    x, y = cell
    return ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1))


def is_placement(farm: Farm, cell: Cell) -> bool:
    """F-29: an empty cell next to at least one occupied cell (Open Areas count, F-99)."""
    if cell in farm:
        return False
    return any(n in farm for n in neighbours(cell))


def placement_cells(farm: Farm) -> list[Cell]:
    """Every legal placement cell (F-29), sorted by (x, y) so menus are deterministic."""
    found: set[Cell] = set()
    for cell in farm:
        for n in neighbours(cell):
            if n not in farm:
                found.add(n)
    return sorted(found)


def water_distances(farm: Farm, source: Cell, limit: int) -> dict[Cell, int]:
    """Cells at water distance <= ``limit`` from ``source`` (F-31): breadth-first search
    that may only *pass through* occupied cells; an empty cell ends a path (it may still be
    the target, e.g. where a card is about to be built). The source is at distance 0."""
    found = {source: 0}
    frontier = [source]
    d = 0
    while frontier and d < limit:
        d += 1
        grown: list[Cell] = []
        for x, y in frontier:  # neighbours() inlined: this is the hottest loop of a menu
            for n in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
                if n not in found:
                    found[n] = d
                    if n in farm:  # only occupied cells carry the path further
                        grown.append(n)
        frontier = grown
    return found


def water_distance(farm: Farm, source: Cell, target: Cell) -> int | None:
    """The water distance from ``source`` to ``target`` (F-31), None when unreachable.
    A farm has finitely many occupied cells, so the search always ends."""
    if source == target:
        return 0
    limit = len(farm) + 1  # a shortest path crosses each occupied cell at most once
    return water_distances(farm, source, limit).get(target)


def within(farm: Farm, source: Cell, d: int) -> set[Cell]:
    """Occupied cells at water distance <= d from ``source``, the source included (F-83
    scopes such as ``{"within": 2}`` are measured from the ability's source card)."""
    return {c for c in water_distances(farm, source, d) if c in farm}


def adjacent_cells(farm: Farm, source: Cell) -> list[Cell]:
    """Occupied cells adjacent to ``source`` (F-27)."""
    return [n for n in neighbours(source) if n in farm]


def cell_text(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def parse_cell(text: str) -> Cell:
    """``"x,y"`` → (x, y); ValueError when malformed."""
    parts = text.split(",")
    if len(parts) != 2:
        raise ValueError(f"a cell is written x,y, got {text!r}")
    return (int(parts[0]), int(parts[1]))
