"""The Bohnanza state (zones of B-11) as plain ints and lists, with a hand-written clone.

Ordered zones are lists of card ids. Deck and discard pile keep their *top at the end* of the
list (pop/append are O(1)); hands keep position 0 = front; fields and treasuries are in planting
/ arrival order (treasury top = last). The rules live in ``rules.py``; this module only stores.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from seedbed.engine.rng import Rng
from seedbed.games.bohnanza.cards import Config

# Phases (B-31) and duel steps (B-53).
PLANT, TRADE, PLANT_TRADED, DRAW = 1, 2, 3, 4
DUEL_OFFERED, DUEL_PLANT, DUEL_REVEALED, DUEL_DRAW = 11, 12, 13, 14
OVER = 99
PHASE_NAMES = {
    PLANT: "plant",
    TRADE: "trade",
    PLANT_TRADED: "plant-traded",
    DRAW: "draw",
    DUEL_OFFERED: "duel-offered",
    DUEL_PLANT: "duel-plant",
    DUEL_REVEALED: "duel-revealed",
    DUEL_DRAW: "duel-draw",
    OVER: "over",
}
EMPTY = -1  # an empty face-up slot

# Offer statuses (B-39 … B-46).
OPEN, ACCEPTED, DECLINED, WITHDRAWN, UNAVAILABLE, EXPIRED = range(6)
STATUS_NAMES = ("open", "accepted", "declined", "withdrawn", "unavailable", "expired")


@dataclass(frozen=True, slots=True)
class OfferRecord:
    """An offer as made (B-37, B-38): it names specific cards. Immutable; its status lives
    in ``BohnanzaState.offer_status`` so clones share records."""

    offer_id: int
    proposer: int
    to: int | None
    give_faceup: tuple[tuple[int, int], ...]  # (slot, card id)
    give_hand: tuple[int, ...]  # card ids, in the proposer's hand when made
    give_positions: tuple[int, ...]  # private to the proposer
    want: tuple[int, ...]  # sorted varieties
    want_faceup: tuple[tuple[int, int], ...]  # (slot, card id)

    def same_terms(self, other: OfferRecord) -> bool:
        return (
            self.to == other.to
            and self.give_faceup == other.give_faceup
            and sorted(self.give_hand) == sorted(other.give_hand)
            and self.want == other.want
            and self.want_faceup == other.want_faceup
        )


_copy = list.copy

# The zones stored as plain values (everything but cfg, rng and the offer records).
PLAIN_ZONES = (
    "deck", "discard", "hands", "fields", "third", "treasury", "trade", "faceup", "revealed",
    "offer_area", "box", "exhaustions", "active", "phase", "planted", "turn", "ending",
    "passed", "offer_status", "accepted_by", "next_offer_id", "offers_made",
)  # fmt: skip


def _plain(value: Any) -> Any:
    """A copy of nested lists/tuples of ints and bools as nested lists."""
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


class Zones:
    """All mutable zones of one game. Kept separate from the API class so the rules can
    work on plain attributes."""

    __slots__ = (
        "accepted_by",
        "active",
        "box",
        "cfg",
        "deck",
        "discard",
        "ending",
        "exhaustions",
        "faceup",
        "fields",
        "hands",
        "next_offer_id",
        "offer_area",
        "offer_status",
        "offers",
        "offers_made",
        "passed",
        "phase",
        "planted",
        "revealed",
        "rng",
        "third",
        "trade",
        "treasury",
        "turn",
    )

    cfg: Config
    rng: Rng
    deck: list[int]
    discard: list[int]
    hands: list[list[int]]
    fields: list[list[list[int]]]
    third: list[bool]  # bought (or given, with standard 3 players) the third field
    treasury: list[list[int]]
    trade: list[list[int]]
    faceup: list[int]
    revealed: list[int]
    offer_area: list[int]
    box: list[int]
    exhaustions: int
    active: int
    phase: int
    planted: int
    turn: int
    ending: bool  # the final exhaustion happened during a reveal (B-62)
    passed: list[bool]
    offers: list[OfferRecord]  # this trading phase's offers, in id order
    offer_status: list[int]
    accepted_by: list[int]
    next_offer_id: int
    offers_made: list[int]

    def copy_into(self, z: Zones) -> None:
        """Fill ``z`` with an independent copy of these zones (records are immutable).
        ``[*map(_copy, x)]`` is about 3x faster than a comprehension in CPython."""
        z.cfg = self.cfg
        z.rng = self.rng.clone()
        z.deck = self.deck[:]
        z.discard = self.discard[:]
        z.hands = [*map(_copy, self.hands)]
        z.fields = [[*map(_copy, fs)] for fs in self.fields]
        z.third = self.third[:]
        z.treasury = [*map(_copy, self.treasury)]
        z.trade = [*map(_copy, self.trade)]
        z.faceup = self.faceup[:]
        z.revealed = self.revealed[:]
        z.offer_area = self.offer_area[:]
        z.box = self.box[:]
        z.exhaustions = self.exhaustions
        z.active = self.active
        z.phase = self.phase
        z.planted = self.planted
        z.turn = self.turn
        z.ending = self.ending
        z.passed = self.passed[:]
        z.offers = self.offers[:]
        z.offer_status = self.offer_status[:]
        z.accepted_by = self.accepted_by[:]
        z.next_offer_id = self.next_offer_id
        z.offers_made = self.offers_made[:]

    def to_json(self) -> dict[str, Any]:
        """The complete state, hidden parts included, as JSON-ready data (for saving and
        debugging; never send it to a player: that is what ``observe`` is for)."""
        out: dict[str, Any] = {"options": self.cfg.options(), "num_players": self.cfg.num_players}
        for name in PLAIN_ZONES:
            out[name] = _plain(getattr(self, name))
        out["rng"] = f"{self.rng.state:#x}"
        out["offers"] = [
            [r.offer_id, r.proposer, r.to, _plain(r.give_faceup), list(r.give_hand),
             list(r.give_positions), list(r.want), _plain(r.want_faceup)]
            for r in self.offers
        ]  # fmt: skip
        return out

    def load_json(self, obj: dict[str, Any], cfg: Config) -> None:
        """Fill these zones from :meth:`to_json` output (``cfg`` built from its options)."""
        self.cfg = cfg
        for name in PLAIN_ZONES:
            setattr(self, name, _plain(obj[name]))
        self.rng = Rng.from_state(int(obj["rng"], 16))
        self.offers = [
            OfferRecord(
                int(o[0]), int(o[1]), None if o[2] is None else int(o[2]),
                tuple((int(a), int(b)) for a, b in o[3]), tuple(o[4]), tuple(o[5]),
                tuple(o[6]), tuple((int(a), int(b)) for a, b in o[7]),
            )
            for o in obj["offers"]
        ]  # fmt: skip

    def all_cards(self) -> list[int]:
        """Every card id in every zone (for conservation checks, B-12)."""
        out = self.deck + self.discard + self.faceup + self.revealed + self.offer_area + self.box
        for p in range(self.cfg.num_players):
            out += self.hands[p] + self.treasury[p] + self.trade[p]
            for f in self.fields[p]:
                out += f
        return [c for c in out if c != EMPTY]
