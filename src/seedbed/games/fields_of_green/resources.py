"""Water and food bookkeeping (F-32 … F-35): which towers can pay water for a cell, every way
to split a payment or a gain between towers, and the checks of a chosen split.

A split is a ``Water`` tuple ``((x, y, amount), …)`` naming tower cells (actions.py).
"""

from __future__ import annotations

from seedbed.games.fields_of_green.abilities import tower_capacity, tower_range
from seedbed.games.fields_of_green.actions import Water
from seedbed.games.fields_of_green.farm import Cell, water_distances
from seedbed.games.fields_of_green.state import Zones


def distributions(caps: list[int], total: int) -> list[list[int]]:
    """Every vector ``v`` with ``0 <= v[i] <= caps[i]`` and ``sum(v) == total``, in
    lexicographic order of ``v`` from the largest first entry down (deterministic)."""
    if not caps:
        return [[]] if total == 0 else []
    rest_cap = sum(caps[1:])
    out: list[list[int]] = []
    for first in range(min(caps[0], total), -1, -1):
        if total - first > rest_cap:
            break
        out += [[first, *tail] for tail in distributions(caps[1:], total - first)]
    return out


def tower_reach(s: Zones, p: int) -> dict[int, dict[Cell, int]]:
    """For each of p's towers: the cells within its range (F-32) and their distances."""
    farm = s.farms[p]
    return {t: water_distances(farm, s.cell_of(t), tower_range(s, t)) for t in s.tower_cards(p)}


def towers_for(
    s: Zones, p: int, cell: Cell, reach: dict[int, dict[Cell, int]] | None = None
) -> list[int]:
    """p's towers holding water that have ``cell`` in range (F-32, F-33), in cell order."""
    reach = tower_reach(s, p) if reach is None else reach
    return [t for t, cells in reach.items() if cell in cells and s.water[t] > 0]


def water_splits(
    s: Zones, p: int, cell: Cell, need: int, reach: dict[int, dict[Cell, int]] | None = None
) -> list[Water]:
    """Every way to pay ``need`` water for ``cell`` from towers in range (F-33, F-98)."""
    if need <= 0:
        return [()]
    towers = towers_for(s, p, cell, reach)
    caps = [s.water[t] for t in towers]
    if sum(caps) < need:
        return []
    cells = [s.cell_of(t) for t in towers]
    return [_water(cells, v) for v in distributions(caps, need)]


def can_pay_water(
    s: Zones, p: int, cell: Cell, need: int, reach: dict[int, dict[Cell, int]]
) -> bool:
    return need <= 0 or sum(s.water[t] for t in towers_for(s, p, cell, reach)) >= need


def _water(cells: list[Cell], amounts: list[int]) -> Water:
    return tuple((x, y, n) for (x, y), n in zip(cells, amounts, strict=True) if n)


def water_error(s: Zones, p: int, cell: Cell, water: Water, need: int) -> str | None:
    """Why ``water`` does not pay ``need`` water for ``cell``, or None (F-33)."""
    paid = sum(n for _, _, n in water)
    if paid != need:
        return f"the water cost is {need}, the split pays {paid} [F-33]"
    farm = s.farms[p]
    for x, y, n in water:
        tower = farm.get((x, y))
        if tower is None or tower not in s.water:
            return f"there is no Water Tower of player {p} at {x},{y} [F-33]"
        if s.water[tower] < n:
            return f"the tower at {x},{y} holds {s.water[tower]} water, not {n} [F-33]"
        reach = water_distances(farm, (x, y), tower_range(s, tower))
        if cell not in reach:
            return f"{cell[0]},{cell[1]} is out of range of the tower at {x},{y} [F-32]"
    return None


def pay_water(s: Zones, p: int, water: Water) -> None:
    farm = s.farms[p]
    for x, y, n in water:
        s.water[farm[(x, y)]] -= n


def placements(s: Zones, p: int, gained: int) -> list[Water]:
    """F-33, F-41: every way to put ``gained`` water on p's towers with room, as much as
    fits (the rest is lost). One choice means no decision (F-7)."""
    towers = [t for t in s.tower_cards(p) if s.water[t] < tower_capacity(s, t)]
    caps = [tower_capacity(s, t) - s.water[t] for t in towers]
    fits = min(gained, sum(caps))
    cells = [s.cell_of(t) for t in towers]
    return [_water(cells, v) for v in distributions(caps, fits)]


def placement_error(s: Zones, p: int, water: Water, gained: int) -> str | None:
    """Why ``water`` is not a placement of ``gained`` water (F-33), or None."""
    farm = s.farms[p]
    room = 0
    for t in s.tower_cards(p):
        room += tower_capacity(s, t) - s.water[t]
    fits = min(gained, room)
    placed = sum(n for _, _, n in water)
    if placed != fits:
        return f"{fits} water must be placed (as much as fits), not {placed} [F-33]"
    for x, y, n in water:
        tower = farm.get((x, y))
        if tower is None or tower not in s.water:
            return f"there is no Water Tower of player {p} at {x},{y} [F-33]"
        if s.water[tower] + n > tower_capacity(s, tower):
            room = tower_capacity(s, tower) - s.water[tower]
            return f"the tower at {x},{y} has room for {room} [F-33]"
    return None


def place_water(s: Zones, p: int, water: Water) -> None:
    farm = s.farms[p]
    for x, y, n in water:
        s.water[farm[(x, y)]] += n
