"""Farming knowledge for bots (never used by the rules): what cards and actions are worth to one
player, and the greedy policy built on it.

Everything is priced in victory points. Coins, food and water are worth what they usually turn
into (coins buy VP cards while years remain and score 1 per 3 at the end; food feeds livestock
and scores 1 per 2; water feeds fields). A card on a cell is worth its printed VP, plus its
ability (a harvest ability: its net yield times the harvests left, but only if the cell is in
range of a tower for the water it needs; an immediate ability: its effects now; a game-end
ability: its amount on the farm as it stands), plus what it adds to its neighbours' adjacency
abilities, minus its cost. Amounts (counts, sets, conditions …, F-83) are evaluated on the farm
of the observation, with "within d" read as a Manhattan distance.

The policy scores each action of the menu with that price list: the split and the commit take
the cards the farm can use, builds pick the cell, the market is the fallback, harvests pay
everything that keeps a card face up (producers before consumers when food is short of room),
in year 4 food the final harvest's upkeep needs is worth ``FEED`` (``food_worth``: kept from the
market and builds, taken from choices, spent on the cards worth the most per food first),
equipment goes where it pays and final costs are paid when they score more than they cost. Build
menus are scanned in a bounded, evenly spaced sample when they are long.

Card designs come from the shipped card set, looked up through the game registry: observations
name cards by design id only. A design the set does not know is priced as a plain 1-VP card.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from seedbed.engine.api import Action, JsonDict
from seedbed.engine.rng import Rng
from seedbed.games.fields_of_green.actions import (
    AttachEquipment,
    BuildLocation,
    BuildSilo,
    BuildWaterTower,
    ChooseEffect,
    Commit,
    DeclineHarvest,
    DrawSplit,
    EndHarvest,
    GoToMarket,
    KeepEquipment,
    PayGameEnd,
    PayHarvest,
    PayOptional,
    PlaceEquipment,
    PlaceWater,
    RestoreLocation,
)
from seedbed.games.fields_of_green.cards import Ability, EquipmentDesign, LocationDesign
from seedbed.games.fields_of_green.heuristics_farm import (
    Cell,
    Farm,
    Spot,
    amount,
    card_info,
    location,
    near,
    tile_design,
)

TABLE_SEARCH = "rollout:iterations=300,reward=lead"
"""The search bot at this game's tables (``seedbed.bots.strength``): 300 greedy rollouts a move,
played natively, decide within a second on one core (CPU max 866 ms over 348 decisions of 4
games) and won 94% of 16 four-player games against three greedy bots (SPRT, docs/bots.md)."""

MEASURED = (
    ("greedy", "random", 4, 200, 0.975, 0.943, 0.989, "tournament",
     "seedbed tournament fields_of_green --players 4 --bots greedy,random --games 200 --seed 1 "
     "--jobs 2"),
    ("rollout:iterations=300,reward=lead", "greedy", 4, 16, 0.938, 0.717, 0.989,
     "SPRT H0 25% against H1 32%, alpha = beta = 0.05: H1 accepted (LLR 3.61)",
     "seedbed match rollout:iterations=300,reward=lead greedy --game fields_of_green --players 4 "
     "--p0 0.25 --p1 0.32 --seed 32000 --jobs 2"),
)  # fmt: skip
"""What was measured of bots in this game (``seedbed.bots.strength``, docs/bots.md): bot spec,
opponent, players, games, win share and its 95% interval, how the run ended, its command."""

MAX_SCAN = 400  # menu entries scored per decision at most (build menus can be long)
EQUIPMENT = 1.6  # worth of gaining one tile (it scores 1 even when set aside)
SCORE_SCALE = 5.0  # VP lead that makes a win e times likelier (evaluate)
FEED = 1.5  # worth of a food the final harvest's upkeep needs (it keeps a card face up)
SPLIT_TARGETS = {1: (2, 2, 1, 1), 2: (2, 2, 1, 1), 3: (1, 2, 1, 2), 4: (1, 1, 1, 3)}


# ------------------------------------------------------------------ prices


def effects_worth(effects: Sequence[Mapping[str, Any]], farm: Farm, source: Cell | None) -> float:
    """VP-equivalent of applying ``effects`` for the farm's owner."""
    total = 0.0
    for e in effects:
        if "gain" in e:
            n = amount(e["amount"], farm, source)
            kind = e["gain"]
            if kind == "food":
                total += food_worth(farm, min(n, max(0, farm.food_cap - farm.food) + 1), False)
            else:
                total += n * {"coins": farm.cv, "water": farm.wv, "vp": 1.0}[kind]
        elif "refill_towers" in e:
            within = e["refill_towers"]
            room = sum(
                t.capacity - t.water
                for t in farm.towers()
                if within == "all" or source is None or near(t.cell, source, within)
            )
            total += room * farm.wv
        elif "gain_equipment" in e:
            total += EQUIPMENT * e["gain_equipment"]
        elif "choose" in e:
            total += max(effects_worth(opt, farm, source) for opt in e["choose"])
    return total


def cost_worth(cost: Any, farm: Farm, source: Cell | None) -> float:
    if cost is None:
        return 0.0
    return (
        amount(cost.coins, farm, source) * farm.cv
        + amount(cost.water, farm, source) * farm.wv
        + food_worth(farm, amount(cost.food, farm, source), True)
    )


def food_worth(farm: Farm, n: float, spent: bool) -> float:
    """VP-equivalent of ``n`` food gained or spent (``spent``): ``farm.fv`` each, but
    ``FEED`` for the units the final harvest's upkeep still needs (``farm.need``, set in year 4
    only). At the last harvest an unfed card turns into an Open Area for good (F-61, F-62) and
    scores nothing (F-73), so the food that feeds it is worth the card, not the half VP food
    scores: the greedy keeps it from the market and from builds, takes it from a choice, and
    pays the cards worth the most per food first."""
    if farm.need <= 0 or n <= 0:
        return n * farm.fv
    below = farm.food - n if spent else farm.food  # the units from here up are gained or spent
    needed = min(n, max(0.0, farm.need - below))
    return needed * FEED + (n - needed) * farm.fv


def own_need(farm: Farm, spot: Spot) -> float:
    """The food a face-up card's harvest ability takes less the food it yields (0 for a card
    whose harvest costs nothing or that has no harvest ability), as ``upkeep`` counts it."""
    ab = spot.design.ability if spot.up and spot.design is not None else None
    if ab is None or ab.timing != "harvest" or ab.cost is None:
        return 0.0
    need = amount(ab.cost.food, farm, spot.cell)
    for e in ab.effects:
        if e.get("gain") == "food":
            need -= amount(e["amount"], farm, spot.cell)
    return need


def upkeep(farm: Farm) -> tuple[float, float]:
    """(water, food) left over at a harvest once the face-up harvest cards are paid: what a
    new hungry card could still count on (income included before year 4)."""
    income = 0 if farm.year >= 4 else 1
    water = float(farm.water() + 2 * income)
    food = float(farm.food + income)
    for s in farm.spots:
        ab = s.design.ability if s.up and s.design is not None else None
        if ab is None or ab.timing != "harvest" or ab.cost is None:
            continue
        water -= amount(ab.cost.water, farm, s.cell)
        food -= amount(ab.cost.food, farm, s.cell)
        for e in ab.effects:
            if e.get("gain") == "food":
                food += amount(e["amount"], farm, s.cell)
    return water, food


def ability_worth(
    ability: Ability | None, farm: Farm, cell: Cell, watered: bool, spent: float = 0.0
) -> float:
    """What a card's ability adds over the rest of the game, built on ``cell`` now, having
    paid ``spent`` food to build it (food that cannot feed it at the harvest)."""
    if ability is None:
        return 0.0
    net = effects_worth(ability.effects, farm, cell) - cost_worth(ability.cost, farm, cell)
    if ability.timing == "harvest":
        cost = ability.cost
        water = amount(cost.water, farm, cell) if cost is not None else 0
        food = amount(cost.food, farm, cell) if cost is not None else 0
        if farm.spare is None:
            farm.spare = upkeep(farm)
        spare_water, spare_food = farm.spare
        if (water and not watered) or water > spare_water or food > spare_food - spent:
            return -1.5  # it cannot be fed: it will turn face down at a harvest
        return max(0.0, net) * (1 + farm.years_left) + 0.3
    if ability.timing == "game_end":
        growth = 1.0 + 0.15 * farm.years_left  # the farm will grow into it
        return max(0.0, net) * growth
    return net if ability.cost is None else max(0.0, net)


def neighbour_bonus(design: LocationDesign, farm: Farm, cell: Cell) -> float:
    """What a card on ``cell`` adds to the abilities of its neighbours that count neighbours."""
    probe = Spot.__new__(Spot)
    probe.cell, probe.kind, probe.up, probe.design = cell, design.type, True, design
    probe.tiles, probe.water, probe.capacity, probe.range = [], 0, 0, 0
    probe.info = card_info(design.type, design)
    total = 0.0
    x, y = cell
    for c in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
        spot = farm.occupied.get(c)
        if spot is None or not spot.up or spot.design is None or spot.design.ability is None:
            continue
        ab = spot.design.ability
        if ab.timing == "immediate":
            continue
        before = effects_worth(ab.effects, farm, c)
        with farm.probing(probe):
            after = effects_worth(ab.effects, farm, c)
        times = 1 + farm.years_left if ab.timing == "harvest" else 1
        total += (after - before) * times
    return total


def build_worth(
    design: LocationDesign | None, farm: Farm, cell: Cell, reach: dict[Cell, int]
) -> float:
    """Worth of building ``design`` on ``cell`` (its cost included)."""
    if design is None:
        return 1.0 - 3 * farm.cv
    watered = reach.get(cell, 0) > 0
    cost = design.cost
    spent = amount(cost.food, farm, cell)
    value = design.vp + ability_worth(design.ability, farm, cell, watered, spent)
    value += neighbour_bonus(design, farm, cell)
    value -= amount(cost.coins, farm, cell) * farm.cv + food_worth(farm, spent, True)
    value -= amount(cost.water, farm, cell) * farm.wv
    return value + 0.25  # a location also counts for the tie-break and as a neighbour


def tower_worth(farm: Farm, cell: Cell, reach: dict[Cell, int]) -> float:
    fields = sum(
        1
        for s in farm.spots
        if s.up and s.design is not None and s.design.type == "field" and s.design.ability
    )
    towers = len(farm.towers())
    need = 0.6 * fields - towers + 0.5
    fresh = 0.4 if cell not in reach else 0.0  # it brings range to cells no tower reaches
    return 3 * farm.wv + max(0.0, need) + fresh - 2 * farm.cv + (0.3 if farm.year == 4 else 0)


def silo_worth(farm: Farm) -> float:
    room = farm.food_cap - farm.food
    return 0.8 if room <= 1 else 0.3 if room <= 3 else 0.1


# ------------------------------------------------------------------ the decisions


class Ctx:
    """Everything a decision reads, built once per ``choose``."""

    __slots__ = ("designs", "farm", "need", "reach", "view")

    def __init__(self, view: JsonDict) -> None:
        self.view = view
        me = view["players"][view["viewer"]]
        self.farm = Farm(me, view["year"])
        self.need = 0.0  # food the final harvest's unpaid upkeep takes less what it yields
        if view["year"] >= 4 and view["phase"] not in ("final", "over"):
            handled = set(view["harvested"])  # items paid or declined at this harvest (F-60)
            for entry, spot in zip(me["farm"], self.farm.spots, strict=True):
                if entry["card"]["id"] not in handled:
                    self.need += own_need(self.farm, spot)
            self.farm.need = max(0.0, self.need)
        self.reach = self.farm.reach()
        self.designs: dict[int, str] = {}
        for c in view.get("hand", ()) + view["display"]:
            self.designs[c["id"]] = c["design"]
        if me["revealed"] is not None:
            self.designs[me["revealed"]["id"]] = me["revealed"]["design"]
        for entry in me["farm"]:
            self.designs[entry["card"]["id"]] = entry["card"]["design"]


def _card_action(ctx: Ctx, a: Action) -> float:
    farm = ctx.farm
    if isinstance(a, BuildLocation):
        return build_worth(location(ctx.designs.get(a.card, "")), farm, a.cell, ctx.reach)
    if isinstance(a, BuildWaterTower):
        return tower_worth(farm, a.cell, ctx.reach)
    if isinstance(a, BuildSilo):
        return silo_worth(farm)
    if isinstance(a, GoToMarket):
        return (2 + 2 * a.food) * farm.cv - food_worth(farm, a.food, True)
    if isinstance(a, RestoreLocation):
        spot = farm.occupied.get(a.cell)
        if spot is None or spot.design is None:
            return 0.0
        watered = ctx.reach.get(a.cell, 0) > 0
        return spot.design.vp + ability_worth(spot.design.ability, farm, a.cell, watered) - farm.cv
    return 0.0


def _hand_card_worth(ctx: Ctx, design_id: str) -> float:
    """The best a hand card could do if committed now (build on the best cell, or market)."""
    farm = ctx.farm
    design = location(design_id)
    best = 2 * farm.cv  # the market
    if design is None:
        return best
    cost = design.cost
    if farm.coins < amount(cost.coins, farm, None) or farm.food < amount(cost.food, farm, None):
        return best
    need = amount(cost.water, farm, None)
    for cell in farm.placements():
        if need and ctx.reach.get(cell, 0) < need:
            continue
        best = max(best, build_worth(design, farm, cell, ctx.reach))
    return best


def _split(view: JsonDict, a: DrawSplit) -> float:
    target = SPLIT_TARGETS.get(view["year"], (2, 2, 1, 1))
    return -sum(abs(x - t) for x, t in zip(a.counts(), target, strict=True))


def _harvest(ctx: Ctx, a: Action) -> float:
    farm = ctx.farm
    if isinstance(a, DeclineHarvest):
        return -0.5 if a.tile < 0 else -0.05
    if isinstance(a, EndHarvest):  # by class: an equal object may come from anywhere
        return -1.0
    if not isinstance(a, PayHarvest):
        return 0.0
    spot = _spot_of(ctx, a.card)
    if spot is None or spot.design is None:
        return 0.5
    if a.tile >= 0:
        return _tile_harvest(ctx, a, spot)
    ab = spot.design.ability
    if ab is None:
        return 0.5
    if farm.year >= 4:  # the food this card pays or yields is weighed against the others' need
        farm.need = max(0.0, ctx.need - own_need(farm, spot))
    gain = effects_worth(ab.effects, farm, spot.cell) - cost_worth(ab.cost, farm, spot.cell)
    farm.need = max(0.0, ctx.need)
    keep = spot.design.vp + 1.0  # paying keeps the card face up (F-61)
    return keep + gain + _water_source_bonus(ctx, a.water)


def _tile_harvest(ctx: Ctx, a: PayHarvest, spot: Spot) -> float:
    tile = _tile_on(ctx, a.card, a.tile)
    if tile is None:
        return 0.0
    effects = tile.effects
    if any("repeat_host" in e for e in effects) and spot.design and spot.design.ability:
        effects = spot.design.ability.effects
    return effects_worth(effects, ctx.farm, spot.cell) - cost_worth(tile.cost, ctx.farm, spot.cell)


def _water_source_bonus(ctx: Ctx, water: Sequence[tuple[int, int, int]]) -> float:
    """Take water from the fullest towers first (keeps the others for later items)."""
    bonus = 0.0
    for x, y, n in water:
        spot = ctx.farm.occupied.get((x, y))
        if spot is not None:
            bonus += 0.001 * spot.water * n
    return bonus


def _spot_of(ctx: Ctx, card: int) -> Spot | None:
    farm = ctx.view["players"][ctx.view["viewer"]]["farm"]
    for entry, spot in zip(farm, ctx.farm.spots, strict=True):
        if entry["card"]["id"] == card:
            return spot
    return None


def _tile_on(ctx: Ctx, card: int, tile: int) -> EquipmentDesign | None:
    for entry in ctx.view["players"][ctx.view["viewer"]]["farm"]:
        if entry["card"]["id"] == card:
            for t in entry["equipment"]:
                if t["id"] == tile:
                    return tile_design(t["design"])
    return None


def tile_worth(tile: EquipmentDesign | None, farm: Farm, host: Spot | None) -> float:
    """A tile's worth on ``host`` (None: the best it could do anywhere)."""
    if tile is None:
        return 1.0
    cell = host.cell if host is not None else None
    if tile.timing == "game_end":
        effects = tile.effects
        if any("repeat_host" in e for e in effects):
            ab = host.design.ability if host and host.design else None
            effects = ab.effects if ab else ()
        return effects_worth(effects, farm, cell) - 0.5 * cost_worth(tile.cost, farm, cell)
    if tile.timing == "placement":
        return effects_worth(tile.effects, farm, cell)
    if tile.timing == "harvest":
        return 0.8 * (1 + farm.years_left)
    return 0.7 * (1 + farm.years_left)  # ongoing modifiers


def _decision(ctx: Ctx, a: Action) -> float:
    farm = ctx.farm
    d = ctx.view["decision"] or {}
    if isinstance(a, KeepEquipment):
        for t in d.get("tiles", ()):
            if t["id"] == a.tile:
                return tile_worth(tile_design(t["design"]), farm, None)
        return 0.0
    if isinstance(a, PlaceEquipment):
        host = farm.occupied.get(a.cell)
        return tile_worth(_held_tile(d), farm, host)
    if isinstance(a, AttachEquipment):
        host = _spot_of(ctx, d.get("card", -1))
        aside = ctx.view["players"][ctx.view["viewer"]]["set_aside"]
        tile = next((tile_design(t["design"]) for t in aside if t["id"] == a.tile), None)
        return tile_worth(tile, farm, host)
    if isinstance(a, ChooseEffect):
        return _choice(ctx, d, a.index)
    if isinstance(a, PayOptional):
        return _optional(ctx, d) + _water_source_bonus(ctx, a.water)
    if isinstance(a, PlaceWater):
        return _water_place(ctx, a)
    return 1.0 if type(a).__name__ in ("SetAsideEquipment", "SkipAttach") else 0.0


def _held_tile(d: Mapping[str, Any]) -> EquipmentDesign | None:
    t = d.get("tile")
    return tile_design(t["design"]) if t else None


def _choice(ctx: Ctx, d: Mapping[str, Any], index: int) -> float:
    spot = _spot_of(ctx, d.get("card", -1))
    if spot is None or spot.design is None or spot.design.ability is None:
        return 0.0
    for e in spot.design.ability.effects:
        if "choose" in e and index < len(e["choose"]):
            return effects_worth(e["choose"][index], ctx.farm, spot.cell)
    return 0.0


def _optional(ctx: Ctx, d: Mapping[str, Any]) -> float:
    spot = _spot_of(ctx, d.get("card", -1))
    if spot is None or spot.design is None or spot.design.ability is None:
        return 0.5
    ab = spot.design.ability
    return effects_worth(ab.effects, ctx.farm, spot.cell) - cost_worth(ab.cost, ctx.farm, spot.cell)


def _water_place(ctx: Ctx, a: PlaceWater) -> float:
    """Put water where fields can drink it."""
    score = 0.0
    for x, y, n in a.water:
        tower = ctx.farm.occupied.get((x, y))
        if tower is None:
            continue
        dist = ctx.farm.distances(tower)
        thirsty = sum(
            1
            for s in ctx.farm.spots
            if s.design is not None
            and s.design.type == "field"
            and dist.get(s.cell, 99) <= tower.range
        )
        score += n * (1 + thirsty)
    return score


def _final(ctx: Ctx, a: Action) -> float:
    if not isinstance(a, PayGameEnd):
        return 0.0
    spot = _spot_of(ctx, a.card)
    if spot is None:
        return -1.0
    farm = ctx.farm
    farm.cv, farm.fv, farm.wv = 1 / 3, 0.5, 0.0
    if a.tile >= 0:
        tile = _tile_on(ctx, a.card, a.tile)
        return tile_worth(tile, farm, spot) - 0.5 * cost_worth(
            tile.cost if tile else None, farm, spot.cell
        )
    ab = spot.design.ability if spot.design else None
    if ab is None:
        return -1.0
    return effects_worth(ab.effects, farm, spot.cell) - cost_worth(ab.cost, farm, spot.cell)


def _score(ctx: Ctx, a: Action) -> float:
    if isinstance(a, DrawSplit):
        return _split(ctx.view, a)
    if isinstance(a, Commit):
        return _hand_card_worth(ctx, ctx.designs.get(a.card, ""))
    if isinstance(a, BuildLocation | BuildWaterTower | BuildSilo | GoToMarket | RestoreLocation):
        return _card_action(ctx, a)
    if ctx.view["phase"] == "harvest" and ctx.view["decision"] is None:
        return _harvest(ctx, a)
    if isinstance(a, PayGameEnd) or type(a).__name__ == "EndScoring":
        return _final(ctx, a)
    return _decision(ctx, a)


def _sample(legal: Sequence[Action]) -> Sequence[Action]:
    """Every action of a short menu; an evenly spaced sample of a long one, with its end (the
    market and restore actions of a card come after its builds)."""
    n = len(legal)
    if n <= MAX_SCAN:
        return legal
    step = n / MAX_SCAN
    picks = {int(i * step) for i in range(MAX_SCAN)} | set(range(max(0, n - 8), n))
    return [legal[i] for i in sorted(picks)]


def score(view: JsonDict, action: Action) -> float:
    """How good ``action`` looks to the greedy policy from ``view`` (what :func:`choose`
    maximises): for comparing another bot's moves with greedy's judgement."""
    return _score(Ctx(view), action)


def choose(view: JsonDict, legal: Sequence[Action], rng: Rng) -> Action:
    """The greedy policy: the best-looking action of ``legal`` for ``view["viewer"]``, from its
    observation only (ties broken with ``rng``). Long menus are sampled (``MAX_SCAN``)."""
    if len(legal) == 1:
        return legal[0]
    ctx = Ctx(view)
    scored = [(_score(ctx, a), a) for a in _sample(legal)]
    top = max(s for s, _ in scored)
    best = [a for s, a in scored if s >= top - 1e-9]
    return best[rng.below(len(best))] if len(best) > 1 else best[0]


def ranked(view: JsonDict, legal: Sequence[Action], k: int) -> list[Action]:
    """The ``k`` best-looking actions of ``legal`` by :func:`choose`'s scoring, best first
    (ties in menu order; long menus sampled as :func:`choose` samples them): the candidates a
    rollout search weighs (``seedbed.bots.rollout``)."""
    ctx = Ctx(view)
    scored = sorted(
        ((_score(ctx, a), i, a) for i, a in enumerate(_sample(legal))), key=lambda t: (-t[0], t[1])
    )
    return [a for _, _, a in scored[:k]]


# ------------------------------------------------------------------ evaluate


def final_vp(player: Mapping[str, Any], year: int, phase: str) -> float:
    """A seat's expected final VP from public facts: what it would score now plus what its
    harvest engines should still yield."""
    farm = Farm(player, year)
    vp = float(farm.vp_tokens + len(farm.aside) + farm.coins // 3 + farm.food // 2)
    harvests = farm.years_left + (phase not in ("harvest", "final", "over"))
    for s in farm.spots:
        if s.kind == "water_tower" and s.water == 0:
            vp += 1
        if not s.up or s.design is None:
            continue
        vp += s.design.vp
        ab = s.design.ability
        if ab is None:
            continue
        net = effects_worth(ab.effects, farm, s.cell) - cost_worth(ab.cost, farm, s.cell)
        if ab.timing == "game_end":
            vp += max(0.0, net)
        elif ab.timing == "harvest":
            vp += max(0.0, net) * harvests
    for s in farm.spots:
        for t in s.tiles:
            tile = tile_design(t)
            if tile is not None and tile.timing == "game_end":
                vp += tile_worth(tile, farm, s)
    return vp


FINAL_VP_KEPT = 50_000
"""Seats' expected final VP kept by :func:`known_final_vp` (then the memo starts afresh)."""
_FINAL_VP: dict[tuple[str, int, str], float] = {}


def known_final_vp(player: Mapping[str, Any], year: int, phase: str) -> float:
    """:func:`final_vp`, remembered by the seat's public facts as the view gives them. A
    search scores thousands of leaves in which most farms are as they were at the root: each
    farm is priced once. (A pure function's memo: the same answer in every process.)"""
    key = (repr(player), year, phase)
    found = _FINAL_VP.get(key)
    if found is None:
        if len(_FINAL_VP) >= FINAL_VP_KEPT:
            _FINAL_VP.clear()
        found = _FINAL_VP[key] = final_vp(player, year, phase)
    return found


def evaluate(view: JsonDict) -> float:
    """How good the position looks for ``view["viewer"]``, in [0, 1]: a soft-max of the
    expected final VP (roughly its chance of winning), from its observation only."""
    return evaluate_all(view)[view["viewer"]]


def evaluate_all(view: JsonDict) -> list[float]:
    """:func:`evaluate` for every seat at once. The expected final VP read only public facts
    (farms, tokens, coins, food), so any seat's observation gives every seat's evaluation:
    search scores a leaf from one observation instead of one per player."""
    scores = [known_final_vp(p, view["year"], view["phase"]) for p in view["players"]]
    return [
        1.0 / sum(math.exp(max(-50.0, min(50.0, (s - me) / SCORE_SCALE))) for s in scores)
        for me in scores
    ]


# ------------------------------------------------------------------ hints (issue 17)

_REASONS = {
    "draw-split": "This mix of piles suits the farm you have",
    "commit": "This card does the most for your farm this turn",
    "build": "What it pays at harvests and at the end beats its cost",
    "build-tower": "More water in reach lets you build more",
    "build-silo": "More food capacity keeps your harvests from going to waste",
    "market": "Coins now are worth more than what this card would build",
    "restore": "The Open Area is worth more face up again",
    "place-water": "This puts the water where your cards need it",
    "keep": "This tile does the most for your farm",
    "place": "This card makes the most of the tile",
    "set-aside": "No card of yours makes good use of the tile now",
    "attach": "This tile makes the new card pay more",
    "skip-attach": "Your tiles are worth more kept aside",
    "choose": "This effect is worth the most now",
    "pay": "The ability is worth more than its cost",
    "skip": "The ability is not worth its cost",
    "pay-harvest": "What this card gives is worth more than its cost",
    "decline": "This card's cost is more than it gives",
    "end-harvest": "Nothing left is worth paying for",
    "pay-end": "The points are worth the cost",
    "end-scoring": "Nothing left is worth paying for",
}


BEST = "The best-looking move by the greedy heuristic"
"""The reason of a kind without its own (code ``best``)."""


def reason_parts(view: JsonDict, action: Action) -> list[JsonDict]:
    """Why :func:`choose` picked ``action`` (a hint, issue 17) as codes and numbers (issue 36,
    written per language by the browser): its kind's idea (the code is the action's kind, or
    ``best``) and the score the heuristic gave it (``score`` {score}, one decimal)."""
    kind = str(action.to_json()["type"])
    score = round(_score(Ctx(view), action), 1)
    return [
        {"code": kind if kind in _REASONS else "best", "params": {}},
        {"code": "score", "params": {"score": score}},
    ]


def reason_text(parts: list[JsonDict]) -> str:
    """The English line of :func:`reason_parts` (the hint's ``reason``)."""
    text = _REASONS.get(str(parts[0]["code"]), BEST)
    return f"{text} (heuristic score {parts[1]['params']['score']:.1f})."


def reason(view: JsonDict, action: Action) -> str:
    """One line on why :func:`choose` picked ``action``, in English."""
    return reason_text(reason_parts(view, action))
