"""The fixture card set of the rules' worked examples (section 18, F-EX-1 … F-EX-19): eight
location designs ``fx_plot`` … ``fx_hall`` and four tiles, as a card-data object (F-80).

It is small on purpose and not the shipped set: engine tests build farms and piles from it.
Every location design has 3 copies and every tile 2, so the F-17 limits can be exercised.
"""

from __future__ import annotations

from typing import Any


def _location(
    id: str, name: str, type: str, subtype: str | None, cost: dict[str, int], vp: int,
    ability: dict[str, Any], text: str,
) -> dict[str, Any]:  # fmt: skip
    entry = {"id": id, "name": name, "type": type, "copies": 3, "cost": cost, "vp": vp}
    if subtype is not None:
        entry["subtype"] = subtype
    return {**entry, "ability": ability, "text": text}


def _harvest(cost: dict[str, Any], *effects: dict[str, Any]) -> dict[str, Any]:
    return {"timing": "harvest", "cost": cost, "effects": list(effects)}


def _gain(resource: str, amount: Any) -> dict[str, Any]:
    return {"gain": resource, "amount": amount}


NO_LIVESTOCK_ADJACENT = {"count": {"where": "adjacent", "type": ["livestock"]}, "exactly": 0}

FIXTURE: dict[str, Any] = {
    "format": "seedbed.fields_of_green.cards",
    "version": 1,
    "name": "fixture (rules section 18)",
    "locations": [
        _location(
            "fx_plot", "Plot", "field", "vegetable", {"coins": 2, "water": 1}, 1,
            _harvest({"water": 1}, _gain("food", 2)),
            "Harvest: pay 1 water to gain 2 food.",
        ),
        _location(
            "fx_grove", "Grove", "field", "fruit", {"coins": 3}, 1,
            _harvest({"water": 2}, _gain("food", 2), _gain("vp", 1)),
            "Harvest: pay 2 water to gain 2 food and 1 VP.",
        ),
        _location(
            "fx_flock", "Flock", "livestock", "large_animal", {"coins": 3}, 1,
            _harvest({"food": 2}, _gain("coins", 5)),
            "Harvest: pay 2 food to gain 5 coins.",
        ),
        _location(
            "fx_loner", "Loner", "livestock", "small_animal", {"coins": 2}, 0,
            _harvest(
                {"food": 1}, _gain("coins", {"if": NO_LIVESTOCK_ADJACENT, "then": 4, "else": 2})
            ),
            "Harvest: pay 1 food to gain 4 coins if no livestock is adjacent, else 2.",
        ),
        _location(
            "fx_burrow", "Burrow", "livestock", "small_animal", {"coins": 1}, 0,
            _harvest(
                {"food": {"count": {"name": ["fx_burrow"], "self": True}}}, _gain("coins", 3)
            ),
            "Harvest: pay 1 food per Burrow in your farm (this one included) to gain 3 coins.",
        ),
        _location(
            "fx_pump", "Pump", "construction", None, {"coins": 3}, 0,
            {"timing": "immediate", "effects": [{"refill_towers": {"within": 2}}]},
            "When built: refill your Water Towers within water distance 2.",
        ),
        _location(
            "fx_shed", "Shed", "construction", None, {"coins": 2}, 1,
            {"timing": "immediate", "effects": [{"gain_equipment": 1}]},
            "When built: gain 1 equipment.",
        ),
        _location(
            "fx_hall", "Hall", "building", None, {"coins": 6, "food": 1}, 2,
            {"timing": "game_end",
             "effects": [_gain("vp", {"count": {"type": ["field"]}, "max": 5})]},
            "Game end: 1 VP per field in your farm, at most 5.",
        ),
    ],
    "equipment": [
        {
            "id": "fx_trough", "name": "Trough", "copies": 2,
            "placement": {"on": "livestock", "keyword": "harvest"}, "timing": "ongoing",
            "modifiers": [{"harvest_cost": {"food": -1}}],
            "text": "On livestock with a harvest ability: its harvest costs 1 food less.",
        },
        {
            "id": "fx_extender", "name": "Extender", "copies": 2,
            "placement": {"on": "water_tower"}, "timing": "ongoing",
            "modifiers": [{"water_range": 1}],
            "text": "On a Water Tower: its range grows by 1.",
        },
        {
            "id": "fx_crate", "name": "Crate", "copies": 2,
            "placement": {"on": "location_card"}, "timing": "game_end",
            "effects": [_gain("vp", 2)],
            "text": "On a location card. Game end: 2 VP.",
        },
        {
            "id": "fx_generator", "name": "Generator", "copies": 2,
            "placement": {"on": "building", "keyword": "game_end"}, "timing": "game_end",
            "cost": {"coins": 3}, "effects": [{"repeat_host": True}],
            "text": "On a building with a game-end ability. Game end: pay 3 coins to score "
            "its ability once more.",
        },
    ],
}  # fmt: skip
