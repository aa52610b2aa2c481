"""Bohnanza's integer encoding (engine/encoding.py, docs/action-encoding.md).

Every action a menu can list is a number in ``range(size)``, fixed by the options. With M the
edition's largest player count (7 standard, 5 classic), C its largest deck (150 standard, at 3
players; 104 classic), V its varieties (11 or 8, in canonical order B-7), O = max_offers, and
G and W the given and wanted sides of the offer menu (B-50), the blocks are::

    end-planting, buy-field, pass, end-trading, finish-turn, leave-offer      () each
    plant, harvest          (3,)          the field
    plant-traded            (C, 3)        the card id, the field
    plant-offered           (C, 3)
    discard-offered         (C,)
    plant-revealed          (C, 3)
    discard                 (C,)          the hand position
    decline, withdraw       (O·M,)        the offer's place in this trading phase's offers
    accept                  (O·M,)        the same; the positions are the front-most cards
                                          that give what the offer wants (B-50)
    offer                   (M, G, W)     the addressee, the given side, the wanted side

An offer's addressee is the seat's distance clockwise from the proposer minus one (0 … M-2),
or M-1 for an open offer ("any"). Its given side is a pair (face-up slots, varieties from the
hand) and its wanted side a pair (varieties, face-up slots), each with at most ``max_give``
(``max_want``) items: face-up slot sets in the order (), (0,), (1,), (0, 1), each followed by
the variety multisets that fit, by size, then lexicographically (engine.encoding.Multisets).
Varieties from the hand are the front-most cards of each variety, as the menu offers them
(B-50 ``positions = frontmost``).

The encoding needs a bounded menu: ``max_offers`` null (no limit) and ``positions = all``
(hand positions of any hand) have no fixed size and are refused (ValueError). The mask of a
trading menu is made through its offer space (addressee x given x wanted, menu.py), each side
encoded once: a few milliseconds for thousands of offers.

Sizes with the defaults (standard edition, 6 offers, give 2, want 2): 76,051, of which
74,263 offers (G = W = 103); at the largest menu (12 offers, give 3, want 4): 8,086,718, of
which 8,084,804 offers; the classic edition's defaults: 21,726.

>>> encoding = action_encoding({})
>>> encoding.size, encoding.layout.shapes["offer"]
(76051, (7, 103, 103))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from seedbed.engine.api import Action, PlayerId, State
from seedbed.engine.encoding import ActionEncoding, EncodingError, Layout, Multisets
from seedbed.engine.registry import game
from seedbed.games.bohnanza import actions as A
from seedbed.games.bohnanza.cards import CLASSIC_VARIETIES, VARIETIES, make_config
from seedbed.games.bohnanza.game import BohnanzaState
from seedbed.games.bohnanza.menu import TradingMenu
from seedbed.games.bohnanza.native import NativeBohnanzaState
from seedbed.games.bohnanza.options import normalize_options
from seedbed.games.bohnanza.state import Zones
from seedbed.games.bohnanza.trading import find_offer, front_positions

_SINGLES = (
    ("end-planting", A.END_PLANTING),
    ("buy-field", A.BUY_FIELD),
    ("pass", A.PASS),
    ("end-trading", A.END_TRADING),
    ("finish-turn", A.FINISH_TURN),
    ("leave-offer", A.LEAVE_OFFER),
)
_CARD_FIELD = {
    "plant-traded": A.PlantFromTradeArea,
    "plant-offered": A.PlantOffered,
    "plant-revealed": A.PlantRevealed,
}
_FACEUP_SETS: tuple[tuple[int, ...], ...] = ((), (0,), (1,), (0, 1))

Side = tuple[tuple[int, ...], tuple[int, ...]]  # (face-up slots, variety multiset)


def _sides(varieties: int, most: int) -> list[Side]:
    """Face-up slot sets, each with the variety multisets that fit beside it."""
    return [
        (slots, multiset)
        for slots in _FACEUP_SETS
        if len(slots) <= most
        for multiset in Multisets(varieties, most - len(slots)).items
    ]


def bounded_options(options: Mapping[str, Any] | None, what: str) -> dict[str, Any]:
    """The normalized options, which must bound the offer menu for ``what`` to number it."""
    opts = normalize_options(options)
    if opts["max_offers"] is None or opts["offer_menu"]["positions"] != "frontmost":
        raise ValueError(
            f"{what} needs a bounded offer menu: max_offers a number and "
            "offer_menu.positions frontmost (B-47, B-50)"
        )
    return opts


class BohnanzaEncoding(ActionEncoding):
    """The encoding for one set of options (see the module docstring)."""

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        opts = bounded_options(options, "the integer encoding")
        menu = opts["offer_menu"]
        classic = opts["edition"] == "classic"
        counts = game("bohnanza").player_counts(opts)
        self.seats = max(counts)
        self.cards = max(make_config(opts["edition"], n, opts).num_cards for n in counts)
        base = CLASSIC_VARIETIES if classic else tuple(range(len(VARIETIES)))
        self.variety_code = {v: i for i, v in enumerate(base)}
        self.varieties = base
        self.gives = _sides(len(base), menu["max_give"])
        self.wants = _sides(len(base), menu["max_want"])
        self.give_code = {side: i for i, side in enumerate(self.gives)}
        self.want_code = {side: i for i, side in enumerate(self.wants)}
        offers = opts["max_offers"] * self.seats
        c = self.cards
        self.layout = Layout(
            [
                *((name, ()) for name, _ in _SINGLES),
                ("plant", (3,)),
                ("harvest", (3,)),
                ("plant-traded", (c, 3)),
                ("plant-offered", (c, 3)),
                ("discard-offered", (c,)),
                ("plant-revealed", (c, 3)),
                ("discard", (c,)),
                ("decline", (offers,)),
                ("withdraw", (offers,)),
                ("accept", (offers,)),
                ("offer", (self.seats, len(self.gives), len(self.wants))),
            ]
        )
        self._singles = dict(_SINGLES)
        self._single_names: dict[type[Action], str] = {type(a): n for n, a in _SINGLES}

    # ---------------------------------------------------------------- encode

    def encode(self, state: State, player: PlayerId, action: Action) -> int:
        s = _zones(state)
        kind = type(action)
        name = self._single_names.get(kind)
        if name is not None:
            return self.layout.index(name)
        if isinstance(action, A.PlantFromHand | A.Harvest):
            return self.layout.index(action.kind.type, action.field)
        if isinstance(action, A.PlantFromTradeArea | A.PlantOffered | A.PlantRevealed):
            return self.layout.index(action.kind.type, action.card, action.field)
        if isinstance(action, A.DiscardOffered):
            return self.layout.index("discard-offered", action.card)
        if isinstance(action, A.DiscardFromHand):
            return self.layout.index("discard", action.position)
        if isinstance(action, A.Decline | A.Withdraw | A.Accept):
            return self._encode_answer(s, player, action)
        if isinstance(action, A.Offer):
            return self._encode_offer(s, player, action)
        raise EncodingError(f"{action!r} is not a Bohnanza action")

    def _encode_answer(self, s: Zones, p: int, a: A.Decline | A.Withdraw | A.Accept) -> int:
        place = find_offer(s, a.offer_id)
        if place < 0:
            raise EncodingError(f"{a}: there is no offer {a.offer_id} in this trading phase")
        wanted = s.offers[place].want
        if isinstance(a, A.Accept) and a.positions != front_positions(s, p, wanted):
            raise EncodingError(f"{a}: not the front-most cards the offer wants (B-50)")
        return self.layout.index(a.kind.type, place)

    def _encode_offer(self, s: Zones, p: int, a: A.Offer) -> int:
        to = self._to_code(s, p, a.to)
        give = self._give_code(s, p, a.give_faceup, a.give_hand)
        want = self.want_code.get((a.want_faceup, self._codes(a.want)))
        if want is None:
            raise EncodingError(f"{a}: more than the offer menu wants (B-50)")
        return self.layout.index("offer", to, give, want)

    def _to_code(self, s: Zones, p: int, to: int | None) -> int:
        """The addressee: its distance clockwise from ``p`` minus one, or the last for any."""
        if to is None:
            return self.seats - 1
        code = (to - p) % s.cfg.num_players - 1
        if code < 0:
            raise EncodingError(f"player {p} cannot offer to itself")
        return code

    def _give_code(self, s: Zones, p: int, faceup: tuple[int, ...], hand: tuple[int, ...]) -> int:
        """The given side: face-up slots and the front-most hand cards of some varieties."""
        cards = s.hands[p]
        if any(not 0 <= pos < len(cards) for pos in hand):
            raise EncodingError(f"hand positions {hand} are not all in player {p}'s hand")
        vo = s.cfg.variety_of
        given = tuple(sorted(vo[cards[pos]] for pos in hand))
        if front_positions(s, p, given) != hand:
            raise EncodingError(f"hand positions {hand}: not the front-most cards (B-50)")
        code = self.give_code.get((faceup, self._codes(given)))
        if code is None:
            raise EncodingError(f"giving {faceup} and {hand}: more than the offer menu's bounds")
        return code

    def legal_indices(self, state: State, player: PlayerId) -> list[int]:
        """The menu's integers; a trading menu's offers through its own structure (addressee
        x given side x wanted side, OfferSpace), each side encoded once, not offer by offer."""
        s = _zones(state)
        menu = s.legal_actions(player)  # the Python menu, whichever engine holds the state
        if not isinstance(menu, TradingMenu):
            return super().legal_indices(s, player)
        out = {self.encode(state, player, a) for a in menu.fixed}
        space = menu.offers
        tos = [self._to_code(s, player, to) for to in space.tos]
        gives = [self._give_code(s, player, fu, hand) for fu, hand in space.gives]
        wants = [self.want_code[(fu, self._codes(want))] for want, fu in space.wants]
        excluded = set(space.excluded)
        start = self.layout.starts["offer"]
        width = len(self.gives) * len(self.wants)
        k = 0  # the offer's place in the space, as OfferSpace numbers them
        for to in tos:
            for give in gives:
                base = start + to * width + give * len(self.wants)
                for want in wants:
                    if k not in excluded:
                        out.add(base + want)
                    k += 1
        return sorted(out)

    def _codes(self, varieties: tuple[int, ...]) -> tuple[int, ...]:
        codes = [self.variety_code.get(v) for v in varieties]
        if None in codes:
            raise EncodingError(f"a variety of {varieties} is not in this edition")
        return tuple(sorted(c for c in codes if c is not None))

    # ---------------------------------------------------------------- decode

    def decode(self, state: State, player: PlayerId, index: int) -> Action:
        s = _zones(state)
        name, at = self.layout.locate(index)
        single = self._singles.get(name)
        if single is not None:
            return single
        if name in ("plant", "harvest"):
            return (A.PLANT if name == "plant" else A.HARVEST)[at[0]]
        if name in _CARD_FIELD:
            return _CARD_FIELD[name](at[0], at[1])
        if name == "discard-offered":
            return A.DiscardOffered(at[0])
        if name == "discard":
            return A.DiscardFromHand(at[0])
        if name == "offer":
            return self._decode_offer(s, player, *at)
        if at[0] >= len(s.offers):
            raise EncodingError(f"{index}: there is no offer {at[0]} in this trading phase")
        rec = s.offers[at[0]]
        if name == "accept":
            positions = front_positions(s, player, rec.want)
            if positions is None:
                raise EncodingError(f"{index}: the hand lacks what offer {rec.offer_id} wants")
            return A.Accept(rec.offer_id, positions)
        return (A.Decline if name == "decline" else A.Withdraw)(rec.offer_id)

    def _decode_offer(self, s: Zones, p: int, to: int, give: int, want: int) -> A.Offer:
        n = s.cfg.num_players
        if to == self.seats - 1:
            seat = None
        elif to + 1 < n:
            seat = (p + to + 1) % n
        else:
            raise EncodingError(f"there is no seat {to + 1} places after {p} with {n} players")
        give_faceup, given = self.gives[give]
        want_faceup, wanted = self.wants[want]
        positions = front_positions(s, p, tuple(self.varieties[c] for c in given))
        if positions is None:
            raise EncodingError(f"player {p}'s hand lacks the varieties {given}")
        return A.Offer(
            seat, give_faceup, positions, tuple(self.varieties[c] for c in wanted), want_faceup
        )


def _zones(state: State) -> BohnanzaState:
    """The Python zones of a Bohnanza state of either engine (a native state's materialised
    twin, :meth:`NativeBohnanzaState.python_state`)."""
    if isinstance(state, BohnanzaState):
        return state
    if isinstance(state, NativeBohnanzaState):
        return state.python_state()
    raise EncodingError(f"{state!r} is not a Bohnanza state")


def action_encoding(options: Mapping[str, Any] | None = None) -> BohnanzaEncoding:
    """The integer encoding of Bohnanza's actions under ``options``."""
    return BohnanzaEncoding(options)
