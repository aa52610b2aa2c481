"""Fields of Green: which moves reveal something hidden, so that a person's undo stops there
(issue 38 item 11), read from the public observations before and after the move.

A move reveals nothing when it only changes public things (F-77) of the mover: their farm,
coins, food, capacity and VP tokens, their set-aside tiles, the discard piles, the counts of the
Water Tower and Silo piles (identical cards), the harvest's record and the mover's pending
decision. That covers building the revealed card, a tower or a silo, going to market and
restoring (F-51 … F-55), their follow-up decisions (F-57), placing a tile already kept (F-64) and
paying or declining harvest items (F-60, F-61). A move reveals something when a main pile, the
2-player display or shared pile, or the equipment stack changes (their contents are hidden,
F-79: draws F-42, the display F-70, tiles F-64), when a hand or a commit changes (F-46 … F-48),
when a card is newly revealed, or when the phase, turn, year or seats on the move change.
"""

from __future__ import annotations

from seedbed.engine.api import JsonDict
from seedbed.engine.undo import PLAYERS, only_changes

QUIET_TOP = (
    "discard",
    "equipment_discard",
    "water_towers_left",
    "silos_left",
    "harvested",
    "decision",
)
"""Public things a quiet move may change besides the mover's own (F-77)."""
QUIET_PLAYER = ("coins", "food", "food_capacity", "vp_tokens", "farm", "set_aside", "revealed")
"""The mover's public possessions (F-77); ``revealed`` only as the card is used."""


def reveals(before: JsonDict, after: JsonDict) -> bool:
    """Whether the move between these public observations revealed anything hidden: anything
    but the quiet changes above, or a player's revealed card that appeared (F-48, F-70)."""
    if not only_changes(before, after, QUIET_TOP, QUIET_PLAYER):
        return True
    seats = zip(before[PLAYERS], after[PLAYERS], strict=True)
    return any(a.get("revealed") not in (None, b.get("revealed")) for b, a in seats)
