"""The ability vocabulary (F-82 … F-88), implemented once and driven by the card data.

Amounts, selectors and conditions are evaluated on the owner's farm at the moment they are
used, relative to a *source* card: the card with the ability, or the card a tile sits on
(F-67, F-83). Effects that need a decision push a frame on the decision stack instead of
deciding (F-7); the stack runner in ``flow.py`` asks the player or decides when only one
choice exists. Ongoing modifiers (F-88) are summed on demand from the tiles on a card, so
nothing has to be updated when a tile arrives or a card turns into an Open Area.
"""

from __future__ import annotations

from collections.abc import Container, Iterator, Mapping, Sequence, Sized
from typing import Any, Literal, Protocol

from seedbed.engine.api import Event
from seedbed.games.fields_of_green.config import (
    KIND_NAMES,
    SILO,
    SILO_CAPACITY,
    TOWER,
    TOWER_CAPACITY,
    TOWER_RANGE,
    TYPES,
    CardInfo,
)
from seedbed.games.fields_of_green.farm import Cell, neighbours, within
from seedbed.games.fields_of_green.state import (
    F_CHOOSE,
    F_EFFECTS,
    F_GAIN,
    F_WATER,
    NONE,
    Zones,
)

Json = Mapping[str, Any]

# ------------------------------------------------------------------ modifiers (F-88)


def modifiers(s: Zones, card: int, name: str) -> Iterator[Any]:
    """The values of every ``name`` modifier of the ongoing tiles on ``card``."""
    tiles = s.equip.get(card)
    if not tiles:
        return
    table = s.cfg.tiles
    for t in tiles:
        design = table[t]
        if design.timing == "ongoing":
            for m in design.modifiers:
                if name in m:
                    yield m[name]


def modifier_sum(s: Zones, card: int, name: str) -> int:
    return sum(modifiers(s, card, name))


def tower_range(s: Zones, tower: int) -> int:
    """F-32: 2 plus range bonuses."""
    return TOWER_RANGE + modifier_sum(s, tower, "water_range")


def tower_capacity(s: Zones, tower: int) -> int:
    """F-33: 3 plus capacity bonuses."""
    return TOWER_CAPACITY + modifier_sum(s, tower, "tower_capacity")


def food_capacity(s: Zones, p: int) -> int:
    """F-34: 4 per Silo plus bonuses on them."""
    cards = s.cfg.cards
    total = 0
    for card in s.farms[p].values():
        if cards[card].kind == SILO:
            total += SILO_CAPACITY + modifier_sum(s, card, "silo_capacity")
    return total


def market_bonus(s: Zones, p: int) -> int:
    """F-54, F-88: extra coins for Go to Market from tiles on any face-up card."""
    return sum(modifier_sum(s, c, "market_bonus") for c in s.farms[p].values() if c in s.equip)


def harvest_cost_cut(s: Zones, card: int) -> tuple[int, int, int]:
    """F-88: the (coins, water, food) reductions (<= 0) of ``card``'s harvest cost."""
    coins = water = food = 0
    for cut in modifiers(s, card, "harvest_cost"):
        coins += cut.get("coins", 0)
        water += cut.get("water", 0)
        food += cut.get("food", 0)
    return coins, water, food


def gain_food(s: Zones, p: int, n: int) -> int:
    """F-34: food beyond the capacity is lost at once. Returns the food kept."""
    room = max(0, food_capacity(s, p) - s.food[p])
    kept = min(n, room)
    s.food[p] += kept
    return kept


# ------------------------------------------------------------------ what the vocabulary reads


class CardTable(Protocol):
    @property
    def cards(self) -> Sequence[CardInfo]: ...


class FarmFacts(Protocol):
    """What amounts, selectors and conditions read of a game: the rules' ``Zones``, or a bot's
    picture of a farm (``heuristics_farm.Farm``). Nothing here is changed."""

    @property
    def cfg(self) -> CardTable: ...
    @property
    def farms(self) -> Sequence[Mapping[Cell, int]]: ...
    @property
    def face_down(self) -> Container[int]: ...
    @property
    def equip(self) -> Mapping[int, Sized]: ...
    @property
    def coins(self) -> Sequence[int]: ...
    @property
    def food(self) -> Sequence[int]: ...
    @property
    def vp(self) -> Sequence[int]: ...
    @property
    def aside(self) -> Sequence[Sized]: ...
    @property
    def water(self) -> Mapping[int, int]: ...
    def tower_cards(self, p: int) -> list[int]: ...


ANYWHERE: Literal["anywhere"] = "anywhere"
# Where a source card stands: its cell; None when it is on no farm (positional selectors then
# see nothing); ANYWHERE for an estimate of a card not placed yet that may see the whole farm
# (bots pricing a tile before its host is chosen). The rules only use the first two.
Origin = Cell | Literal["anywhere"] | None


def origin(s: Zones, src: int) -> Cell | None:
    """The cell of the source card, or None when it is not on a farm."""
    home = s.home.get(src) if src != NONE else None
    return None if home is None else home[1]


# ------------------------------------------------------------------ selectors (F-84)


def _scope(s: FarmFacts, p: int, at: Origin, where: Any) -> list[int]:
    """The cards of p's farm a selector looks at."""
    farm = s.farms[p]
    if where == "farm" or at == ANYWHERE:
        return list(farm.values())
    if at is None or isinstance(at, str):
        return []
    if where == "adjacent":
        return [farm[n] for n in neighbours(at) if n in farm]
    return [farm[c] for c in within(farm, at, int(where["within"]))]


def _card_matches(s: FarmFacts, card: int, sel: Json) -> bool:
    """The type / subtype / name / tag / ability filters (None = no filter)."""
    info = s.cfg.cards[card]
    types = sel.get("type")
    if types is not None and (info.kind >= len(TYPES) or TYPES[info.kind] not in types):
        return False
    subtypes = sel.get("subtype")
    if subtypes is not None and info.subtype not in subtypes:
        return False
    names = sel.get("name")
    if names is not None and info.design not in names:
        return False
    tags = sel.get("tag")
    if tags is not None and not any(t in tags for t in info.tags):
        return False
    timing = sel.get("ability")
    return timing is None or info.timing == timing


def _what_matches(s: FarmFacts, card: int, what: str) -> bool:
    kind = s.cfg.cards[card].kind
    if what == "open_area":
        return card in s.face_down
    if card in s.face_down:
        return False  # F-30: selectors ignore Open Areas unless they ask for them
    if what in ("location_card", "equipment"):
        return kind < len(TYPES) or what == "equipment"
    if what == "location":
        return True
    return KIND_NAMES[kind] == what


def matching(s: Zones, p: int, src: int, sel: Json) -> list[int]:
    """The cards a selector matches. For ``what = equipment`` every tile on a matching
    card counts once, so the card is repeated per tile."""
    return matching_at(s, p, src, origin(s, src), sel)


def matching_at(s: FarmFacts, p: int, src: int, at: Origin, sel: Json) -> list[int]:
    """``matching`` for a source card ``src`` (NONE: none on the farm) standing at ``at``."""
    what = sel.get("what", "location_card")
    allow_self = sel.get("self", False)
    out: list[int] = []
    for card in _scope(s, p, at, sel.get("where", "farm")):
        if card == src and not allow_self:
            continue
        if not _what_matches(s, card, what) or not _card_matches(s, card, sel):
            continue
        if what == "equipment":
            out += [card] * len(s.equip.get(card, ()))
        else:
            out.append(card)
    return out


# ------------------------------------------------------------------ amounts (F-83)


def resource(s: FarmFacts, p: int, name: str) -> int:
    if name == "coins":
        return s.coins[p]
    if name == "food":
        return s.food[p]
    if name == "vp_tokens":
        return s.vp[p]
    if name == "set_aside_equipment":
        return len(s.aside[p])
    towers = s.tower_cards(p)
    if name == "water":
        return sum(s.water[t] for t in towers)
    if name == "empty_water_towers":
        return sum(1 for t in towers if s.water[t] == 0)
    raise ValueError(f"unknown resource {name!r} [F-83]")


def _limited(value: int, a: Json) -> int:
    limit = a.get("max")
    return value if limit is None else min(value, int(limit))


def _distinct(s: FarmFacts, cards: list[int], by: str) -> int:
    info = s.cfg.cards
    values: set[object]
    if by == "type":
        values = {info[c].kind for c in cards if info[c].kind < len(TYPES)}
    elif by == "subtype":
        values = {info[c].subtype for c in cards if info[c].subtype is not None}
    else:
        values = {info[c].design for c in cards}
    return len(values)


def amount(s: Zones, p: int, src: int, a: Any) -> int:
    """Evaluate an Amount; every Amount is clamped to 0 or more (F-83)."""
    return max(0, _amount(s, p, src, origin(s, src), a))


def amount_at(s: FarmFacts, p: int, src: int, at: Origin, a: Any) -> int:
    """``amount`` for a source card ``src`` (NONE: none on the farm) standing at ``at``."""
    return max(0, _amount(s, p, src, at, a))


def _amount(s: FarmFacts, p: int, src: int, at: Origin, a: Any) -> int:
    if isinstance(a, int):
        return a
    each = int(a.get("each", 1))
    if "count" in a:
        n = len(matching_at(s, p, src, at, a["count"]))
        return _limited(int(a.get("plus", 0)) + each * n, a)
    if "sets" in a:
        n = min(len(matching_at(s, p, src, at, sel)) for sel in a["sets"])
        return _limited(each * n, a)
    if "distinct" in a:
        n = _distinct(s, matching_at(s, p, src, at, a["distinct"]), a["by"])
        return _limited(each * n, a)
    if "resource" in a:
        n = resource(s, p, a["resource"]) // int(a.get("per", 1))
        return _limited(each * n, a)
    if "if" in a:
        branch = a["then"] if condition_at(s, p, src, at, a["if"]) else a.get("else", 0)
        return amount_at(s, p, src, at, branch)
    if "sum" in a:
        return sum(amount_at(s, p, src, at, part) for part in a["sum"])
    raise ValueError(f"unknown amount {dict(a)!r} [F-83]")


def condition(s: Zones, p: int, src: int, c: Json) -> bool:
    """F-85."""
    return condition_at(s, p, src, origin(s, src), c)


def condition_at(s: FarmFacts, p: int, src: int, at: Origin, c: Json) -> bool:
    """``condition`` for a source card ``src`` (NONE: none on the farm) standing at ``at``."""
    if "all" in c:
        return all(condition_at(s, p, src, at, part) for part in c["all"])
    if "any" in c:
        return any(condition_at(s, p, src, at, part) for part in c["any"])
    if "not" in c:
        return not condition_at(s, p, src, at, c["not"])
    count = c.get("count")
    if count is None:
        value = resource(s, p, c["resource"])
    else:
        value = len(matching_at(s, p, src, at, count))
    if "at_least" in c:
        return value >= int(c["at_least"])
    if "at_most" in c:
        return value <= int(c["at_most"])
    return value == int(c["exactly"])


def cost_of(s: Zones, p: int, src: int, cost: Any) -> tuple[int, int, int]:
    """A Cost (F-82) evaluated now: (coins, water, food); None costs nothing."""
    return cost_at(s, p, src, origin(s, src), cost)


def cost_at(s: FarmFacts, p: int, src: int, at: Origin, cost: Any) -> tuple[int, int, int]:
    """``cost_of`` for a source card ``src`` (NONE: none on the farm) standing at ``at``."""
    if cost is None:
        return 0, 0, 0
    return (
        amount_at(s, p, src, at, cost.coins),
        amount_at(s, p, src, at, cost.water),
        amount_at(s, p, src, at, cost.food),
    )


# ------------------------------------------------------------------ effects (F-86)


def push_effects(s: Zones, p: int, src: int, effects: Any) -> None:
    """Queue an effect list of the card data to apply in order, from source ``src``."""
    if effects:
        s.stack.append([F_EFFECTS, p, src, s.cfg.list_id(effects), 0])


def refill(s: Zones, p: int, src: int, scope: Any) -> list[int]:
    """F-86 ``refill_towers``: own towers at water distance <= d from the source, or all."""
    if scope == "all":
        towers = s.tower_cards(p)
    else:
        farm = s.farms[p]
        cells = within(farm, s.cell_of(src), int(scope["within"])) if src in s.home else set()
        towers = [farm[c] for c in sorted(cells) if farm[c] in s.water]
    for t in towers:
        s.water[t] = tower_capacity(s, t)
    return towers


def apply_effect(s: Zones, p: int, src: int, effect: Json, ev: list[Event]) -> None:
    """One effect. Decisions (water placement, choices, tiles) are pushed as frames."""
    if "gain" in effect:
        kind = effect["gain"]
        n = amount(s, p, src, effect["amount"])
        if kind == "coins":
            s.coins[p] += n
        elif kind == "food":
            kept = gain_food(s, p, n)
            ev.append(Event("gain", {"player": p, "food": n, "kept": kept}))
            return
        elif kind == "vp":
            s.vp[p] += n
        elif n:
            s.stack.append([F_WATER, p, n])
        ev.append(Event("gain", {"player": p, kind: n}))
    elif "refill_towers" in effect:
        towers = refill(s, p, src, effect["refill_towers"])
        ev.append(Event("refill", {"player": p, "towers": towers}))
    elif "gain_equipment" in effect:
        s.stack.append([F_GAIN, p, int(effect["gain_equipment"])])
    elif "choose" in effect:
        ids = [s.cfg.list_id(option) for option in effect["choose"]]
        s.stack.append([F_CHOOSE, p, src, *ids])
    elif "repeat_host" in effect:
        ability = s.cfg.cards[src].ability if src != NONE else None
        if ability is not None and src not in s.face_down:
            push_effects(s, p, src, ability.effects)  # without its cost (F-86)
    else:
        raise ValueError(f"unknown effect {dict(effect)!r} [F-86]")


def game_end_vp(s: Zones, p: int, src: int, effects: Any) -> int:
    """F-72, F-86: the VP of a game-end effect list (``gain vp``; ``repeat_host`` scores
    the host's game-end ability once more)."""
    total = 0
    for effect in effects:
        if effect.get("gain") == "vp":
            total += amount(s, p, src, effect["amount"])
        elif "repeat_host" in effect:
            ability = s.cfg.cards[src].ability
            if ability is not None and ability.timing == "game_end":
                total += game_end_vp(s, p, src, ability.effects)
    return total


def is_tower(s: Zones, card: int) -> bool:
    return s.cfg.cards[card].kind == TOWER
