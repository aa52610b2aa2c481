"""Fields of Green actions (F-7): one frozen dataclass per kind, each with a stable JSON form
``{"type": ...}`` and a compact text form.

Cells are written ``x,y``; a water payment or placement is a list of ``tower-cell:amount``
joined by ``+`` (JSON: an object ``{"x,y": amount}``), or ``-`` for none. A harvest or
game-end item is the card id the ability sits on, with ``/tile`` for an equipment tile on it.
Every action of the action phase names the card it uses (F-70)::

    water 0,0:1+2,1:1   split 3 2 1 0   commit 17
    build 17 0,1 0,0:1  tower 17 2,0    silo 17 2,0    market 17 1    restore 17 0,1
    attach 5   skip-attach   keep 5   place 0,1   set-aside   choose 1   pay 0,0:1   skip
    pay-harvest 17 0,0:1   pay-harvest 17/5   decline 17   end-harvest
    pay-end 40/3   end-scoring

>>> parse_action("build 17 0,1 0,0:1+2,1:1")
BuildLocation(card=17, cell=(0, 1), water=((0, 0, 1), (2, 1, 1)))
>>> str(PayHarvest(17, 5))
'pay-harvest 17/5'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from seedbed.engine.api import Action, JsonDict
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


def _item_json(card: int, tile: int) -> JsonDict:
    return {"card": card, "tile": None if tile == NO_TILE else tile}


@dataclass(frozen=True, slots=True)
class PlaceWater(Action):
    """F-41, F-33: where gained water goes."""

    water: Water

    def to_json(self) -> JsonDict:
        return {"type": "place-water", "water": water_json(self.water)}

    def __str__(self) -> str:
        return f"water {water_text(self.water)}"


@dataclass(frozen=True, slots=True)
class DrawSplit(Action):
    """F-42: cards to take from the Field, Livestock, Construction and Building piles."""

    field: int
    livestock: int
    construction: int
    building: int

    def counts(self) -> tuple[int, int, int, int]:
        return (self.field, self.livestock, self.construction, self.building)

    def to_json(self) -> JsonDict:
        return {
            "type": "draw-split",
            "field": self.field,
            "livestock": self.livestock,
            "construction": self.construction,
            "building": self.building,
        }

    def __str__(self) -> str:
        return "split " + " ".join(map(str, self.counts()))


@dataclass(frozen=True, slots=True)
class Commit(Action):
    """F-46."""

    card: int

    def to_json(self) -> JsonDict:
        return {"type": "commit", "card": self.card}

    def __str__(self) -> str:
        return f"commit {self.card}"


@dataclass(frozen=True, slots=True)
class BuildLocation(Action):
    """F-51 (action A)."""

    card: int
    cell: Cell
    water: Water = ()

    def to_json(self) -> JsonDict:
        return {
            "type": "build",
            "card": self.card,
            "cell": list(self.cell),
            "water": water_json(self.water),
        }

    def __str__(self) -> str:
        tail = f" {water_text(self.water)}" if self.water else ""
        return f"build {self.card} {_cell_text(self.cell)}{tail}"


@dataclass(frozen=True, slots=True)
class BuildWaterTower(Action):
    """F-52 (action B)."""

    card: int
    cell: Cell

    def to_json(self) -> JsonDict:
        return {"type": "build-tower", "card": self.card, "cell": list(self.cell)}

    def __str__(self) -> str:
        return f"tower {self.card} {_cell_text(self.cell)}"


@dataclass(frozen=True, slots=True)
class BuildSilo(Action):
    """F-53 (action C)."""

    card: int
    cell: Cell

    def to_json(self) -> JsonDict:
        return {"type": "build-silo", "card": self.card, "cell": list(self.cell)}

    def __str__(self) -> str:
        return f"silo {self.card} {_cell_text(self.cell)}"


@dataclass(frozen=True, slots=True)
class GoToMarket(Action):
    """F-54 (action D)."""

    card: int
    food: int

    def to_json(self) -> JsonDict:
        return {"type": "market", "card": self.card, "food": self.food}

    def __str__(self) -> str:
        return f"market {self.card} {self.food}"


@dataclass(frozen=True, slots=True)
class RestoreLocation(Action):
    """F-55 (action E, published only)."""

    card: int
    cell: Cell

    def to_json(self) -> JsonDict:
        return {"type": "restore", "card": self.card, "cell": list(self.cell)}

    def __str__(self) -> str:
        return f"restore {self.card} {_cell_text(self.cell)}"


@dataclass(frozen=True, slots=True)
class AttachEquipment(Action):
    """F-66."""

    tile: int

    def to_json(self) -> JsonDict:
        return {"type": "attach", "tile": self.tile}

    def __str__(self) -> str:
        return f"attach {self.tile}"


@dataclass(frozen=True, slots=True)
class SkipAttach(Action):
    def to_json(self) -> JsonDict:
        return {"type": "skip-attach"}

    def __str__(self) -> str:
        return "skip-attach"


@dataclass(frozen=True, slots=True)
class KeepEquipment(Action):
    """F-64."""

    tile: int

    def to_json(self) -> JsonDict:
        return {"type": "keep", "tile": self.tile}

    def __str__(self) -> str:
        return f"keep {self.tile}"


@dataclass(frozen=True, slots=True)
class PlaceEquipment(Action):
    """F-64: the kept tile goes on the card at ``cell``."""

    cell: Cell

    def to_json(self) -> JsonDict:
        return {"type": "place", "cell": list(self.cell)}

    def __str__(self) -> str:
        return f"place {_cell_text(self.cell)}"


@dataclass(frozen=True, slots=True)
class SetAsideEquipment(Action):
    def to_json(self) -> JsonDict:
        return {"type": "set-aside"}

    def __str__(self) -> str:
        return "set-aside"


@dataclass(frozen=True, slots=True)
class ChooseEffect(Action):
    """F-86 ``choose``."""

    index: int

    def to_json(self) -> JsonDict:
        return {"type": "choose", "index": self.index}

    def __str__(self) -> str:
        return f"choose {self.index}"


@dataclass(frozen=True, slots=True)
class PayOptional(Action):
    """F-57: pay an optional immediate or placement cost."""

    water: Water = ()

    def to_json(self) -> JsonDict:
        return {"type": "pay", "water": water_json(self.water)}

    def __str__(self) -> str:
        return f"pay {water_text(self.water)}" if self.water else "pay"


@dataclass(frozen=True, slots=True)
class SkipOptional(Action):
    def to_json(self) -> JsonDict:
        return {"type": "skip"}

    def __str__(self) -> str:
        return "skip"


@dataclass(frozen=True, slots=True)
class PayHarvest(Action):
    """F-60. ``tile`` is NO_TILE for the card's own harvest ability."""

    card: int
    tile: int = NO_TILE
    water: Water = ()

    def to_json(self) -> JsonDict:
        return {"type": "pay-harvest", **_item_json(self.card, self.tile)} | {
            "water": water_json(self.water)
        }

    def __str__(self) -> str:
        tail = f" {water_text(self.water)}" if self.water else ""
        return f"pay-harvest {_item_text(self.card, self.tile)}{tail}"


@dataclass(frozen=True, slots=True)
class DeclineHarvest(Action):
    """F-61."""

    card: int
    tile: int = NO_TILE

    def to_json(self) -> JsonDict:
        return {"type": "decline", **_item_json(self.card, self.tile)}

    def __str__(self) -> str:
        return f"decline {_item_text(self.card, self.tile)}"


@dataclass(frozen=True, slots=True)
class EndHarvest(Action):
    """F-62."""

    def to_json(self) -> JsonDict:
        return {"type": "end-harvest"}

    def __str__(self) -> str:
        return "end-harvest"


@dataclass(frozen=True, slots=True)
class PayGameEnd(Action):
    """F-72."""

    card: int
    tile: int = NO_TILE
    water: Water = ()

    def to_json(self) -> JsonDict:
        return {"type": "pay-end", **_item_json(self.card, self.tile)} | {
            "water": water_json(self.water)
        }

    def __str__(self) -> str:
        tail = f" {water_text(self.water)}" if self.water else ""
        return f"pay-end {_item_text(self.card, self.tile)}{tail}"


@dataclass(frozen=True, slots=True)
class EndScoring(Action):
    def to_json(self) -> JsonDict:
        return {"type": "end-scoring"}

    def __str__(self) -> str:
        return "end-scoring"


SKIP_ATTACH = SkipAttach()
SET_ASIDE = SetAsideEquipment()
SKIP_OPTIONAL = SkipOptional()
END_HARVEST = EndHarvest()
END_SCORING = EndScoring()

# ---------------------------------------------------------------- parsing


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


def _water_from_json(value: Any) -> Water:
    if value is None:
        return ()
    if not isinstance(value, Mapping):
        raise InvalidActionError(f"'water' must be an object {{\"x,y\": amount}}, got {value!r}")
    parts = [(_cell(k, "a tower cell"), _int(n, "a water amount")) for k, n in value.items()]
    if any(n < 0 for _, n in parts):
        raise InvalidActionError("water amounts must be >= 0")
    return make_water(parts)


def _water_from_text(text: str) -> Water:
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


def _item_from_json(obj: Mapping[str, Any]) -> tuple[int, int]:
    if "card" not in obj:
        raise InvalidActionError(f"'{obj.get('type')}' needs 'card' (and 'tile' for a tile)")
    tile = obj.get("tile")
    return _int(obj["card"], "'card'"), (NO_TILE if tile is None else _int(tile, "'tile'"))


_NO_ARGS: dict[str, Action] = {
    "skip-attach": SKIP_ATTACH,
    "set-aside": SET_ASIDE,
    "skip": SKIP_OPTIONAL,
    "end-harvest": END_HARVEST,
    "end-scoring": END_SCORING,
}
_TEXT_WORD = {
    "place-water": "water",
    "draw-split": "split",
    "build-tower": "tower",
    "build-silo": "silo",
}
_SPLIT_NAMES = ("field", "livestock", "construction", "building")


def _need(obj: Mapping[str, Any], *names: str) -> None:
    missing = [n for n in names if n not in obj]
    if missing:
        raise InvalidActionError(f"'{obj.get('type')}' needs the field(s) {', '.join(missing)}")


def _from_json_fields(kind: str, o: Mapping[str, Any]) -> Action:
    if kind == "place-water":
        return PlaceWater(_water_from_json(o.get("water")))
    if kind == "draw-split":
        _need(o, *_SPLIT_NAMES)
        return DrawSplit(*(_int(o[n], repr(n)) for n in _SPLIT_NAMES))
    if kind == "commit":
        _need(o, "card")
        return Commit(_int(o["card"], "'card'"))
    if kind in ("attach", "keep"):
        _need(o, "tile")
        tile = _int(o["tile"], "'tile'")
        return AttachEquipment(tile) if kind == "attach" else KeepEquipment(tile)
    if kind == "build":
        _need(o, "card", "cell")
        return BuildLocation(
            _int(o["card"], "'card'"), _cell(o["cell"]), _water_from_json(o.get("water"))
        )
    if kind in ("build-tower", "build-silo", "restore"):
        _need(o, "card", "cell")
        card, cell = _int(o["card"], "'card'"), _cell(o["cell"])
        if kind == "build-tower":
            return BuildWaterTower(card, cell)
        return BuildSilo(card, cell) if kind == "build-silo" else RestoreLocation(card, cell)
    if kind == "market":
        _need(o, "card", "food")
        return GoToMarket(_int(o["card"], "'card'"), _int(o["food"], "'food'"))
    if kind == "place":
        _need(o, "cell")
        return PlaceEquipment(_cell(o["cell"]))
    if kind == "choose":
        _need(o, "index")
        return ChooseEffect(_int(o["index"], "'index'"))
    if kind == "pay":
        return PayOptional(_water_from_json(o.get("water")))
    if kind in ("pay-harvest", "pay-end"):
        card, tile = _item_from_json(o)
        pcls = PayHarvest if kind == "pay-harvest" else PayGameEnd
        return pcls(card, tile, _water_from_json(o.get("water")))
    if kind == "decline":
        return DeclineHarvest(*_item_from_json(o))
    raise _bad(f"unknown action type {kind!r}")


ACTION_TYPES: tuple[str, ...] = (
    "place-water", "draw-split", "commit", "build", "build-tower", "build-silo", "market",
    "restore", "attach", "skip-attach", "keep", "place", "set-aside", "choose", "pay", "skip",
    "pay-harvest", "decline", "end-harvest", "pay-end", "end-scoring",
)  # fmt: skip


def _bad(message: str) -> InvalidActionError:
    return InvalidActionError(f"{message}; action types: {', '.join(ACTION_TYPES)}")


def action_from_json(obj: Any) -> Action:
    """Parse the JSON form; InvalidActionError with the reason when malformed."""
    if not isinstance(obj, Mapping):
        raise _bad(f"an action must be a JSON object with a 'type', got {obj!r}")
    kind = obj.get("type")
    if not isinstance(kind, str):
        raise _bad(f"an action needs a string 'type', got {kind!r}")
    if kind in _NO_ARGS:
        return _NO_ARGS[kind]
    return _from_json_fields(kind, obj)


def _usage(word: str, args: list[str], lo: int, hi: int, usage: str) -> None:
    if not lo <= len(args) <= hi:
        raise InvalidActionError(f"usage: {word} {usage}")


_TEXT: dict[str, Callable[[list[str]], Action]] = {
    "water": lambda a: PlaceWater(_water_from_text(a[0]) if a else ()),
    "split": lambda a: DrawSplit(*(_int(v, "a split count") for v in a)),
    "commit": lambda a: Commit(_int(a[0], "a card id")),
    "build": lambda a: BuildLocation(
        _int(a[0], "a card id"), _cell(a[1]), _water_from_text(a[2]) if len(a) > 2 else ()
    ),
    "tower": lambda a: BuildWaterTower(_int(a[0], "a card id"), _cell(a[1])),
    "silo": lambda a: BuildSilo(_int(a[0], "a card id"), _cell(a[1])),
    "market": lambda a: GoToMarket(_int(a[0], "a card id"), _int(a[1], "a food amount")),
    "restore": lambda a: RestoreLocation(_int(a[0], "a card id"), _cell(a[1])),
    "attach": lambda a: AttachEquipment(_int(a[0], "a tile id")),
    "keep": lambda a: KeepEquipment(_int(a[0], "a tile id")),
    "place": lambda a: PlaceEquipment(_cell(a[0])),
    "choose": lambda a: ChooseEffect(_int(a[0], "an index")),
    "pay": lambda a: PayOptional(_water_from_text(a[0]) if a else ()),
    "pay-harvest": lambda a: PayHarvest(
        *_item_from_text(a[0]), _water_from_text(a[1]) if len(a) > 1 else ()
    ),
    "decline": lambda a: DeclineHarvest(*_item_from_text(a[0])),
    "pay-end": lambda a: PayGameEnd(
        *_item_from_text(a[0]), _water_from_text(a[1]) if len(a) > 1 else ()
    ),
}
_ARITY = {
    "water": (0, 1, "<x,y:n+…|->"),
    "split": (4, 4, "<field> <livestock> <construction> <building>"),
    "commit": (1, 1, "<card>"),
    "build": (2, 3, "<card> <x,y> [<x,y:n+…>]"),
    "tower": (2, 2, "<card> <x,y>"),
    "silo": (2, 2, "<card> <x,y>"),
    "market": (2, 2, "<card> <food>"),
    "restore": (2, 2, "<card> <x,y>"),
    "attach": (1, 1, "<tile>"),
    "keep": (1, 1, "<tile>"),
    "place": (1, 1, "<x,y>"),
    "choose": (1, 1, "<index>"),
    "pay": (0, 1, "[<x,y:n+…>]"),
    "pay-harvest": (1, 2, "<card>[/<tile>] [<x,y:n+…>]"),
    "decline": (1, 1, "<card>[/<tile>]"),
    "pay-end": (1, 2, "<card>[/<tile>] [<x,y:n+…>]"),
}


def parse_action(text: str) -> Action:
    """Parse the compact text form; InvalidActionError with the reason when malformed."""
    if not isinstance(text, str):
        raise _bad(f"an action text must be a string, got {text!r}")
    words = text.split()
    if not words:
        raise _bad("empty action")
    word, args = words[0], words[1:]
    word = _TEXT_WORD.get(word, word)
    if word in _NO_ARGS:
        if args:
            raise InvalidActionError(f"'{word}' takes no arguments")
        return _NO_ARGS[word]
    if word not in _TEXT:
        raise _bad(f"unknown action {words[0]!r}")
    lo, hi, usage = _ARITY[word]
    _usage(word, args, lo, hi, usage)
    return _TEXT[word](args)
