"""The harvest phase (F-58 … F-63): harvest items, paying and declining them in the order the
player chooses, Open Areas, and the end of the year."""

from __future__ import annotations

from seedbed.engine.api import Event
from seedbed.engine.errors import Refusal, refuse
from seedbed.games.fields_of_green.abilities import cost_of, harvest_cost_cut, push_effects
from seedbed.games.fields_of_green.actions import Water
from seedbed.games.fields_of_green.config import YEARS
from seedbed.games.fields_of_green.equipment import discard_tiles, item_of, split_item
from seedbed.games.fields_of_green.geo import geo
from seedbed.games.fields_of_green.resources import cost_error, pay_cost
from seedbed.games.fields_of_green.state import FINAL, NONE, Zones
from seedbed.games.fields_of_green.upkeep import begin_year


def items(s: Zones, p: int) -> list[int]:
    """F-59: face-up location cards with a harvest ability and harvest tiles on face-up
    cards, in cell order (a card before its tiles)."""
    g = geo(s, p)
    found = g.harvest
    if found is None:  # depends on the cards and their tiles only: cached with the farm
        found = g.harvest = _candidates(s, p)
    face_down = s.face_down
    return [i for card, its in found if card not in face_down for i in its]


def _candidates(s: Zones, p: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """(card, its harvest items) for p's cards that have any, in cell order, face-up or
    not."""
    cfg = s.cfg
    farm = s.farms[p]
    out = []
    for card in (farm[c] for c in sorted(farm)):
        its = [card] if cfg.cards[card].timing == "harvest" else []
        for t in s.equip.get(card, ()):
            if cfg.tiles[t].timing == "harvest":
                its.append(cfg.num_cards + t)
        if its:
            out.append((card, tuple(its)))
    return tuple(out)


def open_items(s: Zones, p: int) -> list[int]:
    """Items not yet paid or declined this harvest (F-60)."""
    handled = s.handled
    return [i for i in items(s, p) if i not in handled]


def cost(s: Zones, p: int, item: int) -> tuple[int, int, int]:
    """(coins, water, food) of an item, read now (F-60), harvest-cost cuts applied (F-88)."""
    card, tile = split_item(s, item)
    if tile != NONE:
        return cost_of(s, p, card, s.cfg.tiles[tile].cost)
    ability = s.cfg.cards[card].ability
    assert ability is not None
    coins, water, food = cost_of(s, p, card, ability.cost)
    dc, dw, df = harvest_cost_cut(s, card)
    return max(0, coins + dc), max(0, water + dw), max(0, food + df)


def item_error(s: Zones, p: int, card: int, tile: int) -> Refusal | None:
    if card not in s.home or s.owner(card) != p:
        return refuse("F-59", f"player {p} has no card {card}")
    if tile != NONE and tile not in s.equip.get(card, ()):
        return refuse("F-59", f"tile {tile} is not on card {card}")
    item = item_of(s, card, tile)
    if item not in items(s, p):
        return refuse("F-59", f"{card if tile == NONE else f'{card}/{tile}'} is not a harvest item")
    if item in s.handled:
        return refuse("F-60", "this item was already paid or declined this harvest")
    return None


def pay_error(s: Zones, p: int, card: int, tile: int, water: Water) -> Refusal | None:
    why = item_error(s, p, card, tile)
    if why is not None:
        return why
    price = cost(s, p, item_of(s, card, tile))
    return cost_error(s, p, s.cell_of(card), price, water, "F-60")


def pay(s: Zones, p: int, card: int, tile: int, water: Water, ev: list[Event]) -> None:
    """F-60: pay, then apply the effects (harvest bonuses of tiles after the card's own)."""
    item = item_of(s, card, tile)
    pay_cost(s, p, cost(s, p, item), water)
    s.handled.append(item)
    ev.append(Event("harvest", {"player": p, "card": card, "tile": tile, "paid": True}))
    cfg = s.cfg
    if tile != NONE:
        push_effects(s, p, card, cfg.tiles[tile].effects)
        return
    bonuses = [
        m["harvest_bonus"]
        for t in s.equip.get(card, ())
        if cfg.tiles[t].timing == "ongoing"
        for m in cfg.tiles[t].modifiers
        if "harvest_bonus" in m
    ]
    for bonus in reversed(bonuses):  # the stack runs the last pushed first
        push_effects(s, p, card, bonus)
    ability = cfg.cards[card].ability
    assert ability is not None
    push_effects(s, p, card, ability.effects)


def turn_face_down(s: Zones, p: int, card: int, ev: list[Event]) -> None:
    """F-30, F-61: an Open Area; its tiles are discarded for good (F-18)."""
    s.face_down.add(card)
    tiles = discard_tiles(s, card)
    ev.append(Event("open-area", {"player": p, "card": card, "discarded_tiles": tiles}))


def decline(s: Zones, p: int, card: int, tile: int, ev: list[Event]) -> None:
    """F-61: a declined card becomes an Open Area; a declined tile is just not used."""
    s.handled.append(item_of(s, card, tile))
    ev.append(Event("harvest", {"player": p, "card": card, "tile": tile, "paid": False}))
    if tile == NONE:
        turn_face_down(s, p, card, ev)


def end_harvest(s: Zones, p: int, ev: list[Event]) -> None:
    """F-62: unpaid cards become Open Areas, unused tiles lapse; the next player harvests."""
    nc = s.cfg.num_cards
    for item in open_items(s, p):
        if item < nc:
            turn_face_down(s, p, item, ev)
    ev.append(Event("end-harvest", {"player": p}))
    s.pos += 1
    s.handled = []


def harvest_step(s: Zones, ev: list[Event]) -> bool:
    """Run the harvest phase (F-58): True while the current player has open items."""
    n = s.cfg.num_players
    while s.pos < n:
        if open_items(s, s.actor()):
            return True
        s.pos += 1
        s.handled = []
    end_year(s, ev)
    return False


def end_year(s: Zones, ev: list[Event]) -> None:
    """F-63: the marker passes left; after year 4 come the final choices (F-72)."""
    s.first = (s.first + 1) % s.cfg.num_players
    if s.year >= YEARS:
        s.phase, s.pos = FINAL, 0
        s.paid_end = []
        ev.append(Event("final-choices", {"first_player": s.first}))
        return
    s.year += 1
    begin_year(s, ev)
