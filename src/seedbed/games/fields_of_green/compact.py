"""Fields of Green's compact action space (issue 34 target 1, D-86): the full encoding's
integers (encoding.py, 93,265 with the shipped card set) chosen in steps, a factored space
(:mod:`seedbed.engine.factored`) of **421** integers.

A block's head takes its first coordinates; each later coordinate is one step of the shared
block ``next`` (196 wide: the most items C + T). The heads::

    skip-attach, set-aside, skip, end-harvest, end-scoring   () each    one step
    draw-split (84,), attach, keep (T,), choose (X,)         whole      one step
    market (D, 3), place (F,)                                whole      one step
    commit                                                   ()         then the card id
    build                                                    (D,)       then the cell, the split
    build-tower, build-silo, restore                         (D,)       then the cell
    place-water, pay                                         ()         then the split
    pay-harvest, pay-end                                     ()         then the item, the split
    decline                                                  ()         then the item

So a decision is one to four steps (a build: the card's slot, the cell, the water split);
in 10 random 3-player games the menu held 16 full integers a decision on average (86 at
most), so a moment is a short sorted list. The draft's features are the block one-hot (21)
and the chosen coordinates plus one (3).

>>> space = compact_encoding({})
>>> space.size, space.layout.shapes["build"], space.layout.shapes["next"], space.draft_width
(421, (6,), (196,), 24)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from seedbed.engine.factored import FactoredEncoding
from seedbed.games.fields_of_green.encoding import action_encoding

HEADS = {
    "commit": 0,
    "build": 1,
    "build-tower": 1,
    "build-silo": 1,
    "restore": 1,
    "place-water": 0,
    "pay": 0,
    "pay-harvest": 0,
    "decline": 0,
    "pay-end": 0,
}
"""The coordinates each block's head takes (the others are taken whole)."""


def compact_encoding(options: Mapping[str, Any] | None = None) -> FactoredEncoding:
    """The compact space of Fields of Green under ``options`` (the card set fixes C and T)."""
    return FactoredEncoding(action_encoding(options), HEADS)
