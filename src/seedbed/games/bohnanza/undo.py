"""Bohnanza: which moves reveal something hidden, so that a person's undo stops there (issue
38 item 11), read from the public observations before and after the move.

Two moves reveal nothing: ``Harvest`` (B-23), whose cards come from a public field (B-68) and
go to the discard pile face up or to the mover's treasury (its count is public only with
``treasury_visibility = open``, B-71), and ``PlantFromTradeArea`` (B-51), which moves a face-up
card of a trade area into a field. Everything else shows something hidden: a ``PlantFromHand``
shows a card of the mover's hidden hand (B-32, B-69), ``BuyField`` pays with treasury cards
whose varieties are never shown (B-26, B-71), ``EndPlanting`` and the end of trading open the
next phase, which turns deck cards face up (B-33) or draws them (B-52), and every trading move
involves another seat (B-34).
"""

from __future__ import annotations

from seedbed.engine.api import JsonDict
from seedbed.engine.undo import only_changes

QUIET_TOP = ("discard_size", "discard_top")
"""What a harvest changes besides the mover's fields (B-23)."""
QUIET_PLAYER = ("fields", "trade_area", "coins")
"""The mover's fields and trade area (B-23, B-51), and the treasury's size where it is
public (B-71)."""


def reveals(before: JsonDict, after: JsonDict) -> bool:
    """Whether the move between these public observations revealed anything hidden: anything
    but a harvest's or a trade-area planting's changes, or a hand that changed size (B-68)."""
    return not only_changes(before, after, QUIET_TOP, QUIET_PLAYER)
