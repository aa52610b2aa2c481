"""High Card's one action kind (T-6), declared once with ``seedbed.engine.codec``: its JSON
form, its text form and both parsers derive from the dataclass.

>>> parse_action("play 7")
PlayCard(card=7)
>>> str(PlayCard(7)), PlayCard(7).to_json()
('play 7', {'type': 'play', 'card': 7})
>>> action_from_json({"type": "play"})
Traceback (most recent call last):
...
seedbed.engine.errors.InvalidActionError: 'play' needs the field(s) card
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from seedbed.engine.api import Action
from seedbed.engine.codec import Codec, DeclaredAction, Dialect, Value, action_kind
from seedbed.engine.errors import InvalidActionError


def _text_int(text: str, what: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 9):
        raise InvalidActionError(f"{what} must be a card number, got {text!r}")
    return int(text)


def _json_int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidActionError(f"{what} must be a card number, got {value!r}")
    return value


Card = Annotated[int, Value(_json_int, _text_int, what="card")]


@action_kind("play")
@dataclass(frozen=True, slots=True)
class PlayCard(DeclaredAction):
    """T-6: commit ``card`` from the hand, face down."""

    card: Card


CODEC = Codec((PlayCard,), Dialect())


def parse_action(text: str) -> Action:
    return CODEC.parse(text)


def action_from_json(obj: Any) -> Action:
    return CODEC.from_json(obj)
