"""What a hinted move harvests, in words (issue 38 items 7 and 10): a hint that plants over a
field of another variety says that field is harvested first and for how much (B-21), and a
hint to harvest says what the field pays (B-8), and, when that is nothing, why it is still
the move ("Harvest field 2 — cashing this field now is worth more" was said of a field paying
0). Read from the seat's view alone, as the hint is.

Each reason is a part (issue 36: a code and its numbers, written per language by the
browser's game module, ``reasonText`` in web/games/bohnanza/index.js); the English text is
written from the part here.

>>> view = {"viewer": 0, "hand": [{"id": 1, "variety": "blue"}], "revealed": [],
...         "offer_area": [], "players": [{"trade_area": [], "fields": [
...             {"variety": "wax", "cards": [{}, {}]}, {"variety": None, "cards": []}]}]}
>>> harvest_first_part(view, {"type": "plant", "field": 0})
{'code': 'harvest-first', 'params': {'count': 2, 'variety': 'wax', 'field': 1, 'coins': 0}}
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
HARVEST_CODES = ("harvest-first", "harvest-pays", "harvest-frees")
"""The codes of this module's parts."""


def counted(n: int, word: str) -> str:
    """ "1 coin", "0 coins" (as the table's words.js says them)."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def bean(variety: str) -> str:
    """A variety's short name, as the table shows it: "Wax", "Black-eyed"."""
    return NAMES_EN[VARIETY_INDEX[variety]].removesuffix(" Bean")


def harvest_first_part(view: JsonDict, action: JsonDict) -> JsonDict | None:
    """``harvest-first`` {count, variety, field, coins} when ``action`` plants over a field of
    another variety (B-21 convenience planting); None otherwise."""
    if action["type"] not in PLANTS:
        return None
    f = int(action["field"])
    field = _fields(view)[f]
    if not field["cards"] or field["variety"] == _planted(view, action):
        return None
    n, variety = len(field["cards"]), str(field["variety"])
    coins = payout(VARIETY_INDEX[variety], n)
    return _part("harvest-first", count=n, variety=variety, field=f + 1, coins=coins)


def harvest_pays_part(view: JsonDict, f: int) -> JsonDict:
    """What harvesting field ``f`` pays (``harvest-pays`` {field, coins}); for a field paying
    nothing, why it is still done (``harvest-frees`` {field, count, variety} and ``short``,
    the cards missing to the first coin, when there is one): an empty field is worth more than
    beans short of their first coin."""
    field = _fields(view)[f]
    n, variety = len(field["cards"]), str(field["variety"])
    coins = payout(VARIETY_INDEX[variety], n)
    if coins:
        return _part("harvest-pays", field=f + 1, coins=coins)
    step = next_coin(VARIETY_INDEX[variety], n)
    if step is None:
        return _part("harvest-frees", field=f + 1, count=n, variety=variety)
    return _part("harvest-frees", field=f + 1, count=n, variety=variety, short=step[1] - n)


def harvest_first(view: JsonDict, action: JsonDict) -> str | None:
    """ "This harvests the 2 Wax in field 1 for 0 coins first", or None."""
    part = harvest_first_part(view, action)
    return None if part is None else english(part)


def harvest_pays(view: JsonDict, f: int) -> str:
    """What harvesting field ``f`` pays, in English."""
    return english(harvest_pays_part(view, f))


def english(part: JsonDict) -> str:
    """The English text of a part of this module."""
    p: dict[str, Any] = part["params"]
    if part["code"] == "harvest-first":
        coins = counted(p["coins"], "coin")
        beans = f"{p['count']} {bean(p['variety'])}"
        return f"This harvests the {beans} in field {p['field']} for {coins} first"
    said = f"Harvesting field {p['field']} pays {counted(p.get('coins', 0), 'coin')}"
    if part["code"] == "harvest-pays":
        return f"{said}; cashing it now is worth more than waiting for its next coin"
    short = "" if "short" not in p else f", {counted(p['short'], 'card')} short of their first coin"
    rated = f"the heuristic rates an empty field above its {p['count']} {bean(p['variety'])}{short}"
    return f"{said}, but it frees the field: {rated}"


def _part(code: str, **params: Any) -> JsonDict:
    return {"code": code, "params": params}


def _fields(view: JsonDict) -> list[Any]:
    return list(view["players"][view["viewer"]]["fields"])


def _planted(view: JsonDict, action: JsonDict) -> str:
    """The variety ``action`` plants: the front card of the hand, or the card it names."""
    if action["type"] == "plant":
        return str(view["hand"][0]["variety"])
    me = view["players"][view["viewer"]]
    cards = list(view["revealed"]) + list(view["offer_area"]) + list(me["trade_area"])
    return str(next(c["variety"] for c in cards if c["id"] == action["card"]))
