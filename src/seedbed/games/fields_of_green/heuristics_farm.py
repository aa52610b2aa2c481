"""The farm of an observation, as the Fields of Green heuristics read it: its cards (designs
looked up in the shipped card set, since observations name designs only), resources, water
reach, and the Amounts, Selectors and Conditions of the card format (F-83 … F-85) evaluated on
it. Game knowledge for bots, never used by the rules; split from ``heuristics.py`` for size.

"Within d" is read as a Manhattan distance (close to the water distance of F-31 on the
compact farms bots build); a design the card set does not know has no type and no ability.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from seedbed.engine.registry import game
from seedbed.games.fields_of_green.cards import CardSet, EquipmentDesign, LocationDesign

Cell = tuple[int, int]
LOCATION_TYPES = ("field", "livestock", "construction", "building")


@cache
def card_set() -> CardSet | None:
    """The shipped card set (the observations name designs only), or None if unavailable."""
    original = getattr(game("fields_of_green"), "original", None)
    return original() if callable(original) else None


def location(design: str) -> LocationDesign | None:
    cards = card_set()
    try:
        return None if cards is None else cards.location(design)
    except KeyError:
        return None


def tile_design(design: str) -> EquipmentDesign | None:
    cards = card_set()
    try:
        return None if cards is None else cards.equipment_design(design)
    except KeyError:
        return None


# ------------------------------------------------------------------ the farm of a view


class Spot:
    """One farm card as the policy sees it."""

    __slots__ = ("capacity", "cell", "design", "kind", "range", "tiles", "up", "water")

    def __init__(self, entry: Mapping[str, Any]) -> None:
        self.cell: Cell = (entry["cell"][0], entry["cell"][1])
        self.kind: str = entry["card"]["kind"]
        self.up = not entry["open_area"]
        self.design = location(entry["card"]["design"]) if self.kind in LOCATION_TYPES else None
        self.tiles: list[str] = [t["design"] for t in entry["equipment"]]
        self.water: int = entry.get("water", 0)
        self.capacity: int = entry.get("capacity", 0)
        self.range: int = entry.get("range", 0)


class Farm:
    """A player's farm and resources, with the prices of the current year."""

    __slots__ = (
        "aside", "coins", "cv", "food", "food_cap", "fv", "occupied", "spare", "spots",
        "vp_tokens", "wv", "year", "years_left",
    )  # fmt: skip

    def __init__(self, player: Mapping[str, Any], year: int) -> None:
        self.spots = [Spot(e) for e in player["farm"]]
        self.occupied = {s.cell: s for s in self.spots}
        self.coins: int = player["coins"]
        self.food: int = player["food"]
        self.food_cap: int = player["food_capacity"]
        self.vp_tokens: int = player["vp_tokens"]
        self.aside: list[str] = [t["design"] for t in player["set_aside"]]
        self.year = year
        self.years_left = max(0, 4 - year)  # harvests after this year's
        late = year >= 4
        self.cv = 0.34 if late else 0.55 - 0.05 * year
        self.fv = 0.5 if late else 0.7
        self.wv = 0.15 if late else 0.4
        self.spare: tuple[float, float] | None = None  # upkeep(), computed when first needed

    def towers(self) -> list[Spot]:
        return [s for s in self.spots if s.kind == "water_tower" and s.up]

    def water(self) -> int:
        return sum(s.water for s in self.towers())

    def placements(self) -> list[Cell]:
        out = set()
        for x, y in self.occupied:
            for c in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if c not in self.occupied:
                    out.add(c)
        return sorted(out)

    def distances(self, tower: Spot) -> dict[Cell, int]:
        """Water distance (F-31) from a tower to every cell one step past occupied cells."""
        dist = {tower.cell: 0}
        frontier = [tower.cell]
        while frontier:
            nxt = []
            for x, y in frontier:
                for c in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    if c not in dist:
                        dist[c] = dist[(x, y)] + 1
                        if c in self.occupied:
                            nxt.append(c)
            frontier = nxt
        return dist

    def reach(self) -> dict[Cell, int]:
        """Per cell: the water of the towers that have it in range."""
        out: dict[Cell, int] = {}
        for t in self.towers():
            for c, d in self.distances(t).items():
                if d <= t.range:
                    out[c] = out.get(c, 0) + max(t.water, 1)
        return out


def near(a: Cell, b: Cell, where: Any) -> bool:
    d = abs(a[0] - b[0]) + abs(a[1] - b[1])
    if where == "adjacent":
        return d == 1
    if isinstance(where, Mapping):
        return d <= int(where["within"])
    return True


def _matches(sel: Mapping[str, Any], spot: Spot) -> bool:
    design = spot.design
    for key in ("type", "subtype", "name", "tag"):
        wanted = sel.get(key)
        if wanted is None:
            continue
        if design is None:
            return False
        have = {"type": (design.type,), "subtype": (design.subtype,), "name": (design.id,)}
        values = design.tags if key == "tag" else have[key]
        if not any(v in wanted for v in values):
            return False
    ability = sel.get("ability")
    if ability is not None:
        timing = design.ability.timing if design is not None and design.ability else None
        return bool(timing == ability)
    return True


def count(sel: Mapping[str, Any], farm: Farm, source: Cell | None) -> int:
    """Cards (or tiles) of the farm a selector matches, seen from ``source`` (F-84)."""
    what, where = sel.get("what", "location_card"), sel.get("where", "farm")
    n = 0
    for spot in farm.spots:
        if source is not None and spot.cell == source and not sel.get("self", False):
            continue
        if source is not None and not near(spot.cell, source, where):
            continue
        if what == "open_area":
            n += not spot.up
            continue
        if not spot.up:
            continue
        if what == "water_tower":
            n += spot.kind == "water_tower"
        elif what == "silo":
            n += spot.kind == "silo"
        elif what == "equipment":
            n += len(spot.tiles) if _matches(sel, spot) else 0
        elif what == "location" or spot.kind in LOCATION_TYPES:
            n += _matches(sel, spot)
    return n


def _resource(name: str, farm: Farm) -> int:
    if name == "coins":
        return farm.coins
    if name == "food":
        return farm.food
    if name == "water":
        return farm.water()
    if name == "vp_tokens":
        return farm.vp_tokens
    if name == "empty_water_towers":
        return sum(t.water == 0 for t in farm.towers())
    return len(farm.aside)


def amount(a: Any, farm: Farm, source: Cell | None) -> float:
    """An Amount (F-83) on the farm, seen from ``source``."""
    if isinstance(a, int):
        return a
    if "count" in a:
        value = a["plus"] + a["each"] * count(a["count"], farm, source)
    elif "sets" in a:
        value = a["each"] * min(count(s, farm, source) for s in a["sets"])
    elif "distinct" in a:
        value = a["each"] * _distinct(a, farm, source)
    elif "resource" in a:
        value = a["each"] * (_resource(a["resource"], farm) // a["per"])
    elif "if" in a:
        value = amount(a["then"] if condition(a["if"], farm, source) else a["else"], farm, source)
    else:
        value = sum(amount(x, farm, source) for x in a["sum"])
    top = a.get("max")
    return float(max(0.0, value if top is None else min(value, top)))


def _distinct(a: Mapping[str, Any], farm: Farm, source: Cell | None) -> int:
    sel, by = a["distinct"], a["by"]
    seen = set()
    for spot in farm.spots:
        close = source is None or near(spot.cell, source, sel.get("where", "farm"))
        if spot.up and spot.design is not None and close and _matches(sel, spot):
            seen.add(getattr(spot.design, "id" if by == "name" else by))
    seen.discard(None)
    return len(seen)


def condition(c: Mapping[str, Any], farm: Farm, source: Cell | None) -> bool:
    if "all" in c:
        return all(condition(x, farm, source) for x in c["all"])
    if "any" in c:
        return any(condition(x, farm, source) for x in c["any"])
    if "not" in c:
        return not condition(c["not"], farm, source)
    n = count(c["count"], farm, source) if "count" in c else _resource(c["resource"], farm)
    if "at_least" in c:
        return bool(n >= c["at_least"])
    if "at_most" in c:
        return bool(n <= c["at_most"])
    return bool(n == c["exactly"])
