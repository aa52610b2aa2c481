"""The information boundary of Bohnanza (B-68 … B-72): ``observe`` is the only way state
leaves the engine, ``determinize`` resamples exactly what a player cannot know."""

from __future__ import annotations

from typing import Any

from seedbed.engine.rng import Rng
from seedbed.games.bohnanza.cards import VARIETIES
from seedbed.games.bohnanza.rules import card_json
from seedbed.games.bohnanza.state import EMPTY, OPEN, OVER, PHASE_NAMES, STATUS_NAMES, Zones
from seedbed.games.bohnanza.trading import offer_private, offer_public


def _cards(s: Zones, cards: list[int]) -> list[dict[str, object]]:
    return [card_json(s, c) for c in cards]


def _field(s: Zones, field: list[int]) -> dict[str, object]:
    if not field:
        return {"variety": None, "cards": []}
    return {"variety": VARIETIES[s.cfg.variety_of[field[0]]], "cards": _cards(s, field)}


def _offer(s: Zones, i: int, viewer: int | None) -> dict[str, Any]:
    rec = s.offers[i]
    out: dict[str, Any] = offer_public(s, rec)
    out["status"] = STATUS_NAMES[s.offer_status[i]]
    if s.accepted_by[i] >= 0:
        out["accepted_by"] = s.accepted_by[i]
    if viewer == rec.proposer:
        out.update(offer_private(s, rec))
    return out


def observe(s: Zones, viewer: int | None, movers: tuple[int, ...]) -> dict[str, Any]:
    """Exactly what ``viewer`` (None = spectator) may know (B-68 … B-72)."""
    cfg = s.cfg
    over = s.phase == OVER
    players = []
    for p in range(cfg.num_players):
        info: dict[str, Any] = {
            "seat": p,
            "hand_size": len(s.hands[p]),
            "fields": [_field(s, f) for f in s.fields[p]],
            "third_field": s.third[p],
            "trade_area": _cards(s, s.trade[p]),
            "passed": s.passed[p],
            "offers_made": s.offers_made[p],
        }
        if cfg.treasury_open or over or viewer == p:  # B-67, B-71
            info["coins"] = len(s.treasury[p])
        players.append(info)
    obs: dict[str, Any] = {
        "game": "bohnanza",
        "edition": cfg.edition,
        "num_players": cfg.num_players,
        "duel": cfg.duel,
        "viewer": viewer,
        "turn": s.turn,
        "active": s.active,
        "phase": PHASE_NAMES[s.phase],
        "planted": s.planted,
        "to_move": list(movers),
        "deck_size": len(s.deck),
        "discard_size": len(s.discard),
        "discard_top": card_json(s, s.discard[-1]) if s.discard else None,
        "exhaustions": s.exhaustions,
        "final_exhaustion": cfg.final_exhaustion,
        "field_cost": cfg.field_cost if cfg.can_buy else None,
        "treasury_visibility": "open" if cfg.treasury_open else "secret",
        "max_offers": cfg.max_offers,
        "faceup": [None if c == EMPTY else card_json(s, c) for c in s.faceup],
        "revealed": _cards(s, s.revealed),
        "offer_area": _cards(s, s.offer_area),
        "offers": [_offer(s, i, viewer) for i in range(len(s.offers))],
        "players": players,
    }
    if viewer is not None:
        obs["hand"] = _cards(s, s.hands[viewer])  # B-69
        obs["treasury"] = _cards(s, s.treasury[viewer])
    return obs


def _known_in_hand(s: Zones, q: int) -> set[int]:
    """Cards of q's hand that q's own outstanding offers have shown (by variety) to all."""
    known: set[int] = set()
    for i, rec in enumerate(s.offers):
        if rec.proposer == q and s.offer_status[i] == OPEN:
            known.update(rec.give_hand)
    return known


def determinize_into(s: Zones, viewer: int, rng: Rng) -> None:
    """Resample in place what ``viewer`` cannot know: the deck order, other players' hands
    (except cards their outstanding offers named, which stay in the hand at a random
    position) and the cards inside other treasuries and the box (sizes kept). The game's
    generator is reseeded from ``rng``, so future shuffles are unknown too."""
    n = s.cfg.num_players
    pool: list[int] = list(s.deck) + list(s.box)
    keep: dict[int, list[int]] = {}
    for q in range(n):
        if q == viewer:
            continue
        known = _known_in_hand(s, q)
        keep[q] = [c for c in s.hands[q] if c in known]
        pool += [c for c in s.hands[q] if c not in known]
        pool += s.treasury[q]
    # sorted first, so the sample depends only on what the viewer knows, never on the true
    # order of the hidden cards (twins that differ only in hidden cards sample alike)
    pool.sort()
    rng.shuffle(pool)
    pos = 0

    def take(k: int) -> list[int]:
        nonlocal pos
        out = pool[pos : pos + k]
        pos += k
        return out

    for q in range(n):
        if q == viewer:
            continue
        hand = sorted(keep[q] + take(len(s.hands[q]) - len(keep[q])))
        rng.shuffle(hand)
        s.hands[q] = hand
        s.treasury[q] = take(len(s.treasury[q]))
        for i, rec in enumerate(s.offers):  # keep the proposer's private positions true
            if rec.proposer == q and s.offer_status[i] == OPEN and rec.give_hand:
                positions = tuple(sorted(hand.index(c) for c in rec.give_hand))
                s.offers[i] = type(rec)(
                    rec.offer_id, rec.proposer, rec.to, rec.give_faceup, rec.give_hand,
                    positions, rec.want, rec.want_faceup,
                )  # fmt: skip
    s.box = take(len(s.box))
    s.deck = take(len(s.deck))
    s.rng = rng.spawn()
