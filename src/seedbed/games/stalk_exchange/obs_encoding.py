"""Stalk Exchange's fixed-size observation encoding (issue 18; engine/observation.py,
docs/research.md).

It reads only ``observe(p)``. With H the Garden's spaces (3R(R+1)+1 for radius R, in the
canonical order of hexgrid.py: by r, then q), S the Exchange slots, T the market's first cell
for this player count (``market_start``), N the player count and the five flower types in
the order dahlia, daffodil, globemaster, snowdrop, tulip (S-7), the fields are, seats relative
to the viewer (the viewer first, then clockwise)::

    scalars         (7,)        over, basic actions taken, basic actions per turn, turn,
                                round, tokens in the Greenhouse, market crash distance
    active          (N,)        one-hot: the active player (zeros when over)
    garden_bloom    (H, 5)      one-hot: a blooming token of that type on the space
    garden_bulb     (H, 5)      one-hot: a bulb of that type on the space
    exchange        (S, 5)      one-hot per slot (empty: zeros)
    market_values   (5,)
    market_track    (T, 5)      one-hot per filled cell of the track, in order
    compost         (5,)        tokens by type
    portfolio       (5,)        the viewer's tokens by type
    portfolio_size  (N,)
    seedy_unspent   (N,)
    seedy_spent     (N,)
    known_to_hold   (N, 5)      tokens each player's swaps have shown (S-47)
    crash           (2,)        the Market Crash triggers met (1, 2)

Counts are bounded by 1000 and clipped; the market track past T cells is dropped.

>>> observation_encoder({}, 3).size
591
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from seedbed.engine.observation import Field, ObservationEncoder, Writer, relative_seats
from seedbed.games.stalk_exchange.config import FLOWER_INDEX, NUM_TYPES, make_config
from seedbed.games.stalk_exchange.hexgrid import hex_board

COUNT = 1000.0


class StalkExchangeObservationEncoder(ObservationEncoder):
    """The layout for one set of options and player count (see the module docstring)."""

    def __init__(self, options: Mapping[str, Any] | None, num_players: int) -> None:
        cfg = make_config(num_players, options)
        self.board = hex_board(cfg.garden_radius)
        self.n = n = num_players
        h, k = len(self.board.spaces), NUM_TYPES
        super().__init__(
            [
                Field("scalars", (7,), 0, COUNT),
                Field("active", (n,), 0, 1),
                Field("garden_bloom", (h, k), 0, 1),
                Field("garden_bulb", (h, k), 0, 1),
                Field("exchange", (cfg.exchange_slots, k), 0, 1),
                Field("market_values", (k,), 0, COUNT),
                Field("market_track", (cfg.market_start, k), 0, 1),
                Field("compost", (k,), 0, COUNT),
                Field("portfolio", (k,), 0, COUNT),
                Field("portfolio_size", (n,), 0, COUNT),
                Field("seedy_unspent", (n,), 0, COUNT),
                Field("seedy_spent", (n,), 0, COUNT),
                Field("known_to_hold", (n, k), 0, COUNT),
                Field("crash", (2,), 0, 1),
            ]
        )

    def write(self, obs: Mapping[str, Any], out: Writer) -> None:
        k = NUM_TYPES
        seats = relative_seats(obs["viewer"], self.n)
        where = {seat: i for i, seat in enumerate(seats)}
        market = obs["market"]
        out.fill(
            "scalars",
            [
                obs["over"],
                obs["basic_taken"],
                obs["basic_actions"],
                obs["turn"],
                obs["round"],
                obs["greenhouse"],
                market["crash_distance"],
            ],
        )
        if obs["active"] is not None:
            out.one_hot("active", where[obs["active"]])
        for token in obs["garden"]["tokens"]:
            space = self.board.index[(token["space"][0], token["space"][1])]
            name = "garden_bloom" if token["side"] == "bloom" else "garden_bulb"
            out.put(name, space * k + FLOWER_INDEX[token["flower"]], 1)
        for slot, flower in enumerate(obs["exchange"]):
            if flower is not None:
                out.put("exchange", slot * k + FLOWER_INDEX[flower], 1)
        for cell, flower in enumerate(market["track"]):
            out.put("market_track", cell * k + FLOWER_INDEX[flower], 1)
        for flower, t in FLOWER_INDEX.items():
            out.put("market_values", t, market["values"][flower])
            out.put("compost", t, obs["compost"][flower])
            out.put("portfolio", t, obs["portfolio"][flower])
        for player in obs["players"]:
            i = where[player["seat"]]
            out.put("portfolio_size", i, player["portfolio_size"])
            out.put("seedy_unspent", i, player["seedy_unspent"])
            out.put("seedy_spent", i, player["seedy_spent"])
            for flower, t in FLOWER_INDEX.items():
                out.put("known_to_hold", i * k + t, player["known_to_hold"][flower])
        if obs["crash"] is not None:
            for trigger in obs["crash"]["triggers"]:
                out.put("crash", trigger - 1, 1)


def observation_encoder(
    options: Mapping[str, Any] | None, num_players: int
) -> StalkExchangeObservationEncoder:
    """The observation encoding of Stalk Exchange under ``options`` for ``num_players``."""
    return StalkExchangeObservationEncoder(options, num_players)
