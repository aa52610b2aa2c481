"""Stalk Exchange: which moves reveal something hidden, so that a person's undo stops there
(issue 38 item 11), read from the public observations before and after the move.

Only a ``Plant`` (S-24) reveals nothing: a token moves from an Exchange slot to the Garden, both
public (S-45), the slot stays empty (no refill, S-24), and an extra Plant spends a Seedy
Business token, whose counts are public (S-23, S-45). A ``Swap`` puts a token of the mover's
private portfolio (S-46) into the Exchange for all to see (S-25, S-48); a ``Flush`` refills the
Exchange from the Greenhouse, whose contents are hidden (S-26, S-37, S-47); ``EndActions`` runs
the upkeep, which refills it too and passes the turn (S-21, S-29, S-36). Each of these is a
reveal.
"""

from __future__ import annotations

from seedbed.engine.api import JsonDict
from seedbed.engine.undo import only_changes

QUIET_TOP = ("garden", "exchange", "basic_taken")
"""What a Plant changes besides the mover's Seedy Business tokens (S-23, S-24)."""
QUIET_PLAYER = ("seedy_unspent", "seedy_spent")


def reveals(before: JsonDict, after: JsonDict) -> bool:
    """Whether the move between these public observations revealed anything hidden: anything
    but a Plant's changes, or an Exchange slot that received a token (S-24, S-25, S-37)."""
    if not only_changes(before, after, QUIET_TOP, QUIET_PLAYER):
        return True
    slots = zip(before["exchange"], after["exchange"], strict=True)
    return any(new is not None and new != old for old, new in slots)
