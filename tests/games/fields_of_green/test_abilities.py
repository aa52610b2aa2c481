"""The ability vocabulary (F-82 … F-88): amounts, selectors, conditions, effects and
modifiers, each kind on a built farm."""

from __future__ import annotations

from typing import Any

import pytest

from seedbed.games.fields_of_green import FieldsOfGreenState
from seedbed.games.fields_of_green.abilities import (
    amount,
    apply_effect,
    condition,
    food_capacity,
    matching,
    tower_capacity,
)
from seedbed.games.fields_of_green.build import market_coins
from seedbed.games.fields_of_green.harvest import cost

from .builder import act, build, card_at, menu, water_at
from .full_cards import FULL

# A farm around a Hall at (0, 1):
#   (-1, 1) plot   (0, 1) hall    (1, 1) flock     (2, 1) open area (loner)
#   (-1, 0) grove  (0, 0) tower   (1, 0) silo      (2, 0) hens
#                  (0, -1) pump
FARM = {
    (0, 0): "water_tower", (1, 0): "silo", (0, 1): "t_hall", (-1, 1): "t_plot",
    (1, 1): "t_flock", (2, 1): "t_loner", (-1, 0): "t_grove", (2, 0): "t_hens",
    (0, -1): "t_pump",
}  # fmt: skip


def farm_state(**kw: Any) -> FieldsOfGreenState:
    kw.setdefault("open_areas", {0: [(2, 1)]})
    return build(cards=FULL, farms={0: FARM}, phase="harvest", hands={}, **kw)


def sel(**kw: Any) -> dict[str, Any]:
    """A selector with the defaults of F-84."""
    out: dict[str, Any] = {"where": "farm", "what": "location_card", "type": None,
                           "subtype": None, "name": None, "tag": None, "ability": None,
                           "self": False}  # fmt: skip
    out.update(kw)
    return out


def hall(s: FieldsOfGreenState) -> int:
    return card_at(s, 0, (0, 1))


@pytest.mark.parametrize(
    ("selector", "count"),
    [
        (sel(), 5),  # location cards except the Hall itself and the Open Area
        (sel(self=True), 6),
        (sel(where="adjacent"), 2),  # plot and flock (the tower is no location card)
        (sel(where="adjacent", what="location"), 3),  # + the tower
        (sel(where={"within": 2}), 4),  # plot, flock, grove, pump ((2, 0) hens is 3 away)
        (sel(what="water_tower"), 1),
        (sel(what="silo"), 1),
        (sel(what="location"), 7),
        (sel(what="open_area"), 1),
        (sel(type=["field"]), 2),
        (sel(type=["livestock", "construction"]), 3),  # flock, hens, pump (loner face down)
        (sel(subtype=["small_animal"]), 1),
        (sel(name=["t_plot", "t_grove"]), 2),
        (sel(ability="immediate"), 1),
        (sel(ability="game_end", self=True), 1),
    ],
)
def test_f84_selectors(selector: dict[str, Any], count: int) -> None:
    """F-84, F-30: where, what, the filters and self; Open Areas are ignored unless asked."""
    s = farm_state()
    assert len(matching(s, 0, hall(s), selector)) == count


def test_f84_tag_and_equipment_selectors() -> None:
    """F-84: tag filters; ``equipment`` counts tiles on matching face-up cards."""
    farm = {**FARM, (-2, 1): "t_wheat"}
    s = build(cards=FULL, farms={0: farm}, phase="harvest",
              equipment={0: {(1, 1): ["t_trough", "t_crate"], (0, 0): ["t_extender"]}})  # fmt: skip
    h = hall(s)
    assert len(matching(s, 0, h, sel(tag=["grain"]))) == 1
    assert len(matching(s, 0, h, sel(what="equipment"))) == 3
    assert len(matching(s, 0, h, sel(what="equipment", type=["livestock"]))) == 2


@pytest.mark.parametrize(
    ("a", "value"),
    [
        (3, 3),
        ({"count": sel(type=["field"]), "each": 2, "plus": 1, "max": None}, 5),
        ({"count": sel(), "each": 1, "plus": 0, "max": 3}, 3),
        ({"sets": [sel(type=["field"]), sel(type=["livestock"])], "each": 3, "max": None}, 6),
        ({"sets": [sel(type=["field"]), sel(type=["building"])], "each": 3, "max": None}, 0),
        ({"distinct": sel(self=True), "by": "type", "each": 1, "max": None}, 4),
        ({"distinct": sel(), "by": "subtype", "each": 2, "max": None}, 8),
        ({"distinct": sel(type=["field"]), "by": "name", "each": 1, "max": None}, 2),
        ({"resource": "coins", "per": 5, "each": 2, "max": None}, 6),
        ({"resource": "coins", "per": 5, "each": 2, "max": 4}, 4),
        ({"resource": "food", "per": 1, "each": 1, "max": None}, 3),
        ({"resource": "water", "per": 1, "each": 1, "max": None}, 2),
        ({"resource": "vp_tokens", "per": 2, "each": 1, "max": None}, 2),
        ({"resource": "empty_water_towers", "per": 1, "each": 1, "max": None}, 0),
        ({"resource": "set_aside_equipment", "per": 1, "each": 1, "max": None}, 1),
        ({"if": {"resource": "food", "at_least": 3}, "then": 7, "else": 1}, 7),
        ({"if": {"resource": "food", "at_least": 4}, "then": 7, "else": 1}, 1),
        ({"if": {"resource": "food", "at_least": 4}, "then": 7}, 0),
        ({"sum": [1, {"resource": "vp_tokens", "per": 1, "each": 1, "max": None}]}, 6),
    ],
)
def test_f83_amounts(a: Any, value: int) -> None:
    """F-83: every amount form, measured from the source card, clamped to >= 0."""
    s = farm_state(coins={0: 15}, food={0: 3}, vp={0: 5}, water={0: {(0, 0): 2}},
                   aside={0: ["t_crate"]})  # fmt: skip
    assert amount(s, 0, hall(s), a) == value


@pytest.mark.parametrize(
    ("c", "truth"),
    [
        ({"count": sel(type=["field"]), "at_least": 2}, True),
        ({"count": sel(type=["field"]), "at_most": 1}, False),
        ({"count": sel(where="adjacent", type=["livestock"]), "exactly": 1}, True),
        ({"resource": "coins", "exactly": 15}, True),
        ({"all": [{"resource": "coins", "at_least": 1}, {"resource": "food", "at_least": 9}]},
         False),
        ({"any": [{"resource": "coins", "at_least": 1}, {"resource": "food", "at_least": 9}]},
         True),
        ({"not": {"resource": "food", "at_least": 9}}, True),
    ],
)  # fmt: skip
def test_f85_conditions(c: dict[str, Any], truth: bool) -> None:
    """F-85: count and resource comparisons, all / any / not."""
    s = farm_state(coins={0: 15}, food={0: 3})
    assert condition(s, 0, hall(s), c) is truth


def test_f86_gain_effects() -> None:
    """F-86: gain coins, food (capacity), vp tokens; water is placed by the owner."""
    s = farm_state(coins={0: 0}, food={0: 3}, water={0: {(0, 0): 1}})
    h, ev = hall(s), []
    apply_effect(s, 0, h, {"gain": "coins", "amount": 2}, ev)
    apply_effect(s, 0, h, {"gain": "food", "amount": 5}, ev)
    apply_effect(s, 0, h, {"gain": "vp", "amount": 1}, ev)
    apply_effect(s, 0, h, {"gain": "water", "amount": 5}, ev)
    assert (s.coins[0], s.food[0], s.vp[0]) == (2, 4, 1)
    assert s.stack[-1][:3] == [2, 0, 5]  # a water placement decision for 5 water
    s.refresh()  # one tower with room: placed by itself, the rest lost
    assert water_at(s, 0, (0, 0)) == 3 and not s.stack


def test_f86_refill_towers_within_and_all() -> None:
    """F-86: refill own towers within water distance d of the source, or all of them."""
    farm = {(0, 0): "water_tower", (1, 0): "silo", (2, 0): "silo", (3, 0): "water_tower"}
    s = build(cards=FULL, farms={0: farm}, water={0: {(0, 0): 0, (3, 0): 0}},
              revealed={0: "t_pump"}, hands={1: ["t_herb", "t_herb"]})  # fmt: skip
    act(s, 0, f"build {s.revealed[0]} 4,0")  # the pump is 1 from (3, 0), 4 from (0, 0)
    assert (water_at(s, 0, (0, 0)), water_at(s, 0, (3, 0))) == (0, 3)
    s = build(cards=FULL, farms={0: farm}, water={0: {(0, 0): 0, (3, 0): 0}},
              revealed={0: "t_well"}, hands={1: ["t_herb", "t_herb"]})  # fmt: skip
    act(s, 0, f"build {s.revealed[0]} 4,0")
    act(s, 0, "pay")
    assert (water_at(s, 0, (0, 0)), water_at(s, 0, (3, 0))) == (3, 3)


def test_f86_gain_equipment_twice_one_after_another() -> None:
    """F-86, F-64: ``gain_equipment: 2`` draws, keeps and places one tile, then the next."""
    tiles = ["t_crate", "t_crate", "t_crate", "t_purse", "t_purse", "t_cart"]  # top: cart
    s = build(cards=FULL, revealed={0: "t_workshop"}, tiles=tiles,
              hands={1: ["t_herb", "t_herb"]})  # fmt: skip
    act(s, 0, f"build {s.revealed[0]} 0,1")
    first = s.stack[-1][2:]
    assert [s.cfg.tiles[t].id for t in first] == ["t_cart", "t_purse", "t_purse"]
    act(s, 0, f"keep {first[0]}")
    act(s, 0, "set-aside")
    second = s.stack[-1][2:]
    assert [s.cfg.tiles[t].id for t in second] == ["t_crate", "t_crate", "t_crate"]


def test_f86_choose() -> None:
    """F-86: ``choose`` asks the owner for one option list and applies it."""
    s = build(cards=FULL, revealed={0: "t_fair"}, hands={1: ["t_herb", "t_herb"]})
    act(s, 0, f"build {s.revealed[0]} 0,1")
    assert menu(s, 0) == ["choose 0", "choose 1"]
    act(s, 0, "choose 1")
    assert (s.coins[0], s.vp[0], s.food[0]) == (12, 1, 2)


def test_f86_repeat_host_on_a_harvest_tile() -> None:
    """F-86, F-88: a harvest tile with ``repeat_host`` applies the host's harvest effects
    once more without its cost."""
    farm = {(0, 0): "water_tower", (1, 0): "silo", (0, 1): "t_flock"}
    s = build(cards=FULL, phase="harvest", farms={0: farm, 1: {**farm}}, food={0: 2},
              coins={0: 0}, equipment={0: {(0, 1): ["t_milker"]}})  # fmt: skip
    flock = card_at(s, 0, (0, 1))
    milker = s.equip[flock][0]
    act(s, 0, f"pay-harvest {flock}")
    act(s, 0, f"pay-harvest {flock}/{milker}")
    assert (s.coins[0], s.food[0]) == (10, 0)


def test_f88_modifiers() -> None:
    """F-88: tower capacity, silo capacity, market bonus, harvest cost (never below 0) and
    harvest bonus."""
    farm = {(0, 0): "water_tower", (1, 0): "silo", (0, 1): "t_flock", (-1, 0): "t_plot",
            (0, -1): "t_herb"}  # fmt: skip
    eq = {(0, 0): ["t_tank"], (1, 0): ["t_bin"], (0, -1): ["t_cart"], (0, 1): ["t_trough"],
          (-1, 0): ["t_fertilizer"]}  # fmt: skip
    s = build(cards=FULL, phase="harvest", farms={0: farm, 1: {**farm}}, equipment={0: eq},
              food={0: 0})  # fmt: skip
    tower, flock, plot = card_at(s, 0, (0, 0)), card_at(s, 0, (0, 1)), card_at(s, 0, (-1, 0))
    assert tower_capacity(s, tower) == 5
    assert food_capacity(s, 0) == 7
    assert market_coins(s, 0, 1) == 2 + 2 + 1
    assert cost(s, 0, flock) == (0, 0, 1)
    act(s, 0, f"pay-harvest {plot} 0,0:1")
    assert s.food[0] == 2 + 1  # the Fertilizer's bonus after the Plot's own effect


def test_f82_ability_timings_and_costs() -> None:
    """F-82: a card has at most one ability; harvest abilities always have a cost (maybe
    zero); immediate abilities without cost are not optional."""
    s = build(cards=FULL, revealed={0: "t_stall"}, hands={1: ["t_herb", "t_herb"]})
    act(s, 0, f"build {s.revealed[0]} 0,1")
    assert not s.stack and s.coins[0] == 15 - 2 + 3
    carrot = s.cfg.card_set.location("t_carrot")
    assert carrot.ability is not None and carrot.ability.cost is not None
