"""Fields of Green card data (F-80 … F-89): the typed model (the validator is
:mod:`card_schema`).

``parse_card_set(obj)`` takes a card-data object (already decoded from JSON or TOML: decoding is
the job of ``card_text``, reading files of ``seedbed.data_files``), checks it completely and
returns a ``CardSet`` of frozen designs. Anything wrong raises ``CardDataError`` naming the entry
and field, so a set is either loaded whole or not at all.

Selectors, conditions, amounts, effects and modifiers stay plain dicts in the JSON shape of
section 15, but **normalized**, so the abilities interpreter never looks up a default. Lists
become tuples; treat every dict as read-only. The normalized forms:

Amount (F-83), ``int`` (≥ 0) or one of::

    {"count": Selector, "each": int, "plus": int, "max": int | None}
    {"sets": (Selector, ...), "each": int, "max": int | None}
    {"distinct": Selector, "by": "type" | "subtype" | "name", "each": int, "max": int | None}
    {"resource": R, "per": int >= 1, "each": int, "max": int | None}
    {"if": Condition, "then": Amount, "else": Amount}
    {"sum": (Amount, ...)}

with R one of ``RESOURCES``; ``each`` defaults to 1, ``plus`` to 0, ``per`` to 1, ``max`` to
None (no limit), ``else`` to 0.

Selector (F-84), every key present::

    {"where": "farm" | "adjacent" | {"within": int}, "what": one of WHATS,
     "type": tuple | None, "subtype": tuple | None, "name": tuple | None, "tag": tuple | None,
     "ability": "immediate" | "harvest" | "game_end" | None, "self": bool}

``None`` means no filter; ``name`` lists location design ids. The filters are only allowed for
``what`` in ``location_card``, ``location`` and ``equipment``; for ``equipment`` they (and
``self``) apply to the card each tile sits on.

Condition (F-85): ``{"count": Selector, OP: int}``, ``{"resource": R, OP: int}`` with exactly
one OP of ``at_least``, ``at_most``, ``exactly``; ``{"all": (Condition, ...)}``,
``{"any": (Condition, ...)}``, ``{"not": Condition}``.

Effect (F-86): ``{"gain": "coins" | "food" | "water" | "vp", "amount": Amount}``,
``{"refill_towers": {"within": int} | "all"}``, ``{"gain_equipment": int >= 1}``,
``{"choose": ((Effect, ...), (Effect, ...), ...)}`` (at least two options),
``{"repeat_host": True}`` (only a top-level effect of a harvest or game-end tile).

Modifier (F-88): ``{"water_range": int}``, ``{"tower_capacity": int}``,
``{"silo_capacity": int}``, ``{"market_bonus": int}``,
``{"harvest_cost": {"coins": int, "water": int, "food": int}}`` (each ≤ 0, all keys present),
``{"harvest_bonus": (Effect, ...)}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

FORMAT = "seedbed.fields_of_green.cards"
VERSION = 1
LOCATION_TYPES: tuple[str, ...] = ("field", "livestock", "construction", "building")
ABILITY_TIMINGS: tuple[str, ...] = ("immediate", "harvest", "game_end")
TILE_TIMINGS: tuple[str, ...] = ("placement", "ongoing", "harvest", "game_end")
HOST_KINDS: tuple[str, ...] = (*LOCATION_TYPES, "water_tower", "silo", "location_card", "location")
GAINS: tuple[str, ...] = ("coins", "food", "water", "vp")
RESOURCES: tuple[str, ...] = (
    "coins", "food", "water", "vp_tokens", "empty_water_towers", "set_aside_equipment",
)  # fmt: skip
WHATS: tuple[str, ...] = (
    "location_card", "water_tower", "silo", "location", "open_area", "equipment",
)  # fmt: skip
COMPARISONS: tuple[str, ...] = ("at_least", "at_most", "exactly")
DISTINCT_BY: tuple[str, ...] = ("type", "subtype", "name")
RESOURCE_KEYS: tuple[str, ...] = ("coins", "water", "food")

Amount = int | Mapping[str, Any]
FieldPath = tuple[str | int, ...]


class CardDataError(ValueError):
    """A card-data object broke a rule of section 15. The message is ``where: what``, where
    ``where`` is the field path (``locations[12] (id "old_barn").ability.effects[0].gain``),
    prefixed by the source and, once the file layer found it, the line."""

    def __init__(
        self,
        what: str,
        *,
        source: str = "<cards>",
        path: FieldPath = (),
        entry_id: str | None = None,
        line: int | None = None,
    ) -> None:
        self.what, self.source, self.path = what, source, path
        self.entry_id, self.line = entry_id, line
        place = source if line is None else f"{source}:{line}"
        where = self.where
        super().__init__(f"{place}: {where}: {what}" if where else f"{place}: {what}")

    @property
    def where(self) -> str:
        """The field path in the ``a[1] (id "x").b.c`` form."""
        out = ""
        for i, key in enumerate(self.path):
            out += f"[{key}]" if isinstance(key, int) else (f".{key}" if out else key)
            if i == 1 and self.entry_id is not None:
                out += f' (id "{self.entry_id}")'
        return out

    def located(self, source: str, line: int | None) -> CardDataError:
        """The same error, told from a file: ``source:line: where: what``."""
        return CardDataError(
            self.what, source=source, path=self.path, entry_id=self.entry_id, line=line
        )


@dataclass(frozen=True, slots=True)
class Cost:
    """A cost (F-82); build costs of location cards are plain integers."""

    coins: Amount = 0
    water: Amount = 0
    food: Amount = 0

    def to_json(self) -> dict[str, Any]:
        return {"coins": _plain(self.coins), "water": _plain(self.water), "food": _plain(self.food)}


@dataclass(frozen=True, slots=True)
class Ability:
    """A location's ability (F-82). ``cost`` None means no cost; a cost on an immediate or
    game-end ability makes it optional; a harvest ability always has one (maybe all zero)."""

    timing: str
    cost: Cost | None
    effects: tuple[Mapping[str, Any], ...]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"timing": self.timing}
        if self.cost is not None:
            out["cost"] = self.cost.to_json()
        out["effects"] = _plain(self.effects)
        return out


@dataclass(frozen=True, slots=True)
class LocationDesign:
    """One location card design (F-81)."""

    id: str
    name: str
    type: str
    subtype: str | None
    tags: tuple[str, ...]
    copies: int
    cost: Cost
    vp: int
    ability: Ability | None
    text: str

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "name": self.name, "type": self.type, "subtype": self.subtype,
            "tags": list(self.tags), "copies": self.copies, "cost": self.cost.to_json(),
            "vp": self.vp, "ability": self.ability and self.ability.to_json(), "text": self.text,
        }  # fmt: skip


@dataclass(frozen=True, slots=True)
class EquipmentDesign:
    """One equipment tile design (F-87). ``on`` is the host kind and ``keyword`` the extra
    match (F-65). A harvest tile always has a ``Cost`` (zeros if the file gave none), like a
    harvest ability; ongoing tiles have modifiers and no cost or effects, the others effects."""

    id: str
    name: str
    text: str
    copies: int
    on: str
    keyword: str | None
    timing: str
    cost: Cost | None
    effects: tuple[Mapping[str, Any], ...]
    modifiers: tuple[Mapping[str, Any], ...]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id, "name": self.name, "text": self.text, "copies": self.copies,
            "placement": {"on": self.on, "keyword": self.keyword}, "timing": self.timing,
        }  # fmt: skip
        if self.cost is not None:
            out["cost"] = self.cost.to_json()
        if self.timing == "ongoing":
            out["modifiers"] = _plain(self.modifiers)
        else:
            out["effects"] = _plain(self.effects)
        return out


@dataclass(frozen=True, slots=True)
class CardSet:
    """A complete, validated card set (F-80). Designs keep the order of the file; piles are
    built from it (``pile``), so the same file always gives the same unshuffled piles."""

    name: str
    locations: tuple[LocationDesign, ...]
    equipment: tuple[EquipmentDesign, ...]
    _index: dict[str, LocationDesign | EquipmentDesign] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        index: dict[str, LocationDesign | EquipmentDesign] = {d.id: d for d in self.locations}
        index.update((d.id, d) for d in self.equipment)
        object.__setattr__(self, "_index", index)

    def location(self, design_id: str) -> LocationDesign:
        design = self._index.get(design_id)
        if not isinstance(design, LocationDesign):
            raise KeyError(f"no location design {design_id!r} in card set {self.name!r}")
        return design

    def equipment_design(self, design_id: str) -> EquipmentDesign:
        design = self._index.get(design_id)
        if not isinstance(design, EquipmentDesign):
            raise KeyError(f"no equipment design {design_id!r} in card set {self.name!r}")
        return design

    def pile(self, location_type: str) -> tuple[str, ...]:
        """The unshuffled pile of one type (F-22): each design id ``copies`` times, file order."""
        return tuple(
            d.id for d in self.locations if d.type == location_type for _ in range(d.copies)
        )

    def equipment_stack(self) -> tuple[str, ...]:
        """The unshuffled equipment stack (F-24): each tile design id ``copies`` times."""
        return tuple(d.id for d in self.equipment for _ in range(d.copies))

    def to_json(self) -> dict[str, Any]:
        """The card-data object of this set; ``parse_card_set`` gives back an equal set."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "name": self.name,
            "locations": [d.to_json() for d in self.locations],
            "equipment": [d.to_json() for d in self.equipment],
        }


def parse_card_set(obj: Mapping[str, Any], source: str = "<cards>") -> CardSet:
    """Check a card-data object completely (F-80 … F-88) and return its ``CardSet``.

    >>> parse_card_set({"format": FORMAT, "version": 1, "name": "empty"}).name
    'empty'
    """
    # imported here: the validator builds the classes above, so it imports this module
    from seedbed.games.fields_of_green.card_schema import validate

    return validate(obj, source)


def _plain(value: Any) -> Any:
    """Normalized data back to JSON-ready lists and dicts."""
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value
