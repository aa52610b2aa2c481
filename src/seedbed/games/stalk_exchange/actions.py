"""Stalk Exchange actions (S-24 … S-27), declared once (engine/codec.py): each kind's JSON
form ``{"type": ...}``, its compact text form and both parsers come from its fields.

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
from typing import Annotated, Any

from seedbed.engine.api import Action
from seedbed.engine.codec import Codec, DeclaredAction, Dialect, Value, action_kind, singleton
from seedbed.engine.errors import InvalidActionError
from seedbed.games.stalk_exchange.config import FLOWER_INDEX, FLOWERS, NUM_TYPES
from seedbed.games.stalk_exchange.hexgrid import Hex, hex_board

# ------------------------------------------------------------------ values


def _int(text: str, what: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise InvalidActionError(f"{what} must be an integer, got {text!r}") from None


def _json_int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidActionError(f"{what} must be an integer, got {value!r}")
    return value


def _flower(name: Any, what: str = "give") -> int:
    index = FLOWER_INDEX.get(name) if isinstance(name, str) else None
    if index is None:
        raise InvalidActionError(f"unknown flower {name!r}; flowers: {', '.join(FLOWERS)}")
    return index


def _flower_text(give: int) -> str:
    # A Swap built directly may name no type; refusals still print it (S-25, S-7).
    return FLOWERS[give] if 0 <= give < NUM_TYPES else str(give)


def _space_text(text: str, what: str = "space") -> Hex:
    q, sep, r = text.partition(",")
    if not sep:
        raise InvalidActionError(f"a space is written q,r (for example 0,-1), got {text!r}")
    return (_int(q, "q"), _int(r, "r"))


def _space_json(space: Any, what: str = "space") -> Hex:
    if not isinstance(space, list | tuple) or len(space) != 2:
        raise InvalidActionError(f"space must be [q, r], got {space!r}")
    return (_json_int(space[0], "q"), _json_int(space[1], "r"))


Slot = Annotated[int, Value(_json_int, _int, what="slot")]
Space = Annotated[
    Hex, Value(_space_json, _space_text, write_json=list, write_text=lambda s: f"{s[0]},{s[1]}")
]
Flower = Annotated[
    int, Value(_flower, _flower, write_json=FLOWERS.__getitem__, write_text=_flower_text)
]

# ------------------------------------------------------------------ the kinds


@action_kind("plant", json_order=("space", "slot"))
@dataclass(frozen=True, slots=True)
class Plant(DeclaredAction):
    """S-24: the token in ``slot`` goes to the Garden ``space`` (axial q, r), bulb side up."""

    slot: Slot
    space: Space


@action_kind("swap")
@dataclass(frozen=True, slots=True)
class Swap(DeclaredAction):
    """S-25: the token in ``slot`` goes to the portfolio; a token of type ``give`` replaces it."""

    slot: Slot
    give: Flower


@action_kind("flush")
@dataclass(frozen=True, slots=True)
class Flush(DeclaredAction):
    """S-26: spend a Seedy Business token; compost the Exchange and refill it."""


@action_kind("end")
@dataclass(frozen=True, slots=True)
class EndActions(DeclaredAction):
    """S-27: end the action phase (upkeep follows automatically)."""


FLUSH = singleton(Flush)
END_ACTIONS = singleton(EndActions)

CODEC = Codec(
    (Plant, Swap, Flush, EndActions),
    Dialect(
        not_text="an action text must be a string, got {text!r}",
        empty="empty action",
        unknown_word="unknown action {word!r}; actions: {verbs}",
        no_arguments="{verb!r} takes {count} arguments, got {given}",
        usage="{verb!r} takes {count} arguments, got {given}",
        not_object="an action is an object with a 'type', got {obj!r}",
        type_not_text="an action is an object with a 'type', got {obj!r}",
        unknown_type="unknown action type {kind!r}; types: {types}",
        wrong_fields="{kind!r} takes fields {names}; got {got}",
        fold_case=True,
    ),
)


def parse_action(text: str) -> Action:
    """The action written in its compact text form (see the module docstring)."""
    return CODEC.parse(text)


def action_from_json(obj: Any) -> Action:
    """The action of a JSON object ``{"type": ...}``."""
    return CODEC.from_json(obj)


@cache
def plant_table(slots: int, radius: int) -> tuple[tuple[Plant, ...], ...]:
    """Every Plant action, by slot then by space index (menus hand these out, never build)."""
    spaces = hex_board(radius).spaces
    return tuple(tuple(Plant(slot, s) for s in spaces) for slot in range(slots))


@cache
def swap_table(slots: int) -> tuple[tuple[Swap, ...], ...]:
    """Every Swap action, by slot then by type."""
    return tuple(tuple(Swap(slot, t) for t in range(NUM_TYPES)) for slot in range(slots))
