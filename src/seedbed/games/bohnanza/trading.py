"""The trading protocol of phase 2 (B-34 … B-49): offers, acceptances, declines,
withdrawals, passes, the end of trading and quiescence."""

from __future__ import annotations

from seedbed.engine.api import Event
from seedbed.engine.errors import Refusal, refuse
from seedbed.games.bohnanza.actions import Accept, Decline, Offer, Withdraw
from seedbed.games.bohnanza.cards import VARIETIES
from seedbed.games.bohnanza.rules import Events, card_json, end_trading
from seedbed.games.bohnanza.state import (
    ACCEPTED,
    DECLINED,
    EMPTY,
    OPEN,
    UNAVAILABLE,
    WITHDRAWN,
    OfferRecord,
    Zones,
)


def change(s: Zones) -> None:
    """B-44: after every change all passes are cleared."""
    s.passed = [False] * s.cfg.num_players


def find_offer(s: Zones, offer_id: int) -> int:
    """Index of the offer in this trading phase's list, or -1."""
    if not s.offers:
        return -1
    i = offer_id - s.offers[0].offer_id
    return i if 0 <= i < len(s.offers) else -1


def in_place(s: Zones, rec: OfferRecord) -> bool:
    """B-40: every given card and wanted face-up card is still where the offer found it."""
    faceup = s.faceup
    for slot, card in rec.give_faceup:
        if faceup[slot] != card:
            return False
    for slot, card in rec.want_faceup:
        if faceup[slot] != card:
            return False
    if rec.give_hand:
        hand = s.hands[rec.proposer]
        for card in rec.give_hand:
            if card not in hand:
                return False
    return True


# ------------------------------------------------------------------ Offer (B-37, B-38)


def offer_error(s: Zones, p: int, a: Offer) -> Refusal | None:
    cfg = s.cfg
    n = cfg.num_players
    active = s.active
    if cfg.max_offers is not None and s.offers_made[p] >= cfg.max_offers:
        return refuse("B-47", f"player {p} has made {cfg.max_offers} offers this trading phase")
    if not (a.give_faceup or a.give_hand or a.want or a.want_faceup):
        return refuse("B-37", "an offer must give or want something")
    if p == active:
        if a.to is not None and (not 0 <= a.to < n or a.to == active):
            return refuse("B-37", "the active player offers to another seat or to 'any'")
        if a.want_faceup:
            return refuse("B-37", "the active player cannot want its own face-up cards")
    else:
        if a.to != active:
            return refuse(
                "B-35", f"a non-active player may only offer to the active player (seat {active})"
            )
        if a.give_faceup:
            return refuse("B-37", "only the active player may give face-up cards")
    for slots, what in ((a.give_faceup, "given"), (a.want_faceup, "wanted")):
        if len(set(slots)) != len(slots):
            return refuse("B-37", f"{what} face-up slots repeat")
        for slot in slots:
            if slot not in (0, 1) or s.faceup[slot] == EMPTY:
                return refuse("B-37", f"{what} face-up slot {slot} holds no card")
    hand = s.hands[p]
    if len(set(a.give_hand)) != len(a.give_hand):
        return refuse("B-37", "given hand positions repeat")
    for pos in a.give_hand:
        if not 0 <= pos < len(hand):
            return refuse("B-37", f"hand position {pos} is not in player {p}'s hand of {len(hand)}")
    for v in a.want:
        if v not in cfg.varieties:
            return refuse("B-37", f"{VARIETIES[v]} is not in this game")
    mine = [r for i, r in enumerate(s.offers) if r.proposer == p and s.offer_status[i] == OPEN]
    if mine:
        rec = make_record(s, p, a)
        for other in mine:
            if other.same_terms(rec):
                return refuse(
                    "B-37", f"player {p} already has offer {other.offer_id} with the same terms"
                )
    return None


def make_record(s: Zones, p: int, a: Offer) -> OfferRecord:
    hand = s.hands[p]
    return OfferRecord(
        offer_id=s.next_offer_id,
        proposer=p,
        to=a.to,
        give_faceup=tuple((slot, s.faceup[slot]) for slot in sorted(a.give_faceup)),
        give_hand=tuple(hand[pos] for pos in sorted(a.give_hand)),
        give_positions=tuple(sorted(a.give_hand)),
        want=tuple(sorted(a.want)),
        want_faceup=tuple((slot, s.faceup[slot]) for slot in sorted(a.want_faceup)),
    )


def offer_public(s: Zones, rec: OfferRecord) -> dict[str, object]:
    """What everyone sees of an offer (B-68): given cards by variety and source, never by
    id: the record outlives the cards' visibility (a given face-up card may later sit in a
    secret treasury, B-9/B-70), while the face-up cards themselves are shown by the
    observation as long as they lie face up. Hand varieties are listed in canonical order,
    so their order tells nothing of the private positions (B-69)."""
    vo = s.cfg.variety_of
    return {
        "offer_id": rec.offer_id,
        "proposer": rec.proposer,
        "to": "any" if rec.to is None else rec.to,
        "give_faceup": [{"slot": sl, "variety": VARIETIES[vo[c]]} for sl, c in rec.give_faceup],
        "give_hand": [VARIETIES[v] for v in sorted(vo[c] for c in rec.give_hand)],
        "want": [VARIETIES[v] for v in rec.want],
        "want_faceup": [{"slot": sl, "variety": VARIETIES[vo[c]]} for sl, c in rec.want_faceup],
    }


def offer_private(s: Zones, rec: OfferRecord) -> dict[str, object]:
    """What only the proposer sees in addition (B-69): the hand positions as made."""
    return {"give_hand_positions": list(rec.give_positions)}


def do_offer(s: Zones, p: int, a: Offer, ev: Events) -> None:
    rec = make_record(s, p, a)
    s.offers.append(rec)
    s.offer_status.append(OPEN)
    s.accepted_by.append(-1)
    s.next_offer_id += 1
    s.offers_made[p] += 1
    change(s)
    ev.append(Event("offer", offer_public(s, rec), offer_private(s, rec), (p,)))


# ------------------------------------------------------------------ Accept (B-39, B-40)


def accept_error(s: Zones, p: int, a: Accept) -> Refusal | None:
    i = find_offer(s, a.offer_id)
    if i < 0:
        return refuse("B-39", f"there is no offer {a.offer_id} in this trading phase")
    if s.offer_status[i] != OPEN:
        return refuse("B-39, B-77", f"offer {a.offer_id} is closed")
    rec = s.offers[i]
    if rec.to is None:
        if p == s.active:
            return refuse("B-39", "an open offer is accepted by a non-active player")
    elif rec.to != p:
        return refuse("B-39", f"offer {a.offer_id} is addressed to player {rec.to}")
    hand = s.hands[p]
    if len(set(a.positions)) != len(a.positions):
        return refuse("B-39", "accepted hand positions repeat")
    for pos in a.positions:
        if not 0 <= pos < len(hand):
            return refuse("B-39", f"hand position {pos} is not in player {p}'s hand of {len(hand)}")
    vo = s.cfg.variety_of
    if sorted(vo[hand[pos]] for pos in a.positions) != list(rec.want):
        return refuse(
            "B-39", f"the cards at those positions are not exactly what offer {a.offer_id} wants"
        )
    if not in_place(s, rec):
        return refuse("B-40", f"a card of offer {a.offer_id} is no longer available")
    return None


def _take(hand: list[int], positions: tuple[int, ...]) -> list[int]:
    """Remove and return the cards at ``positions``; the rest keep their order (B-17)."""
    taken = [hand[i] for i in sorted(positions)]
    drop = set(positions)
    hand[:] = [c for i, c in enumerate(hand) if i not in drop]
    return taken


def do_accept(s: Zones, p: int, a: Accept, ev: Events) -> None:
    i = find_offer(s, a.offer_id)
    rec = s.offers[i]
    prop = rec.proposer
    # Hand cards are listed by id, not by position: the order a card arrives in a (public)
    # trade area must not reveal where it stood in the hand (B-69).
    to_acceptor = [c for _, c in rec.give_faceup] + sorted(rec.give_hand)
    prop_hand = s.hands[prop]
    gone = set(rec.give_hand)
    prop_hand[:] = [c for c in prop_hand if c not in gone]
    to_proposer = sorted(_take(s.hands[p], a.positions)) + [c for _, c in rec.want_faceup]
    for slot, _ in rec.give_faceup + rec.want_faceup:
        s.faceup[slot] = EMPTY
    s.trade[p].extend(to_acceptor)
    s.trade[prop].extend(to_proposer)
    s.offer_status[i] = ACCEPTED
    s.accepted_by[i] = p
    closed = []
    for j, st in enumerate(s.offer_status):
        if st == OPEN and not in_place(s, s.offers[j]):
            s.offer_status[j] = UNAVAILABLE
            closed.append(s.offers[j].offer_id)
    change(s)
    ev.append(
        Event(
            "accept",
            {
                "offer_id": a.offer_id,
                "proposer": prop,
                "acceptor": p,
                "to_acceptor": [card_json(s, c) for c in to_acceptor],
                "to_proposer": [card_json(s, c) for c in to_proposer],
                "closed": closed,
            },
            {"positions": list(a.positions)},
            (p,),
        )
    )


def front_positions(s: Zones, p: int, want: tuple[int, ...]) -> tuple[int, ...] | None:
    """The canonical (front-most) positions that satisfy ``want`` from p's hand, or None."""
    if not want:
        return ()
    need = list(want)
    out = []
    vo = s.cfg.variety_of
    for pos, card in enumerate(s.hands[p]):
        v = vo[card]
        if v in need:
            need.remove(v)
            out.append(pos)
            if not need:
                return tuple(out)
    return None


# ------------------------------------------------------------------ the rest (B-41 … B-46)


def _outstanding(s: Zones, offer_id: int) -> OfferRecord | None:
    i = find_offer(s, offer_id)
    return s.offers[i] if i >= 0 and s.offer_status[i] == OPEN else None


def decline_error(s: Zones, p: int, a: Decline) -> Refusal | None:
    rec = _outstanding(s, a.offer_id)
    if rec is None:
        return refuse("B-41", f"offer {a.offer_id} is not outstanding")
    if rec.to != p:
        return refuse("B-41", "only the addressee of a one-player offer may decline it")
    return None


def withdraw_error(s: Zones, p: int, a: Withdraw) -> Refusal | None:
    rec = _outstanding(s, a.offer_id)
    if rec is None:
        return refuse("B-42", f"offer {a.offer_id} is not outstanding")
    if rec.proposer != p:
        return refuse("B-42", "only the proposer may withdraw an offer")
    return None


def _close(s: Zones, p: int, offer_id: int, status: int, ev: Events) -> None:
    """Close an outstanding offer as declined or withdrawn: a change (B-44)."""
    s.offer_status[find_offer(s, offer_id)] = status
    change(s)
    kind = "decline" if status == DECLINED else "withdraw"
    ev.append(Event(kind, {"offer_id": offer_id, "player": p}))


def do_decline(s: Zones, p: int, a: Decline, ev: Events) -> None:
    _close(s, p, a.offer_id, DECLINED, ev)


def do_withdraw(s: Zones, p: int, a: Withdraw, ev: Events) -> None:
    _close(s, p, a.offer_id, WITHDRAWN, ev)


def do_pass(s: Zones, p: int, ev: Events) -> None:
    """B-43/B-45: the passing player leaves the movers; nobody left ends trading."""
    s.passed[p] = True
    ev.append(Event("pass", {"player": p}))
    if all(s.passed):
        end_trading(s, ev)
