"""Equipment (F-64 … F-68, limits F-17): where a tile fits, gaining tiles from the stack,
keeping, placing, attaching, setting aside and discarding.

Item ids: a harvest or game-end ability is named by an int, the card id for a card's own
ability and ``num_cards + tile`` for a tile (``item_of`` / ``split_item``).
"""

from __future__ import annotations

from seedbed.engine.api import Event
from seedbed.engine.errors import Refusal, refuse
from seedbed.games.fields_of_green.abilities import push_effects
from seedbed.games.fields_of_green.config import TILES_DRAWN, TYPES
from seedbed.games.fields_of_green.geo import tiles_changed
from seedbed.games.fields_of_green.state import F_KEEP, F_OPTIONAL, F_PLACE, NONE, Zones

HOST_KIND = {name: i for i, name in enumerate(TYPES)}
HOST_KIND.update({"water_tower": 4, "silo": 5})


def item_of(s: Zones, card: int, tile: int) -> int:
    return card if tile == NONE else s.cfg.num_cards + tile


def split_item(s: Zones, item: int) -> tuple[int, int]:
    """(card, tile) of an item; tile NONE for a card's own ability."""
    nc = s.cfg.num_cards
    if item < nc:
        return item, NONE
    tile = item - nc
    return host_of(s, tile), tile


def host_of(s: Zones, tile: int) -> int:
    for card, tiles in s.equip.items():
        if tile in tiles:
            return card
    return NONE


def tile_name(s: Zones, tile: int) -> str:
    return s.cfg.tiles[tile].id


def kind_fits(s: Zones, tile: int, card: int) -> bool:
    """F-65: the host kind and keyword, ignoring the per-card limits."""
    design = s.cfg.tiles[tile]
    info = s.cfg.cards[card]
    if card in s.face_down:
        return False  # Open Areas host nothing
    on = design.on
    if on == "location_card":
        ok = info.kind < len(TYPES)
    elif on == "location":
        ok = True
    else:
        ok = info.kind == HOST_KIND[on]
    return ok and (design.keyword is None or design.keyword in info.keywords())


def limit_error(s: Zones, tile: int, card: int) -> Refusal | None:
    """F-17 (published): at most 2 tiles on a card, never two of one design."""
    if not s.cfg.published:
        return None
    on_card = s.equip.get(card, ())
    if len(on_card) >= 2:
        return refuse("F-17", "a card holds at most 2 tiles")
    design = s.cfg.tiles[tile].id
    if any(s.cfg.tiles[t].id == design for t in on_card):
        return refuse("F-17", f"the card already holds a {design}")
    return None


def fit_error(s: Zones, p: int, tile: int, card: int) -> Refusal | None:
    """Why ``tile`` may not go on ``card`` of p now, or None (F-65, F-17)."""
    if card == NONE or s.home.get(card, (NONE,))[0] != p:
        return refuse("F-65", f"player {p} has no such card")
    if not kind_fits(s, tile, card):
        return refuse("F-65", f"{tile_name(s, tile)} does not fit {s.cfg.cards[card].design}")
    return limit_error(s, tile, card)


def fitting_cards(s: Zones, p: int, tile: int) -> list[int]:
    """p's cards the tile may go on now, in cell order."""
    return [c for c in s.farm_cards(p) if fit_error(s, p, tile, c) is None]


# ------------------------------------------------------------------ gaining (F-64)


def draw_tiles(s: Zones, p: int, ev: list[Event]) -> None:
    """Draw 3 (prototype 2) or what is left (F-111); the player keeps one of them."""
    k = min(TILES_DRAWN[s.cfg.ruleset], len(s.tiles))
    if k == 0:
        ev.append(Event("equipment-draw", {"player": p, "count": 0}))
        return
    drawn = [s.tiles.pop() for _ in range(k)]
    bit = 1 << p
    for t in drawn:
        s.tile_seen[t] |= bit
    ev.append(Event("equipment-draw", {"player": p, "count": k}, {"tiles": drawn}, (p,)))
    s.stack.append([F_KEEP, p, *drawn])


def keep(s: Zones, p: int, tile: int, ev: list[Event]) -> None:
    """F-64: keep one; the others go under the stack in the order drawn (F-EX-13)."""
    frame = s.stack.pop()
    returned = [t for t in frame[2:] if t != tile]
    for t in returned:
        s.tiles.insert(0, t)
    ev.append(Event("keep", {"player": p, "returned": len(returned)}, {"tile": tile}, (p,)))
    s.stack.append([F_PLACE, p, tile])


def attach(s: Zones, p: int, tile: int, card: int, ev: list[Event]) -> None:
    """Put a tile on a card; a placement tile applies its effects now (F-67), optionally
    when it has a cost (F-57)."""
    s.equip.setdefault(card, []).append(tile)
    tiles_changed(s, card)
    ev.append(
        Event("equip", {"player": p, "tile": tile_name(s, tile), "tile_id": tile, "card": card})
    )
    design = s.cfg.tiles[tile]
    if design.timing != "placement":
        return
    if design.cost is not None:
        s.stack.append([F_OPTIONAL, p, card, item_of(s, card, tile)])
    else:
        push_effects(s, p, card, design.effects)


def place(s: Zones, p: int, card: int, ev: list[Event]) -> None:
    tile = s.stack.pop()[2]
    attach(s, p, tile, card, ev)


def set_aside(s: Zones, p: int, ev: list[Event]) -> None:
    """F-64, F-110: the kept tile waits beside the farm."""
    tile = s.stack.pop()[2]
    s.aside[p].append(tile)
    ev.append(Event("set-aside", {"player": p, "tile": tile_name(s, tile), "tile_id": tile}))


def attach_aside(s: Zones, p: int, tile: int, card: int, ev: list[Event]) -> None:
    """F-66: a set-aside tile goes on the card just built."""
    s.aside[p].remove(tile)
    attach(s, p, tile, card, ev)


def discard_tiles(s: Zones, card: int) -> list[int]:
    """F-18, F-68: a card turning into an Open Area loses its tiles for good."""
    tiles = s.equip.pop(card, [])
    if tiles:
        tiles_changed(s, card)
    s.tile_discard += tiles
    return tiles


def aside_fitting(s: Zones, p: int, card: int) -> list[int]:
    """Set-aside tiles that may go on ``card`` now, in set-aside order, one per design
    (two copies of a design are the same choice)."""
    out: list[int] = []
    names: set[str] = set()
    for t in s.aside[p]:
        name = tile_name(s, t)
        if name not in names and fit_error(s, p, t, card) is None:
            names.add(name)
            out.append(t)
    return out
