"""Water and food bookkeeping (F-32 … F-35): which towers can pay water for a cell, every way
to split a payment or a gain between towers, and the checks of a chosen split.

A split is a ``Water`` tuple ``((x, y, amount), …)`` naming tower cells (actions.py). Tower
reach comes from the cached farm facts of geo.py.
"""

from __future__ import annotations

from seedbed.engine.errors import Refusal, refuse
from seedbed.games.fields_of_green.abilities import tower_capacity
from seedbed.games.fields_of_green.actions import Water
from seedbed.games.fields_of_green.farm import Cell
from seedbed.games.fields_of_green.geo import Towers, geo
from seedbed.games.fields_of_green.state import Zones

Vectors = tuple[tuple[int, ...], ...]
_DISTS: dict[tuple[tuple[int, ...], int], Vectors] = {}


def distributions(caps: tuple[int, ...], total: int) -> Vectors:
    """Every vector ``v`` with ``0 <= v[i] <= caps[i]`` and ``sum(v) == total``, in
    lexicographic order of ``v`` from the largest first entry down (deterministic). A pure
    function of small arguments, memoised for the process (like the draw splits, upkeep.py)."""
    key = (caps, total)
    found = _DISTS.get(key)
    if found is None:
        if len(_DISTS) > 20_000:
            _DISTS.clear()
        found = _DISTS[key] = tuple(_distributions(caps, 0, total))
    return found


def _distributions(caps: tuple[int, ...], i: int, total: int) -> list[tuple[int, ...]]:
    if i == len(caps):
        return [()] if total == 0 else []
    rest_cap = sum(caps[i + 1 :])
    out: list[tuple[int, ...]] = []
    for first in range(min(caps[i], total), -1, -1):
        if total - first > rest_cap:
            break
        out += [(first, *tail) for tail in _distributions(caps, i + 1, total - first)]
    return out


def tower_reach(s: Zones, p: int) -> dict[int, dict[Cell, int]]:
    """For each of p's towers: the cells within its range (F-32) and their distances
    (cached, read-only)."""
    return geo(s, p).reach


def paying(s: Zones, towers: Towers) -> tuple[Towers, tuple[int, ...]]:
    """The towers among ``towers`` that hold water (F-33), and their water."""
    water = s.water
    held = tuple(t for t in towers if water[t] > 0)
    return held, tuple(water[t] for t in held)


def towers_for(s: Zones, p: int, cell: Cell) -> Towers:
    """p's towers holding water that have ``cell`` in range (F-32, F-33), in cell order."""
    return paying(s, geo(s, p).towers_at(cell))[0]


def split_at(s: Zones, towers: Towers, amounts: tuple[int, ...]) -> Water:
    """The split paying ``amounts`` from ``towers``."""
    home = s.home
    return tuple((*home[t][1], n) for t, n in zip(towers, amounts, strict=True) if n)


def water_splits(s: Zones, p: int, cell: Cell, need: int) -> list[Water]:
    """Every way to pay ``need`` water for ``cell`` from towers in range (F-33, F-98)."""
    if need <= 0:
        return [()]
    towers, caps = paying(s, geo(s, p).towers_at(cell))
    return [split_at(s, towers, v) for v in distributions(caps, need)]


def can_pay_water(s: Zones, p: int, cell: Cell, need: int) -> bool:
    return need <= 0 or sum(paying(s, geo(s, p).towers_at(cell))[1]) >= need


def water_error(s: Zones, p: int, cell: Cell, water: Water, need: int) -> Refusal | None:
    """Why ``water`` does not pay ``need`` water for ``cell``, or None (F-33)."""
    paid = sum(n for _, _, n in water)
    if paid != need:
        return refuse("F-33", f"the water cost is {need}, the split pays {paid}")
    farm = s.farms[p]
    for x, y, n in water:
        tower = farm.get((x, y))
        if tower is None or tower not in s.water:
            return refuse("F-33", f"there is no Water Tower of player {p} at {x},{y}")
        if s.water[tower] < n:
            return refuse("F-33", f"the tower at {x},{y} holds {s.water[tower]} water, not {n}")
        if cell not in geo(s, p).reach[tower]:
            return refuse("F-32", f"{cell[0]},{cell[1]} is out of range of the tower at {x},{y}")
    return None


def pay_water(s: Zones, p: int, water: Water) -> None:
    farm = s.farms[p]
    for x, y, n in water:
        s.water[farm[(x, y)]] -= n


def placements(s: Zones, p: int, gained: int) -> list[Water]:
    """F-33, F-41: every way to put ``gained`` water on p's towers with room, as much as
    fits (the rest is lost). One choice means no decision (F-7)."""
    towers = tuple(t for t in geo(s, p).towers if s.water[t] < tower_capacity(s, t))
    caps = tuple(tower_capacity(s, t) - s.water[t] for t in towers)
    fits = min(gained, sum(caps))
    return [split_at(s, towers, v) for v in distributions(caps, fits)]


def placement_error(s: Zones, p: int, water: Water, gained: int) -> Refusal | None:
    """Why ``water`` is not a placement of ``gained`` water (F-33), or None."""
    farm = s.farms[p]
    room = 0
    for t in geo(s, p).towers:
        room += tower_capacity(s, t) - s.water[t]
    fits = min(gained, room)
    placed = sum(n for _, _, n in water)
    if placed != fits:
        return refuse("F-33", f"{fits} water must be placed (as much as fits), not {placed}")
    for x, y, n in water:
        tower = farm.get((x, y))
        if tower is None or tower not in s.water:
            return refuse("F-33", f"there is no Water Tower of player {p} at {x},{y}")
        if s.water[tower] + n > tower_capacity(s, tower):
            room = tower_capacity(s, tower) - s.water[tower]
            return refuse("F-33", f"the tower at {x},{y} has room for {room}")
    return None


def place_water(s: Zones, p: int, water: Water) -> None:
    farm = s.farms[p]
    for x, y, n in water:
        s.water[farm[(x, y)]] += n


def cost_error(
    s: Zones, p: int, cell: Cell, price: tuple[int, int, int], water: Water, clause: str
) -> Refusal | None:
    """Why ``p`` cannot pay ``price`` (coins, water, food) for the card at ``cell`` with the
    ``water`` split (water from towers that reach the cell), or None (F-35, F-33)."""
    coins, need, food = price
    if s.coins[p] < coins:
        return refuse(clause, f"the cost is {coins} coins; player {p} has {s.coins[p]}")
    if s.food[p] < food:
        return refuse(clause, f"the cost is {food} food; player {p} has {s.food[p]}")
    return water_error(s, p, cell, water, need)


def pay_cost(s: Zones, p: int, price: tuple[int, int, int], water: Water) -> None:
    """Pay ``price`` (coins, water, food), the water as split by ``water`` (checked before)."""
    coins, _, food = price
    s.coins[p] -= coins
    s.food[p] -= food
    pay_water(s, p, water)
