"""The end of the game (F-72 … F-76): optional game-end costs, the score of each player and
the ranking with the published tie-break."""

from __future__ import annotations

from collections.abc import Callable

from seedbed.engine.api import Event
from seedbed.engine.errors import Refusal, refuse
from seedbed.games.fields_of_green.abilities import cost_of, game_end_vp
from seedbed.games.fields_of_green.actions import Water
from seedbed.games.fields_of_green.config import TOWER, TYPES
from seedbed.games.fields_of_green.equipment import item_of, split_item
from seedbed.games.fields_of_green.resources import cost_error, pay_cost
from seedbed.games.fields_of_green.state import NONE, OVER, Zones

PART_NAMES = (
    "printed_vp_and_tokens",
    "equipment_vp",
    "set_aside_tiles",
    "coins",
    "food",
    "empty_water_towers",
    "location_abilities",
)  # F-73, in its order


def end_items(s: Zones, p: int) -> list[int]:
    """Game-end abilities of p on face-up cards (locations, then tiles), in cell order."""
    cfg = s.cfg
    out: list[int] = []
    for card in s.farm_cards(p):
        if card in s.face_down:
            continue
        if cfg.cards[card].timing == "game_end":
            out.append(card)
        for t in s.equip.get(card, ()):
            if cfg.tiles[t].timing == "game_end":
                out.append(cfg.num_cards + t)
    return out


def _cost_object(s: Zones, item: int) -> object | None:
    card, tile = split_item(s, item)
    if tile != NONE:
        return s.cfg.tiles[tile].cost
    ability = s.cfg.cards[card].ability
    return None if ability is None else ability.cost


def active(s: Zones, item: int) -> bool:
    """F-72: free abilities are always active; others once their cost was paid."""
    return _cost_object(s, item) is None or item in s.paid_end


def optional_items(s: Zones, p: int) -> list[int]:
    """Game-end items with an unpaid optional cost."""
    return [i for i in end_items(s, p) if not active(s, i)]


def cost(s: Zones, p: int, item: int) -> tuple[int, int, int]:
    card, _ = split_item(s, item)
    return cost_of(s, p, card, _cost_object(s, item))


def pay_error(s: Zones, p: int, card: int, tile: int, water: Water) -> Refusal | None:
    if card not in s.home or s.owner(card) != p:
        return refuse("F-72", f"player {p} has no card {card}")
    if tile != NONE and tile not in s.equip.get(card, ()):
        return refuse("F-72", f"tile {tile} is not on card {card}")
    item = item_of(s, card, tile)
    if item not in optional_items(s, p):
        return refuse("F-72", "not a game-end ability with an unpaid cost")
    return cost_error(s, p, s.cell_of(card), cost(s, p, item), water, "F-72")


def pay(s: Zones, p: int, card: int, tile: int, water: Water, ev: list[Event]) -> None:
    item = item_of(s, card, tile)
    pay_cost(s, p, cost(s, p, item), water)
    s.paid_end.append(item)
    ev.append(Event("pay-end", {"player": p, "card": card, "tile": tile}))


def payable(s: Zones, p: int, item: int) -> bool:
    """Coins and food suffice (the menu checks the water splits)."""
    coins, _, food = cost(s, p, item)
    return s.coins[p] >= coins and s.food[p] >= food


def end_scoring(s: Zones, p: int, ev: list[Event]) -> None:
    ev.append(Event("end-scoring", {"player": p}))
    s.pos += 1


def final_step(s: Zones, ev: list[Event], has_choice: Callable[[Zones, int], bool]) -> bool:
    """F-72 in turn order; a player with no payable choice left is done by itself.
    ``has_choice(s, p)`` is the menu's test (it knows the water splits)."""
    n = s.cfg.num_players
    while s.pos < n:
        if has_choice(s, s.actor()):
            return True
        s.pos += 1
    s.phase = OVER
    ev.append(Event("game-over", {"scores": [score(s, q) for q in range(n)]}))
    return False


# ------------------------------------------------------------------ the score (F-73)


def score_parts(s: Zones, p: int) -> list[int]:
    """The seven parts of F-73, in its order."""
    cfg = s.cfg
    printed = s.vp[p]
    tiles_vp = locations_vp = empty_towers = 0
    for card in s.farm_cards(p):
        if card in s.face_down:
            continue
        info = cfg.cards[card]
        printed += info.vp if info.kind < len(TYPES) else 0
        if info.kind == TOWER and s.water[card] == 0:
            empty_towers += 1
        if info.timing == "game_end" and active(s, card):
            assert info.ability is not None
            locations_vp += game_end_vp(s, p, card, info.ability.effects)
        for t in s.equip.get(card, ()):
            design = cfg.tiles[t]
            if design.timing == "game_end" and active(s, cfg.num_cards + t):
                tiles_vp += game_end_vp(s, p, card, design.effects)
    return [
        printed,
        tiles_vp,
        len(s.aside[p]),
        s.coins[p] // 3,
        s.food[p] // 2,
        empty_towers,
        locations_vp,
    ]


def score(s: Zones, p: int) -> int:
    return sum(score_parts(s, p))


def locations(s: Zones, p: int) -> int:
    """F-75: face-up farm cards (location cards, Water Towers, Silos; not Open Areas)."""
    return sum(1 for c in s.farms[p].values() if c not in s.face_down)


def rank_keys(s: Zones) -> list[tuple[int, ...]]:
    """F-74 … F-76: VP, then (published) locations and coins."""
    n = s.cfg.num_players
    if s.cfg.published:
        return [(score(s, p), locations(s, p), s.coins[p]) for p in range(n)]
    return [(score(s, p),) for p in range(n)]
