"""The information boundary (F-77 … F-79): ``observe`` is the only way state leaves the
engine; ``determinize`` resamples exactly what a player cannot know.

Knowledge from passing hands (F-78) is kept per card as a bitmask of the players who saw it
in a hand. A hand is a packet that only loses cards, so a viewer knows either every card of
another player's hand (it passed through the viewer) or none; then they still do not know which
card of it was committed. Tiles a player drew carry their bit too; their places in the stack
follow from public counts, so they stay known.
"""

from __future__ import annotations

from typing import Any

from seedbed.engine.rng import Rng
from seedbed.games.fields_of_green.abilities import (
    food_capacity,
    tower_capacity,
    tower_range,
)
from seedbed.games.fields_of_green.config import KIND_NAMES, PILE_NAMES, TYPES
from seedbed.games.fields_of_green.farm import Cell
from seedbed.games.fields_of_green.scoring import PART_NAMES, score_parts
from seedbed.games.fields_of_green.state import (
    F_ATTACH,
    F_CHOOSE,
    F_KEEP,
    F_OPTIONAL,
    F_PLACE,
    F_WATER,
    FRAME_NAMES,
    NONE,
    OVER,
    PHASE_NAMES,
    Zones,
)

Json = dict[str, Any]


def card_json(s: Zones, card: int) -> Json:
    info = s.cfg.cards[card]
    return {"id": card, "design": info.design, "kind": KIND_NAMES[info.kind]}


def tile_json(s: Zones, tile: int) -> Json:
    return {"id": tile, "design": s.cfg.tiles[tile].id}


def _cell_json(s: Zones, cell: Cell, card: int) -> Json:
    out: Json = {"cell": [cell[0], cell[1]], "card": card_json(s, card)}
    out["open_area"] = card in s.face_down
    out["equipment"] = [tile_json(s, t) for t in s.equip.get(card, ())]
    if card in s.water:
        out["water"] = s.water[card]
        out["capacity"] = tower_capacity(s, card)
        out["range"] = tower_range(s, card)
    return out


def _player(s: Zones, p: int) -> Json:
    farm = s.farms[p]
    revealed = s.revealed[p]
    return {
        "seat": p,
        "coins": s.coins[p],
        "food": s.food[p],
        "food_capacity": food_capacity(s, p),
        "vp_tokens": s.vp[p],
        "farm": [_cell_json(s, cell, farm[cell]) for cell in sorted(farm)],
        "set_aside": [tile_json(s, t) for t in s.aside[p]],
        "hand_size": len(s.hands[p]),
        "committed": s.commits[p] != NONE,
        "revealed": None if revealed == NONE else card_json(s, revealed),
        "split": s.splits[p][:] if s.splits[p] else None,
    }


def _decision(s: Zones, viewer: int | None) -> Json | None:
    """The decision on top of the stack: public facts, and drawn tiles for their owner."""
    if not s.stack:
        return None
    frame = s.stack[-1]
    kind, p = frame[0], frame[1]
    out: Json = {"kind": FRAME_NAMES[kind], "player": p}
    if kind == F_WATER:
        out["amount"] = frame[2]
    elif kind == F_CHOOSE:
        out["card"] = frame[2]
        out["options"] = len(frame) - 3
    elif kind in (F_ATTACH, F_OPTIONAL):
        out["card"] = frame[2]
    elif kind == F_KEEP:
        out["count"] = len(frame) - 2
        if viewer == p:
            out["tiles"] = [tile_json(s, t) for t in frame[2:]]
    elif kind == F_PLACE and viewer == p:
        out["tile"] = tile_json(s, frame[2])
    return out


def observe(s: Zones, viewer: int | None, movers: tuple[int, ...]) -> Json:
    """Exactly what ``viewer`` (None = spectator) may know (F-77 … F-79)."""
    cfg = s.cfg
    obs: Json = {
        "game": "fields_of_green",
        "ruleset": cfg.ruleset,
        "introductory": cfg.introductory,
        "num_players": cfg.num_players,
        "viewer": viewer,
        "year": s.year,
        "phase": PHASE_NAMES[s.phase],
        "first_player": s.first,
        "direction": s.direction(),
        "turn": s.turn,
        "to_move": list(movers),
        "pile_names": list(PILE_NAMES[cfg.ruleset]),
        "pile_sizes": [len(p) for p in s.piles],
        "water_towers_left": len(s.towers),
        "silos_left": len(s.silos),
        "equipment_left": len(s.tiles),
        "discard": [card_json(s, c) for c in s.discard],
        "equipment_discard": [tile_json(s, t) for t in s.tile_discard],
        "display": [card_json(s, c) for c in s.display],
        "shared_size": len(s.shared),
        "players": [_player(s, p) for p in range(cfg.num_players)],
        "harvested": sorted(s.handled),
        "paid_game_end": sorted(s.paid_end),
        "decision": _decision(s, viewer),
    }
    if s.phase == OVER:
        # F-73, F-77: at the end everything is public; the score by part, as on a score pad
        obs["score_part_names"] = list(PART_NAMES)
        obs["score_parts"] = [score_parts(s, p) for p in range(cfg.num_players)]
    if viewer is not None:
        obs.update(_private(s, viewer))
    return obs


def _private(s: Zones, viewer: int) -> Json:
    """F-78: own hand and commit, hands that passed through the viewer, tiles they drew."""
    bit = 1 << viewer
    commit = s.commits[viewer]
    known: Json = {}
    for q in range(s.cfg.num_players):
        if q == viewer:
            continue
        packet = _packet(s, q)
        if packet and s.seen[packet[0]] & bit:
            known[str(q)] = sorted(packet)
    stack = [[i, tile_json(s, t)] for i, t in enumerate(s.tiles) if s.tile_seen[t] & bit]
    return {
        "hand": [card_json(s, c) for c in s.hands[viewer]],
        "commit": None if commit == NONE else card_json(s, commit),
        "known_hands": known,
        "known_stack": stack,
    }


def _packet(s: Zones, q: int) -> list[int]:
    """q's hand with q's unrevealed commit: what moved together as one packet."""
    commit = s.commits[q]
    return s.hands[q] + ([] if commit == NONE else [commit])


# ------------------------------------------------------------------ determinize


def determinize_into(s: Zones, viewer: int, rng: Rng) -> None:
    """Resample in place what ``viewer`` cannot know: pile orders, hands that never passed
    through them (keeping each hand's public type make-up), which card of a known hand was
    committed, the 2-player shared pile, and unseen tiles of the stack and of other players'
    draws. The game's generator is reseeded from ``rng``."""
    _resample_cards(s, viewer, rng)
    _resample_tiles(s, viewer, rng)
    s.rng = rng.spawn()


def _resample_cards(s: Zones, viewer: int, rng: Rng) -> None:
    kinds = [info.kind for info in s.cfg.cards]
    bit = 1 << viewer
    pool: list[list[int]] = [pile[:] for pile in s.piles]
    slots: list[tuple[int, int]] = []  # (player or -1 for the shared pile, slot index)
    packets: dict[int, list[int]] = {}
    for q in range(s.cfg.num_players):
        packet = _packet(s, q)
        if q == viewer or not packet:
            continue
        packet.sort()  # the sample must not depend on the true (hidden) order
        rng.shuffle(packet)  # which card was committed is unknown to the viewer
        packets[q] = packet
        if not s.seen[packet[0]] & bit:
            for i, c in enumerate(packet):
                pool[kinds[c]].append(c)
                slots.append((q, i))
    shared = sorted(s.shared)
    rng.shuffle(shared)
    for i, c in enumerate(shared):
        pool[kinds[c]].append(c)
        slots.append((-1, i))
    for cards in pool:
        cards.sort()
        rng.shuffle(cards)
    olds = [shared[i] if q < 0 else packets[q][i] for q, i in slots]
    bits = [s.seen[c] for c in olds]
    for c in olds:
        s.seen[c] = 0
    for (q, i), old, b in zip(slots, olds, bits, strict=True):
        new = pool[kinds[old]].pop()
        s.seen[new] = b  # who saw a slot's card sees the card put there
        if q < 0:
            shared[i] = new
        else:
            packets[q][i] = new
    s.piles = [pool[t] for t in range(len(TYPES))]
    s.shared = shared
    for q, packet in packets.items():
        if s.commits[q] != NONE:
            s.commits[q] = packet.pop()
        s.hands[q] = packet


def _resample_tiles(s: Zones, viewer: int, rng: Rng) -> None:
    bit = 1 << viewer
    seen = s.tile_seen
    unknown = [i for i, t in enumerate(s.tiles) if not seen[t] & bit]
    frames = [
        (f, i)
        for f in s.stack
        if f[1] != viewer and f[0] in (F_KEEP, F_PLACE)
        for i in range(2, len(f))
        if not seen[f[i]] & bit
    ]
    pool = [s.tiles[i] for i in unknown] + [f[i] for f, i in frames]
    bits = [seen[t] for t in pool]  # who saw a slot's tile sees the tile put there
    pool.sort()  # the sample must not depend on the true (hidden) order
    rng.shuffle(pool)
    k = 0
    for i in unknown:
        s.tiles[i] = pool[k]
        seen[pool[k]] = bits[k]
        k += 1
    for f, i in frames:
        f[i] = pool[k]
        seen[pool[k]] = bits[k]
        k += 1
