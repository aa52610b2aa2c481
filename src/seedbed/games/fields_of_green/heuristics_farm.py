"""The farm of an observation, as the Fields of Green heuristics read it: its cards (designs
looked up in the shipped card set, since observations name designs only), resources and water
reach. Game knowledge for bots, never used by the rules; split from ``heuristics.py`` for size.

The Amounts, Selectors and Conditions of the card format (F-83 … F-85) are evaluated on it by
the rules' own interpreter (``abilities.amount_at`` and friends): ``Farm.facts`` answers what
that interpreter reads of a game (``abilities.FarmFacts``), the player being seat 0 of it. A
card not placed yet (a tile before its host is chosen) is read from ``abilities.ANYWHERE``.
A design the card set does not know is a card of its type with no subtype, tags or ability.
One estimate stays the heuristics' own: ``near``, the reach of ``refill_towers``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from typing import Any

from seedbed.engine.registry import game
from seedbed.games.fields_of_green.abilities import ANYWHERE, Origin, amount_at
from seedbed.games.fields_of_green.cards import CardSet, EquipmentDesign, LocationDesign
from seedbed.games.fields_of_green.config import KIND_NAMES, CardInfo
from seedbed.games.fields_of_green.farm import placement_cells, water_distances
from seedbed.games.fields_of_green.state import NONE

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

    __slots__ = ("capacity", "cell", "design", "info", "kind", "range", "tiles", "up", "water")

    def __init__(self, entry: Mapping[str, Any]) -> None:
        self.cell: Cell = (entry["cell"][0], entry["cell"][1])
        self.kind: str = entry["card"]["kind"]
        self.up = not entry["open_area"]
        self.design = location(entry["card"]["design"]) if self.kind in LOCATION_TYPES else None
        self.tiles: list[str] = [t["design"] for t in entry["equipment"]]
        self.water: int = entry.get("water", 0)
        self.capacity: int = entry.get("capacity", 0)
        self.range: int = entry.get("range", 0)
        self.info = card_info(self.kind, self.design)


def card_info(kind: str, design: LocationDesign | None) -> CardInfo:
    """The facts the ability vocabulary reads of a card (``config.CardInfo``)."""
    code = KIND_NAMES.index(kind)
    if design is None:
        return CardInfo(code, kind, kind, None, frozenset(), 0, 0, 0, 0, None)
    return CardInfo(
        code, design.id, design.name, design.subtype, frozenset(design.tags), 0, 0, 0, 0,
        design.ability,
    )  # fmt: skip


class Farm:
    """A player's farm and resources, with the prices of the current year; ``facts`` is the
    same farm as the ability interpreter reads it."""

    __slots__ = (
        "aside", "coins", "cv", "facts", "food", "food_cap", "fv", "need", "occupied", "spare",
        "spots", "vp_tokens", "wv", "year", "years_left",
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
        self.need = 0.0  # food the final harvest's upkeep still needs (heuristics.Ctx sets it)
        self.facts = Facts(self)

    def towers(self) -> list[Spot]:
        return [s for s in self.spots if s.kind == "water_tower" and s.up]

    def water(self) -> int:
        return sum(s.water for s in self.towers())

    def placements(self) -> list[Cell]:
        return placement_cells(self.facts.cells)

    def distances(self, tower: Spot) -> dict[Cell, int]:
        """Water distance (F-31) from a tower to the cells within its range."""
        return water_distances(self.facts.cells, tower.cell, tower.range)

    def reach(self) -> dict[Cell, int]:
        """Per cell: the water of the towers that have it in range."""
        out: dict[Cell, int] = {}
        for t in self.towers():
            for c in self.distances(t):
                out[c] = out.get(c, 0) + max(t.water, 1)
        return out

    @contextmanager
    def probing(self, spot: Spot) -> Iterator[None]:
        """The farm with ``spot`` (on an empty cell) added while the block runs."""
        facts = self.facts
        self.spots.append(spot)
        facts.cells[spot.cell] = len(facts.cards)
        facts.cards.append(spot.info)
        try:
            yield
        finally:
            self.spots.pop()
            del facts.cells[spot.cell]
            facts.cards.pop()


class Facts:
    """A ``Farm`` as the ability interpreter reads a game (``abilities.FarmFacts``): its
    player is seat 0, its cards are numbered by their place in ``Farm.spots``."""

    __slots__ = ("aside", "cards", "cells", "coins", "equip", "face_down", "food", "vp", "water")

    def __init__(self, farm: Farm) -> None:
        spots = farm.spots
        self.cells = {s.cell: i for i, s in enumerate(spots)}
        self.cards = [s.info for s in spots]
        self.face_down = {i for i, s in enumerate(spots) if not s.up}
        self.equip = {i: s.tiles for i, s in enumerate(spots) if s.tiles}
        towers = (i for i, s in enumerate(spots) if s.kind == "water_tower" and s.up)
        self.water = {i: spots[i].water for i in towers}
        self.coins, self.food, self.vp = (farm.coins,), (farm.food,), (farm.vp_tokens,)
        self.aside = (farm.aside,)

    @property
    def cfg(self) -> Facts:
        return self

    @property
    def farms(self) -> tuple[dict[Cell, int]]:
        return (self.cells,)

    def tower_cards(self, p: int) -> list[int]:
        return list(self.water)

    def origin(self, source: Cell | None) -> tuple[int, Origin]:
        """The source card and cell of an ability seen from ``source`` (None: a card whose
        place is not chosen yet, which may see the whole farm)."""
        if source is None:
            return NONE, ANYWHERE
        return self.cells.get(source, NONE), source


def amount(a: Any, farm: Farm, source: Cell | None) -> float:
    """An Amount (F-83) on the farm, seen from ``source``."""
    facts = farm.facts
    return float(amount_at(facts, 0, *facts.origin(source), a))


def near(a: Cell, b: Cell, where: Any) -> bool:
    """The towers' estimate of ``refill_towers`` (``heuristics.effects_worth``): "within d"
    as a Manhattan distance, not the water distance of F-31 that the rules use (switching
    changes the greedy bot's choices, so it is kept as a deliberate estimate)."""
    d = abs(a[0] - b[0]) + abs(a[1] - b[1])
    if where == "adjacent":
        return d == 1
    if isinstance(where, Mapping):
        return d <= int(where["within"])
    return True
