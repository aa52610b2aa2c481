"""High Card knowledge for bots (never used by the rules), from an observation only: the
greedy bot's ``choose`` and search's ``evaluate``.

A card is worth playing when it probably beats the other card: the policy plays the lowest
card of its hand that beats the average unseen card, else its lowest card (a round it will
likely lose costs it nothing more).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from seedbed.engine.api import Action, JsonDict
from seedbed.engine.rng import Rng
from toy_game.actions import PlayCard


def unseen(view: JsonDict) -> list[int]:
    """The cards the viewer has not seen: not in its hand, not committed by it, not discarded."""
    seen = {*(view["hand"] or ()), *view["discard"]}
    if view["my_card"] is not None:
        seen.add(view["my_card"])
    return [c for c in range(1, view["options"]["top_card"] + 1) if c not in seen]


def choose(view: JsonDict, legal: Sequence[Action], rng: Rng) -> Action:
    """The lowest card of the menu above the average unseen card, else the lowest card."""
    cards = sorted(a.card for a in legal if isinstance(a, PlayCard))
    if not cards:
        return legal[rng.below(len(legal))]
    others = unseen(view)
    mean = sum(others) / len(others) if others else 0.0
    beating = [c for c in cards if c > mean]
    return PlayCard(beating[0] if beating else cards[0])


def evaluate(view: JsonDict) -> float:
    """The viewer's chances in [0, 1]: its lead in points against the rounds still to play."""
    me = view["viewer"]
    lead = view["players"][me]["score"] - view["players"][1 - me]["score"]
    left = view["options"]["rounds"] - view["round"] + (0 if view["over"] else 1)
    return 1.0 / (1.0 + math.exp(-2.0 * lead / (1.0 + left)))
