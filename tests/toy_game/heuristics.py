"""High Card knowledge for bots (never used by the rules), from an observation only: the
greedy bot's ``choose`` and search's ``evaluate``.

The policy plays the lowest card sure to win the round (above every card the viewer has not
seen), else its highest card: against any opponent a higher card never does worse in the
round, and the cards still in hand at the end, which score nothing, are then the lowest.
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
    """The lowest card of the menu sure to win, else the highest card."""
    cards = sorted(a.card for a in legal if isinstance(a, PlayCard))
    if not cards:
        return legal[rng.below(len(legal))]
    best_unseen = max(unseen(view), default=0)
    sure = [c for c in cards if c > best_unseen]
    return PlayCard(sure[0] if sure else cards[-1])


def evaluate(view: JsonDict) -> float:
    """The viewer's chances in [0, 1]: its lead in points against the rounds still to play."""
    me = view["viewer"]
    lead = view["players"][me]["score"] - view["players"][1 - me]["score"]
    left = view["options"]["rounds"] - view["round"] + (0 if view["over"] else 1)
    return 1.0 / (1.0 + math.exp(-2.0 * lead / (1.0 + left)))
