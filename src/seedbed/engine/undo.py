"""What the games' undo judgements share (issue 38 item 11): a move may be taken back within
its mover's turn only if it revealed nothing hidden, which each game decides from the public
observations (``observe(None)``) before and after the move (``GameSpec.reveals``).

The public observation is the same on both engines (the lockstep harness proves it), so a
judgement read from it agrees on both engines by construction. Each game lists what a move
that reveals nothing may change (a whitelist: anything else, a new field included, counts as
a reveal); this module compares two observations against such a list.

>>> before = {"deck": 5, "players": [{"fields": [1], "hand": 3}, {"fields": [], "hand": 3}]}
>>> after = {"deck": 5, "players": [{"fields": [1, 2], "hand": 3}, {"fields": [], "hand": 3}]}
>>> only_changes(before, after, top=(), per_player=("fields",))
True
>>> only_changes(before, {**after, "deck": 4}, top=(), per_player=("fields",))
False
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

PLAYERS = "players"
"""The key of the per-seat list in every game's observation."""


def changed_keys(before: Mapping[str, Any], after: Mapping[str, Any]) -> set[str]:
    """The keys whose values differ (a key present in one only counts as changed)."""
    return {k for k in before.keys() | after.keys() if before.get(k) != after.get(k)}


def only_changes(
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    top: Collection[str],
    per_player: Collection[str],
) -> bool:
    """Whether ``after`` differs from ``before`` only in the keys ``top`` and, in one seat's
    entry of ``players`` (the mover's), only in the keys ``per_player``."""
    if not changed_keys(before, after) <= {*top, PLAYERS}:
        return False
    seats_before, seats_after = before.get(PLAYERS, []), after.get(PLAYERS, [])
    if len(seats_before) != len(seats_after):
        return False
    moved = [changed_keys(b, a) for b, a in zip(seats_before, seats_after, strict=True) if b != a]
    return len(moved) <= 1 and all(keys <= set(per_player) for keys in moved)
