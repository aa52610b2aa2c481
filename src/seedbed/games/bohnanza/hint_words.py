"""What a hinted move harvests, in words (issue 38 items 7 and 10): a hint that plants over a
field of another variety says that field is harvested first and for how much (B-21), and a
hint to harvest says what the field pays (B-8), and, when that is nothing, why it is still
the move ("Harvest field 2 — cashing this field now is worth more" was said of a field paying
0). Read from the seat's view alone, as the hint is.

>>> view = {"viewer": 0, "hand": [{"id": 1, "variety": "blue"}], "revealed": [],
...         "offer_area": [], "players": [{"trade_area": [], "fields": [
...             {"variety": "wax", "cards": [{}, {}]}, {"variety": None, "cards": []}]}]}
>>> harvest_first(view, {"type": "plant", "field": 0})
'This harvests the 2 Wax in field 1 for 0 coins first'
>>> harvest_first(view, {"type": "plant", "field": 1}) is None
True
>>> harvest_pays(view, 0)
... # doctest: +NORMALIZE_WHITESPACE
'Harvesting field 1 pays 0 coins, but it frees the field: the heuristic rates an empty field
 above its 2 Wax, 2 cards short of their first coin'
"""

from __future__ import annotations

from typing import Any

from seedbed.engine.api import JsonDict
from seedbed.games.bohnanza.cards import NAMES_EN, VARIETY_INDEX, payout
from seedbed.games.bohnanza.display import next_coin

PLANTS = ("plant", "plant-traded", "plant-offered", "plant-revealed")
"""The kinds of action that plant a card in a field (B-21: over another variety, it harvests)."""


def counted(n: int, word: str) -> str:
    """ "1 coin", "0 coins" (as the table's words.js says them)."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def bean(variety: str) -> str:
    """A variety's short name, as the table shows it: "Wax", "Black-eyed"."""
    return NAMES_EN[VARIETY_INDEX[variety]].removesuffix(" Bean")


def harvest_first(view: JsonDict, action: JsonDict) -> str | None:
    """ "This harvests the 2 Wax in field 1 for 0 coins first" when ``action`` plants over a
    field of another variety (B-21 convenience planting); None otherwise."""
    if action["type"] not in PLANTS:
        return None
    f = int(action["field"])
    field = _fields(view)[f]
    if not field["cards"] or field["variety"] == _planted(view, action):
        return None
    n, variety = len(field["cards"]), str(field["variety"])
    coins = payout(VARIETY_INDEX[variety], n)
    return (
        f"This harvests the {n} {bean(variety)} in field {f + 1} for {counted(coins, 'coin')} first"
    )


def harvest_pays(view: JsonDict, f: int) -> str:
    """What harvesting field ``f`` pays, and for a field paying nothing, why it is still done:
    an empty field is worth more than beans short of their first coin."""
    field = _fields(view)[f]
    n, variety = len(field["cards"]), str(field["variety"])
    coins = payout(VARIETY_INDEX[variety], n)
    said = f"Harvesting field {f + 1} pays {counted(coins, 'coin')}"
    if coins:
        return f"{said}; cashing it now is worth more than waiting for its next coin"
    step = next_coin(VARIETY_INDEX[variety], n)
    short = "" if step is None else f", {counted(step[1] - n, 'card')} short of their first coin"
    rated = f"the heuristic rates an empty field above its {n} {bean(variety)}{short}"
    return f"{said}, but it frees the field: {rated}"


def _fields(view: JsonDict) -> list[Any]:
    return list(view["players"][view["viewer"]]["fields"])


def _planted(view: JsonDict, action: JsonDict) -> str:
    """The variety ``action`` plants: the front card of the hand, or the card it names."""
    if action["type"] == "plant":
        return str(view["hand"][0]["variety"])
    me = view["players"][view["viewer"]]
    cards = list(view["revealed"]) + list(view["offer_area"]) + list(me["trade_area"])
    return str(next(c["variety"] for c in cards if c["id"] == action["card"]))
