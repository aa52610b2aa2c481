"""Bohnanza actions (B-19 … B-58): one frozen dataclass per kind, each with a stable JSON
form ``{"type": ...}`` and a compact text form.

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
from typing import Any

from seedbed.engine.api import Action, JsonDict
from seedbed.engine.errors import InvalidActionError
from seedbed.games.bohnanza.cards import VARIETIES, VARIETY_INDEX


@dataclass(frozen=True, slots=True)
class PlantFromHand(Action):
    field: int

    def to_json(self) -> JsonDict:
        return {"type": "plant", "field": self.field}

    def __str__(self) -> str:
        return f"plant {self.field}"


@dataclass(frozen=True, slots=True)
class EndPlanting(Action):
    def to_json(self) -> JsonDict:
        return {"type": "end-planting"}

    def __str__(self) -> str:
        return "end-planting"


@dataclass(frozen=True, slots=True)
class Harvest(Action):
    field: int

    def to_json(self) -> JsonDict:
        return {"type": "harvest", "field": self.field}

    def __str__(self) -> str:
        return f"harvest {self.field}"


@dataclass(frozen=True, slots=True)
class BuyField(Action):
    def to_json(self) -> JsonDict:
        return {"type": "buy-field"}

    def __str__(self) -> str:
        return "buy-field"


def _items(values: tuple[int, ...], prefix: str) -> list[str]:
    return [f"{prefix}{v}" for v in values]


@dataclass(frozen=True, slots=True)
class Offer(Action):
    """B-37. ``to`` is a seat or None for an open offer to anyone; ``want`` is a sorted
    multiset of variety indices; slots and positions are sorted tuples."""

    to: int | None
    give_faceup: tuple[int, ...] = ()
    give_hand: tuple[int, ...] = ()
    want: tuple[int, ...] = ()
    want_faceup: tuple[int, ...] = ()

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

    def to_json(self) -> JsonDict:
        return {
            "type": "offer",
            "to": "any" if self.to is None else self.to,
            "give_faceup": list(self.give_faceup),
            "give_hand": list(self.give_hand),
            "want": [VARIETIES[v] for v in self.want],
            "want_faceup": list(self.want_faceup),
        }

    def __str__(self) -> str:
        give = _items(self.give_faceup, "f") + _items(self.give_hand, "h")
        want = [VARIETIES[v] for v in self.want] + _items(self.want_faceup, "f")
        to = "any" if self.to is None else str(self.to)
        return f"offer {to} give {','.join(give) or '-'} want {','.join(want) or '-'}"


@dataclass(frozen=True, slots=True)
class Accept(Action):
    offer_id: int
    positions: tuple[int, ...] = ()

    def to_json(self) -> JsonDict:
        return {"type": "accept", "offer_id": self.offer_id, "positions": list(self.positions)}

    def __str__(self) -> str:
        return f"accept {self.offer_id} {','.join(map(str, self.positions)) or '-'}"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    offer_id: int

    def to_json(self) -> JsonDict:
        return {"type": "decline", "offer_id": self.offer_id}

    def __str__(self) -> str:
        return f"decline {self.offer_id}"


@dataclass(frozen=True, slots=True)
class Withdraw(Action):
    offer_id: int

    def to_json(self) -> JsonDict:
        return {"type": "withdraw", "offer_id": self.offer_id}

    def __str__(self) -> str:
        return f"withdraw {self.offer_id}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    def to_json(self) -> JsonDict:
        return {"type": "pass"}

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class EndTrading(Action):
    def to_json(self) -> JsonDict:
        return {"type": "end-trading"}

    def __str__(self) -> str:
        return "end-trading"


@dataclass(frozen=True, slots=True)
class PlantFromTradeArea(Action):
    card: int
    field: int

    def to_json(self) -> JsonDict:
        return {"type": "plant-traded", "card": self.card, "field": self.field}

    def __str__(self) -> str:
        return f"plant-traded {self.card} {self.field}"


@dataclass(frozen=True, slots=True)
class FinishTurn(Action):
    def to_json(self) -> JsonDict:
        return {"type": "finish-turn"}

    def __str__(self) -> str:
        return "finish-turn"


@dataclass(frozen=True, slots=True)
class PlantOffered(Action):
    card: int
    field: int

    def to_json(self) -> JsonDict:
        return {"type": "plant-offered", "card": self.card, "field": self.field}

    def __str__(self) -> str:
        return f"plant-offered {self.card} {self.field}"


@dataclass(frozen=True, slots=True)
class DiscardOffered(Action):
    card: int

    def to_json(self) -> JsonDict:
        return {"type": "discard-offered", "card": self.card}

    def __str__(self) -> str:
        return f"discard-offered {self.card}"


@dataclass(frozen=True, slots=True)
class DiscardFromHand(Action):
    position: int

    def to_json(self) -> JsonDict:
        return {"type": "discard", "position": self.position}

    def __str__(self) -> str:
        return f"discard {self.position}"


@dataclass(frozen=True, slots=True)
class PlantRevealed(Action):
    card: int
    field: int

    def to_json(self) -> JsonDict:
        return {"type": "plant-revealed", "card": self.card, "field": self.field}

    def __str__(self) -> str:
        return f"plant-revealed {self.card} {self.field}"


@dataclass(frozen=True, slots=True)
class LeaveOffer(Action):
    def to_json(self) -> JsonDict:
        return {"type": "leave-offer"}

    def __str__(self) -> str:
        return "leave-offer"


# Interned singletons: the hot paths reuse these instead of allocating.
END_PLANTING = EndPlanting()
BUY_FIELD = BuyField()
PASS = Pass()
END_TRADING = EndTrading()
FINISH_TURN = FinishTurn()
LEAVE_OFFER = LeaveOffer()
PLANT = (PlantFromHand(0), PlantFromHand(1), PlantFromHand(2))
HARVEST = (Harvest(0), Harvest(1), Harvest(2))

# ---------------------------------------------------------------- parsing

_NO_ARGS: dict[str, Action] = {
    "end-planting": END_PLANTING,
    "buy-field": BUY_FIELD,
    "pass": PASS,
    "end-trading": END_TRADING,
    "finish-turn": FINISH_TURN,
    "leave-offer": LEAVE_OFFER,
}
# type -> (class, names of its int fields in order)
_INT_ARGS: dict[str, tuple[type[Action], tuple[str, ...]]] = {
    "plant": (PlantFromHand, ("field",)),
    "harvest": (Harvest, ("field",)),
    "decline": (Decline, ("offer_id",)),
    "withdraw": (Withdraw, ("offer_id",)),
    "plant-traded": (PlantFromTradeArea, ("card", "field")),
    "plant-offered": (PlantOffered, ("card", "field")),
    "discard-offered": (DiscardOffered, ("card",)),
    "discard": (DiscardFromHand, ("position",)),
    "plant-revealed": (PlantRevealed, ("card", "field")),
}
ACTION_TYPES: tuple[str, ...] = (*_NO_ARGS, *_INT_ARGS, "offer", "accept")


def _bad(message: str) -> InvalidActionError:
    return InvalidActionError(f"{message}; action types: {', '.join(ACTION_TYPES)}")


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


def _to(value: Any) -> int | None:
    if value == "any" or value is None:
        return None
    return _int(value, "'to'")


def action_from_json(obj: Any) -> Action:
    """Parse the JSON form; InvalidActionError with the reason when malformed."""
    if not isinstance(obj, dict):
        raise _bad(f"an action must be a JSON object with a 'type', got {obj!r}")
    kind = obj.get("type")
    if kind in _NO_ARGS:
        return _NO_ARGS[kind]
    if kind in _INT_ARGS:
        cls, names = _INT_ARGS[kind]
        missing = [n for n in names if n not in obj]
        if missing:
            raise InvalidActionError(f"'{kind}' needs the field(s) {', '.join(missing)}")
        return cls(*(_int(obj[n], repr(n)) for n in names))
    if kind == "accept":
        if "offer_id" not in obj:
            raise InvalidActionError("'accept' needs 'offer_id' (and 'positions')")
        return Accept(
            _int(obj["offer_id"], "'offer_id'"), _int_list(obj.get("positions", []), "'positions'")
        )
    if kind == "offer":
        if "to" not in obj:
            raise InvalidActionError("'offer' needs 'to' (a seat or \"any\")")
        want = obj.get("want", [])
        if not isinstance(want, list):
            raise InvalidActionError(f"'want' must be a list of variety names, got {want!r}")
        return Offer.make(
            _to(obj["to"]),
            _int_list(obj.get("give_faceup", []), "'give_faceup'"),
            _int_list(obj.get("give_hand", []), "'give_hand'"),
            tuple(_variety(v) for v in want),
            _int_list(obj.get("want_faceup", []), "'want_faceup'"),
        )
    raise _bad(f"unknown action type {kind!r}")


def _split_items(text: str) -> list[str]:
    return [] if text == "-" else [t for t in text.split(",") if t]


def _parse_offer(words: list[str]) -> Offer:
    usage = "usage: offer <seat|any> give <f0,h3|-> want <variety,f1|->"
    if len(words) != 5 or words[1] != "give" or words[3] != "want":
        raise InvalidActionError(usage)
    give_faceup: list[int] = []
    give_hand: list[int] = []
    for item in _split_items(words[2]):
        if item[:1] not in ("f", "h") or not item[1:].isdigit():
            raise InvalidActionError(f"give item {item!r} must be f<slot> or h<position>; {usage}")
        (give_faceup if item[0] == "f" else give_hand).append(int(item[1:]))
    want: list[int] = []
    want_faceup: list[int] = []
    for item in _split_items(words[4]):
        if item[:1] == "f" and item[1:].isdigit():
            want_faceup.append(int(item[1:]))
        else:
            want.append(_variety(item))
    return Offer.make(_to(words[0]), give_faceup, give_hand, want, want_faceup)


def parse_action(text: str) -> Action:
    """Parse the compact text form; InvalidActionError with the reason when malformed."""
    if not isinstance(text, str):
        raise _bad(f"an action text must be a string, got {text!r}")
    words = text.split()
    if not words:
        raise _bad("empty action")
    kind, args = words[0], words[1:]
    if kind in _NO_ARGS:
        if args:
            raise InvalidActionError(f"'{kind}' takes no arguments")
        return _NO_ARGS[kind]
    if kind in _INT_ARGS:
        cls, names = _INT_ARGS[kind]
        if len(args) != len(names):
            raise InvalidActionError(f"usage: {kind} {' '.join('<' + n + '>' for n in names)}")
        return cls(*(_int(a, repr(n)) for a, n in zip(args, names, strict=True)))
    if kind == "accept":
        if len(args) != 2:
            raise InvalidActionError("usage: accept <offer_id> <positions,…|->")
        positions = tuple(_int(p, "a position") for p in _split_items(args[1]))
        return Accept(_int(args[0], "'offer_id'"), tuple(sorted(positions)))
    if kind == "offer":
        return _parse_offer(args)
    raise _bad(f"unknown action {kind!r}")
