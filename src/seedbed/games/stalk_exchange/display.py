"""What the browser shows of a Stalk Exchange view that takes the rules to work out (issue 13,
item 6): the values after the Bust and which types stand on top (S-41), the viewer's portfolio
worth now and after the Bust (S-42), and at the end the types of the highest final value whose
tokens break ties (S-43). The server sends it beside the view; the client computes none of it.

A pure function of the observation (and its viewer), asking ``scoring.py``'s own functions.

>>> import seedbed
>>> view = seedbed.game("stalk_exchange").new_state(2, seed=1).observe(0)
>>> shown = display(view, 0)
>>> shown["top"], shown["worth"], shown["final_top"]
({'value': 0, 'flowers': []}, {'now': 0, 'after_bust': 0}, None)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from seedbed.games.stalk_exchange.config import FLOWERS
from seedbed.games.stalk_exchange.scoring import bust, score


def display(view: Mapping[str, Any], viewer: int | None) -> dict[str, Any]:
    """``{"after_bust", "top", "worth", "final_top"}`` for ``view`` (``observe(viewer)``):
    ``after_bust`` maps each type to its value after the Bust, ``top`` is the highest value and
    the types holding it (none while it is 0), ``worth`` the viewer's portfolio now and after
    the Bust (None for a spectator), ``final_top`` the highest final value and its types once
    the game is over (else None)."""
    values = _counts(view["market"]["values"])
    portfolio = view.get("portfolio")
    worth = None
    if portfolio is not None:
        held = _counts(portfolio)
        worth = {"now": score(values, held), "after_bust": score(bust(values), held)}
    final = view.get("final_values")
    return {
        "after_bust": dict(zip(FLOWERS, bust(values), strict=True)),
        "top": _top(values, bust_only=True),
        "worth": worth,
        "final_top": None if final is None else _top(_counts(final), bust_only=False),
    }


def _counts(by_type: Mapping[str, int]) -> list[int]:
    """A ``{flower: n}`` of the view as the rules' count vector (canonical type order)."""
    return [int(by_type[name]) for name in FLOWERS]


def _top(values: list[int], bust_only: bool) -> dict[str, Any]:
    """The highest value and the types at it. For the Bust (``bust_only``) no type is on top
    while every value is 0, since it halves nothing then (S-41); the tie-break's highest level
    is the highest value, whatever it is (S-43)."""
    top = max(values)
    at_top = [name for name, v in zip(FLOWERS, values, strict=True) if v == top]
    return {"value": top, "flowers": [] if bust_only and top == 0 else at_top}
