"""Bohnanza's fixed-size observation encoding (issue 18; engine/observation.py,
docs/research.md).

It reads only ``observe(p)``. With V the edition's varieties (11 standard, 8 classic, in
canonical order B-7), N the player count, K = ``max_offers`` x N (the most offers one trading
phase can hold) and H = 16 hand positions, the fields are, seats relative to the viewer
(the viewer first, then clockwise)::

    phase           (9,)        one-hot: plant, trade, plant-traded, draw, duel-offered,
                                duel-plant, duel-revealed, duel-draw, over
    scalars         (10,)       turn, planted, deck size, discard size, exhaustions, final
                                exhaustion, field cost (0 none), can buy a field,
                                treasury open, duel
    active          (N,)        one-hot: the active player
    to_move         (N,)        1 for each player on the move
    discard_top     (V,)        one-hot: the variety on top of the discard pile
    faceup          (2, V)      one-hot per face-up slot (B-53 duel; empty: zeros)
    revealed        (V,)        cards by variety
    offer_area      (V,)        cards by variety
    hand            (H, V)      one-hot per hand position, front first (later cards dropped)
    hand_counts     (V,)        the whole hand by variety
    hand_sizes      (N,)
    third_field     (N,)        1 if the seat has its third field
    passed          (N,)
    offers_made     (N,)
    coins           (N,)        coins (0 when not visible)
    coins_known     (N,)        1 when visible (own, open treasury, game over)
    field_variety   (N, 3, V)   one-hot per field
    field_size      (N, 3)      cards per field
    trade_area      (N, V)      cards by variety
    offer_status    (K, 6)      one-hot per offer of the phase, in order: open, accepted,
                                declined, withdrawn, unavailable, expired (no offer: zeros)
    offer_proposer  (K, N)      one-hot
    offer_to        (K, N+1)    one-hot; the last column is an open offer
    offer_give_faceup (K, 2, V) per face-up slot given, its variety
    offer_give_hand (K, V)      varieties given from the hand
    offer_want      (K, V)      varieties wanted from the addressee's hand
    offer_want_faceup (K, 2, V) per face-up slot wanted, its variety
    offer_accepted_by (K, N)    one-hot

Counts are bounded by 1000 and clipped. The scalars have one bound each, derived from the
edition's row for the player count (B-13, ``cards.make_config``, issue 39 item 5): turn by the
turns the deck allows (each turn draws at least ``draw_count`` cards, the deck runs out
``final_exhaustion`` times), planted by 2 (B-32), deck and discard by the cards in the game,
exhaustions by the final one, field cost by the edition's price, the flags by 1.
An unbounded offer menu
(``max_offers`` null) has no fixed size and is refused, as the action encoding refuses it.

>>> encoder = observation_encoder({}, 4)
>>> encoder.size
2521
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from seedbed.engine.observation import Field, ObservationEncoder, Writer, relative_seats
from seedbed.games.bohnanza.cards import CLASSIC_VARIETIES, VARIETIES, Config, make_config
from seedbed.games.bohnanza.options import normalize_options
from seedbed.games.bohnanza.state import PHASE_NAMES, STATUS_NAMES

HAND = 16
"""Hand positions encoded one by one (the hand's counts by variety cover the rest)."""
COUNT = 1000.0
PHASES = tuple(PHASE_NAMES[k] for k in sorted(PHASE_NAMES))


class BohnanzaObservationEncoder(ObservationEncoder):
    """The layout for one set of options and player count (see the module docstring)."""

    def __init__(self, options: Mapping[str, Any] | None, num_players: int) -> None:
        opts = normalize_options(options)
        if opts["max_offers"] is None:
            raise ValueError("the observation encoding needs max_offers a number (B-47)")
        base = CLASSIC_VARIETIES if opts["edition"] == "classic" else range(len(VARIETIES))
        self.variety = {VARIETIES[v]: i for i, v in enumerate(base)}
        self.n = n = num_players
        v = len(self.variety)
        k = opts["max_offers"] * n
        scalars = scalar_bounds(make_config(opts["edition"], n, opts))
        super().__init__(
            [
                Field("phase", (len(PHASES),), 0, 1),
                Field("scalars", (len(scalars),), 0, scalars),
                Field("active", (n,), 0, 1),
                Field("to_move", (n,), 0, 1),
                Field("discard_top", (v,), 0, 1),
                Field("faceup", (2, v), 0, 1),
                Field("revealed", (v,), 0, COUNT),
                Field("offer_area", (v,), 0, COUNT),
                Field("hand", (HAND, v), 0, 1),
                Field("hand_counts", (v,), 0, COUNT),
                Field("hand_sizes", (n,), 0, COUNT),
                Field("third_field", (n,), 0, 1),
                Field("passed", (n,), 0, 1),
                Field("offers_made", (n,), 0, COUNT),
                Field("coins", (n,), 0, COUNT),
                Field("coins_known", (n,), 0, 1),
                Field("field_variety", (n, 3, v), 0, 1),
                Field("field_size", (n, 3), 0, COUNT),
                Field("trade_area", (n, v), 0, COUNT),
                Field("offer_status", (k, len(STATUS_NAMES)), 0, 1),
                Field("offer_proposer", (k, n), 0, 1),
                Field("offer_to", (k, n + 1), 0, 1),
                Field("offer_give_faceup", (k, 2, v), 0, 1),
                Field("offer_give_hand", (k, v), 0, COUNT),
                Field("offer_want", (k, v), 0, COUNT),
                Field("offer_want_faceup", (k, 2, v), 0, 1),
                Field("offer_accepted_by", (k, n), 0, 1),
            ]
        )
        self.v = v

    def write(self, obs: Mapping[str, Any], out: Writer) -> None:
        n, v, var = self.n, self.v, self.variety
        seats = relative_seats(obs["viewer"], n)
        where = {seat: i for i, seat in enumerate(seats)}
        out.one_hot("phase", PHASES.index(obs["phase"]))
        cost = obs["field_cost"]
        out.fill(
            "scalars",
            [
                obs["turn"],
                obs["planted"],
                obs["deck_size"],
                obs["discard_size"],
                obs["exhaustions"],
                obs["final_exhaustion"],
                cost or 0,
                cost is not None,
                obs["treasury_visibility"] == "open",
                obs["duel"],
            ],
        )
        out.one_hot("active", where[obs["active"]])
        for p in obs["to_move"]:
            out.put("to_move", where[p], 1)
        top = obs["discard_top"]
        if top is not None:
            out.one_hot("discard_top", var[top["variety"]])
        for slot, card in enumerate(obs["faceup"]):
            if card is not None:
                out.put("faceup", slot * v + var[card["variety"]], 1)
        for zone in ("revealed", "offer_area", "hand_counts"):
            for card in obs["hand" if zone == "hand_counts" else zone]:
                out.add(zone, var[card["variety"]])
        for pos, card in enumerate(obs["hand"][:HAND]):
            out.put("hand", pos * v + var[card["variety"]], 1)
        for player in obs["players"]:
            self._player(player, where[player["seat"]], out)
        for i, offer in enumerate(obs["offers"]):
            self._offer(offer, i, where, out)

    def _player(self, player: Mapping[str, Any], i: int, out: Writer) -> None:
        v, var = self.v, self.variety
        out.put("hand_sizes", i, player["hand_size"])
        out.put("third_field", i, player["third_field"])
        out.put("passed", i, player["passed"])
        out.put("offers_made", i, player["offers_made"])
        if "coins" in player:
            out.put("coins", i, player["coins"])
            out.put("coins_known", i, 1)
        for f, field in enumerate(player["fields"]):
            if field["variety"] is not None:
                out.put("field_variety", (i * 3 + f) * v + var[field["variety"]], 1)
            out.put("field_size", i * 3 + f, len(field["cards"]))
        for card in player["trade_area"]:
            out.add("trade_area", i * v + var[card["variety"]])

    def _offer(self, offer: Mapping[str, Any], i: int, where: dict[int, int], out: Writer) -> None:
        n, v, var = self.n, self.v, self.variety
        out.put("offer_status", i * len(STATUS_NAMES) + STATUS_NAMES.index(offer["status"]), 1)
        out.put("offer_proposer", i * n + where[offer["proposer"]], 1)
        to = offer["to"]
        out.put("offer_to", i * (n + 1) + (n if to == "any" else where[to]), 1)
        for side in ("give_faceup", "want_faceup"):
            for item in offer[side]:
                out.put(f"offer_{side}", (i * 2 + item["slot"]) * v + var[item["variety"]], 1)
        for name in offer["give_hand"]:
            out.add("offer_give_hand", i * v + var[name])
        for name in offer["want"]:
            out.add("offer_want", i * v + var[name])
        if "accepted_by" in offer:
            out.put("offer_accepted_by", i * n + where[offer["accepted_by"]], 1)


def scalar_bounds(cfg: Config) -> tuple[float, ...]:
    """The upper bound of each scalar (the module docstring's list, in order); at least 1, so
    that dividing by the bound to normalise never divides by 0."""
    cards = cfg.num_cards
    turns = cfg.final_exhaustion * cards // cfg.draw_count + 1
    final = cfg.final_exhaustion
    bounds = (turns, 2, cards, cards, final, final, cfg.field_cost, 1, 1, 1)
    return tuple(float(max(1, b)) for b in bounds)


def observation_encoder(
    options: Mapping[str, Any] | None, num_players: int
) -> BohnanzaObservationEncoder:
    """The observation encoding of Bohnanza under ``options`` for ``num_players``."""
    return BohnanzaObservationEncoder(options, num_players)
