"""What the lockstep drivers of every game share (``<game>_lockstep.py``, issues 14, 15): the
error that says where the engines part, the tally of what was compared, and the JSON forms
both engines are compared in (events as ``[kind, public, private, private_to]``, compact JSON
text as the native module writes it, refusals as type, message and clause)."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field, fields
from typing import Any

from seedbed.engine.api import Event
from seedbed.engine.errors import IllegalActionError


class ParityError(AssertionError):
    """The engines disagree; the message says where (configuration, seed, step, what)."""


@dataclass
class Tally:
    """What a lockstep run compared (the figures of ``scripts/native_parity.py``)."""

    games: int = 0
    steps: int = 0
    menu_items: int = 0
    probes: int = 0
    refusals: int = 0
    events: int = 0
    observations: int = 0
    determinizations: int = 0
    round_trips: int = 0
    capped: int = 0
    """Games stopped at a move cap (Bohnanza's ``max_offers`` null, B-47)."""
    configs: set[str] = field(default_factory=set)
    kinds: Counter[str] = field(default_factory=Counter)
    """Events by kind (what the games covered; a game may name them finer, as Stalk
    Exchange's crashes by trigger)."""

    def add(self, other: Tally) -> None:
        for f in fields(self):
            if f.type == "int":
                setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))
        self.configs |= other.configs
        self.kinds += other.kinds


def plain(value: Any) -> Any:
    """``value`` as JSON gives it back (tuples as lists, mappings as dicts)."""
    return json.loads(json.dumps(value))


def event_json(e: Event) -> list[Any]:
    """An event as the native module writes it: ``[kind, public, private, private_to]``."""
    private = None if e.private is None else dict(e.private)
    out: list[Any] = plain([e.kind, dict(e.public), private, list(e.private_to)])
    return out


def text(value: Any) -> str:
    """JSON text as the native module writes it (compact; key order kept)."""
    return json.dumps(value, separators=(",", ":"))


def error_tuple(error: IllegalActionError | None) -> tuple[str, str, str | None] | None:
    """A refusal as compared: exception type, message, clause (None: no refusal)."""
    if error is None:
        return None
    return type(error).__name__, str(error), error.clause
