"""Bohnanza's compact action space (issue 34 item 3, D-78): a few hundred integers, an offer
composed in steps.

The full encoding (encoding.py) gives every offer of the menu an integer of its own: 74,263 of
its 76,051 integers are offers, which makes a policy's output layer and its mask wide. Here an
offer is *composed*: its addressee, then each item given, then each item wanted, then
``offer-send``. The other moves keep one integer each. With M the edition's largest player
count, V its varieties, O = ``max_offers`` and H = 16 (the hand positions the observation
shows, obs_encoding.HAND), the blocks are::

    end-planting, buy-field, pass, end-trading, finish-turn, leave-offer      () each
    plant, harvest          (3,)          the field
    zone-plant              (V, 3)        a card of variety v from the zone this phase plants
                                          from (own trade area B-34, offer area B-54, revealed
                                          row B-56); the field
    discard-offered         (V,)          a card of variety v from the offer area (B-54)
    discard                 (H,)          the hand position (B-55)
    decline, withdraw       (O·M,)        the offer's place in this trading phase's offers
    accept                  (O·M,)        the same; the front-most cards it wants (B-50)
    offer-to                (M,)          start an offer to this addressee (as encoding.py:
                                          the distance clockwise minus one, M-1 for "any")
    offer-give              (2 + V,)      add to the given side: face-up slot 0, 1, or the
                                          front-most hand card of variety v
    offer-want              (V + 2,)      add to the wanted side: variety v, or face-up slot
    offer-send              ()            make the offer composed

``zone-plant`` is shared: in each phase one zone at most is planted from. The trade area, the
offer area and the revealed row are unordered for the rules (their cards are taken in any
order) and the observation counts them by variety, so a card there is named by its variety:
the integer plays the zone's first card of that variety, and the menu's actions on its other
cards of the same variety, which differ only in the card's id, are not reachable (the
canonical choice B-50 makes for hand cards). The hand is ordered, so a discard names its
position. Sizes: **232** with the defaults (standard edition, 6 offers: 6 + 6 + 33 + 11 + 16
+ 3·42 + 7 + 13 + 13 + 1), 358 at ``max_offers`` 12, 176 for the classic edition (M = 5,
V = 8).

The draft (:class:`Draft`) is the state of a composition; it belongs to whoever drives the
game (an environment), never to the game state. Items are added in one canonical order
(given before wanted; within a side, by block index, face-up slots at most once), so every
offer has exactly one path. At each step the mask allows only a continuation that some legal
offer of the menu extends, so a composition never reaches a dead end, and ``offer-send`` only
when the draft is itself a menu offer (not nothing-for-nothing, not a copy of one of the
player's open offers, B-50). The offers reachable are exactly the menu's; the other integers
are exactly the menu's other actions, the zone cards taken first of their variety and the
discards of the first H hand positions (``tests/games/bohnanza/test_compact.py`` checks both
on seeded positions). H is a documented bound, not a rule: a duel hand may in principle grow
past 16 cards (in 100 random games of 2 to 7 players it held at most 8); a discard past it is
not in the mask, as the observation does not show those cards.

A :class:`Moment` is one player's decision at one position: the menu is read once (the Python
zones; a native state's materialised twin) and every step of a composition is answered from
it, without the full encoding's mask. This module is the reference: on the native engine the
environments use its port in the core (``native/core/src/encode/compact.rs``, reached through
``native_compact_spec`` in native_encoding.py), which reads the native menu without the
Python twin and equals this one at every step (tests/adapters/test_native_compact.py).

>>> enc = compact_encoding({})
>>> enc.size, enc.layout.shapes["offer-give"]
(232, (13,))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from seedbed.engine.api import Action, PlayerId, State
from seedbed.engine.encoding import EncodingError, Layout
from seedbed.engine.registry import game
from seedbed.games.bohnanza import actions as A
from seedbed.games.bohnanza.cards import CLASSIC_VARIETIES, VARIETIES
from seedbed.games.bohnanza.encoding import _SINGLES, _zones, bounded_options
from seedbed.games.bohnanza.menu import TradingMenu
from seedbed.games.bohnanza.obs_encoding import HAND
from seedbed.games.bohnanza.state import EMPTY, Zones
from seedbed.games.bohnanza.trading import find_offer, front_positions

SIDES_KEPT = 4096
"""The given and wanted sides a :class:`CompactEncoding` keeps (by hand and face-up slots)."""

HAND_PLACES = HAND
"""H: the hand positions a discard may name (those the observation shows)."""

Items = tuple[int, ...]
"""A side as the draft builds it: its items (block coordinates of ``offer-give`` or
``offer-want``) in the canonical order."""

_PLAIN = frozenset({*(type(a) for _, a in _SINGLES), A.PlantFromHand, A.Harvest})
"""The actions whose integer needs nothing from the zones."""


class Draft:
    """An offer being composed: the addressee code (-1: none started), the given items and
    the wanted items (block coordinates of ``offer-give`` and ``offer-want``, in order)."""

    __slots__ = ("give", "to", "want")

    def __init__(self) -> None:
        self.to = -1
        self.give: Items = ()
        self.want: Items = ()

    def clear(self) -> None:
        self.to = -1
        self.give = ()
        self.want = ()

    @property
    def open(self) -> bool:
        return self.to >= 0


class CompactEncoding:
    """The compact space for one set of options (see the module docstring)."""

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        opts = bounded_options(options, "the compact action space")
        menu = opts["offer_menu"]
        classic = opts["edition"] == "classic"
        self.seats = max(game("bohnanza").player_counts(opts))
        base = CLASSIC_VARIETIES if classic else tuple(range(len(VARIETIES)))
        self.varieties = base
        self.variety_code = {v: i for i, v in enumerate(base)}
        v = len(base)
        offers = opts["max_offers"] * self.seats
        self.layout = Layout(
            [
                *((name, ()) for name, _ in _SINGLES),
                ("plant", (3,)),
                ("harvest", (3,)),
                ("zone-plant", (v, 3)),
                ("discard-offered", (v,)),
                ("discard", (HAND_PLACES,)),
                ("decline", (offers,)),
                ("withdraw", (offers,)),
                ("accept", (offers,)),
                ("offer-to", (self.seats,)),
                ("offer-give", (2 + v,)),
                ("offer-want", (v + 2,)),
                ("offer-send", ()),
            ]
        )
        self.size = self.layout.size
        self._single_code: dict[type[Action], int] = {
            type(a): self.layout.index(n) for n, a in _SINGLES
        }
        self.draft_width = 1 + self.seats + (2 + v) + (v + 2)
        """The width of :meth:`draft_features`."""
        self._sides: dict[tuple[Any, ...], tuple[list[Items], dict[Items, list[int]]]] = {}
        self._highs = (
            [1.0] * (1 + self.seats)
            + [float(menu["max_give"])] * (2 + v)
            + [float(menu["max_want"])] * (v + 2)
        )

    def sides(
        self, key: tuple[Any, ...], build: Callable[[], list[Items]]
    ) -> tuple[list[Items], dict[Items, list[int]]]:
        """One side's item sequences (in the menu's order) and their trie (each sequence's
        next items), built once per ``key``; bounded memory."""
        found = self._sides.get(key)
        if found is None:
            if len(self._sides) >= SIDES_KEPT:
                self._sides.clear()
            items = build()
            trie: dict[Items, list[int]] = {seq: [] for seq in items}
            for seq in items:
                if seq:
                    trie[seq[:-1]].append(seq[-1])
            found = self._sides[key] = (items, trie)
        return found

    def new_draft(self) -> Draft:
        return Draft()

    def draft_highs(self) -> list[float]:
        """The largest value of each of :meth:`draft_features`."""
        return list(self._highs)

    # ---------------------------------------------------------------- moments

    def moment(self, state: State, player: PlayerId) -> Moment:
        """``player``'s decision at this position, read once."""
        return Moment(self, state, player)

    def code(self, s: Zones | None, p: int, a: Action) -> int | None:
        """The integer of a menu action other than an offer; None past the zone bound. The
        zones ``s`` are needed but for the actions of :data:`_PLAIN`."""
        found = self._single_code.get(type(a))
        if found is not None:
            return found
        lay = self.layout
        if isinstance(a, A.PlantFromHand | A.Harvest):
            return lay.index(a.kind.type, a.field)
        assert s is not None
        if isinstance(a, A.PlantFromTradeArea | A.PlantOffered | A.PlantRevealed):
            zone = (
                s.trade[p]
                if isinstance(a, A.PlantFromTradeArea)
                else s.offer_area
                if isinstance(a, A.PlantOffered)
                else s.revealed
            )
            v = self._first_of_variety(s, zone, a.card)
            return None if v is None else lay.index("zone-plant", v, a.field)
        if isinstance(a, A.DiscardOffered):
            v = self._first_of_variety(s, s.offer_area, a.card)
            return None if v is None else lay.index("discard-offered", v)
        if isinstance(a, A.DiscardFromHand):
            return lay.index("discard", a.position) if a.position < HAND_PLACES else None
        if isinstance(a, A.Decline | A.Withdraw | A.Accept):
            return lay.index(a.kind.type, find_offer(s, a.offer_id))
        raise EncodingError(f"{a!r} has no integer of its own in the compact space")

    def _first_of_variety(self, s: Zones, zone: list[int], card: int) -> int | None:
        """The variety code of ``card`` when it is the zone's first of its variety, else
        None (an unordered zone: the first card stands for its variety)."""
        vo = s.cfg.variety_of
        v = vo[card]
        first = next(c for c in zone if vo[c] == v)
        return self.variety_code[v] if first == card else None

    def draft_features(self, draft: Draft) -> list[float]:
        """What is being composed, as numbers: composing (0/1), the addressee (one-hot),
        the count of each given item, the count of each wanted item."""
        out = [0.0] * self.draft_width
        if not draft.open:
            return out
        out[0] = 1.0
        out[1 + draft.to] = 1.0
        base = 1 + self.seats
        for item in draft.give:
            out[base + item] += 1.0
        base += 2 + len(self.varieties)
        for item in draft.want:
            out[base + item] += 1.0
        return out


class Moment:
    """One player's decision at one position in the compact space: :meth:`legal` is the
    mask's integers for a draft, :meth:`choose` takes one (see the module docstring)."""

    def __init__(self, enc: CompactEncoding, state: State, player: PlayerId) -> None:
        self.enc = enc
        self.player = player
        self.s: Zones | None = None
        menu: Sequence[Action] = state.legal_actions(player)
        if isinstance(menu, TradingMenu) or not all(type(a) in _PLAIN for a in menu):
            # Zone places, offers: the Python zones (a native state's twin, read once here)
            self.s = _zones(state)
            menu = self.s.legal_actions(player)
        fixed = menu.fixed if isinstance(menu, TradingMenu) else menu
        self.actions: dict[int, Action] = {}
        for a in fixed:
            code = enc.code(self.s, player, a)
            if code is not None:
                self.actions[code] = a
        self.tos: dict[int, int | None] = {}
        self.gives: dict[Items, list[int]] = {}
        """The given sides as item sequences (a trie: each side's one-item-longer sides)."""
        self.wants: dict[Items, list[int]] = {}
        self.copies: set[tuple[int, Items, Items]] = set()
        self._legal: dict[tuple[int, Items, Items], list[int]] = {}
        if isinstance(menu, TradingMenu):
            self._read_offers(menu)

    def _read_offers(self, menu: TradingMenu) -> None:
        """The menu's offer space as item sequences: the addressees, the given and wanted
        sides, and the offers it leaves out (B-50)."""
        s, p, enc = self.s, self.player, self.enc
        assert s is not None
        space = menu.offers
        n = s.cfg.num_players
        for to in space.tos:
            self.tos[enc.seats - 1 if to is None else (to - p) % n - 1] = to
        vo = s.cfg.variety_of
        hand = s.hands[p]
        kinds = tuple([vo[c] for c in hand])
        # The sides depend on the hand's varieties and on which face-up slots the player may
        # give or want (menu.give_options, want_options): kept per those, as the menu keeps
        # its own lists, so a trading phase's moments share them.
        occupied = tuple(i for i in (0, 1) if s.faceup[i] != EMPTY)
        active = p == s.active
        gives, self.gives = enc.sides(
            ("give", n, kinds, active, occupied),
            lambda: [
                (*fu, *sorted(2 + enc.variety_code[kinds[i]] for i in hp)) for fu, hp in space.gives
            ],
        )
        wants, self.wants = enc.sides(
            ("want", n, active, occupied),
            lambda: [
                (*sorted(enc.variety_code[v] for v in want), *(len(enc.varieties) + i for i in fu))
                for want, fu in space.wants
            ],
        )
        to_codes = list(self.tos)
        width, w = space.width, len(space.wants)
        for k in space.excluded:
            t, rest = divmod(k, width)
            g, j = divmod(rest, w)
            self.copies.add((to_codes[t], gives[g], wants[j]))

    # ---------------------------------------------------------------- the offer tree

    def _next(self, give: Items, want: Items) -> list[tuple[Items, Items]]:
        """The drafts one item longer whose sides the menu has (copies aside)."""
        if want:
            return [(give, (*want, x)) for x in self.wants[want]]
        return [((*give, x), want) for x in self.gives[give]] + [
            (give, (x,)) for x in self.wants[()]
        ]

    def _viable(self, to: int, give: Items, want: Items) -> bool:
        """Some menu offer extends this draft. Early exit: a dead branch holds only copies of
        the player's open offers (at most ``max_offers`` of them), so the search is short."""
        if (to, give, want) not in self.copies:
            return True
        return any(self._viable(to, g, w) for g, w in self._next(give, want))

    # ---------------------------------------------------------------- the mask

    def legal(self, draft: Draft) -> list[int]:
        """The integers legal now, sorted: with no draft open, the menu's other actions and
        the addressees that some menu offer has; while composing, the items that keep the
        draft on the way to a menu offer, and ``offer-send`` when it is one."""
        key = (draft.to, draft.give, draft.want)
        found = self._legal.get(key)
        if found is None:
            found = self._legal[key] = self._find_legal(draft)
        return found

    def _find_legal(self, draft: Draft) -> list[int]:
        lay = self.enc.layout
        if not draft.open:
            out = list(self.actions)
            start = lay.starts["offer-to"]
            out += [start + t for t in self.tos if self._viable(t, (), ())]
            return sorted(out)
        out = []
        give_start, want_start = lay.starts["offer-give"], lay.starts["offer-want"]
        for g, w in self._next(draft.give, draft.want):
            if self._viable(draft.to, g, w):
                out.append(give_start + g[-1] if len(g) > len(draft.give) else want_start + w[-1])
        if (draft.to, draft.give, draft.want) not in self.copies:
            out.append(lay.starts["offer-send"])
        return sorted(out)

    def choose(self, draft: Draft, index: int) -> Action | None:
        """Take integer ``index``: the action to play, or None when it only grew the draft
        (which it changes in place). EncodingError when ``index`` is not legal now."""
        if index not in self.legal(draft):
            raise EncodingError(f"{index} is not legal now in the compact space")
        name, at = self.enc.layout.locate(index)
        if name == "offer-to":
            draft.to = at[0]
            return None
        if name == "offer-give":
            draft.give = (*draft.give, at[0])
            return None
        if name == "offer-want":
            draft.want = (*draft.want, at[0])
            return None
        if name == "offer-send":
            offer = self._offer(draft)
            draft.clear()
            return offer
        return self.actions[index]

    def _offer(self, draft: Draft) -> A.Offer:
        assert self.s is not None
        nv = len(self.enc.varieties)
        kinds = self.enc.varieties
        give_fu = tuple(i for i in draft.give if i < 2)
        given = tuple(kinds[i - 2] for i in draft.give if i >= 2)
        want_fu = tuple(i - nv for i in draft.want if i >= nv)
        wanted = tuple(kinds[i] for i in draft.want if i < nv)
        positions = front_positions(self.s, self.player, given)
        assert positions is not None  # the menu's given side: the hand holds it
        return A.Offer(self.tos[draft.to], give_fu, positions, wanted, want_fu)


def compact_encoding(options: Mapping[str, Any] | None = None) -> CompactEncoding:
    """The compact action space of Bohnanza under ``options``."""
    return CompactEncoding(options)
