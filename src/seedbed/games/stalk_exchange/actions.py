"""Stalk Exchange actions (S-24 … S-27): one frozen dataclass per kind, each with a stable
JSON form ``{"type": ...}`` and a compact text form.

Text forms::

    plant 2 0,-1     Plant(slot=2, space=(0, -1))    move slot 2's token to the Garden space
    swap 2 tulip     Swap(slot=2, give=4)            put a tulip from the portfolio in slot 2
    flush            Flush()                         spend a Seedy Business token, renew the row
    end              EndActions()                    end the action phase

>>> parse_action("plant 2 0,-1")
Plant(slot=2, space=(0, -1))
>>> str(Swap(2, 4)), Swap(2, 4).to_json()
('swap 2 tulip', {'type': 'swap', 'slot': 2, 'give': 'tulip'})
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from seedbed.engine.api import Action, JsonDict
from seedbed.engine.errors import InvalidActionError
from seedbed.games.stalk_exchange.config import FLOWER_INDEX, FLOWERS, NUM_TYPES
from seedbed.games.stalk_exchange.hexgrid import Hex, hex_board


@dataclass(frozen=True, slots=True)
class Plant(Action):
    """S-24: the token in ``slot`` goes to the Garden ``space`` (axial q, r), bulb side up."""

    slot: int
    space: Hex

    def to_json(self) -> JsonDict:
        return {"type": "plant", "slot": self.slot, "space": list(self.space)}

    def __str__(self) -> str:
        return f"plant {self.slot} {self.space[0]},{self.space[1]}"


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """S-25: the token in ``slot`` goes to the portfolio; a token of type ``give`` replaces it."""

    slot: int
    give: int

    def to_json(self) -> JsonDict:
        return {"type": "swap", "slot": self.slot, "give": FLOWERS[self.give]}

    def __str__(self) -> str:
        # A Swap built directly may name no type; refusals still print it (S-25, S-7).
        give = FLOWERS[self.give] if 0 <= self.give < NUM_TYPES else str(self.give)
        return f"swap {self.slot} {give}"


@dataclass(frozen=True, slots=True)
class Flush(Action):
    """S-26: spend a Seedy Business token; compost the Exchange and refill it."""

    def to_json(self) -> JsonDict:
        return {"type": "flush"}

    def __str__(self) -> str:
        return "flush"


@dataclass(frozen=True, slots=True)
class EndActions(Action):
    """S-27: end the action phase (upkeep follows automatically)."""

    def to_json(self) -> JsonDict:
        return {"type": "end"}

    def __str__(self) -> str:
        return "end"


FLUSH = Flush()
END_ACTIONS = EndActions()


@cache
def plant_table(slots: int, radius: int) -> tuple[tuple[Plant, ...], ...]:
    """Every Plant action, by slot then by space index (menus hand these out, never build)."""
    spaces = hex_board(radius).spaces
    return tuple(tuple(Plant(slot, s) for s in spaces) for slot in range(slots))


@cache
def swap_table(slots: int) -> tuple[tuple[Swap, ...], ...]:
    """Every Swap action, by slot then by type."""
    return tuple(tuple(Swap(slot, t) for t in range(NUM_TYPES)) for slot in range(slots))


# ------------------------------------------------------------------ parsing


def _int(text: str, what: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise InvalidActionError(f"{what} must be an integer, got {text!r}") from None


def _json_int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidActionError(f"{what} must be an integer, got {value!r}")
    return value


def _flower(name: Any) -> int:
    index = FLOWER_INDEX.get(name) if isinstance(name, str) else None
    if index is None:
        raise InvalidActionError(f"unknown flower {name!r}; flowers: {', '.join(FLOWERS)}")
    return index


def _space(text: str) -> Hex:
    q, sep, r = text.partition(",")
    if not sep:
        raise InvalidActionError(f"a space is written q,r (for example 0,-1), got {text!r}")
    return (_int(q, "q"), _int(r, "r"))


def parse_action(text: str) -> Action:
    """The action written in its compact text form (see the module docstring)."""
    words = text.split()
    if not words:
        raise InvalidActionError("empty action")
    verb, args = words[0].lower(), words[1:]
    shapes = {"plant": 2, "swap": 2, "flush": 0, "end": 0}
    if verb not in shapes:
        raise InvalidActionError(f"unknown action {verb!r}; actions: {', '.join(shapes)}")
    if len(args) != shapes[verb]:
        raise InvalidActionError(f"{verb!r} takes {shapes[verb]} arguments, got {len(args)}")
    if verb == "plant":
        return Plant(_int(args[0], "slot"), _space(args[1]))
    if verb == "swap":
        return Swap(_int(args[0], "slot"), _flower(args[1]))
    return FLUSH if verb == "flush" else END_ACTIONS


def action_from_json(obj: Any) -> Action:
    """The action of a JSON object ``{"type": ...}``."""
    if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
        raise InvalidActionError(f"an action is an object with a 'type', got {obj!r}")
    kind = obj["type"]
    fields = {"plant": {"slot", "space"}, "swap": {"slot", "give"}, "flush": set(), "end": set()}
    if kind not in fields:
        raise InvalidActionError(f"unknown action type {kind!r}; types: {', '.join(fields)}")
    extra = set(obj) - fields[kind] - {"type"}
    missing = fields[kind] - set(obj)
    if extra or missing:
        raise InvalidActionError(
            f"{kind!r} takes fields {sorted(fields[kind])}; got {sorted(set(obj) - {'type'})}"
        )
    if kind == "plant":
        space = obj["space"]
        if not isinstance(space, list | tuple) or len(space) != 2:
            raise InvalidActionError(f"space must be [q, r], got {space!r}")
        q, r = _json_int(space[0], "q"), _json_int(space[1], "r")
        return Plant(_json_int(obj["slot"], "slot"), (q, r))
    if kind == "swap":
        return Swap(_json_int(obj["slot"], "slot"), _flower(obj["give"]))
    return FLUSH if kind == "flush" else END_ACTIONS
