"""Follow-up decisions (F-7): the checks and effects of the actions that answer the frame on
top of the decision stack — water placement, choices, tiles, optional costs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from seedbed.engine.api import Event
from seedbed.engine.errors import Refusal, refuse
from seedbed.games.fields_of_green import equipment as E
from seedbed.games.fields_of_green.abilities import cost_of, push_effects
from seedbed.games.fields_of_green.actions import (
    AttachEquipment,
    ChooseEffect,
    KeepEquipment,
    PayOptional,
    PlaceEquipment,
    PlaceWater,
    SetAsideEquipment,
    SkipAttach,
    SkipOptional,
)
from seedbed.games.fields_of_green.resources import (
    pay_water,
    place_water,
    placement_error,
    water_error,
)
from seedbed.games.fields_of_green.state import (
    F_ATTACH,
    F_CHOOSE,
    F_EFFECTS,
    F_KEEP,
    F_OPTIONAL,
    F_PLACE,
    F_WATER,
    NONE,
    Zones,
)

Check = Callable[[Zones, int, Any], Refusal | None]
Do = Callable[[Zones, int, Any, list[Event]], None]


def _top(s: Zones) -> list[int]:
    return s.stack[-1]


# ------------------------------------------------------------------ water (F-33, F-41)


def _water_check(s: Zones, p: int, a: PlaceWater) -> Refusal | None:
    return placement_error(s, p, a.water, _top(s)[2])


def _water_do(s: Zones, p: int, a: PlaceWater, ev: list[Event]) -> None:
    gained = s.stack.pop()[2]
    place_water(s, p, a.water)
    placed = sum(n for _, _, n in a.water)
    ev.append(
        Event(
            "place-water",
            {
                "player": p,
                "gained": gained,
                "placed": [list(w) for w in a.water],
                "lost": gained - placed,
            },
        )
    )


# ------------------------------------------------------------------ choose (F-86)


def _choose_check(s: Zones, p: int, a: ChooseEffect) -> Refusal | None:
    options = len(_top(s)) - 3
    if not 0 <= a.index < options:
        return refuse("F-86", f"choose an option 0 … {options - 1}")
    return None


def _choose_do(s: Zones, p: int, a: ChooseEffect, ev: list[Event]) -> None:
    frame = s.stack.pop()
    ev.append(Event("choose", {"player": p, "index": a.index}))
    s.stack.append([F_EFFECTS, p, frame[2], frame[3 + a.index], 0])


# ------------------------------------------------------------------ equipment (F-64 … F-66)


def _keep_check(s: Zones, p: int, a: KeepEquipment) -> Refusal | None:
    return None if a.tile in _top(s)[2:] else refuse("F-64", f"tile {a.tile} was not drawn")


def _keep_do(s: Zones, p: int, a: KeepEquipment, ev: list[Event]) -> None:
    E.keep(s, p, a.tile, ev)


def _place_check(s: Zones, p: int, a: PlaceEquipment) -> Refusal | None:
    return E.fit_error(s, p, _top(s)[2], s.farms[p].get(a.cell, NONE))


def _place_do(s: Zones, p: int, a: PlaceEquipment, ev: list[Event]) -> None:
    E.place(s, p, s.farms[p][a.cell], ev)


def _aside_do(s: Zones, p: int, a: SetAsideEquipment, ev: list[Event]) -> None:
    E.set_aside(s, p, ev)


def _attach_check(s: Zones, p: int, a: AttachEquipment) -> Refusal | None:
    if a.tile not in s.aside[p]:
        return refuse("F-66", f"tile {a.tile} is not set aside by player {p}")
    return E.fit_error(s, p, a.tile, _top(s)[2])


def _attach_do(s: Zones, p: int, a: AttachEquipment, ev: list[Event]) -> None:
    E.attach_aside(s, p, a.tile, _top(s)[2], ev)


def _pop(s: Zones, p: int, a: Any, ev: list[Event]) -> None:
    frame = s.stack.pop()
    ev.append(Event(str(a), {"player": p, "card": frame[2]}))


# ------------------------------------------------------------------ optional costs (F-57)


def optional_cost(s: Zones, p: int, frame: list[int]) -> tuple[int, int, int]:
    """The (coins, water, food) cost of the optional ability of a frame, read now."""
    item, src = frame[3], frame[2]
    nc = s.cfg.num_cards
    if item >= nc:
        return cost_of(s, p, src, s.cfg.tiles[item - nc].cost)
    ability = s.cfg.cards[item].ability
    return cost_of(s, p, src, None if ability is None else ability.cost)


def _optional_effects(s: Zones, frame: list[int]) -> Any:
    item = frame[3]
    nc = s.cfg.num_cards
    if item >= nc:
        return s.cfg.tiles[item - nc].effects
    ability = s.cfg.cards[item].ability
    return () if ability is None else ability.effects


def _pay_check(s: Zones, p: int, a: PayOptional) -> Refusal | None:
    frame = _top(s)
    coins, need, food = optional_cost(s, p, frame)
    if s.coins[p] < coins:
        return refuse("F-57", f"the cost is {coins} coins; player {p} has {s.coins[p]}")
    if s.food[p] < food:
        return refuse("F-57", f"the cost is {food} food; player {p} has {s.food[p]}")
    return water_error(s, p, s.cell_of(frame[2]), a.water, need)


def _pay_do(s: Zones, p: int, a: PayOptional, ev: list[Event]) -> None:
    frame = _top(s)
    coins, _, food = optional_cost(s, p, frame)
    s.stack.pop()
    s.coins[p] -= coins
    s.food[p] -= food
    pay_water(s, p, a.water)
    ev.append(Event("pay", {"player": p, "card": frame[2]}))
    push_effects(s, p, frame[2], _optional_effects(s, frame))


def _ok(s: Zones, p: int, a: Any) -> Refusal | None:
    return None


# action class -> (frame kind it answers, rule check, effect)
DECISIONS: dict[type, tuple[int, Check, Do]] = {
    PlaceWater: (F_WATER, _water_check, _water_do),
    ChooseEffect: (F_CHOOSE, _choose_check, _choose_do),
    KeepEquipment: (F_KEEP, _keep_check, _keep_do),
    PlaceEquipment: (F_PLACE, _place_check, _place_do),
    SetAsideEquipment: (F_PLACE, _ok, _aside_do),
    AttachEquipment: (F_ATTACH, _attach_check, _attach_do),
    SkipAttach: (F_ATTACH, _ok, _pop),
    PayOptional: (F_OPTIONAL, _pay_check, _pay_do),
    SkipOptional: (F_OPTIONAL, _ok, _pop),
}
