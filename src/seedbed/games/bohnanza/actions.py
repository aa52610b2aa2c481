"""Bohnanza actions (B-19 … B-58), declared once (engine/codec.py): each kind's JSON form
``{"type": ...}``, its compact text form and both parsers come from its fields.

Text forms::

    plant 1            PlantFromHand(field=1)          end-planting
    harvest 0          Harvest(field=0)                buy-field
    offer 2 give f0,h3 want chili,f1                   Offer (to a seat or "any"; "-" = nothing)
    accept 7 3,4       Accept(offer_id=7, positions=(3, 4))   ("accept 7 -" for none)
    decline 7   withdraw 7   pass   end-trading   finish-turn   leave-offer
    plant-traded 57 1  PlantFromTradeArea(card=57, field=1)
    plant-offered 12 0   discard-offered 12   discard 3   plant-revealed 12 0

>>> parse_action("offer any give f0 want chili,chili")
Offer(to=None, give_faceup=(0,), give_hand=(), want=(3, 3), want_faceup=())
>>> str(Accept(7, (3, 4)))
'accept 7 3,4'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from seedbed.engine.api import Action
from seedbed.engine.codec import (
    Codec,
    DeclaredAction,
    Dialect,
    Joined,
    Keyword,
    Value,
    action_kind,
    singleton,
)
from seedbed.engine.errors import InvalidActionError
from seedbed.games.bohnanza.cards import VARIETIES, VARIETY_INDEX

# ------------------------------------------------------------------ values


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, str) and value.lstrip("-").isdigit():
            return int(value)
        raise InvalidActionError(f"{what} must be an integer, got {value!r}")
    return value


def _int_list(value: Any, what: str) -> tuple[int, ...]:
    if not isinstance(value, list | tuple):
        raise InvalidActionError(f"{what} must be a list of integers, got {value!r}")
    return tuple(sorted(_int(v, what) for v in value))


def _variety(name: Any) -> int:
    if isinstance(name, str) and name in VARIETY_INDEX:
        return VARIETY_INDEX[name]
    raise InvalidActionError(f"unknown variety {name!r}; varieties: {', '.join(VARIETIES)}")


def _want_is_list(value: Any) -> None:
    if not isinstance(value, list):
        raise InvalidActionError(f"'want' must be a list of variety names, got {value!r}")


def _want_json(value: Any, what: str) -> tuple[int, ...]:
    return tuple(sorted(_variety(v) for v in value))


def _to(value: Any, what: str = "'to'") -> int | None:
    if value == "any" or value is None:
        return None
    return _int(value, what)


def _split_items(text: str) -> list[str]:
    return [] if text == "-" else [t for t in text.split(",") if t]


def _positions(text: str, what: str) -> tuple[int, ...]:
    return tuple(sorted(_int(p, what) for p in _split_items(text)))


def _items(values: tuple[int, ...], prefix: str) -> list[str]:
    return [f"{prefix}{v}" for v in values]


_OFFER_USAGE = "usage: offer <seat|any> give <f0,h3|-> want <variety,f1|->"


def _give_text(faceup: tuple[int, ...], hand: tuple[int, ...]) -> str:
    return ",".join(_items(faceup, "f") + _items(hand, "h")) or "-"


def _read_give(text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    faceup: list[int] = []
    hand: list[int] = []
    for item in _split_items(text):
        if item[:1] not in ("f", "h") or not item[1:].isdigit():
            raise InvalidActionError(
                f"give item {item!r} must be f<slot> or h<position>; {_OFFER_USAGE}"
            )
        (faceup if item[0] == "f" else hand).append(int(item[1:]))
    return tuple(sorted(faceup)), tuple(sorted(hand))


def _want_text(want: tuple[int, ...], faceup: tuple[int, ...]) -> str:
    return ",".join([VARIETIES[v] for v in want] + _items(faceup, "f")) or "-"


def _read_want(text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    want: list[int] = []
    faceup: list[int] = []
    for item in _split_items(text):
        if item[:1] == "f" and item[1:].isdigit():
            faceup.append(int(item[1:]))
        else:
            want.append(_variety(item))
    return tuple(sorted(want)), tuple(sorted(faceup))


Int = Annotated[int, Value(_int, _int)]
Slots = Annotated[tuple[int, ...], Value(_int_list, write_json=list)]
To = Annotated[
    int | None,
    Value(
        _to,
        _to,
        write_json=lambda to: "any" if to is None else to,
        write_text=lambda to: "any" if to is None else str(to),
        metavar="<seat|any>",
    ),
]
Wanted = Annotated[
    tuple[int, ...],
    Value(
        _want_json,
        check_json=_want_is_list,
        write_json=lambda want: [VARIETIES[v] for v in want],
    ),
]
Positions = Annotated[
    tuple[int, ...],
    Value(
        _int_list,
        _positions,
        write_json=list,
        write_text=lambda positions: ",".join(map(str, positions)) or "-",
        text_what="a position",
        metavar="<positions,…|->",
    ),
]

# ------------------------------------------------------------------ the kinds


@action_kind("plant")
@dataclass(frozen=True, slots=True)
class PlantFromHand(DeclaredAction):
    field: Int


@action_kind("end-planting")
@dataclass(frozen=True, slots=True)
class EndPlanting(DeclaredAction):
    pass


@action_kind("harvest")
@dataclass(frozen=True, slots=True)
class Harvest(DeclaredAction):
    field: Int


@action_kind("buy-field")
@dataclass(frozen=True, slots=True)
class BuyField(DeclaredAction):
    pass


@action_kind(
    "offer",
    text=(
        "to",
        Keyword("give"),
        Joined("give", ("give_faceup", "give_hand"), _give_text, _read_give, "<f0,h3|->"),
        Keyword("want"),
        Joined("want", ("want", "want_faceup"), _want_text, _read_want, "<variety,f1|->"),
    ),
    text_order=("give", "want", "to"),
    missing="'{kind}' needs 'to' (a seat or \"any\")",
)
@dataclass(frozen=True, slots=True)
class Offer(DeclaredAction):
    """B-37. ``to`` is a seat or None for an open offer to anyone; ``want`` is a sorted
    multiset of variety indices; slots and positions are sorted tuples."""

    to: To
    give_faceup: Slots = ()
    give_hand: Slots = ()
    want: Wanted = ()
    want_faceup: Slots = ()

    @staticmethod
    def make(
        to: int | None,
        give_faceup: tuple[int, ...] | list[int] = (),
        give_hand: tuple[int, ...] | list[int] = (),
        want: tuple[int, ...] | list[int] = (),
        want_faceup: tuple[int, ...] | list[int] = (),
    ) -> Offer:
        """An offer with every part in canonical (sorted) order."""
        return Offer(
            to,
            tuple(sorted(give_faceup)),
            tuple(sorted(give_hand)),
            tuple(sorted(want)),
            tuple(sorted(want_faceup)),
        )


@action_kind(
    "accept",
    text_order=("positions", "offer_id"),
    missing="'{kind}' needs 'offer_id' (and 'positions')",
)
@dataclass(frozen=True, slots=True)
class Accept(DeclaredAction):
    offer_id: Int
    positions: Positions = ()


@action_kind("decline")
@dataclass(frozen=True, slots=True)
class Decline(DeclaredAction):
    offer_id: Int


@action_kind("withdraw")
@dataclass(frozen=True, slots=True)
class Withdraw(DeclaredAction):
    offer_id: Int


@action_kind("pass")
@dataclass(frozen=True, slots=True)
class Pass(DeclaredAction):
    pass


@action_kind("end-trading")
@dataclass(frozen=True, slots=True)
class EndTrading(DeclaredAction):
    pass


@action_kind("plant-traded")
@dataclass(frozen=True, slots=True)
class PlantFromTradeArea(DeclaredAction):
    card: Int
    field: Int


@action_kind("finish-turn")
@dataclass(frozen=True, slots=True)
class FinishTurn(DeclaredAction):
    pass


@action_kind("plant-offered")
@dataclass(frozen=True, slots=True)
class PlantOffered(DeclaredAction):
    card: Int
    field: Int


@action_kind("discard-offered")
@dataclass(frozen=True, slots=True)
class DiscardOffered(DeclaredAction):
    card: Int


@action_kind("discard")
@dataclass(frozen=True, slots=True)
class DiscardFromHand(DeclaredAction):
    position: Int


@action_kind("plant-revealed")
@dataclass(frozen=True, slots=True)
class PlantRevealed(DeclaredAction):
    card: Int
    field: Int


@action_kind("leave-offer")
@dataclass(frozen=True, slots=True)
class LeaveOffer(DeclaredAction):
    pass


# Interned singletons: the hot paths reuse these instead of allocating.
END_PLANTING = singleton(EndPlanting)
BUY_FIELD = singleton(BuyField)
PASS = singleton(Pass)
END_TRADING = singleton(EndTrading)
FINISH_TURN = singleton(FinishTurn)
LEAVE_OFFER = singleton(LeaveOffer)
PLANT = (PlantFromHand(0), PlantFromHand(1), PlantFromHand(2))
HARVEST = (Harvest(0), Harvest(1), Harvest(2))

# The order in which error messages list the action types.
CODEC = Codec(
    (
        *(EndPlanting, BuyField, Pass, EndTrading, FinishTurn, LeaveOffer),
        *(PlantFromHand, Harvest, Decline, Withdraw, PlantFromTradeArea, PlantOffered),
        *(DiscardOffered, DiscardFromHand, PlantRevealed, Offer, Accept),
    ),
    Dialect(),
)
ACTION_TYPES: tuple[str, ...] = CODEC.types


def action_from_json(obj: Any) -> Action:
    """Parse the JSON form; InvalidActionError with the reason when malformed."""
    return CODEC.from_json(obj)


def parse_action(text: str) -> Action:
    """Parse the compact text form; InvalidActionError with the reason when malformed."""
    return CODEC.parse(text)
