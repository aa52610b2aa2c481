"""Fields of Green card data: the format and its validator (F-80 … F-89), the shipped original
set against its design brief (F-90 … F-95), the fixture set of section 18, and the file layer's
error messages (file, line, field)."""

from __future__ import annotations

import doctest
import importlib
import json
import re
from collections import Counter
from collections.abc import Iterator, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from seedbed import data_files
from seedbed.games.fields_of_green.card_text import parse_card_text
from seedbed.games.fields_of_green.cards import (
    ABILITY_TIMINGS,
    FORMAT,
    HOST_KINDS,
    LOCATION_TYPES,
    TILE_TIMINGS,
    CardDataError,
    CardSet,
    Cost,
    parse_card_set,
)
from seedbed.games.fields_of_green.spec import SPEC, original_card_set

from .fixture_cards import FIXTURE

ORIGINAL = resources.files("seedbed.games.fields_of_green") / "data" / "original.toml"
ORIGINAL_TEXT = ORIGINAL.read_text(encoding="utf-8")
SELECTOR_KEYS = {"where", "what", "type", "subtype", "name", "tag", "ability", "self"}
INF = 10**6


def load_card_data(path: Path) -> dict[str, Any]:
    """A card file read as the CLI's ``card_set=PATH`` reads it (seedbed.data_files)."""
    return dict(data_files.load(SPEC.data_files[0], path))


def load_card_set(path: Path) -> CardSet:
    return parse_card_set(load_card_data(path))


@pytest.fixture(scope="module")
def cards() -> CardSet:
    return original_card_set()


def of_type(cards: CardSet, kind: str) -> list[Any]:
    return [d for d in cards.locations if d.type == kind]


def harvest(design: Any) -> Any:
    ability = design.ability
    return ability if ability is not None and ability.timing == "harvest" else None


def bounds(amount: Any) -> tuple[int, int]:
    """The smallest and largest value an amount can take (``INF`` when unbounded)."""
    if isinstance(amount, int):
        return amount, amount
    cap = amount.get("max")
    if "count" in amount:
        low, high = amount["plus"], INF
    elif "if" in amount:
        (a, b), (c, d) = bounds(amount["then"]), bounds(amount["else"])
        low, high = min(a, c), max(b, d)
    elif "sum" in amount:
        parts = [bounds(a) for a in amount["sum"]]
        low, high = sum(p[0] for p in parts), min(INF, sum(p[1] for p in parts))
    else:
        low, high = 0, INF
    return low, high if cap is None else min(high, cap)


def gains(effects: Any, resource: str) -> list[Any]:
    """Top-level ``gain resource`` amounts of an effect list."""
    return [e["amount"] for e in effects if e.get("gain") == resource]


def walk(value: Any) -> Iterator[Mapping[str, Any]]:
    """Every dict inside normalized card data."""
    if isinstance(value, Mapping):
        yield value
        for v in value.values():
            yield from walk(v)
    elif isinstance(value, tuple | list):
        for v in value:
            yield from walk(v)


def selectors(value: Any) -> Iterator[Mapping[str, Any]]:
    for d in walk(value):
        for key in ("count", "distinct"):
            if isinstance(d.get(key), Mapping):
                yield d[key]
        if isinstance(d.get("sets"), tuple):
            yield from d["sets"]


# ---------------------------------------------------------------- the shipped set


def test_shipped_set_validates_and_round_trips(cards: CardSet) -> None:
    """F-80, F-89, F-90: the packaged original.toml validates, is cached, reads the same
    through the file loader, and its to_json() gives back an equal set."""
    assert original_card_set() is cards
    assert cards.name == "original"
    assert ORIGINAL.is_file()
    assert parse_card_set(cards.to_json()) == cards
    assert parse_card_set(json.loads(json.dumps(cards.to_json()))) == cards
    assert parse_card_text(ORIGINAL_TEXT, "original.toml") == cards


def test_shipped_counts(cards: CardSet) -> None:
    """F-22, F-24, F-90: 4 types × 11 designs × 3 copies = 132 cards, and 30 tiles."""
    for kind in LOCATION_TYPES:
        designs = of_type(cards, kind)
        assert len(designs) == 11, kind
        assert all(d.copies == 3 for d in designs)
        assert len(cards.pile(kind)) == 33
    assert sum(d.copies for d in cards.locations) == 132
    assert len(cards.equipment_stack()) == 30 == sum(d.copies for d in cards.equipment)


def test_shipped_names_ids_and_texts(cards: CardSet) -> None:
    """F-81, F-90: unique ids and names, every design has its own rules text."""
    designs = [*cards.locations, *cards.equipment]
    assert len({d.id for d in designs}) == len(designs)
    assert len({d.name for d in designs}) == len(designs)
    assert all(d.text.strip() for d in designs)
    assert len({d.text for d in cards.locations if d.ability}) == sum(
        1 for d in cards.locations if d.ability
    )


def test_fields_brief(cards: CardSet) -> None:
    """F-91: cost 1–4 coins and 0–2 water, VP 0–2; at least 8 harvests paying 1–3 water for
    1–3 food; some give VP; at least 4 vegetable and 4 fruit designs."""
    fields = of_type(cards, "field")
    for d in fields:
        assert 1 <= d.cost.coins <= 4 and 0 <= d.cost.water <= 2 and d.cost.food == 0, d.id
        assert 0 <= d.vp <= 2, d.id
    water_for_food = []
    for d in fields:
        h = harvest(d)
        if h is None or h.cost.coins or h.cost.food or not isinstance(h.cost.water, int):
            continue
        food = gains(h.effects, "food")
        if (
            1 <= h.cost.water <= 3
            and food
            and all(bounds(a)[0] >= 1 and bounds(a)[1] <= 3 for a in food)
        ):
            water_for_food.append(d.id)
    assert len(water_for_food) >= 8, water_for_food
    assert any(harvest(d) and gains(harvest(d).effects, "vp") for d in fields)
    subtypes = Counter(d.subtype for d in fields)
    assert subtypes["vegetable"] >= 4 and subtypes["fruit"] >= 4


def test_livestock_brief(cards: CardSet) -> None:
    """F-92: cost 1–5 coins and 0–2 food, VP 0–3; harvests pay 1–3 food for about 2–3 coins
    per food; at least 4 large and 4 small animals."""
    livestock = of_type(cards, "livestock")
    for d in livestock:
        assert 1 <= d.cost.coins <= 5 and 0 <= d.cost.food <= 2 and d.cost.water == 0, d.id
        assert 0 <= d.vp <= 3, d.id
        h = harvest(d)
        assert h is not None, d.id
        assert h.cost.coins == 0 and h.cost.water == 0, d.id
        food = h.cost.food
        if isinstance(food, int):
            assert 1 <= food <= 3, d.id
        else:  # the own-name pattern below: 1 food per copy in the farm, 1 to 3
            assert food["count"]["name"] == (d.id,) and food["each"] == 1 and d.copies == 3
        coins = [bounds(a)[0] for a in gains(h.effects, "coins")]
        assert coins, d.id
        if isinstance(h.cost.food, int):
            assert 2 <= sum(coins) / h.cost.food <= 3, d.id
    assert any(gains(harvest(d).effects, "vp") for d in livestock)
    subtypes = Counter(d.subtype for d in livestock)
    assert subtypes["large_animal"] >= 4 and subtypes["small_animal"] >= 4


def alone_pattern(design: Any) -> bool:
    """An ``if`` on an adjacent livestock count (better when no other livestock is adjacent)."""
    for d in walk(design.ability.effects):
        cond = d.get("if")
        if isinstance(cond, Mapping) and isinstance(cond.get("count"), Mapping):
            sel = cond["count"]
            if sel["where"] == "adjacent" and sel["type"] == ("livestock",):
                return cond.get("exactly") == 0 or cond.get("at_most") == 0
    return False


def test_livestock_patterns(cards: CardSet) -> None:
    """F-92: the three required patterns are present: alone-is-better, a feeding cost growing
    with the copies of the design (a count on its own name, self true), and a bonus per
    adjacent small animal (livestock or construction)."""
    livestock = of_type(cards, "livestock")
    assert any(alone_pattern(d) for d in livestock)
    own_name = [
        d.id
        for d in livestock
        if isinstance(d.ability.cost.food, Mapping)
        and d.ability.cost.food.get("count", {}).get("name") == (d.id,)
        and d.ability.cost.food["count"]["self"] is True
    ]
    assert own_name
    small_bonus = [
        d.id
        for d in (*livestock, *of_type(cards, "construction"))
        if d.ability
        for s in selectors(d.ability.effects)
        if s["where"] == "adjacent" and s["subtype"] == ("small_animal",)
    ]
    assert small_bonus


def test_constructions_brief(cards: CardSet) -> None:
    """F-93: cost 2–6 coins, VP 0–2; at least 7 immediate abilities among which at least 2
    gain equipment, 1 refills towers and 2 gain coins, food or water; at most 3 harvests."""
    constructions = of_type(cards, "construction")
    for d in constructions:
        assert 2 <= d.cost.coins <= 6 and d.cost.water == 0 and d.cost.food == 0, d.id
        assert 0 <= d.vp <= 2, d.id
    immediate = [d for d in constructions if d.ability and d.ability.timing == "immediate"]
    assert len(immediate) >= 7

    def has(design: Any, test: Any) -> bool:
        return any(test(e) for e in walk(design.ability.effects))

    assert sum(has(d, lambda e: "gain_equipment" in e) for d in immediate) >= 2
    assert sum(has(d, lambda e: "refill_towers" in e) for d in immediate) >= 1
    resources_ = ("coins", "food", "water")
    assert sum(has(d, lambda e: e.get("gain") in resources_) for d in immediate) >= 2
    assert sum(1 for d in constructions if harvest(d)) <= 3


def test_buildings_brief(cards: CardSet) -> None:
    """F-94: cost 4–10 coins, some food or water, VP 1–5; at least 9 game-end abilities worth
    2–8 VP in a developed farm, scoring per type, per adjacent card, per complete set, per
    empty Water Tower and per equipment tile."""
    buildings = of_type(cards, "building")
    for d in buildings:
        assert 4 <= d.cost.coins <= 10, d.id
        assert 1 <= d.vp <= 5, d.id
    assert any(d.cost.food or d.cost.water for d in buildings)
    scoring = [d for d in buildings if d.ability and d.ability.timing == "game_end"]
    assert len(scoring) >= 9
    for d in scoring:
        high = sum(bounds(a)[1] for a in gains(d.ability.effects, "vp"))
        assert 2 <= high <= 9, d.id
    effects = [e for d in scoring for e in walk(d.ability.effects)]
    sels = [s for d in scoring for s in selectors(d.ability.effects)]
    assert any(s["where"] == "farm" and s["type"] for s in sels)
    assert any(s["where"] == "adjacent" and s["type"] for s in sels)
    assert any("sets" in e and len(e["sets"]) == 4 for e in effects)
    assert any(e.get("resource") == "empty_water_towers" for e in effects)
    assert any(s["what"] == "equipment" for s in sels)


def test_equipment_brief(cards: CardSet) -> None:
    """F-95: about a quarter of the tiles per timing; game-end tiles worth 2–3 VP; ongoing
    tiles give range, capacity, cheaper harvests and harvest bonuses; every host kind used; at
    least a third of the tiles carry a keyword; a game-end repeat_host tile with a coin cost."""
    tiles = cards.equipment
    per_timing = Counter({t: 0 for t in TILE_TIMINGS})
    for d in tiles:
        per_timing[d.timing] += d.copies
    assert all(6 <= n <= 9 for n in per_timing.values()), per_timing
    for d in tiles:
        if d.timing == "game_end" and not any("repeat_host" in e for e in d.effects):
            high = sum(bounds(a)[1] for a in gains(d.effects, "vp"))
            assert 2 <= high <= 3, d.id
        if d.timing in ("harvest", "placement"):
            assert d.effects, d.id
        if d.timing == "harvest":
            assert d.cost is not None and d.cost != Cost(), d.id
    modifiers = {key for d in tiles for m in d.modifiers for key in m}
    assert {"water_range", "tower_capacity", "silo_capacity"} <= modifiers
    assert {"harvest_cost", "harvest_bonus"} <= modifiers
    assert {d.on for d in tiles} == set(HOST_KINDS)
    assert 3 * sum(d.copies for d in tiles if d.keyword) >= 30
    repeat = [
        d for d in tiles if d.timing == "game_end" and {"repeat_host": True} in d.effects and d.cost
    ]
    assert any(isinstance(d.cost.coins, int) and d.cost.coins > 0 for d in repeat)


def test_every_ability_parses_to_normalized_forms(cards: CardSet) -> None:
    """F-82 … F-88: every ability and tile parsed; selectors and amounts carry every default,
    lists are tuples; harvest abilities always have a Cost (F-82)."""
    for d in cards.locations:
        if d.ability is None:
            continue
        assert d.ability.timing in ABILITY_TIMINGS and d.ability.effects, d.id
        if d.ability.timing == "harvest":
            assert isinstance(d.ability.cost, Cost), d.id
    every = [d.to_json() for d in (*cards.locations, *cards.equipment)]
    assert every
    data = [(d.ability, d.cost) for d in cards.locations] + [
        (d.effects, d.modifiers, d.cost) for d in cards.equipment
    ]
    for s in selectors(data):
        assert set(s) == SELECTOR_KEYS
        assert all(
            s[k] is None or isinstance(s[k], tuple) for k in ("type", "subtype", "name", "tag")
        )
    for d in walk(data):
        if "count" in d and "each" in d:
            assert set(d) == {"count", "each", "plus", "max"}
        if "if" in d:
            assert set(d) == {"if", "then", "else"}
        for v in d.values():
            assert not isinstance(v, list)


def test_game_end_effects_only_gain_vp(cards: CardSet) -> None:
    """F-86: every game-end ability (locations and tiles) only gains VP or repeats its host."""
    effects = [e for d in cards.locations if d.ability and d.ability.timing == "game_end"
               for e in d.ability.effects]  # fmt: skip
    effects += [e for d in cards.equipment if d.timing == "game_end" for e in d.effects]
    assert all(e.get("gain") == "vp" or e == {"repeat_host": True} for e in effects)


# ---------------------------------------------------------------- the fixture set


def test_fixture_set_validates() -> None:
    """Section 18 (F-EX-5 … F-EX-17): the fixture designs validate with the stated costs."""
    fx = parse_card_set(FIXTURE, "fixture")
    assert [d.id for d in fx.locations] == [
        "fx_plot", "fx_grove", "fx_flock", "fx_loner", "fx_burrow", "fx_pump", "fx_shed",
        "fx_hall",
    ]  # fmt: skip
    assert [d.id for d in fx.equipment] == ["fx_trough", "fx_extender", "fx_crate", "fx_generator"]
    assert fx.location("fx_plot").cost == Cost(coins=2, water=1)
    assert fx.location("fx_hall").cost == Cost(coins=6, food=1)
    burrow = fx.location("fx_burrow").ability
    assert burrow is not None and burrow.cost is not None
    assert burrow.cost.food == {
        "count": {"where": "farm", "what": "location_card", "type": None, "subtype": None,
                  "name": ("fx_burrow",), "tag": None, "ability": None, "self": True},
        "each": 1, "plus": 0, "max": None,
    }  # fmt: skip
    assert fx.equipment_design("fx_trough").modifiers == (
        {"harvest_cost": {"coins": 0, "water": 0, "food": -1}},
    )
    generator = fx.equipment_design("fx_generator")
    assert generator.cost == Cost(coins=3) and generator.keyword == "game_end"
    assert parse_card_set(fx.to_json()) == fx
    with pytest.raises(KeyError):
        fx.location("fx_trough")


def test_f87_harvest_tile_without_cost_is_free_and_other_timings_have_none() -> None:
    """F-87: a tile's cost is optional; a harvest tile without one gets a zero Cost (a harvest
    item always has a cost, F-82), a placement tile without one has no cost."""
    obj = json.loads(json.dumps(FIXTURE))
    tile = {
        "id": "fx_pail", "name": "Pail", "copies": 1, "timing": "harvest",
        "placement": {"on": "field"}, "effects": [{"gain": "food", "amount": 1}],
    }  # fmt: skip
    gift = {**tile, "id": "fx_gift", "timing": "placement"}
    obj["equipment"] += [tile, gift]
    cards = parse_card_set(obj, "fixture+pail")
    assert cards.equipment_design("fx_pail").cost == Cost()
    assert cards.equipment_design("fx_gift").cost is None
    assert parse_card_set(cards.to_json()) == cards


def test_f89_other_totals_are_accepted() -> None:
    """F-89: a set with other totals than 4 × 33 and 30 (even no tiles) is valid."""
    small = {**FIXTURE, "equipment": [], "locations": FIXTURE["locations"][:2]}
    assert len(parse_card_set(small).pile("field")) == 6
    assert parse_card_set({"format": FORMAT, "version": 1, "name": "none"}).locations == ()


# ---------------------------------------------------------------- validator rules on objects


def with_location(**changes: Any) -> dict[str, Any]:
    """The fixture with fx_plot (locations[0]) changed; a value None deletes the key."""
    plot = {k: v for k, v in {**FIXTURE["locations"][0], **changes}.items() if v is not None}
    return {**FIXTURE, "locations": [plot, *FIXTURE["locations"][1:]]}


def with_tile(index: int, **changes: Any) -> dict[str, Any]:
    tile = {k: v for k, v in {**FIXTURE["equipment"][index], **changes}.items() if v is not None}
    tiles = list(FIXTURE["equipment"])
    tiles[index] = tile
    return {**FIXTURE, "equipment": tiles}


def refused(obj: Mapping[str, Any], where: str, what: str) -> None:
    with pytest.raises(CardDataError) as caught:
        parse_card_set(obj, "t")
    message = str(caught.value)
    assert message.startswith(f"t: {where}"), message
    assert what in message, message


HARVEST_FOOD = {"gain": "food", "amount": 1}
PLOT = 'locations[0] (id "fx_plot")'
EFFECT = f"{PLOT}.ability.effects[0]"


def ability(timing: str, *effects: Any) -> dict[str, Any]:
    return with_location(ability={"timing": timing, "effects": list(effects)})


def scoring(amount: Any) -> dict[str, Any]:
    return ability("immediate", {"gain": "vp", "amount": amount})


@pytest.mark.parametrize(
    ("obj", "where", "what"),
    [
        (with_location(id="Plot!"), "locations[0].id", "may use only a-z"),
        (with_location(copies=0), f"{PLOT}.copies", "at least 1"),
        (with_location(cost={"coins": {"count": {}}}), f"{PLOT}.cost.coins", "expected an integer"),
        (with_location(tags=["harvest"]), f"{PLOT}.tags", "ambiguous"),
        (ability("harvest", HARVEST_FOOD), f"{PLOT}.ability", 'needs a "cost"'),
        (ability("immediate", {"repeat_host": True}), f"{EFFECT}.repeat_host", "for equipment"),
        (ability("game_end", {"gain_equipment": 1}), f"{EFFECT}.gain_equipment", "only gain vp"),
        (ability("immediate", {"choose": [[HARVEST_FOOD]]}), f"{EFFECT}.choose", "at least two"),
        (ability("immediate"), f"{PLOT}.ability.effects", "at least one effect"),
        (ability("immediate", {"refill_towers": "farm"}), f"{EFFECT}.refill_towers", '"all"'),
        (scoring({"count": {"what": "open_area", "type": ["field"]}}),
         f"{EFFECT}.amount.count.type", "could never match"),
        (scoring({"count": {"tag": ["rocky"]}}), f"{EFFECT}.amount.count.tag[0]", "unknown tag"),
        (scoring({"count": {"type": []}}), f"{EFFECT}.amount.count.type", "matches nothing"),
        (scoring({"resource": "coins", "per": 0}), f"{EFFECT}.amount.per", "at least 1"),
        (scoring({"resource": "gold"}), f"{EFFECT}.amount.resource", "unknown resource"),
        (scoring({"if": {"resource": "coins", "at_least": 1, "exactly": 2}, "then": 1}),
         f"{EFFECT}.amount.if", "exactly one of"),
        (scoring({"count": {}, "sum": []}), f"{EFFECT}.amount", "exactly one of"),
        (scoring(1.5), f"{EFFECT}.amount", "got a number 1.5"),
        (with_tile(0, effects=[HARVEST_FOOD]), 'equipment[0] (id "fx_trough").effects',
         "ongoing tile has no effects"),
        (with_tile(2, modifiers=[{"market_bonus": 1}]), 'equipment[2] (id "fx_crate").modifiers',
         "has no modifiers"),
        (with_tile(0, modifiers=[{"harvest_cost": {"food": 1}}]),
         'equipment[0] (id "fx_trough").modifiers[0].harvest_cost.food', "only reduces"),
        (with_tile(1, placement={"on": "water_tower", "keyword": "harvest"}),
         'equipment[1] (id "fx_extender").placement.keyword', "no ability, subtype or tags"),
        (with_tile(1, placement={"on": "field", "keyword": "rocky"}),
         'equipment[1] (id "fx_extender").placement.keyword', "unknown keyword"),
        (with_tile(0, placement={"on": "building", "keyword": "game_end"}),
         'equipment[0] (id "fx_trough").modifiers[0].harvest_cost', "harvest ability"),
        (with_tile(3, timing="placement"), 'equipment[3] (id "fx_generator").effects[0]',
         "repeat_host is for harvest and game-end tiles"),
        (with_tile(3, effects=[{"choose": [[{"repeat_host": True}], []]}]),
         'equipment[3] (id "fx_generator").effects[0].choose', "only gain vp"),
        (with_tile(2, id="fx_plot"), 'equipment[2] (id "fx_plot").id', "duplicate id"),
        ({**FIXTURE, "colour": "green"}, "colour", "unknown key"),
        ({**FIXTURE, "version": True}, "version", "expected an integer"),
        ({**FIXTURE, "locations": {}}, "locations", "expected a list"),
    ],
)  # fmt: skip
def test_validator_refuses(obj: Mapping[str, Any], where: str, what: str) -> None:
    """F-80 … F-88: each broken object is refused, naming the entry and field: ids (F-81),
    copies ≥ 1, plain build costs, harvest costs (F-82), repeat_host only on tiles and with its
    timing (F-86, F-88), game-end only vp (F-86), fields per timing (F-87), modifier hosts and
    keywords (F-65, F-88), selectors (F-84), amounts (F-83), conditions (F-85)."""
    refused(obj, where, what)


def test_card_data_error_is_a_value_error() -> None:
    """F-80: refusals are ValueErrors carrying the field path for the file layer."""
    with pytest.raises(ValueError) as caught:
        parse_card_set(with_location(vp=-1), "t")
    error = caught.value
    assert isinstance(error, CardDataError)
    assert error.path == ("locations", 0, "vp") and error.entry_id == "fx_plot"
    assert (
        error.located("x.toml", 9).args[0]
        == 'x.toml:9: locations[0] (id "fx_plot").vp: negative: -1'
    )


# ---------------------------------------------------------------- files: file, line, field

BROKEN_TOML = [
    # name, old text, new text, field path in the message, words of the message, text on the line
    ("unknown_key", 'id = "goat_pen"\n', 'id = "goat_pen"\ncolour = "red"\n',
     'locations[14] (id "goat_pen").colour', "unknown key 'colour'", "colour"),
    ("wrong_type", 'subtype = "large_animal"\ncopies = 3\ncost = { coins = 3 }\nvp = 1\n'
     'ability.timing = "harvest"\nability.cost = { food = 3 }',
     'subtype = "large_animal"\ncopies = "3"\ncost = { coins = 3 }\nvp = 1\n'
     'ability.timing = "harvest"\nability.cost = { food = 3 }',
     'locations[18] (id "pig_sty").copies', "expected an integer", 'copies = "3"'),
    ("negative", 'cost = { coins = 6 }\nvp = 3\nability.timing = "game_end"\n'
     'ability.effects = [{ gain = "vp", amount = { count = { type = ["livestock"] }',
     'cost = { coins = 6 }\nvp = -3\nability.timing = "game_end"\n'
     'ability.effects = [{ gain = "vp", amount = { count = { type = ["livestock"] }',
     'locations[35] (id "auction_barn").vp', "negative", "vp = -3"),
    ("unknown_name", 'name = ["rabbit_hutches"]', 'name = ["rabit_hutches"]',
     'locations[13] (id "rabbit_hutches").ability.cost.food.count.name[0]',
     "unknown location design id 'rabit_hutches'", "rabit_hutches"),
    ("duplicate_id", 'id = "windmill"', 'id = "windpump"',
     'locations[32] (id "windpump").id', "duplicate id 'windpump'", 'id = "windpump"'),
    ("game_end_coins", '{ gain = "vp", amount = 5 }', '{ gain = "coins", amount = 5 }',
     'locations[42] (id "grange_hall").ability.effects[0].gain', "may only gain vp",
     'gain = "coins"'),
    ("unknown_resource", '{ gain = "coins", amount = 2 }, { gain = "water", amount = 1 }',
     '{ gain = "coins", amount = 2 }, { gain = "gold", amount = 1 }',
     'locations[12] (id "duck_pond").ability.effects[1].gain', "unknown resource 'gold'",
     'gain = "gold"'),
    ("impossible_host", 'placement = { on = "silo" }', 'placement = { on = "field" }',
     'equipment[6] (id "grain_bin").modifiers[0].silo_capacity', "needs a silo host",
     "silo_capacity"),
    ("repeat_keyword", 'placement = { on = "building", keyword = "game_end" }',
     'placement = { on = "building", keyword = "harvest" }',
     'equipment[3] (id "festival_banner").placement.keyword', "its own timing 'game_end'",
     'keyword = "harvest"'),
    ("missing_field", 'vp = 0\nability.timing = "immediate"\n'
     'ability.effects = [{ gain = "water", amount = 3 }]',
     'ability.timing = "immediate"\nability.effects = [{ gain = "water", amount = 3 }]',
     'locations[28] (id "stone_well")', "missing required key 'vp'", "[[locations]]"),
    ("wrong_format", 'format = "seedbed.fields_of_green.cards"', 'format = "fields"',
     "format", "expected 'seedbed.fields_of_green.cards'", 'format = "fields"'),
    ("wrong_version", "version = 1", "version = 2", "version", "unsupported version 2",
     "version = 2"),
    ("toml_syntax", 'id = "hay_loft"', 'id = "hay_loft', "", "TOML syntax error",
     'id = "hay_loft'),
]  # fmt: skip


@pytest.mark.parametrize(
    ("old", "new", "where", "what", "on_line"),
    [case[1:] for case in BROKEN_TOML],
    ids=[case[0] for case in BROKEN_TOML],
)
def test_broken_toml_files_are_refused_with_file_line_and_field(
    tmp_path: Path, old: str, new: str, where: str, what: str, on_line: str
) -> None:
    """F-80: a broken card file (unknown key, wrong type, negative number, unknown id in a
    selector, duplicate id, a game-end effect other than vp (F-86), a modifier on an impossible
    host and repeat_host with a wrong keyword (F-88), wrong format or version, TOML syntax) is
    refused with ``file:line: field: what``, and the line is the one with the mistake."""
    assert ORIGINAL_TEXT.count(old) >= 1
    path = tmp_path / "mycards.toml"
    path.write_text(ORIGINAL_TEXT.replace(old, new, 1), encoding="utf-8")
    assert_refused(path, where, what, on_line)


def assert_refused(path: Path, where: str, what: str, on_line: str) -> None:
    with pytest.raises(CardDataError) as caught:
        load_card_set(path)
    message = str(caught.value)
    found = re.match(rf"{re.escape(str(path))}:(\d+): (.*)$", message)
    assert found, message
    assert found.group(2).startswith(f"{where}: " if where else ""), message
    assert what in message, message
    line = path.read_text(encoding="utf-8").splitlines()[int(found.group(1)) - 1]
    assert on_line in line, (message, line)


def test_broken_json_files_name_the_exact_line(tmp_path: Path, cards: CardSet) -> None:
    """F-80: JSON files load like TOML ones; errors name the file and the exact line."""
    good = tmp_path / "cards.json"
    good.write_text(json.dumps(cards.to_json(), indent=2), encoding="utf-8")
    assert load_card_set(good) == cards
    assert load_card_data(good)["name"] == "original"
    obj = cards.to_json()
    obj["locations"][12]["ability"]["effects"][1]["gain"] = "gold"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(obj, indent=2), encoding="utf-8")
    where = 'locations[12] (id "duck_pond").ability.effects[1].gain'
    assert_refused(bad, where, "unknown resource 'gold'", '"gain": "gold"')
    bad.write_text(json.dumps(obj, indent=2).replace('"vp": 1', '"vp": 1,,', 1), encoding="utf-8")
    assert_refused(bad, "", "JSON syntax error", '"vp": 1,,')
    bad.write_text("[]", encoding="utf-8")
    assert_refused(bad, "", "one object", "[]")


def test_file_layer_refuses_other_files(tmp_path: Path) -> None:
    """F-89: only .toml and .json card files; an unreadable file is a ValueError naming it."""
    other = tmp_path / "cards.yaml"
    other.write_text("name: x\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"must end in \.toml or \.json"):
        load_card_set(other)
    with pytest.raises(ValueError, match="cannot read the file"):
        load_card_set(tmp_path / "missing.toml")


def test_docs_list_every_original_design(cards: CardSet) -> None:
    """F-90: docs/card-sets.md has a row for every design of the shipped set."""
    docs = Path(__file__).resolve().parents[3] / "docs" / "card-sets.md"
    text = docs.read_text(encoding="utf-8")
    missing = [d.id for d in (*cards.locations, *cards.equipment) if f"`{d.id}`" not in text]
    assert not missing


@pytest.mark.parametrize(
    "name",
    [
        "seedbed.games.fields_of_green.cards",
        "seedbed.games.fields_of_green.card_text",
        "seedbed.data_files",
    ],
)
def test_doctests(name: str) -> None:
    """F-80: the doctest examples of the card-data API run."""
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
