"""The five actions of the action phase (F-51 … F-57): checks that name the clause, and
effects that pay, place and queue the follow-ups (attaching set-aside tiles, then the
immediate ability)."""

from __future__ import annotations

from seedbed.engine.api import Event
from seedbed.engine.errors import Refusal, refuse
from seedbed.games.fields_of_green.abilities import market_bonus, push_effects
from seedbed.games.fields_of_green.actions import (
    BuildLocation,
    BuildSilo,
    BuildWaterTower,
    GoToMarket,
    RestoreLocation,
)
from seedbed.games.fields_of_green.config import TOWER_COST, TOWER_START_WATER, TYPES
from seedbed.games.fields_of_green.draft import used
from seedbed.games.fields_of_green.farm import Cell, is_placement
from seedbed.games.fields_of_green.resources import pay_water, water_error
from seedbed.games.fields_of_green.state import F_ATTACH, F_OPTIONAL, NONE, Zones
from seedbed.games.fields_of_green.upkeep import put_card

MARKET_BASE, MARKET_PER_FOOD, MARKET_MAX_FOOD = 2, 2, 2  # F-54


def card_error(s: Zones, p: int, card: int) -> Refusal | None:
    """The card an action uses: the revealed one (F-49) or a display card (F-70)."""
    if s.cfg.duel:
        return None if card in s.display else refuse("F-70", f"card {card} is not in the display")
    if s.revealed[p] != card:
        return refuse("F-49", f"card {card} is not player {p}'s revealed card")
    return None


def _cell_error(s: Zones, p: int, cell: Cell) -> Refusal | None:
    if not is_placement(s.farms[p], cell):
        return refuse("F-29", f"{cell[0]},{cell[1]} is not an empty cell next to the farm")
    return None


def _discard(s: Zones, p: int, card: int, ev: list[Event]) -> None:
    """Actions B-E discard the card face up (F-26)."""
    used(s, p, card, ev)
    s.discard.append(card)


def _after_build(s: Zones, p: int, card: int) -> None:
    """F-51 … F-53, F-66: the player may attach set-aside tiles to the new card."""
    if s.aside[p]:
        s.stack.append([F_ATTACH, p, card])


# ------------------------------------------------------------------ A: Build Location


def build_error(s: Zones, p: int, a: BuildLocation) -> Refusal | None:
    why = card_error(s, p, a.card)
    if why is not None:
        return why
    info = s.cfg.cards[a.card]
    if info.kind >= len(TYPES):
        return refuse("F-51", "only location cards are built this way")
    why = _cell_error(s, p, a.cell)
    if why is not None:
        return why
    if s.coins[p] < info.coins:
        return refuse(
            "F-51", f"{info.design} costs {info.coins} coins; player {p} has {s.coins[p]}"
        )
    if s.food[p] < info.food:
        return refuse("F-51", f"{info.design} costs {info.food} food; player {p} has {s.food[p]}")
    return water_error(s, p, a.cell, a.water, info.water)


def do_build(s: Zones, p: int, a: BuildLocation, ev: list[Event]) -> None:
    """F-51: pay, place, (attach), then the immediate ability."""
    info = s.cfg.cards[a.card]
    used(s, p, a.card, ev)
    s.coins[p] -= info.coins
    s.food[p] -= info.food
    pay_water(s, p, a.water)
    put_card(s, p, a.card, a.cell)
    ev.append(
        Event("build", {"player": p, "card": a.card, "design": info.design, "cell": list(a.cell)})
    )
    ability = info.ability
    if ability is not None and ability.timing == "immediate":
        if ability.cost is not None:
            s.stack.append([F_OPTIONAL, p, a.card, a.card])  # F-57
        else:
            push_effects(s, p, a.card, ability.effects)
    _after_build(s, p, a.card)


# ------------------------------------------------------------------ B: Water Tower, C: Silo


def tower_error(s: Zones, p: int, a: BuildWaterTower) -> Refusal | None:
    why = card_error(s, p, a.card)
    if why is not None:
        return why
    if not s.towers:
        return refuse("F-104", "the Water Tower pile is empty")
    if s.coins[p] < TOWER_COST:
        return refuse("F-52", f"a Water Tower costs {TOWER_COST} coins")
    return _cell_error(s, p, a.cell)


def do_tower(s: Zones, p: int, a: BuildWaterTower, ev: list[Event]) -> None:
    _discard(s, p, a.card, ev)
    s.coins[p] -= TOWER_COST
    tower = s.towers.pop()
    put_card(s, p, tower, a.cell)
    s.water[tower] = TOWER_START_WATER
    ev.append(
        Event("build-tower", {"player": p, "card": a.card, "tower": tower, "cell": list(a.cell)})
    )
    _after_build(s, p, tower)


def silo_error(s: Zones, p: int, a: BuildSilo) -> Refusal | None:
    why = card_error(s, p, a.card)
    if why is not None:
        return why
    if not s.silos:
        return refuse("F-104", "the Silo pile is empty")
    return _cell_error(s, p, a.cell)


def do_silo(s: Zones, p: int, a: BuildSilo, ev: list[Event]) -> None:
    _discard(s, p, a.card, ev)
    silo = s.silos.pop()
    put_card(s, p, silo, a.cell)
    ev.append(
        Event("build-silo", {"player": p, "card": a.card, "silo": silo, "cell": list(a.cell)})
    )
    _after_build(s, p, silo)


# ------------------------------------------------------------------ D: Go to Market


def market_error(s: Zones, p: int, a: GoToMarket) -> Refusal | None:
    why = card_error(s, p, a.card)
    if why is not None:
        return why
    if not 0 <= a.food <= MARKET_MAX_FOOD:
        return refuse("F-54", f"Go to Market sells 0, 1 or 2 food, not {a.food}")
    if a.food > s.food[p]:
        return refuse("F-54", f"player {p} has {s.food[p]} food")
    return None


def market_coins(s: Zones, p: int, food: int) -> int:
    return MARKET_BASE + MARKET_PER_FOOD * food + market_bonus(s, p)


def do_market(s: Zones, p: int, a: GoToMarket, ev: list[Event]) -> None:
    coins = market_coins(s, p, a.food)
    _discard(s, p, a.card, ev)
    s.food[p] -= a.food
    s.coins[p] += coins
    ev.append(Event("market", {"player": p, "card": a.card, "food": a.food, "coins": coins}))


# ------------------------------------------------------------------ E: Restore Location


def restore_error(s: Zones, p: int, a: RestoreLocation) -> Refusal | None:
    if not s.cfg.published:
        return refuse("F-14, F-105", "the prototype rules have no Restore Location")
    why = card_error(s, p, a.card)
    if why is not None:
        return why
    card = s.farms[p].get(a.cell, NONE)
    if card == NONE or card not in s.face_down:
        return refuse("F-55", f"{a.cell[0]},{a.cell[1]} holds no Open Area of player {p}")
    if s.coins[p] < 1:
        return refuse("F-55, F-105", "Restore Location costs 1 coin")
    return None


def do_restore(s: Zones, p: int, a: RestoreLocation, ev: list[Event]) -> None:
    """F-55, F-106: face up again, no immediate ability, no tiles back."""
    target = s.farms[p][a.cell]
    _discard(s, p, a.card, ev)
    s.coins[p] -= 1
    s.face_down.discard(target)
    ev.append(
        Event("restore", {"player": p, "card": a.card, "restored": target, "cell": list(a.cell)})
    )
