"""Bohnanza rules: setup, drawing, planting, harvesting, the turn's phases and the duel.

Every ``check_*`` function raises IllegalActionError (naming the clause) before anything is
changed; every ``do_*`` function mutates and appends events. Trading is in ``trading.py``,
the enumerated menus in ``menu.py``.
"""

from __future__ import annotations

from seedbed.engine.api import Event
from seedbed.engine.errors import Refusal, refuse
from seedbed.engine.rng import Rng
from seedbed.games.bohnanza.cards import PAYOUT, VARIETIES, Config
from seedbed.games.bohnanza.protection import single_bean_protected
from seedbed.games.bohnanza.state import (
    DRAW,
    DUEL_DRAW,
    DUEL_OFFERED,
    DUEL_PLANT,
    DUEL_REVEALED,
    EMPTY,
    EXPIRED,
    OPEN,
    OVER,
    PLANT,
    PLANT_TRADED,
    TRADE,
    Zones,
)

Events = list[Event]


def card_json(s: Zones, card: int) -> dict[str, object]:
    return {"id": card, "variety": VARIETIES[s.cfg.variety_of[card]]}


# ------------------------------------------------------------------ setup (B-14, B-15)


def setup(s: Zones, cfg: Config, seed: int) -> None:
    n = cfg.num_players
    s.cfg = cfg
    s.rng = Rng(seed)
    deck = list(range(cfg.num_cards))
    s.rng.shuffle(deck)
    deck.reverse()  # the list's end is the top; the shuffle's first card is dealt first
    s.deck = deck
    s.discard = []
    s.hands = [[] for _ in range(n)]
    for _ in range(max(cfg.hand_sizes)):  # B-15: one card at a time round the table
        for p in range(n):
            if len(s.hands[p]) < cfg.hand_sizes[p]:
                s.hands[p].append(s.deck.pop())
    has_third = cfg.start_fields == 3
    s.fields = [[[] for _ in range(cfg.start_fields)] for _ in range(n)]
    s.third = [has_third] * n
    s.treasury = [[] for _ in range(n)]
    s.trade = [[] for _ in range(n)]
    s.faceup = [EMPTY, EMPTY]
    s.revealed = []
    s.offer_area = []
    s.box = []
    s.exhaustions = 0
    s.active = 0
    s.turn = 0
    s.ending = False
    s.passed = [False] * n
    s.offers = []
    s.offer_status = []
    s.accepted_by = []
    s.next_offer_id = 1
    s.offers_made = [0] * n
    s.planted = 0
    s.phase = PLANT
    start_turn(s, [])


# ------------------------------------------------------------------ drawing (B-59 … B-62)


def draw(s: Zones, count: int, ev: Events) -> tuple[list[int], bool]:
    """Draw up to ``count`` cards one at a time; returns them and whether the final
    exhaustion happened, which ends the request (B-62)."""
    out: list[int] = []
    for _ in range(count):
        if not s.deck:  # B-60/B-61: a card asked of an empty new deck is a further exhaustion
            if exhaust(s, ev):
                return out, True
            if not s.deck:  # the discard pile was empty too: this card yields nothing
                continue
        out.append(s.deck.pop())
        if not s.deck and exhaust(s, ev):  # B-60: taking the last card is the exhaustion
            return out, True
    return out, False


def exhaust(s: Zones, ev: Events) -> bool:
    """Count an exhaustion (B-60); before the final one the discard pile becomes the new deck
    at once (B-61), an empty one if the pile is empty. Returns whether it was the final one."""
    s.exhaustions += 1
    final = s.exhaustions >= s.cfg.final_exhaustion
    ev.append(Event("exhaustion", {"count": s.exhaustions, "final": final}))
    if final or not s.discard:  # B-62: nothing is reshuffled at the final exhaustion
        return final
    deck = s.discard
    s.discard = []
    s.rng.shuffle(deck)
    s.deck = deck
    ev.append(Event("reshuffle", {"deck_size": len(deck)}))
    return False


# ------------------------------------------------------------------ fields (B-18 … B-27)


def harvest_error(s: Zones, p: int, f: int) -> Refusal | None:
    fields = s.fields[p]
    if not 0 <= f < len(fields):
        return refuse("B-18", f"player {p} has no field {f}")
    field = fields[f]
    if not field:
        return refuse("B-23", f"field {f} is empty")
    if len(field) == 1 and single_bean_protected([len(other) for other in fields], f):
        return refuse("B-24", f"field {f} holds a single bean while another field holds more")
    return None


def plant_error(s: Zones, p: int, variety: int, f: int) -> Refusal | None:
    """Why a bean of ``variety`` may not go into field ``f`` of p (B-19, B-21), or None."""
    fields = s.fields[p]
    if not 0 <= f < len(fields):
        return refuse("B-18", f"player {p} has no field {f}")
    vo = s.cfg.variety_of
    for i, field in enumerate(fields):
        if field and vo[field[0]] == variety:
            if i == f:
                return None
            return refuse(
                "B-19",
                f"a {VARIETIES[variety]} bean must go to field {i}, which holds that variety",
            )
    if not fields[f]:
        return None
    why = harvest_error(s, p, f)
    if why is not None:
        return refuse("B-21", f"cannot plant over field {f}: it may not be harvested now: {why}")
    return None


def scan_fields(s: Zones, p: int) -> tuple[dict[int, int], list[int], list[int]]:
    """One pass over p's fields: (variety -> field holding it, fields a *new* variety may go
    to, fields that may be harvested) under B-19, B-21 and B-24."""
    fields = s.fields[p]
    vo = s.cfg.variety_of
    held: dict[int, int] = {}
    big = False
    for i, field in enumerate(fields):
        if field:
            held[vo[field[0]]] = i
            if len(field) >= 2:
                big = True
    if big:
        harvest = [i for i, field in enumerate(fields) if len(field) >= 2]
        targets = [i for i, field in enumerate(fields) if len(field) != 1]
    else:
        harvest = [i for i, field in enumerate(fields) if field]
        targets = list(range(len(fields)))
    return held, targets, harvest


def harvestable(s: Zones, p: int) -> list[int]:
    """Fields p may harvest now (B-23, B-24)."""
    return scan_fields(s, p)[2]


def do_harvest(s: Zones, p: int, f: int, ev: Events, scoring: bool = False) -> None:
    """B-23: the payout's most recently planted cards become coins, the rest are discarded."""
    field = s.fields[p][f]
    n = len(field)
    variety = s.cfg.variety_of[field[0]]
    coins = PAYOUT[variety][n]
    k = n - coins
    s.discard.extend(field[:k])
    s.treasury[p].extend(field[k:])
    s.fields[p][f] = []
    ev.append(
        Event(
            "harvest",
            {
                "player": p,
                "field": f,
                "variety": VARIETIES[variety],
                "count": n,
                "coins": coins,
                "discarded": [card_json(s, c) for c in field[:k]],
                "at_end": scoring,
            },
        )
    )


def do_plant(s: Zones, p: int, card: int, f: int, source: str, ev: Events) -> None:
    field = s.fields[p][f]
    vo = s.cfg.variety_of
    if field and vo[field[0]] != vo[card]:
        do_harvest(s, p, f, ev)  # B-21 convenience planting
    s.fields[p][f].append(card)
    ev.append(Event("plant", {"player": p, "field": f, "card": card_json(s, card), "from": source}))


def buy_error(s: Zones, p: int) -> Refusal | None:
    cfg = s.cfg
    if not cfg.can_buy:
        return refuse("B-13", "the third field cannot be bought with standard 3 players")
    if s.third[p]:
        return refuse("B-26", f"player {p} already has a third field")
    if len(s.treasury[p]) < cfg.field_cost:
        return refuse("B-26", f"the third field costs {cfg.field_cost} coins; player {p} has fewer")
    return None


def do_buy(s: Zones, p: int, ev: Events) -> None:
    """B-26: top coins first onto the discard pile (or into the box in the duel)."""
    cost = s.cfg.field_cost
    treasury = s.treasury[p]
    dest = s.box if s.cfg.duel else s.discard
    paid = []
    for _ in range(cost):
        card = treasury.pop()
        dest.append(card)
        paid.append(card)
    s.fields[p].append([])
    s.third[p] = True
    public: dict[str, object] = {"player": p, "cost": cost}
    if not s.cfg.duel:  # bean side up on the discard pile: public (B-72, B-92)
        public["paid"] = [card_json(s, c) for c in paid]
    ev.append(Event("buy-field", public))


# ------------------------------------------------------------------ the turn (B-31 … B-52)


def start_turn(s: Zones, ev: Events) -> None:
    ev.append(Event("turn", {"active": s.active, "turn": s.turn}))
    if s.cfg.duel:
        if s.offer_area:
            s.phase = DUEL_OFFERED
        else:
            duel_plant_step(s, ev)
        return
    s.phase = PLANT
    s.planted = 0
    if not s.hands[s.active]:  # B-32/B-73: phase 1 skipped
        begin_reveal(s, ev)


def begin_reveal(s: Zones, ev: Events) -> None:
    """B-33: two cards face up, then trading opens."""
    cards, final = draw(s, 2, ev)
    s.faceup = [EMPTY, EMPTY]
    for slot, card in enumerate(cards):
        s.faceup[slot] = card
    ev.append(Event("reveal", {"active": s.active, "cards": [card_json(s, c) for c in cards]}))
    if final:
        s.ending = True  # B-62: trading and phase 3 are still played
    n = s.cfg.num_players
    s.phase = TRADE
    s.passed = [False] * n
    s.offers = []
    s.offer_status = []
    s.accepted_by = []
    s.offers_made = [0] * n


def end_trading(s: Zones, ev: Events) -> None:
    """B-46: outstanding offers expire, leftover face-up cards go to the active trade area."""
    status = s.offer_status
    expired = []
    for i, st in enumerate(status):
        if st == OPEN:
            status[i] = EXPIRED
            expired.append(s.offers[i].offer_id)
    kept = [c for c in s.faceup if c != EMPTY]
    s.trade[s.active].extend(kept)
    s.faceup = [EMPTY, EMPTY]
    ev.append(Event("end-trading", {"expired": expired, "kept": [card_json(s, c) for c in kept]}))
    s.phase = PLANT_TRADED
    maybe_end_phase3(s, ev)


def maybe_end_phase3(s: Zones, ev: Events) -> None:
    for t in s.trade:
        if t:
            return
    if s.ending:
        game_over(s, ev)
    else:
        s.phase = DRAW


def finish_turn(s: Zones, ev: Events) -> None:
    """B-52 / B-57: draw to the back of the hand; the next seat starts (or the game ends)."""
    p = s.active
    cards, final = draw(s, s.cfg.draw_count, ev)
    s.hands[p].extend(cards)
    ev.append(
        Event(
            "draw",
            {"player": p, "count": len(cards)},
            {"cards": [card_json(s, c) for c in cards]},
            (p,),
        )
    )
    if final:
        game_over(s, ev)
        return
    s.active = (p + 1) % s.cfg.num_players
    s.turn += 1
    start_turn(s, ev)


def after_hand_plant(s: Zones, ev: Events) -> None:
    s.planted += 1
    hand_empty = not s.hands[s.active]
    if s.cfg.duel:
        if hand_empty:
            duel_reveal_step(s, ev)
    elif s.planted >= 2 or hand_empty:
        begin_reveal(s, ev)


def end_planting(s: Zones, p: int, ev: Events) -> None:
    ev.append(Event("end-planting", {"player": p}))
    if s.cfg.duel:
        duel_reveal_step(s, ev)
    else:
        begin_reveal(s, ev)


# ------------------------------------------------------------------ the duel (B-53 … B-58)


def duel_plant_step(s: Zones, ev: Events) -> None:
    s.phase = DUEL_PLANT
    s.planted = 0
    if not s.hands[s.active]:
        duel_reveal_step(s, ev)


def duel_reveal_step(s: Zones, ev: Events) -> None:
    """B-56: reveal three, then pull matching cards from the top of the discard pile."""
    cards, final = draw(s, 3, ev)
    vo = s.cfg.variety_of
    seen = {vo[c] for c in cards}
    row = list(cards)
    pulled = []
    while s.discard and vo[s.discard[-1]] in seen:
        card = s.discard.pop()
        row.append(card)
        pulled.append(card)
    s.revealed = row
    ev.append(
        Event(
            "reveal",
            {
                "active": s.active,
                "cards": [card_json(s, c) for c in cards],
                "pulled": [card_json(s, c) for c in pulled],
            },
        )
    )
    s.ending = s.ending or final
    s.phase = DUEL_REVEALED
    if not row:
        end_reveal_step(s, ev)


def end_reveal_step(s: Zones, ev: Events) -> None:
    if s.ending:
        game_over(s, ev)  # B-62: the offer left is ignored
    else:
        s.phase = DUEL_DRAW


def leave_offer(s: Zones, ev: Events) -> None:
    s.offer_area = s.revealed
    s.revealed = []
    ev.append(Event("leave-offer", {"cards": [card_json(s, c) for c in s.offer_area]}))
    end_reveal_step(s, ev)


def after_offered_card(s: Zones, ev: Events) -> None:
    if not s.offer_area:
        duel_plant_step(s, ev)


# ------------------------------------------------------------------ the end (B-64 … B-66)


def game_over(s: Zones, ev: Events) -> None:
    for p in range(s.cfg.num_players):
        for f, field in enumerate(s.fields[p]):
            if field:
                do_harvest(s, p, f, ev, scoring=True)  # B-64/B-93: no protection
    s.phase = OVER
    s.passed = [False] * s.cfg.num_players
    ev.append(Event("game-over", {"scores": [len(t) for t in s.treasury]}))
