"""What the browser shows of a High Card view that takes the rules to work out (optional for
a game): who won each round so far (T-9), from the view alone.

>>> display({"discard": [3, 9, 12, 5]}, None)
{'rounds': [{'cards': [3, 9], 'winner': 1}, {'cards': [12, 5], 'winner': 0}]}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def display(view: Mapping[str, Any], viewer: int | None) -> dict[str, Any]:
    """``{"rounds": [{"cards", "winner"}, …]}``: the revealed pairs and who won each."""
    pile = view["discard"]
    pairs = [pile[i : i + 2] for i in range(0, len(pile), 2)]
    return {"rounds": [{"cards": p, "winner": 0 if p[0] > p[1] else 1} for p in pairs]}
