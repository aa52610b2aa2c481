"""Random valid Fields of Green card sets (F-80 … F-88) for the parity sweep (issue 15): every
part of the ability vocabulary drawn at random from a seeded ``Rng`` — amounts of every form
nested, selectors of every ``where`` and ``what`` with filters, conditions, every effect
(choices of effects, equipment gains, refills, ``repeat_host`` on tiles) and every modifier —
within the validator's rules, so ``parse_card_set`` accepts each set. Both engines then play it:
the native engine must interpret the data, never a compiled card."""

from __future__ import annotations

from typing import Any

from seedbed.engine.rng import Rng
from seedbed.games.fields_of_green.cards import parse_card_set

Json = dict[str, Any]
TYPES = ("field", "livestock", "construction", "building")
SUBTYPES = ("grain", "fruit", "cattle", "tool", "barn")
TAGS = ("red", "tall", "old")
RESOURCES = ("coins", "food", "water", "vp_tokens", "empty_water_towers", "set_aside_equipment")


class _Gen:
    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)
        self.ids: list[str] = []

    def pick(self, items: Any) -> Any:
        return items[self.rng.below(len(items))]

    def chance(self, k: int) -> bool:
        return self.rng.below(k) == 0

    def some(self, items: Any) -> list[Any]:
        k = 1 + self.rng.below(min(2, len(items)))
        out: list[Any] = []
        while len(out) < k:
            x = self.pick(items)
            if x not in out:
                out.append(x)
        return out

    def selector(self) -> Json:
        where: Any = self.pick(("farm", "adjacent", {"within": 1 + self.rng.below(3)}))
        what = self.pick(
            ("location_card", "location_card", "water_tower", "silo", "location", "open_area",
             "equipment")
        )  # fmt: skip
        out: Json = {"where": where, "what": what}
        if what in ("location_card", "location", "equipment"):
            if self.chance(3):
                out["type"] = self.some(TYPES)
            if self.chance(5):
                out["subtype"] = self.some(SUBTYPES)
            if self.chance(6) and self.ids:
                out["name"] = self.some(self.ids)
            if self.chance(5):
                out["tag"] = self.some(TAGS)
            if self.chance(6):
                out["ability"] = self.pick(("immediate", "harvest", "game_end"))
        if self.chance(4):
            out["self"] = True
        return out

    def condition(self, depth: int) -> Json:
        k = self.rng.below(5 if depth < 2 else 2)
        op = self.pick(("at_least", "at_most", "exactly"))
        if k == 0:
            return {"count": self.selector(), op: self.rng.below(4)}
        if k == 1:
            return {"resource": self.pick(RESOURCES), op: self.rng.below(6)}
        if k == 2:
            return {"not": self.condition(depth + 1)}
        form = "all" if k == 3 else "any"
        return {form: [self.condition(depth + 1) for _ in range(1 + self.rng.below(2))]}

    def limits(self, out: Json) -> Json:
        if self.chance(2):
            out["each"] = self.rng.below(3)
        if self.chance(3):
            out["max"] = self.rng.below(5)
        return out

    def amount(self, depth: int = 0) -> Any:
        k = self.rng.below(7 if depth < 2 else 1)
        if k == 0:
            return self.rng.below(4)
        if k == 1:
            out: Json = {"count": self.selector()}
            if self.chance(3):
                out["plus"] = self.rng.below(3)
            return self.limits(out)
        if k == 2:
            return self.limits({"sets": [self.selector() for _ in range(1 + self.rng.below(2))]})
        if k == 3:
            by = self.pick(("type", "subtype", "name"))
            return self.limits({"distinct": self.selector(), "by": by})
        if k == 4:
            out = {"resource": self.pick(RESOURCES)}
            if self.chance(2):
                out["per"] = 1 + self.rng.below(3)
            return self.limits(out)
        if k == 5:
            out = {"if": self.condition(depth + 1), "then": self.amount(depth + 1)}
            if self.chance(2):
                out["else"] = self.amount(depth + 1)
            return out
        return {"sum": [self.amount(depth + 1) for _ in range(1 + self.rng.below(3))]}

    def cost(self, plain: bool = False) -> Json:
        out: Json = {}
        for key in ("coins", "water", "food"):
            if self.chance(2):
                out[key] = self.rng.below(3) if plain or self.chance(2) else self.amount(1)
        return out

    def effect(self, game_end: bool, depth: int = 0) -> Json:
        if game_end:
            return {"gain": "vp", "amount": self.amount()}
        k = self.rng.below(8 if depth == 0 else 6)
        if k <= 3:
            return {"gain": self.pick(("coins", "food", "water", "vp")), "amount": self.amount()}
        if k == 4:
            return {"refill_towers": self.pick(("all", {"within": 1 + self.rng.below(3)}))}
        if k == 5:
            return {"gain_equipment": 1 + self.rng.below(2)}
        options = [
            [self.effect(False, depth + 1) for _ in range(1 + self.rng.below(2))]
            for _ in range(2 + self.rng.below(2))
        ]
        return {"choose": options}

    def effects(self, game_end: bool) -> list[Json]:
        return [self.effect(game_end) for _ in range(1 + self.rng.below(2))]

    def location(self, i: int, kind: str) -> Json:
        out: Json = {
            "id": f"loc_{i}", "name": f"Location {i}", "type": kind,
            "copies": 1 + self.rng.below(4), "cost": self.cost(plain=True),
            "vp": self.rng.below(3),
        }  # fmt: skip
        if self.chance(2):
            out["subtype"] = self.pick(SUBTYPES)
        if self.chance(3):
            out["tags"] = self.some(TAGS)
        if not self.chance(5):
            timing = self.pick(("immediate", "harvest", "harvest", "game_end"))
            ability: Json = {"timing": timing, "effects": self.effects(timing == "game_end")}
            if timing == "harvest" or self.chance(3):
                ability["cost"] = self.cost()
            out["ability"] = ability
        return out

    def tile(self, i: int) -> Json:
        timing = self.pick(("placement", "ongoing", "harvest", "game_end"))
        hosts = (*TYPES, "location_card", "location")
        out: Json = {"id": f"tile_{i}", "name": f"Tile {i}", "copies": 1 + self.rng.below(3)}
        if timing == "ongoing":
            form = self.pick(
                ("water_range", "tower_capacity", "silo_capacity", "harvest_cost",
                 "harvest_bonus", "market_bonus")
            )  # fmt: skip
            keyword = None
            if form in ("water_range", "tower_capacity"):
                on = self.pick(("water_tower", "location"))
            elif form == "silo_capacity":
                on = self.pick(("silo", "location"))
            elif form == "market_bonus":
                on = self.pick((*hosts, "water_tower", "silo"))
            else:
                on = self.pick(hosts)
                keyword = self.pick((None, "harvest", *SUBTYPES))
            value: Any = 1 + self.rng.below(2)
            if form == "harvest_cost":
                value = {self.pick(("coins", "water", "food")): -1 - self.rng.below(2)}
            elif form == "harvest_bonus":
                value = self.effects(False)
            out.update(placement={"on": on, "keyword": keyword}, timing=timing)
            out["modifiers"] = [{form: value}]
            return out
        on = self.pick((*hosts, "water_tower", "silo"))
        keyword = None
        if on not in ("water_tower", "silo") and self.chance(2):
            keyword = self.pick((timing if timing != "placement" else "harvest", *SUBTYPES, *TAGS))
        effects = self.effects(timing == "game_end")
        if timing in ("harvest", "game_end") and keyword == timing and self.chance(2):
            effects = [{"repeat_host": True}]
        out.update(placement={"on": on, "keyword": keyword}, timing=timing, effects=effects)
        if timing == "harvest" or self.chance(3):
            out["cost"] = self.cost()
        return out


def random_card_data(seed: int) -> Json:
    """A random valid card-data object (checked by the validator before it is returned)."""
    gen = _Gen(seed)
    count = 8 + gen.rng.below(9)
    kinds = [TYPES[i % 4] for i in range(count)]
    gen.ids = [f"loc_{i}" for i in range(count)]
    locations = [gen.location(i, kind) for i, kind in enumerate(kinds)]
    # every subtype and tag a keyword may name is carried by some design (F-65)
    locations[0]["subtype"], locations[0]["tags"] = SUBTYPES[0], list(TAGS)
    for k, subtype in enumerate(SUBTYPES[1:], start=1):
        locations[k]["subtype"] = subtype
    tiles = [gen.tile(i) for i in range(4 + gen.rng.below(8))]
    data = {
        "format": "seedbed.fields_of_green.cards", "version": 1, "name": f"random {seed}",
        "locations": locations, "equipment": tiles,
    }  # fmt: skip
    parse_card_set(data)  # the validator's word: a set it refuses is the generator's fault
    return data
