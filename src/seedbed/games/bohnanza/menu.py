"""The enumerated menus of legal actions (B-29, B-50, B-58).

Outside trading the menus are short lists of interned actions. In trading the offer menu can
hold thousands of offers, so it is a lazy sequence: ``len()`` and item ``i`` are computed from
the product (addressee × given side × wanted side) without building every offer.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence
from itertools import combinations, combinations_with_replacement
from typing import overload

from seedbed.engine.api import Action
from seedbed.games.bohnanza.actions import (
    BUY_FIELD,
    END_PLANTING,
    END_TRADING,
    FINISH_TURN,
    HARVEST,
    LEAVE_OFFER,
    PASS,
    PLANT,
    Accept,
    Decline,
    DiscardFromHand,
    DiscardOffered,
    Offer,
    PlantFromTradeArea,
    PlantOffered,
    PlantRevealed,
    Withdraw,
)
from seedbed.games.bohnanza.rules import harvestable, scan_fields
from seedbed.games.bohnanza.state import (
    DRAW,
    DUEL_DRAW,
    DUEL_OFFERED,
    DUEL_PLANT,
    DUEL_REVEALED,
    EMPTY,
    OPEN,
    PLANT_TRADED,
    TRADE,
    Zones,
)
from seedbed.games.bohnanza.trading import front_positions, in_place

Give = tuple[tuple[int, ...], tuple[int, ...]]  # (face-up slots, hand positions)
Want = tuple[tuple[int, ...], tuple[int, ...]]  # (varieties, face-up slots)


def free_actions(s: Zones, p: int, out: list[Action], harvest: list[int] | None = None) -> None:
    """B-27: the legal Harvest and BuyField actions (``harvest``: fields known harvestable)."""
    for f in harvestable(s, p) if harvest is None else harvest:
        out.append(HARVEST[f])
    cfg = s.cfg
    if cfg.can_buy and not s.third[p] and len(s.treasury[p]) >= cfg.field_cost:
        out.append(BUY_FIELD)


def legal_actions(s: Zones, p: int) -> Sequence[Action]:
    """The menu for ``p``; empty when p is not on the move. ``s.phase`` picks the window."""
    phase = s.phase
    if phase == TRADE:
        return trading_menu(s, p)
    out: list[Action] = []
    vo = s.cfg.variety_of
    held, targets, harvest = scan_fields(s, p)
    if phase == PLANT_TRADED:
        for card in s.trade[p]:
            i = held.get(vo[card])
            for f in targets if i is None else (i,):
                out.append(PlantFromTradeArea(card, f))
    elif phase in (DRAW, DUEL_DRAW):
        out.append(FINISH_TURN)
    elif phase == DUEL_OFFERED:
        for card in s.offer_area:
            i = held.get(vo[card])
            for f in targets if i is None else (i,):
                out.append(PlantOffered(card, f))
            out.append(DiscardOffered(card))
    elif phase == DUEL_REVEALED:
        for card in s.revealed:
            i = held.get(vo[card])
            for f in targets if i is None else (i,):
                out.append(PlantRevealed(card, f))
        out.append(LEAVE_OFFER)
    else:  # PLANT or DUEL_PLANT
        hand = s.hands[p]
        if s.planted < 2 and hand:
            i = held.get(vo[hand[0]])
            for f in targets if i is None else (i,):
                out.append(PLANT[f])
        if s.planted >= 1:
            if phase == DUEL_PLANT:
                out.extend(DiscardFromHand(i) for i in range(len(hand)))
            out.append(END_PLANTING)
    free_actions(s, p, out, harvest)
    return out


# ------------------------------------------------------------------ trading (B-50)


def trading_menu(s: Zones, p: int) -> Sequence[Action]:
    fixed: list[Action] = []
    active = s.active
    for i, rec in enumerate(s.offers):
        if s.offer_status[i] != OPEN:
            continue
        if rec.proposer == p:
            fixed.append(Withdraw(rec.offer_id))
            continue
        if rec.to == p or (rec.to is None and p != active):
            if in_place(s, rec):
                for positions in accept_choices(s, p, rec.want):
                    fixed.append(Accept(rec.offer_id, positions))
            if rec.to == p:
                fixed.append(Decline(rec.offer_id))
    fixed.append(PASS)
    if p == active:
        fixed.append(END_TRADING)
    free_actions(s, p, fixed)
    cfg = s.cfg
    if cfg.max_offers is not None and s.offers_made[p] >= cfg.max_offers:
        return fixed
    return TradingMenu(fixed, OfferSpace(s, p))


def accept_choices(s: Zones, p: int, want: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Hand positions p could hand over for ``want``: front-most only, or every choice."""
    if not s.cfg.all_positions:
        front = front_positions(s, p, want)
        return [] if front is None else [front]
    vo = s.cfg.variety_of
    hand = s.hands[p]
    choices: list[tuple[int, ...]] = [()]
    for v in sorted(set(want)):
        k = want.count(v)
        spots = [i for i, c in enumerate(hand) if vo[c] == v]
        choices = [c + combo for c in choices for combo in combinations(spots, k)]
    return [tuple(sorted(c)) for c in choices]


class OfferSpace:
    """Every menu offer of one player: ``to`` × give options × want options (B-50), minus
    offers with both sides empty and duplicates of the player's outstanding offers."""

    __slots__ = (
        "excluded",
        "give_index",
        "gives",
        "size",
        "tos",
        "want_index",
        "wants",
        "width",
    )

    def __init__(self, s: Zones, p: int) -> None:
        cfg = s.cfg
        n = cfg.num_players
        active = s.active
        occupied = tuple(i for i in (0, 1) if s.faceup[i] != EMPTY)
        if p == active:
            self.tos: list[int | None] = [(active + k) % n for k in range(1, n)] + [None]
            self.gives, self.give_index = give_options(s, p, occupied)
            self.wants, self.want_index = want_options(cfg.varieties, cfg.max_want, ())
        else:
            self.tos = [active]
            self.gives, self.give_index = give_options(s, p, ())
            self.wants, self.want_index = want_options(cfg.varieties, cfg.max_want, occupied)
        self.width = len(self.gives) * len(self.wants)
        self.size = len(self.tos) * self.width
        # Both lists start with the empty option, so index t*width is "nothing for nothing".
        excluded = {t * self.width for t in range(len(self.tos))}
        excluded.update(self._duplicates(s, p))
        self.excluded = sorted(excluded)

    def _duplicates(self, s: Zones, p: int) -> list[int]:
        """Product indices of the player's outstanding offers (same cards, same wants)."""
        mine = [r for i, r in enumerate(s.offers) if r.proposer == p and s.offer_status[i] == OPEN]
        if not mine:
            return []
        hand = s.hands[p]
        wants = self.want_index
        out = []
        for rec in mine:
            if any(c not in hand for c in rec.give_hand):
                continue
            give = (
                tuple(sl for sl, _ in rec.give_faceup),
                tuple(sorted(hand.index(c) for c in rec.give_hand)),
            )
            g = self.give_index.get(give)
            w = wants.get((rec.want, tuple(sl for sl, _ in rec.want_faceup)))
            if g is None or w is None or rec.to not in self.tos:
                continue
            out.append(self.tos.index(rec.to) * self.width + g * len(self.wants) + w)
        return out

    def __len__(self) -> int:
        return self.size - len(self.excluded)

    def offer(self, i: int) -> Offer:
        k = i
        for e in self.excluded:
            if e <= k:
                k += 1
            else:
                break
        t, rest = divmod(k, self.width)
        g, w = divmod(rest, len(self.wants))
        give_fu, give_hand = self.gives[g]
        want, want_fu = self.wants[w]
        return Offer(self.tos[t], give_fu, give_hand, want, want_fu)

    def index(self, a: Offer) -> int:
        """Position of ``a`` in this space, or -1 (membership without iteration)."""
        if a.to not in self.tos:
            return -1
        g = self.give_index.get((a.give_faceup, a.give_hand))
        w = self.want_index.get((a.want, a.want_faceup))
        if g is None or w is None:
            return -1
        k = self.tos.index(a.to) * self.width + g * len(self.wants) + w
        j = bisect_right(self.excluded, k)
        if j and self.excluded[j - 1] == k:
            return -1
        return k - j


_GIVES: dict[tuple[tuple[int, ...], tuple[int, ...], int, bool], tuple[list[Give], dict[Give, int]]]
_GIVES = {}
# The cache is bounded by the given sides it holds, not by its hands: one hand of 33 cards
# has ~7,000 of them at the largest options, and millions of cached tuples cost memory and
# long garbage-collector pauses (issue 12, defect 3). _GIVES_HELD counts what it holds.
GIVES_KEPT = 100_000
_GIVES_HELD = [0]


def give_options(s: Zones, p: int, slots: tuple[int, ...]) -> tuple[list[Give], dict[Give, int]]:
    """Given sides with at most ``max_give`` cards (face-up subsets × hand choices, the
    empty side first) and their index. Cached by the hand's varieties: a hand keeps its
    composition across most menu requests of a trading phase."""
    cfg = s.cfg
    vo = cfg.variety_of
    kinds = tuple([vo[c] for c in s.hands[p]])
    key = (kinds, slots, cfg.max_give, cfg.all_positions)
    found = _GIVES.get(key)
    if found is not None:
        return found
    limit = cfg.max_give
    out: list[Give] = []
    for k_fu in range(min(len(slots), limit) + 1):
        for fu in combinations(slots, k_fu):
            for hp in hand_choices(kinds, limit - k_fu, cfg.all_positions):
                out.append((fu, hp))
    if _GIVES_HELD[0] + len(out) > GIVES_KEPT:
        _GIVES.clear()
        _GIVES_HELD[0] = 0
    _GIVES_HELD[0] += len(out)
    found = _GIVES[key] = (out, {g: i for i, g in enumerate(out)})
    return found


def hand_choices(kinds: tuple[int, ...], limit: int, all_positions: bool) -> list[tuple[int, ...]]:
    """Hand position sets of size <= limit for a hand of these varieties, size 0 first.
    ``frontmost``: one choice per variety multiset (in ``combinations_with_replacement``
    order), using the front-most cards of each variety."""
    if all_positions:
        n = len(kinds)
        return [c for k in range(min(limit, n) + 1) for c in combinations(range(n), k)]
    spots: dict[int, list[int]] = {}
    for pos, v in enumerate(kinds):
        if v in spots:
            spots[v].append(pos)
        else:
            spots[v] = [pos]
    order = [spots[v] for v in sorted(spots)]
    out: list[tuple[int, ...]] = [()]
    # Grow size-k multisets from size k-1 ones: (positions, last variety index, its count).
    level: list[tuple[tuple[int, ...], int, int]] = [((), 0, 0)]
    for _ in range(limit):
        grown = []
        for positions, last, used in level:
            for j in range(last, len(order)):
                count = used if j == last else 0
                if count < len(order[j]):
                    grown.append(((*positions, order[j][count]), j, count + 1))
        if not grown:
            break
        out += [tuple(sorted(g[0])) for g in grown]
        level = grown
    return out


_WANTS: dict[tuple[tuple[int, ...], int, tuple[int, ...]], tuple[list[Want], dict[Want, int]]]
_WANTS = {}


def want_options(
    varieties: tuple[int, ...], limit: int, slots: tuple[int, ...]
) -> tuple[list[Want], dict[Want, int]]:
    """Wanted sides with at most ``limit`` items (varieties with multiplicity + face-up
    slots), the empty side first, and their index. Cached: they depend only on the arguments."""
    key = (varieties, limit, slots)
    found = _WANTS.get(key)
    if found is not None:
        return found
    out: list[Want] = []
    for k_fu in range(min(len(slots), limit) + 1):
        for fu in combinations(slots, k_fu):
            for k in range(limit - k_fu + 1):
                for multiset in combinations_with_replacement(varieties, k):
                    out.append((multiset, fu))
    out.sort(key=lambda w: (len(w[0]) + len(w[1]), w[1], w[0]))
    found = _WANTS[key] = (out, {w: i for i, w in enumerate(out)})
    return found


class TradingMenu(Sequence[Action]):
    """The trading menu: the short fixed part, then the lazy offers (deterministic order)."""

    __slots__ = ("fixed", "offers")

    def __init__(self, fixed: list[Action], offers: OfferSpace) -> None:
        self.fixed = fixed
        self.offers = offers

    def __len__(self) -> int:
        return len(self.fixed) + len(self.offers)

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Action]: ...
    def __getitem__(self, i: int | slice) -> Action | Sequence[Action]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        nf = len(self.fixed)
        if i < 0:
            i += len(self)
        if 0 <= i < nf:
            return self.fixed[i]
        if nf <= i < len(self):
            return self.offers.offer(i - nf)
        raise IndexError("menu index out of range")

    def __iter__(self) -> Iterator[Action]:
        yield from self.fixed
        for i in range(len(self.offers)):
            yield self.offers.offer(i)

    def __contains__(self, a: object) -> bool:
        if isinstance(a, Offer):
            return self.offers.index(a) >= 0
        return a in self.fixed
