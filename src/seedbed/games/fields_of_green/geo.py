"""Per-farm facts derived from a farm's cells and the tiles on its cards, cached: the Water
Towers in cell order, each tower's reach (F-31, F-32), which towers reach each cell, the
placement cells (F-29) and the harvest candidates (harvest.py). Random play asks for these at
almost every step; a breadth-first search per tower per menu was most of the time a game took.

A :class:`Geo` is never changed once built, so clones share it (``copy_into`` copies the
list of them). Farms only grow and cards never move, so a Geo whose size differs from its
farm's is brought up to date from the cards added since (``geo``). Tower ranges and harvest
items change with tiles: ``attach`` and ``discard_tiles`` call ``tiles_changed``, which
drops the owner's Geo (sets it to None) for a tower and replaces it by a copy without
harvest candidates otherwise; ``refresh`` and ``load_json`` drop them all. The cache is not
part of the state: ``to_json``, ``key`` and ``observe`` never see it.
"""

from __future__ import annotations

from bisect import bisect_left

from seedbed.games.fields_of_green.abilities import tower_range
from seedbed.games.fields_of_green.farm import Cell, Farm, neighbours, water_distances
from seedbed.games.fields_of_green.state import Zones

Towers = tuple[int, ...]
Reach = dict[Cell, int]


class Geo:
    """The derived facts of one farm (read-only once built).

    Sets of towers are int masks: each tower has a bit for good (``bit``, given in the order
    the towers were built, so growing a Geo never renumbers them); ``decode`` turns a mask
    into the towers in cell order, the order every menu and split uses."""

    __slots__ = (
        "bit",
        "cells",
        "decoded",
        "groups",
        "harvest",
        "mask",
        "owners",
        "place_masks",
        "placements",
        "ranges",
        "reach",
        "size",
        "towers",
    )

    size: int  # len(farm) when built
    cells: frozenset[Cell]  # the occupied cells then
    towers: Towers  # Water Towers in cell order
    bit: dict[int, int]  # tower -> its bit
    ranges: dict[int, int]  # tower -> range (F-32)
    reach: dict[int, Reach]  # tower -> cells in range and their distance
    mask: dict[Cell, int]  # cell -> towers that have it in range
    owners: Towers  # the tower of each bit
    placements: tuple[Cell, ...]  # placement cells (F-29), sorted by (x, y)
    place_masks: tuple[int, ...]  # mask of each placement cell, same order
    groups: dict[int, int]  # distinct place_masks -> how many placement cells have it
    decoded: dict[int, Towers]  # mask -> towers in cell order, filled on demand
    harvest: tuple[tuple[int, tuple[int, ...]], ...] | None  # harvest.items, on demand

    def towers_at(self, cell: Cell) -> Towers:
        """The towers that have ``cell`` in range, in cell order."""
        return self.decode(self.mask.get(cell, 0))

    def decode(self, mask: int) -> Towers:
        found = self.decoded.get(mask)
        if found is None:
            bit = self.bit
            found = self.decoded[mask] = tuple(t for t in self.towers if bit[t] & mask)
        return found


def _empty() -> Geo:
    """The facts of a farm without cards, to grow every Geo from."""
    g = Geo()
    g.size, g.cells = 0, frozenset()
    g.towers, g.owners, g.placements, g.place_masks = (), (), (), ()
    g.bit, g.ranges, g.reach, g.mask, g.groups, g.decoded = {}, {}, {}, {}, {}, {}
    g.harvest = None
    return g


_EMPTY = _empty()


def geo(s: Zones, p: int) -> Geo:
    """p's derived farm facts. Farms only grow, so a stale Geo is brought up to date from
    the cards added since: only towers that reached a new cell closer than their range
    search again (a path may now pass through it)."""
    g = s.geo[p]
    if g is None:
        g = s.geo[p] = _grow(s, p, _EMPTY)
    elif g.size != len(s.farms[p]):
        g = s.geo[p] = _grow(s, p, g)
    return g


def _grow(s: Zones, p: int, old: Geo) -> Geo:
    farm = s.farms[p]
    new = farm.keys() - old.cells
    g = Geo()
    g.size = len(farm)
    g.cells = old.cells | new
    water = s.water
    added = [farm[c] for c in new if farm[c] in water]
    if added:
        home = s.home
        g.towers = tuple(sorted((*old.towers, *added), key=lambda t: home[t][1]))
    else:
        g.towers = old.towers
    _grow_reach(s, p, g, old, new, added)
    g.placements = _placements(farm, old.placements, new)
    mask = g.mask
    g.place_masks = tuple([mask.get(c, 0) for c in g.placements])
    groups: dict[int, int] = {}
    for m in g.place_masks:
        groups[m] = groups.get(m, 0) + 1
    g.groups = groups
    g.decoded = {} if added else old.decoded
    g.harvest = None
    return g


def tiles_changed(s: Zones, card: int) -> None:
    """A tile arrived on or left ``card``: a tower's range may change (search again from
    scratch); for any other card only the harvest items are stale."""
    p = s.home[card][0]
    g = s.geo[p]
    if g is None:
        return
    if card in g.bit:
        s.geo[p] = None
        return
    fresh = Geo()
    for name in Geo.__slots__:
        setattr(fresh, name, getattr(g, name))
    fresh.harvest = None
    s.geo[p] = fresh


def _placements(farm: Farm, old: tuple[Cell, ...], new: set[Cell]) -> tuple[Cell, ...]:
    """F-29 cells kept sorted: the new cards leave the list, their empty neighbours join."""
    cells = list(old)
    for c in new:
        i = bisect_left(cells, c)
        if i < len(cells) and cells[i] == c:
            del cells[i]
    for c in new:
        for n in neighbours(c):
            if n not in farm:
                i = bisect_left(cells, n)
                if i == len(cells) or cells[i] != n:
                    cells.insert(i, n)
    return tuple(cells)


def _grow_reach(s: Zones, p: int, g: Geo, old: Geo, new: set[Cell], added: list[int]) -> None:
    """Reach and masks. A new card only adds paths: a tower that had a new cell closer than
    its range (found through the masks of the new cells) searches on from there
    (``_extend``); new towers search from scratch; the rest keep their reach. Reach never
    shrinks, so masks only gain bits. The dicts of ``old`` are copied on a change only."""
    farm, home = s.farms[p], s.home
    g.bit, g.ranges, g.reach, g.mask, g.owners = (
        old.bit,
        old.ranges,
        old.reach,
        old.mask,
        old.owners,
    )
    touched = 0
    for c in new:
        touched |= old.mask.get(c, 0)
    work: list[tuple[int, list[Cell]]] = []
    while touched:
        low = touched & -touched
        touched ^= low
        t = old.owners[low.bit_length() - 1]
        reach, limit = old.reach[t], old.ranges[t]
        starts = [c for c in new if reach.get(c, limit) < limit]
        if starts:
            work.append((t, starts))
    if not work and not added:
        return
    g.reach, g.mask = old.reach.copy(), old.mask.copy()
    if added:
        g.bit, g.ranges = old.bit.copy(), old.ranges.copy()
    mask = g.mask
    for t, starts in work:
        bit = g.bit[t]
        reach = g.reach[t] = g.reach[t].copy()
        for cell in _extend(farm, reach, starts, g.ranges[t]):
            mask[cell] = mask.get(cell, 0) | bit
    for t in added:
        bit = g.bit[t] = 1 << len(g.owners)
        g.owners = (*g.owners, t)
        limit = g.ranges[t] = tower_range(s, t)
        reach = g.reach[t] = water_distances(farm, home[t][1], limit)
        for cell in reach:
            mask[cell] = mask.get(cell, 0) | bit


def _extend(farm: Farm, reach: dict[Cell, int], starts: list[Cell], limit: int) -> list[Cell]:
    """Continue a tower's search (farm.water_distances) through newly occupied cells
    ``starts``, lowering distances in ``reach`` in place; returns the cells new to it.
    A cell whose distance drops carries the path further again if it is occupied."""
    added: list[Cell] = []
    for start in starts:
        frontier, d = [start], reach[start]
        while frontier and d < limit:
            d += 1
            grown: list[Cell] = []
            for x, y in frontier:
                for n in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
                    was = reach.get(n)
                    if was is None or was > d:
                        if was is None:
                            added.append(n)
                        reach[n] = d
                        if n in farm:
                            grown.append(n)
            frontier = grown
    return added
