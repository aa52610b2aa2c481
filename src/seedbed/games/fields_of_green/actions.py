"""Fields of Green actions (F-7), declared once (engine/codec.py): each kind's JSON form
``{"type": ...}``, its compact text form and both parsers come from its fields.

Cells are written ``x,y``; a water payment or placement is a list of ``tower-cell:amount``
joined by ``+`` (JSON: an object ``{"x,y": amount}``), or ``-`` for none. A harvest or
game-end item is the card id the ability sits on, with ``/tile`` for an equipment tile on it.
Every action of the action phase names the card it uses (F-70)::

    water 0,0:1+2,1:1   split 3 2 1 0   commit 17
    build 17 0,1 0,0:1  tower 17 2,0    silo 17 2,0    market 17 1    restore 17 0,1
    attach 5   skip-attach   keep 5   place 0,1   set-aside   choose 1   pay 0,0:1   skip
    pay-harvest 17 0,0:1   pay-harvest 17/5   decline 17   end-harvest
    pay-end 40/3   end-scoring

The text verbs ``water``, ``split``, ``tower`` and ``silo`` may also be written as their JSON
types (``place-water`` …).

>>> parse_action("build 17 0,1 0,0:1+2,1:1")
BuildLocation(card=17, cell=(0, 1), water=((0, 0, 1), (2, 1, 1)))
>>> str(PayHarvest(17, 5))
'pay-harvest 17/5'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any

from seedbed.engine.api import Action
from seedbed.engine.codec import (
    Codec,
    DeclaredAction,
    Dialect,
    Joined,
    Value,
    action_kind,
    singleton,
)
from seedbed.engine.errors import InvalidActionError
from seedbed.games.fields_of_green.farm import Cell

Water = tuple[tuple[int, int, int], ...]  # (x, y, amount), sorted by cell, amounts > 0
NO_TILE = -1


def make_water(parts: Mapping[Cell, int] | list[tuple[Cell, int]]) -> Water:
    """A canonical water tuple from ``{cell: amount}`` (zero amounts dropped)."""
    items = parts.items() if isinstance(parts, Mapping) else parts
    total: dict[Cell, int] = {}
    for cell, n in items:
        total[cell] = total.get(cell, 0) + n
    return tuple((x, y, n) for (x, y), n in sorted(total.items()) if n)


def water_text(water: Water) -> str:
    return "+".join(f"{x},{y}:{n}" for x, y, n in water) or "-"


def water_json(water: Water) -> dict[str, int]:
    return {f"{x},{y}": n for x, y, n in water}


def _cell_text(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def _item_text(card: int, tile: int) -> str:
    return str(card) if tile == NO_TILE else f"{card}/{tile}"


# ------------------------------------------------------------------ reading values


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, str) and value.lstrip("-").isdigit():
            return int(value)
        raise InvalidActionError(f"{what} must be an integer, got {value!r}")
    return value


def _cell(value: Any, what: str = "cell") -> Cell:
    if isinstance(value, str):
        parts = value.split(",")
        if len(parts) == 2:
            return (_int(parts[0], what), _int(parts[1], what))
    elif isinstance(value, list | tuple) and len(value) == 2:
        return (_int(value[0], what), _int(value[1], what))
    raise InvalidActionError(f"{what} must be x,y or [x, y], got {value!r}")


def _water_from_json(value: Any, what: str = "'water'") -> Water:
    if value is None:
        return ()
    if not isinstance(value, Mapping):
        raise InvalidActionError(f"'water' must be an object {{\"x,y\": amount}}, got {value!r}")
    parts = [(_cell(k, "a tower cell"), _int(n, "a water amount")) for k, n in value.items()]
    if any(n < 0 for _, n in parts):
        raise InvalidActionError("water amounts must be >= 0")
    return make_water(parts)


def _water_from_text(text: str, what: str = "water") -> Water:
    if text == "-":
        return ()
    parts = []
    for item in text.split("+"):
        cell, sep, n = item.partition(":")
        if not sep:
            raise InvalidActionError(f"a water item is x,y:amount, got {item!r}")
        amount = _int(n, "a water amount")
        if amount < 0:
            raise InvalidActionError("water amounts must be >= 0")
        parts.append((_cell(cell, "a tower cell"), amount))
    return make_water(parts)


def _item_from_text(text: str) -> tuple[int, int]:
    card, sep, tile = text.partition("/")
    return _int(card, "a card id"), (_int(tile, "a tile id") if sep else NO_TILE)


def _tile_json(value: Any, what: str) -> int:
    return NO_TILE if value is None else _int(value, what)


def _int_value(text_what: str) -> Value[int]:
    """An integer field: JSON messages name it ``'field'``, text ones ``text_what``."""
    return Value(_int, _int, text_what=text_what)


Card = Annotated[int, _int_value("a card id")]
Tile = Annotated[int, _int_value("a tile id")]
Count = Annotated[int, _int_value("a split count")]
CellAt = Annotated[Cell, Value(_cell, _cell, list, _cell_text, what="cell", metavar="<x,y>")]
Paid = Annotated[
    Water,
    Value(
        _water_from_json,
        _water_from_text,
        water_json,
        water_text,
        metavar="[<x,y:n+…>]",
        optional=True,
    ),
]
Placed = Annotated[
    Water,
    Value(
        _water_from_json,
        _water_from_text,
        water_json,
        water_text,
        metavar="<x,y:n+…|->",
        optional=True,
        shown_when_default=True,
    ),
]
ItemTile = Annotated[
    int, Value(_tile_json, write_json=lambda tile: None if tile == NO_TILE else tile)
]
ITEM = Joined("item", ("card", "tile"), _item_text, _item_from_text, "<card>[/<tile>]")
NEEDS_CARD = "'{kind}' needs 'card' (and 'tile' for a tile)"

# ------------------------------------------------------------------ the kinds


@action_kind("place-water", verb="water")
@dataclass(frozen=True, slots=True)
class PlaceWater(DeclaredAction):
    """F-41, F-33: where gained water goes."""

    water: Placed = ()


@action_kind("draw-split", verb="split")
@dataclass(frozen=True, slots=True)
class DrawSplit(DeclaredAction):
    """F-42: cards to take from the Field, Livestock, Construction and Building piles."""

    field: Count
    livestock: Count
    construction: Count
    building: Count

    def counts(self) -> tuple[int, int, int, int]:
        return (self.field, self.livestock, self.construction, self.building)


@action_kind("commit")
@dataclass(frozen=True, slots=True)
class Commit(DeclaredAction):
    """F-46."""

    card: Card


@action_kind("build")
@dataclass(frozen=True, slots=True)
class BuildLocation(DeclaredAction):
    """F-51 (action A)."""

    card: Card
    cell: CellAt
    water: Paid = ()


@action_kind("build-tower", verb="tower")
@dataclass(frozen=True, slots=True)
class BuildWaterTower(DeclaredAction):
    """F-52 (action B)."""

    card: Card
    cell: CellAt


@action_kind("build-silo", verb="silo")
@dataclass(frozen=True, slots=True)
class BuildSilo(DeclaredAction):
    """F-53 (action C)."""

    card: Card
    cell: CellAt


@action_kind("market")
@dataclass(frozen=True, slots=True)
class GoToMarket(DeclaredAction):
    """F-54 (action D)."""

    card: Card
    food: Annotated[int, _int_value("a food amount")]


@action_kind("restore")
@dataclass(frozen=True, slots=True)
class RestoreLocation(DeclaredAction):
    """F-55 (action E, published only)."""

    card: Card
    cell: CellAt


@action_kind("attach")
@dataclass(frozen=True, slots=True)
class AttachEquipment(DeclaredAction):
    """F-66."""

    tile: Tile


@action_kind("skip-attach")
@dataclass(frozen=True, slots=True)
class SkipAttach(DeclaredAction):
    """F-66: leave the set-aside tiles where they are."""


@action_kind("keep")
@dataclass(frozen=True, slots=True)
class KeepEquipment(DeclaredAction):
    """F-64."""

    tile: Tile


@action_kind("place")
@dataclass(frozen=True, slots=True)
class PlaceEquipment(DeclaredAction):
    """F-64: the kept tile goes on the card at ``cell``."""

    cell: CellAt


@action_kind("set-aside")
@dataclass(frozen=True, slots=True)
class SetAsideEquipment(DeclaredAction):
    """F-64: the kept tile is set aside."""


@action_kind("choose")
@dataclass(frozen=True, slots=True)
class ChooseEffect(DeclaredAction):
    """F-86 ``choose``."""

    index: Annotated[int, _int_value("an index")]


@action_kind("pay")
@dataclass(frozen=True, slots=True)
class PayOptional(DeclaredAction):
    """F-57: pay an optional immediate or placement cost."""

    water: Paid = ()


@action_kind("skip")
@dataclass(frozen=True, slots=True)
class SkipOptional(DeclaredAction):
    """F-57: leave an optional cost unpaid."""


@action_kind("pay-harvest", text=(ITEM, "water"), missing=NEEDS_CARD)
@dataclass(frozen=True, slots=True)
class PayHarvest(DeclaredAction):
    """F-60. ``tile`` is NO_TILE for the card's own harvest ability."""

    card: Card
    tile: ItemTile = NO_TILE
    water: Paid = ()


@action_kind("decline", text=(ITEM,), missing=NEEDS_CARD)
@dataclass(frozen=True, slots=True)
class DeclineHarvest(DeclaredAction):
    """F-61."""

    card: Card
    tile: ItemTile = NO_TILE


@action_kind("end-harvest")
@dataclass(frozen=True, slots=True)
class EndHarvest(DeclaredAction):
    """F-62."""


@action_kind("pay-end", text=(ITEM, "water"), missing=NEEDS_CARD)
@dataclass(frozen=True, slots=True)
class PayGameEnd(DeclaredAction):
    """F-72."""

    card: Card
    tile: ItemTile = NO_TILE
    water: Paid = ()


@action_kind("end-scoring")
@dataclass(frozen=True, slots=True)
class EndScoring(DeclaredAction):
    """F-72: the player's final choices are made."""


SKIP_ATTACH = singleton(SkipAttach)
SET_ASIDE = singleton(SetAsideEquipment)
SKIP_OPTIONAL = singleton(SkipOptional)
END_HARVEST = singleton(EndHarvest)
END_SCORING = singleton(EndScoring)

# The order in which error messages list the action types.
CODEC = Codec(
    (
        *(PlaceWater, DrawSplit, Commit, BuildLocation, BuildWaterTower, BuildSilo),
        *(GoToMarket, RestoreLocation, AttachEquipment, SkipAttach, KeepEquipment),
        *(PlaceEquipment, SetAsideEquipment, ChooseEffect, PayOptional, SkipOptional),
        *(PayHarvest, DeclineHarvest, EndHarvest, PayGameEnd, EndScoring),
    ),
    Dialect(
        type_not_text="an action needs a string 'type', got {kind!r}; action types: {types}",
        any_mapping=True,
    ),
)
ACTION_TYPES: tuple[str, ...] = CODEC.types


def action_from_json(obj: Any) -> Action:
    """Parse the JSON form; InvalidActionError with the reason when malformed."""
    return CODEC.from_json(obj)


def parse_action(text: str) -> Action:
    """Parse the compact text form; InvalidActionError with the reason when malformed."""
    return CODEC.parse(text)
