"""Bean-farming knowledge for bots (never used by the rules): how much a position is worth to one
player, and the greedy policy built on it.

The worth of a position, in coins, is ``coins + Σ value(field) + the plants still to come``. A
field's *potential* is its payout now plus part of the next coin, the more the closer the field
is to it (and the more of the game is left); its *value* is that potential, but never less than
its payout plus an empty field (what harvesting it now would give). The plants still to come are
simulated in order: the cards the player must plant this turn (trade area, and the face-up cards
while the active player trades), then the hand front to back, each planted by the rules
(matching field, else an empty field, else the field whose harvest loses least is harvested
first). Hand cards count less the further back they sit, because they are planted later. A card
that would force the harvest of a growing field therefore has a negative worth: the bot gives it
away; a card that extends a field has a positive one: the bot asks for it. In trading, a card
to plant this turn that would harvest a field for 0 coins costs :data:`WASTE` more, so the
active player offers such a face-up card and grants a request for it rather than keep it
(issue 38 item 2); so does the card at the front of the hand (:data:`FRONT`), which the next
turn must plant: the bot gives it away before it is forced to harvest for it (issue 33).

``choose`` scores every action of the short menus by the worth after it. In trading (menus of
thousands of offers) it never scans the offers: it reads the few accept / decline actions at the
front of the menu, builds a handful of candidate offers of its own (give its worst cards, ask
for varieties of its fields), keeps those that break no etiquette rule (:func:`breaches`, issue
16) and that the menu contains (``Offer in menu`` is O(1)), and else passes or ends trading.
``evaluate`` turns estimated final scores into a win chance.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from typing import Any

from seedbed.engine.api import Action, JsonDict
from seedbed.engine.menu import kind_of
from seedbed.engine.rng import Rng
from seedbed.games.bohnanza.actions import (
    END_TRADING,
    PASS,
    Accept,
    BuyField,
    Decline,
    DiscardFromHand,
    DiscardOffered,
    Harvest,
    Offer,
    PlantFromHand,
    PlantFromTradeArea,
    PlantOffered,
    PlantRevealed,
    Withdraw,
)
from seedbed.games.bohnanza.autoplay import addressed
from seedbed.games.bohnanza.cards import (
    BEANOMETER,
    CARD_COUNTS,
    CLASSIC_VARIETIES,
    VARIETIES,
    VARIETY_INDEX,
    payout,
    player_row,
)
from seedbed.games.bohnanza.hint_words import (
    HARVEST_CODES,
    english,
    harvest_first_part,
    harvest_pays_part,
)

TABLE_SEARCH = "rollout:iterations=500,reward=lead"
"""The search bot at this game's tables (``seedbed.bots.strength``): 500 greedy rollouts a move,
played natively, decide within a second on one core (CPU max 671 ms over 580 decisions of 4
games) and won 39% of 96 four-player games against three greedy bots (SPRT, docs/bots.md)."""

MEASURED = (
    ("greedy", "random", 4, 200, 1.0, 0.981, 1.0, "tournament",
     "seedbed tournament bohnanza --players 4 --bots greedy,random --games 200 --seed 1 --jobs 2"),
    ("rollout:iterations=500,reward=lead", "greedy", 4, 96, 0.391, 0.299, 0.491,
     "SPRT H0 25% against H1 32%, alpha = beta = 0.05: H1 accepted (LLR 3.53)",
     "seedbed match rollout:iterations=500,reward=lead greedy --game bohnanza --players 4 "
     "--p0 0.25 --p1 0.32 --seed 33000 --jobs 2"),
)  # fmt: skip
"""What was measured of bots in this game (``seedbed.bots.strength``, docs/bots.md): bot spec,
opponent, players, games, win share and its 95% interval, how the run ended, its command."""

Fields = list[list[int]]  # [variety or -1, cards]
HOPE = 0.6  # share of the coins a field's likely growth would add that it is worth now
HAND_WEIGHTS = (1.0, 0.85, 0.6, 0.5, 0.4, 0.35, 0.3, 0.25)
ACCEPT_MARGIN = 0.25  # a deal must be worth this much to the bot (the other side gains too)
OFFER_MARGIN = 0.3
OWN_OFFERS = 3  # offers per trading phase: enough to shed bad cards, few enough to stay fast
OPEN_OFFERS = 2  # etiquette (issue 16): a bot's open offers at once
PHASE_OFFERS = 4  # etiquette (issue 16): a bot's offers per trading phase
WASTE = 0.5  # coins a card to plant this turn costs in trading when it harvests for 0 coins
FRONT = 1  # hand cards from the front that WASTE prices: the next turn must plant them (B-32)
SCORE_SCALE = 2.5  # coins of lead that make a win e times likelier (evaluate)


def smooth(v: int, m: float) -> float:
    """The bean-o-meter of ``v`` as a line through its printed thresholds (0 coins at 1 card):
    what a field of ``m`` cards pays, counting part of the next coin."""
    last_cards, last_coins = 1, 0
    for coins, need in enumerate(BEANOMETER[v], 1):
        if not need:
            continue
        if m < need:
            return last_coins + (coins - last_coins) * max(0.0, m - last_cards) / (
                need - last_cards
            )
        last_cards, last_coins = need, coins
    return float(last_coins)


class Knobs:
    """How the worth of future plants depends on how much of the game is left (``left``)."""

    __slots__ = ("cache", "empty", "growth", "left", "third")

    def __init__(self, left: float) -> None:
        self.left = left
        self.growth = 2.5 * left  # cards a field may still gain beyond those in sight
        self.empty = 0.2 + 0.5 * left  # an empty field spares a future forced harvest
        self.third = 4.0 * left  # a third field's worth beyond what the simulation sees
        self.cache: dict[tuple[int, int], float] = {}


def potential(v: int, n: int, k: Knobs) -> float:
    """Coins a field of ``n`` cards of ``v`` is worth: at least its payout, more when the
    cards it may still gain would reach the next coins."""
    if n <= 0:
        return 0.0
    found = k.cache.get((v, n))
    if found is None:
        # a field being collected grows more surely than one just started
        more = k.growth * min(1.0, 0.4 + 0.12 * n)
        coins = payout(v, n)  # the future is uncertain: count part of what it may add
        found = k.cache[(v, n)] = coins + HOPE * max(0.0, smooth(v, n + more) - coins)
    return found


def value(v: int, n: int, k: Knobs) -> float:
    """Coins a field is worth to its owner: an empty field is worth ``k.empty``; a planted one
    its potential, but never less than harvesting it now (its payout and an empty field),
    which its owner may do at any time. So harvesting never raises the worth by itself: a
    single bean is not harvested for nothing while the field is not needed."""
    if n <= 0:
        return k.empty
    return max(potential(v, n, k), payout(v, n) + k.empty)


def _harvest_choice(fields: Fields, k: Knobs, upcoming: Sequence[int] = ()) -> int:
    """The field whose harvest loses least (single-bean protection respected, B-24); a field
    that the next cards would extend loses those plants too."""
    big = any(f[1] >= 2 for f in fields)
    best, best_loss = -1, math.inf
    for i, (v, n) in enumerate(fields):
        if n == 0 or (big and n < 2):
            continue
        loss = value(v, n, k) - payout(v, n) + 0.6 * upcoming.count(v)
        if loss < best_loss:
            best, best_loss = i, loss
    return best


def _field_for(fields: Fields, v: int, k: Knobs, upcoming: Sequence[int]) -> int:
    """The field a ``v`` goes into by the rules (B-19 … B-22): its variety's, else an empty
    one, else the one whose harvest loses least (:func:`_harvest_choice`)."""
    i = next((j for j, f in enumerate(fields) if f[0] == v), -1)
    if i < 0:
        i = next((j for j, f in enumerate(fields) if f[1] == 0), -1)
    if i < 0:
        i = _harvest_choice(fields, k, upcoming)
    return i


def wastes(fields: Fields, v: int, k: Knobs, upcoming: Sequence[int] = ()) -> bool:
    """Whether planting one ``v`` by the rules harvests a field that pays nothing (B-23):
    the planted card only throws cards away (issue 38 item 2)."""
    w, n = fields[_field_for(fields, v, k, upcoming)]
    return w != v and n > 0 and payout(w, n) == 0


def plant(
    fields: Fields, v: int, k: Knobs, target: int = -1, upcoming: Sequence[int] = ()
) -> float:
    """Plant one ``v`` (into field ``target`` if given, harvesting it when it holds another
    variety; else by the rules, harvesting the field the ``upcoming`` cards need least);
    mutates ``fields`` and returns the change of worth, coins included."""
    i = target if target >= 0 else _field_for(fields, v, k, upcoming)
    w, n = fields[i]
    if w == v:
        fields[i][1] = n + 1
        return value(v, n + 1, k) - value(v, n, k)
    delta = value(v, 1, k) - value(w, n, k)
    if n:
        delta += payout(w, n)
    fields[i] = [v, 1]
    return delta


def worth(
    fields: Fields,
    coins: int,
    pending: list[int],
    hand: list[int],
    k: Knobs,
    waste: float = 0.0,
) -> float:
    """The worth of a position (module docstring); does not mutate its arguments. Each pending
    card, and each of the first :data:`FRONT` hand cards, whose planting harvests a field for
    0 coins (:func:`wastes`) costs ``waste`` more: in trading (:data:`WASTE`) such a card is
    worth giving away for nothing."""
    total = float(coins)
    for v, n in fields:
        total += value(v, n, k)
    sim = [f[:] for f in fields]
    held = {f[0] for f in sim}
    first = sorted(pending, key=lambda v: v not in held)  # matching cards first
    seq = first + hand
    for i, v in enumerate(seq):
        j = i - len(first)
        weight = 1.0 if j < 0 else HAND_WEIGHTS[j] if j < len(HAND_WEIGHTS) else 0.2
        upcoming = seq[i + 1 : i + 4]
        if j < FRONT and waste and wastes(sim, v, k, upcoming):
            total -= waste
        total += weight * plant(sim, v, k, upcoming=upcoming)
    return total


# ------------------------------------------------------------------ reading the view


class Me:
    """The viewer's side of the view, as variety indices."""

    __slots__ = ("coins", "cost", "faceup", "fields", "hand", "hand_ids", "k", "pending", "trade")

    def __init__(self, view: JsonDict) -> None:
        me = view["players"][view["viewer"]]
        self.fields: Fields = [
            [VARIETY_INDEX[f["variety"]], len(f["cards"])] if f["cards"] else [-1, 0]
            for f in me["fields"]
        ]
        self.coins: int = me.get("coins", len(view.get("treasury", ())))
        self.hand = [VARIETY_INDEX[c["variety"]] for c in view["hand"]]
        self.hand_ids = [c["id"] for c in view["hand"]]
        self.trade = {c["id"]: VARIETY_INDEX[c["variety"]] for c in me["trade_area"]}
        trading = view["phase"] == "trade" and view["active"] == view["viewer"]
        self.faceup = [
            VARIETY_INDEX[c["variety"]] if c is not None and trading else -1 for c in view["faceup"]
        ]
        self.pending = list(self.trade.values()) + [v for v in self.faceup if v >= 0]
        cost = view["field_cost"]
        self.cost: int = cost if cost is not None and not me["third_field"] else -1
        self.k = Knobs(time_left(view))

    def worth(self) -> float:
        """The worth in trading: a card to plant this turn or at the front of the hand that
        would harvest for nothing costs :data:`WASTE` (issue 38 item 2, issue 33)."""
        return worth(self.fields, self.coins, self.pending, self.hand, self.k, WASTE)


def time_left(view: JsonDict) -> float:
    """Share of the game still to come, from the deck passes left (1 at the start)."""
    final = max(1, view["final_exhaustion"])
    deck, discard = view["deck_size"], view["discard_size"]
    in_pass = deck / (deck + discard + 1)
    return float(max(0.0, min(1.0, (final - view["exhaustions"] - 1 + in_pass) / final)))


# ------------------------------------------------------------------ outside trading


SPOIL = 0.01
"""On a tie, a plant that harvests a field paying nothing comes last (B-23: the beans are
thrown away; the worth prices a lone bean like an empty field)."""


def _plant_at(fields: Fields, v: int, k: Knobs, target: int) -> float:
    """:func:`plant` into ``target``, less :data:`SPOIL` when it throws a field away."""
    w, n = fields[target]
    spoils = n > 0 and w != v and payout(w, n) == 0
    gain = plant(fields, v, k, target)
    return gain - SPOIL if spoils else gain


def _after(me: Me, a: Action, card_of: dict[int, int]) -> float:
    """The worth after action ``a`` (for the short menus outside trading)."""
    fields = [f[:] for f in me.fields]
    coins, pending, hand, k = me.coins, me.pending, me.hand, me.k
    gain = 0.0
    if isinstance(a, PlantFromHand):
        gain = _plant_at(fields, hand[0], k, a.field)
        hand = hand[1:]
    elif isinstance(a, Harvest):
        v, n = fields[a.field]
        coins += payout(v, n)
        fields[a.field] = [-1, 0]
        gain = -0.01  # on a tie, planting (which harvests as needed) comes first
    elif isinstance(a, BuyField):
        coins -= me.cost
        fields.append([-1, 0])
        gain = k.third
    elif isinstance(a, PlantFromTradeArea):
        pending = list(pending)
        pending.remove(me.trade[a.card])
        gain = _plant_at(fields, me.trade[a.card], k, a.field)
    elif isinstance(a, PlantOffered | PlantRevealed):
        gain = _plant_at(fields, card_of[a.card], k, a.field)
    elif isinstance(a, DiscardFromHand):
        hand = hand[: a.position] + hand[a.position + 1 :]
    elif isinstance(a, DiscardOffered):
        gain = 0.0
    return gain + worth(fields, coins, pending, hand, k)


def _best(scored: list[tuple[float, Action]], rng: Rng) -> Action:
    top = max(s for s, _ in scored)
    best = [a for s, a in scored if s >= top - 1e-9]
    return best[rng.below(len(best))] if len(best) > 1 else best[0]


def _small_menu(view: JsonDict, legal: Sequence[Action], rng: Rng) -> Action:
    me = Me(view)
    card_of = {c["id"]: VARIETY_INDEX[c["variety"]] for c in view["revealed"] + view["offer_area"]}
    return _best([(_after(me, a, card_of), a) for a in legal], rng)


# ------------------------------------------------------------------ trading


def _deal_worth(
    me: Me, give_hand: Sequence[int], give_faceup: Sequence[int], get: list[int]
) -> float:
    """Worth after giving hand positions and face-up slots and receiving varieties ``get``."""
    hand = [v for i, v in enumerate(me.hand) if i not in give_hand]
    pending = list(me.trade.values()) + get
    pending += [v for s, v in enumerate(me.faceup) if v >= 0 and s not in give_faceup]
    return worth(me.fields, me.coins, pending, hand, me.k, WASTE)


def _offer_in_view(view: JsonDict, offer_id: int) -> dict[str, Any] | None:
    for o in view["offers"]:
        if o["offer_id"] == offer_id:
            return o  # type: ignore[no-any-return]
    return None


def _accept_worth(me: Me, o: dict[str, Any], a: Accept) -> float:
    get = [VARIETY_INDEX[g["variety"]] for g in o["give_faceup"]]
    get += [VARIETY_INDEX[v] for v in o["give_hand"]]
    slots = [w["slot"] for w in o["want_faceup"]]
    return _deal_worth(me, a.positions, slots, get)


def _front(hand: list[int], v: int) -> int:
    return hand.index(v)


def _own_offers(view: JsonDict, me: Me, base: float) -> list[tuple[float, Offer]]:
    """Candidate offers with their expected gain: give cards that hurt, ask for cards that
    extend a field. Cards are the front-most of their variety, as the menu lists them."""
    active = view["active"] == view["viewer"]
    gives: list[tuple[tuple[int, ...], tuple[int, ...]]] = []  # (face-up slots, hand positions)
    for v in sorted(set(me.hand)):
        pos = _front(me.hand, v)
        if _deal_worth(me, (pos,), (), []) > base + 0.1:
            gives.append(((), (pos,)))
    if active:
        for s, v in enumerate(me.faceup):
            if v >= 0 and _deal_worth(me, (), (s,), []) > base + 0.1:
                gives.append(((s,), ()))
    wants: list[tuple[tuple[int, ...], tuple[int, ...]]] = [((), ())]  # (varieties, slots)
    if active:
        wants += [((v,), ()) for v, n in me.fields if n > 0]
    else:
        faceup = view["faceup"]
        for s, c in enumerate(faceup):
            if c is not None:
                v = VARIETY_INDEX[c["variety"]]
                if any(f[0] == v for f in me.fields):
                    wants.append(((), (s,)))
        gives.append(((), ()))
    to = None if active else view["active"]
    out = []
    for give_fu, give_hand in gives:
        for want, want_fu in wants:
            if not (give_fu or give_hand or want or want_fu):
                continue
            get = list(want)
            if want_fu:
                get.append(VARIETY_INDEX[view["faceup"][want_fu[0]]["variety"]])
            gain = _deal_worth(me, give_hand, give_fu, get) - base
            chance = 0.5 ** (len(want) + len(want_fu))  # wanting cards makes a deal less likely
            out.append((gain * chance, Offer(to, give_fu, give_hand, want, want_fu)))
    return out


def _trading(view: JsonDict, legal: Sequence[Action], rng: Rng) -> Action:
    me = Me(view)
    base = me.worth()
    viewer = view["viewer"]
    active = view["active"] == viewer
    best: tuple[float, Action] | None = None
    declines: list[Action] = []
    for a in legal:  # the fixed part (accepts, declines, pass …) comes before the offers
        if isinstance(a, Offer):
            break
        if isinstance(a, Decline):  # only the addressee may decline (B-41)
            declines.append(a)
        elif isinstance(a, Accept):
            o = _offer_in_view(view, a.offer_id)
            if o is None:
                continue
            gain = _accept_worth(me, o, a) - base
            if gain > ACCEPT_MARGIN and (best is None or gain > best[0]):
                best = (gain, a)
    if best is not None:
        return best[1]
    if declines:  # an offer made to this bot that it does not take is answered first
        return declines[rng.below(len(declines))]
    made = view["players"][viewer]["offers_made"]
    if made < OWN_OFFERS and (view["max_offers"] is None or made < view["max_offers"]):
        offers = sorted(polite_offers(view, me, base), key=lambda t: -t[0])
        for gain, offer in offers:
            if gain < OFFER_MARGIN:
                break
            if offer in legal:
                return offer
    if active:
        mine_open = any(o["proposer"] == viewer and o["status"] == "open" for o in view["offers"])
        if not mine_open and END_TRADING in legal:
            return END_TRADING
    return PASS


# ------------------------------------------------------------------ etiquette (issue 16)

BREACHES = (
    "repeat_declined",
    "same_variety",
    "want_unplantable",
    "no_gain",
    "open_limit",
    "phase_limit",
)
"""The etiquette rules an offer of a bot may break (:func:`breaches`), in report order."""

Terms = tuple[int | None, tuple[int, ...], tuple[int, ...]]
"""An offer as its addressee sees it: (to, given varieties, wanted varieties), sorted."""


def offer_terms(view: JsonDict, a: Offer) -> Terms:
    """The terms of the viewer's offer ``a``: face-up cards count by variety with the hand's."""
    faceup, hand = view["faceup"], view["hand"]
    give = [VARIETY_INDEX[faceup[s]["variety"]] for s in a.give_faceup]
    give += [VARIETY_INDEX[hand[i]["variety"]] for i in a.give_hand]
    want = list(a.want) + [VARIETY_INDEX[faceup[s]["variety"]] for s in a.want_faceup]
    return a.to, tuple(sorted(give)), tuple(sorted(want))


def view_terms(o: dict[str, Any]) -> Terms:
    """The terms of an offer as the view lists it."""
    give = [VARIETY_INDEX[g["variety"]] for g in o["give_faceup"]]
    give += [VARIETY_INDEX[v] for v in o["give_hand"]]
    want = [VARIETY_INDEX[v] for v in o["want"]]
    want += [VARIETY_INDEX[w["variety"]] for w in o["want_faceup"]]
    return None if o["to"] == "any" else o["to"], tuple(sorted(give)), tuple(sorted(want))


def _mine(view: JsonDict) -> list[dict[str, Any]]:
    """The viewer's offers of this trading phase (the view lists only this phase's)."""
    return [o for o in view["offers"] if o["proposer"] == view["viewer"]]


def _limits(view: JsonDict) -> list[str]:
    """The limits one more offer of the viewer would break: the table's (``view["manners"]``,
    the table options ``open_offers`` and ``phase_offers``), else :data:`OPEN_OFFERS` and
    :data:`PHASE_OFFERS`."""
    mine = _mine(view)
    manners = view.get("manners") or {}
    out = []
    if sum(o["status"] == "open" for o in mine) >= manners.get("open_offers", OPEN_OFFERS):
        out.append("open_limit")
    if len(mine) >= manners.get("phase_offers", PHASE_OFFERS):
        out.append("phase_limit")
    return out


class Manners:
    """What the rules on an offer's terms read from the view, read once."""

    __slots__ = ("declined", "empty", "held")

    def __init__(self, view: JsonDict, me: Me) -> None:
        self.declined = {view_terms(o) for o in _mine(view) if o["status"] == "declined"}
        self.held = {v for v, n in me.fields if n > 0}
        self.empty = sum(n == 0 for _, n in me.fields)

    def breaches(self, terms: Terms) -> list[str]:
        _, give, want = terms
        out = []
        if terms in self.declined:
            out.append("repeat_declined")
        if set(give) & set(want):
            out.append("same_variety")
        if len(set(want) - self.held) > self.empty:
            out.append("want_unplantable")
        return out


def _gain(me: Me, a: Offer, terms: Terms, base: float) -> float:
    """What the deal is worth to the viewer by its own valuation (module docstring)."""
    return _deal_worth(me, a.give_hand, a.give_faceup, list(terms[2])) - base


def breaches(view: JsonDict, a: Offer) -> list[str]:
    """The etiquette rules (:data:`BREACHES`) the viewer's offer ``a`` breaks, given the view
    it is made from: it repeats an offer its addressee declined in this trading phase (same
    addressee, same varieties given and wanted); it gives and wants one variety; it asks for
    more new varieties than the viewer has empty fields (a wanted variety must extend a field
    or fill an empty one); it gives cards the viewer values at least as much as what it asks
    (its gain by :func:`worth` is not positive); or it would be the viewer's third open offer
    or its fifth offer of the trading phase."""
    me = Me(view)
    terms = offer_terms(view, a)
    out = Manners(view, me).breaches(terms)
    if _gain(me, a, terms, me.worth()) <= 0:
        out.append("no_gain")
    return out + _limits(view)


def polite_offers(view: JsonDict, me: Me, base: float) -> list[tuple[float, Offer]]:
    """The viewer's candidate offers (:func:`_own_offers`, with their expected gain) that
    break no etiquette rule; none once a limit is reached."""
    if _limits(view):
        return []
    manners = Manners(view, me)
    # a candidate's score is its gain times a positive chance: positive exactly with the gain
    return [
        (score, a)
        for score, a in _own_offers(view, me, base)
        if score > 0 and not manners.breaches(offer_terms(view, a))
    ]


def polite(view: JsonDict, legal: Sequence[Action]) -> Sequence[Action]:
    """The actions a courteous player chooses among (issue 16), for search bots: outside
    trading the whole menu; in trading the answers, passes and free actions of the menu's
    fixed part (no withdrawal: an offer stays open until answered or impossible) and the
    candidate offers of :func:`polite_offers` that the menu holds, never the raw offer menu.
    While an offer addressed to the player is open it neither passes nor ends trading: it
    answers (accept or decline) or offers (issue 38 item 1: a person's offer to the active
    bot is answered before the bot may end trading)."""
    if view["phase"] != "trade":
        return legal
    head: list[Action] = []
    fixed = 0  # the menu's fixed part comes before its offers
    for a in legal:
        if isinstance(a, Offer):
            break
        fixed += 1
        if not isinstance(a, Withdraw):
            head.append(a)
    if any(isinstance(a, Decline) for a in head):  # an offer awaits this player's answer
        head = [a for a in head if a != PASS and a != END_TRADING]
    if _limits(view) or fixed == len(legal):  # no offer to make: skip pricing
        return head or legal
    me = Me(view)
    offers = [a for _, a in polite_offers(view, me, me.worth()) if a in legal]
    return (head + offers) or legal


# ------------------------------------------------------------------ the hold (issue 38 item 1)

HOLD_OPTION = "offer_hold"
"""The table option (:data:`~seedbed.games.bohnanza.spec.MANNERS`) that says how many seconds a
server holds a bot's move that :func:`waits` (0 at a table without a person)."""
HOLD_EVENTS = frozenset({"reveal", "offer"})
"""The events that start the hold again: trading opens (the reveal), a new offer."""


def waits(
    view: JsonDict, action: Action, people: Collection[int], keen: Collection[int] = ()
) -> bool:
    """Whether the viewer's chosen ``action`` waits for the table's hold (issue 38 item 1):
    a bot that is the active player does not end trading (B-45) while a person (a seat in
    ``people``) is still on the move, that is, has not passed since the last change (B-43,
    B-44), and either has something to answer (:func:`~seedbed.games.bohnanza.autoplay.
    addressed`: nobody waits for a person with nothing addressed, issue 31 item 4) or is
    ``keen``: takes part in other players' trading (the person did not ask to pass
    automatically). A server plays such a move only once :data:`HOLD_OPTION` seconds have
    passed since the last of :data:`HOLD_EVENTS`, or once every such person has passed. The
    rules have no clock, so the hold is the server's; the bots choose as they always did."""
    if kind_of(action) != "end-trading" or view["active"] != view["viewer"]:
        return False
    return any(
        p in view["to_move"] and (p in keen or addressed(view, p))
        for p in people
        if p != view["viewer"]
    )


# ------------------------------------------------------------------ the interface


def choose(view: JsonDict, legal: Sequence[Action], rng: Rng) -> Action:
    """The greedy policy: the best-looking action of ``legal`` for ``view["viewer"]``, from its
    observation only (ties broken with ``rng``)."""
    if len(legal) == 1:
        return legal[0]
    if view["phase"] == "trade":
        return _trading(view, legal, rng)
    return _small_menu(view, legal, rng)


def _total_cards(view: JsonDict) -> int:
    n = view["num_players"]
    removed = player_row(view["edition"], n)[0]
    base = CLASSIC_VARIETIES if view["edition"] == "classic" else range(len(VARIETIES))
    return sum(CARD_COUNTS[v] for v in base if v not in removed)


def _visible_cards(view: JsonDict) -> int:
    """Cards outside every treasury but the viewer's (treasuries of others hold the rest)."""
    count: int = view["deck_size"] + view["discard_size"] + len(view["revealed"])
    count += len(view["offer_area"]) + sum(c is not None for c in view["faceup"])
    for p in view["players"]:
        count += p["hand_size"] + len(p["trade_area"]) + sum(len(f["cards"]) for f in p["fields"])
    return count + len(view.get("treasury", ()))


def final_scores(view: JsonDict) -> list[float]:
    """Expected final coins of every seat: coins (others' estimated from the cards nobody can
    see, shared equally unless treasuries are shown) plus what their fields will pay."""
    viewer = view["viewer"]
    players = view["players"]
    k = Knobs(time_left(view))
    hidden = _total_cards(view) - _visible_cards(view)
    if view["duel"]:  # paid coins went to the box
        hidden -= 3 * sum(p["third_field"] for p in players if p["seat"] != viewer)
    unknown = [p for p in players if "coins" not in p and p["seat"] != viewer]
    each = max(0, hidden - sum(p.get("coins", 0) for p in players if p["seat"] != viewer))
    each_share = each / len(unknown) if unknown else 0.0
    out = []
    for p in players:
        coins = p.get("coins", each_share)
        if p["seat"] == viewer:
            coins = len(view.get("treasury", ())) if "coins" not in p else p["coins"]
        fields = sum(
            potential(VARIETY_INDEX[f["variety"]], len(f["cards"]), k)
            for f in p["fields"]
            if f["cards"]
        )
        out.append(coins + fields)
    return out


def evaluate(view: JsonDict) -> float:
    """How good the position looks for ``view["viewer"]``, in [0, 1]: a soft-max of the
    expected final scores (roughly its chance of winning), from its observation only."""
    scores = final_scores(view)
    me = scores[view["viewer"]]
    total = sum(math.exp(max(-50.0, (s - me) / SCORE_SCALE)) for s in scores)
    return 1.0 / total


# ------------------------------------------------------------------ hints (issue 17)

_REASONS = {
    "plant": "Planting here keeps your other fields growing",
    "plant-traded": "This field takes the card with the least loss",
    "plant-offered": "This field takes the card with the least loss",
    "plant-revealed": "This card extends a field",
    "buy-field": "A third field lets one more variety grow",
    "end-planting": "Your next card would force a growing field to be harvested",
    "discard": "This card would only spoil a growing field",
    "discard-offered": "This card would only spoil a growing field",
    "leave-offer": "None of the rest would grow your fields",
    "finish-turn": "Nothing else to do: draw and end your turn",
    "offer": "This gives away a card that spoils your fields for one they need",
    "accept": "The cards you get are worth more to your fields than the ones you give",
    "decline": "You cannot give what it asks, or the deal is not worth it to your fields",
    "withdraw": "This offer no longer pays",
    "pass": "No deal on the table is worth it to you now",
    "end-trading": "No deal on the table is worth it to you now",
}


BEST = "The best-looking move by the greedy heuristic"
"""The reason of a kind without its own (code ``best``)."""


def reason_parts(view: JsonDict, action: Action) -> list[JsonDict]:
    """Why :func:`choose` picked ``action`` (a hint, issue 17) as codes and numbers (issue 36,
    written per language by the browser): its kind's idea (the code is the action's kind, or
    ``best``) and, outside trading, what it harvests and pays (issue 38 items 7 and 10:
    :mod:`~seedbed.games.bohnanza.hint_words`) and the worth of the position after it as the
    heuristic scores it (``worth`` {coins}, one decimal)."""
    data = action.to_json()
    kind = str(data["type"])
    main: JsonDict = {"code": kind if kind in _REASONS else "best", "params": {}}
    if view["phase"] == "trade":
        return [main]
    if kind == "harvest":
        main = harvest_pays_part(view, int(data["field"]))
    first = harvest_first_part(view, data)
    me = Me(view)
    card_of = {c["id"]: VARIETY_INDEX[c["variety"]] for c in view["revealed"] + view["offer_area"]}
    worth: JsonDict = {"code": "worth", "params": {"coins": round(_after(me, action, card_of), 1)}}
    return [*([first] if first else []), main, worth]


def reason_text(parts: list[JsonDict]) -> str:
    """The English line of :func:`reason_parts` (the hint's ``reason``)."""
    said = [_said(p) for p in parts if p["code"] != "worth"]
    worth = [p["params"]["coins"] for p in parts if p["code"] == "worth"]
    if not worth:
        return f"{said[-1]}."
    text = said[-1]
    if len(said) > 1:
        text = f"{said[0]}; {text[:1].lower()}{text[1:]}"
    return f"{text} (your position is worth about {worth[0]:.1f} coins after it)."


def _said(part: JsonDict) -> str:
    if part["code"] in HARVEST_CODES:
        return english(part)
    return _REASONS.get(str(part["code"]), BEST)


def reason(view: JsonDict, action: Action) -> str:
    """One line on why :func:`choose` picked ``action``, in English."""
    return reason_text(reason_parts(view, action))
