"""A full-size test card set (4 types x 11 designs x 3 copies, 30 tiles) that uses every
part of the ability vocabulary (F-82 ... F-88). It is for engine tests only: the conformance
kit plays whole games with it, and the short-pile rules never trigger (F-43).
"""

from __future__ import annotations

from typing import Any

Json = dict[str, Any]


def _gain(resource: str, amount: Any) -> Json:
    return {"gain": resource, "amount": amount}


def _loc(
    id: str, type: str, subtype: str | None, cost: Json, vp: int, ability: Json | None = None,
    tags: list[str] | None = None,
) -> Json:  # fmt: skip
    out: Json = {"id": id, "name": id.replace("_", " ").title(), "type": type, "copies": 3,
                 "cost": cost, "vp": vp, "ability": ability, "text": ""}  # fmt: skip
    if subtype is not None:
        out["subtype"] = subtype
    if tags:
        out["tags"] = tags
    return out


def _harvest(cost: Json, *effects: Json) -> Json:
    return {"timing": "harvest", "cost": cost, "effects": list(effects)}


def _now(*effects: Json, cost: Json | None = None) -> Json:
    out: Json = {"timing": "immediate", "effects": list(effects)}
    if cost is not None:
        out["cost"] = cost
    return out


def _end(amount: Any, cost: Json | None = None) -> Json:
    out: Json = {"timing": "game_end", "effects": [_gain("vp", amount)]}
    if cost is not None:
        out["cost"] = cost
    return out


def _tile(id: str, copies: int, on: str, keyword: str | None, timing: str, **rest: Any) -> Json:
    return {"id": id, "name": id.title(), "copies": copies,
            "placement": {"on": on, "keyword": keyword}, "timing": timing, **rest}  # fmt: skip


ADJ_FIELDS = {"count": {"where": "adjacent", "type": ["field"]}, "plus": 1, "max": 3}
NO_LIVESTOCK_ADJACENT = {"count": {"where": "adjacent", "type": ["livestock"]}, "exactly": 0}

FULL: Json = {
    "format": "seedbed.fields_of_green.cards",
    "version": 1,
    "name": "full-size test set",
    "locations": [
        # fields
        _loc("t_plot", "field", "vegetable", {"coins": 2, "water": 1}, 1,
             _harvest({"water": 1}, _gain("food", 2))),
        _loc("t_grove", "field", "fruit", {"coins": 3}, 1,
             _harvest({"water": 2}, _gain("food", 2), _gain("vp", 1))),
        _loc("t_orchard", "field", "fruit", {"coins": 2}, 0,
             _harvest({"water": 1}, {"choose": [[_gain("food", 2)], [_gain("coins", 2)]]})),
        _loc("t_beans", "field", "vegetable", {"coins": 1}, 0,
             _harvest({"water": 1}, _gain("food", ADJ_FIELDS))),
        _loc("t_melon", "field", "fruit", {"coins": 4, "water": 2}, 2,
             _harvest({"water": 3}, _gain("food", 3), _gain("vp", 1))),
        _loc("t_carrot", "field", "vegetable", {"coins": 2}, 0, _harvest({}, _gain("food", 1))),
        _loc("t_berry", "field", "fruit", {"coins": 3}, 1,
             _harvest({"water": 1}, _gain("vp", {"if": {"resource": "food", "at_least": 3},
                                                 "then": 1}))),
        _loc("t_pumpkin", "field", "vegetable", {"coins": 3}, 1,
             _harvest({"water": {"count": {"where": {"within": 1}, "what": "water_tower"}}},
                      _gain("food", 2))),
        _loc("t_wheat", "field", "vegetable", {"coins": 2}, 0,
             _harvest({"water": 1, "coins": 1}, _gain("food", 3)), tags=["grain"]),
        _loc("t_vine", "field", "fruit", {"coins": 3}, 1, _now(_gain("water", 2))),
        _loc("t_herb", "field", "vegetable", {"coins": 1}, 1),
        # livestock
        _loc("t_flock", "livestock", "large_animal", {"coins": 3}, 1,
             _harvest({"food": 2}, _gain("coins", 5))),
        _loc("t_loner", "livestock", "small_animal", {"coins": 2}, 0,
             _harvest({"food": 1},
                      _gain("coins", {"if": NO_LIVESTOCK_ADJACENT, "then": 4, "else": 2}))),
        _loc("t_burrow", "livestock", "small_animal", {"coins": 1}, 0,
             _harvest({"food": {"count": {"name": ["t_burrow"], "self": True}}},
                      _gain("coins", 3))),
        _loc("t_cows", "livestock", "large_animal", {"coins": 4, "food": 1}, 2,
             _harvest({"food": 3}, _gain("coins", 7), _gain("vp", 1))),
        _loc("t_hens", "livestock", "small_animal", {"coins": 2}, 0,
             _harvest({"food": 1}, _gain("coins", {"count": {"where": "adjacent",
                                                               "subtype": ["small_animal"]},
                                                     "plus": 2}))),
        _loc("t_pigs", "livestock", "large_animal", {"coins": 3}, 0,
             _harvest({"food": 2}, _gain("coins", {"sum": [4, {"resource": "vp_tokens",
                                                                "per": 2}]}))),
        _loc("t_goats", "livestock", "small_animal", {"coins": 2}, 1,
             _harvest({"food": 1}, {"choose": [[_gain("coins", 3)], [_gain("vp", 1)]]})),
        _loc("t_sheep", "livestock", "large_animal", {"coins": 3}, 0,
             _harvest({"food": 2}, _gain("coins", 3), {"gain_equipment": 1})),
        _loc("t_ducks", "livestock", "small_animal", {"coins": 1}, 0,
             _harvest({"food": 1, "water": 1}, _gain("coins", 4))),
        _loc("t_horse", "livestock", "large_animal", {"coins": 5}, 3),
        _loc("t_rabbits", "livestock", "small_animal", {"coins": 2}, 0,
             _harvest({"food": 1}, _gain("coins", {"distinct": {"type": ["livestock"],
                                                                 "self": True},
                                                    "by": "subtype", "each": 2}))),
        # constructions
        _loc("t_pump", "construction", None, {"coins": 3}, 0,
             _now({"refill_towers": {"within": 2}})),
        _loc("t_shed", "construction", None, {"coins": 2}, 1, _now({"gain_equipment": 1})),
        _loc("t_workshop", "construction", None, {"coins": 4}, 0, _now({"gain_equipment": 2})),
        _loc("t_well", "construction", None, {"coins": 3}, 0,
             _now({"refill_towers": "all"}, cost={"coins": 1})),
        _loc("t_stall", "construction", None, {"coins": 2}, 0, _now(_gain("coins", 3))),
        _loc("t_cellar", "construction", None, {"coins": 3}, 0, _now(_gain("food", 2))),
        _loc("t_cistern", "construction", None, {"coins": 2}, 0, _now(_gain("water", 3))),
        _loc("t_mill", "construction", None, {"coins": 4}, 1,
             _harvest({"food": 1}, _gain("coins", 3))),
        _loc("t_fair", "construction", None, {"coins": 3}, 0,
             _now({"choose": [[_gain("coins", 4)], [_gain("vp", 1), _gain("food", 1)]]})),
        _loc("t_fence", "construction", None, {"coins": 2}, 2),
        _loc("t_barn", "construction", None, {"coins": 5}, 1,
             _end({"count": {"what": "equipment"}})),
        # buildings
        _loc("t_hall", "building", None, {"coins": 6, "food": 1}, 2,
             _end({"count": {"type": ["field"]}, "max": 5})),
        _loc("t_manor", "building", None, {"coins": 8}, 4,
             _end({"sets": [{"type": ["field"]}, {"type": ["livestock"]},
                            {"type": ["construction"]}, {"type": ["building"], "self": True}],
                   "each": 3})),
        _loc("t_tower_house", "building", None, {"coins": 5}, 2,
             _end({"count": {"what": "water_tower"}})),
        _loc("t_guild", "building", None, {"coins": 7, "water": 1}, 3,
             _end({"count": {"where": "adjacent", "type": ["building"]}, "each": 2})),
        _loc("t_museum", "building", None, {"coins": 6}, 2,
             _end({"distinct": {"self": True}, "by": "type"})),
        _loc("t_bank", "building", None, {"coins": 7}, 3,
             _end({"resource": "coins", "per": 5, "max": 4})),
        _loc("t_dry", "building", None, {"coins": 4}, 1,
             _end({"resource": "empty_water_towers", "each": 2})),
        _loc("t_depot", "building", None, {"coins": 5}, 2,
             _end({"resource": "set_aside_equipment", "each": 2})),
        _loc("t_chapel", "building", None, {"coins": 6}, 2, _end(4, cost={"coins": 2})),
        _loc("t_palace", "building", None, {"coins": 10, "food": 2}, 5),
        _loc("t_market_hall", "building", None, {"coins": 6}, 2,
             _end({"if": {"count": {"type": ["livestock"]}, "at_least": 3}, "then": 4,
                   "else": 1})),
    ],
    "equipment": [
        _tile("t_trough", 3, "livestock", "harvest", "ongoing",
              modifiers=[{"harvest_cost": {"food": -1}}]),
        _tile("t_extender", 3, "water_tower", None, "ongoing", modifiers=[{"water_range": 1}]),
        _tile("t_tank", 2, "water_tower", None, "ongoing", modifiers=[{"tower_capacity": 2}]),
        _tile("t_bin", 2, "silo", None, "ongoing", modifiers=[{"silo_capacity": 3}]),
        _tile("t_cart", 2, "location", None, "ongoing", modifiers=[{"market_bonus": 1}]),
        _tile("t_fertilizer", 2, "field", "harvest", "ongoing",
              modifiers=[{"harvest_bonus": [_gain("food", 1)]}]),
        _tile("t_crate", 3, "location_card", None, "game_end", effects=[_gain("vp", 2)]),
        _tile("t_generator", 2, "building", "game_end", "game_end", cost={"coins": 3},
              effects=[{"repeat_host": True}]),
        _tile("t_sprinkler", 2, "field", None, "harvest", cost={"water": 1},
              effects=[_gain("food", 1)]),
        _tile("t_milker", 2, "livestock", "harvest", "harvest", cost={},
              effects=[{"repeat_host": True}]),
        _tile("t_purse", 2, "location", None, "placement", effects=[_gain("coins", 3)]),
        _tile("t_bucket", 2, "location_card", None, "placement", cost={"coins": 1},
              effects=[_gain("water", 2)]),
        _tile("t_seeds", 1, "field", None, "placement",
              effects=[{"choose": [[_gain("food", 2)], [_gain("vp", 1)]]}]),
        _tile("t_ribbon", 2, "location_card", "small_animal", "game_end",
              effects=[_gain("vp", {"count": {"subtype": ["small_animal"], "self": True}})]),
    ],
}  # fmt: skip
