"""Fields of Green's fixed-size observation encoding (issue 18; engine/observation.py,
docs/research.md).

It reads only ``observe(p)`` (and the card set's static tables, which name what a card id or
design is). Cards are encoded by design: D designs (the card set's location designs in file
order, then Water Tower and Silo: 46 for the shipped set), E equipment designs (18 shipped),
K = 6 kinds (field, livestock, construction, building, water tower, silo). With N the player
count and seats relative to the viewer (the viewer first, then clockwise), the fields are::

    phase           (8,)        one-hot: upkeep, draw, commit, resolve, pick, harvest, final,
                                over
    scalars         (14,)       year, turn, clockwise, the four pile sizes, Water Towers,
                                Silos and tiles left, shared hand size, introductory,
                                published rules, number of the viewer's set-aside tiles
    first_player    (N,)        one-hot
    to_move         (N,)        1 for each player on the move
    discard         (D,)        cards by design
    equipment_discard (E,)      tiles by design
    display         (6, D)      one-hot per display card (2 players, F-70)
    hand            (D,)        the viewer's hand by design
    commit          (D,)        one-hot: the viewer's committed card
    known_hands     (N, D)      hands that passed through the viewer (F-78), by design
    known_stack     (E,)        tiles of the stack the viewer has seen, by design
    players         (N, 10)     coins, food, food capacity, VP tokens, hand size,
                                committed, farm cards, water, water capacity, Open Areas
    farm            (N, D)      farm cards by design
    farm_equipment  (N, E)      tiles on farm cards by design
    set_aside       (N, E)      set-aside tiles by design
    revealed        (N, D)      one-hot: the revealed card
    split           (N, 4)      the draw split (cards per pile)
    grid            (13, 13, K) the viewer's farm: one-hot kind per cell (x, y), x and y
                                from -6 to 6 (cells outside are dropped)
    harvested       (D + E,)    harvest items handled this phase, by design
    paid_game_end   (D + E,)    game-end items paid, by design
    decision        (8,)        one-hot: the kind of the decision on top (effects, gain,
                                water, choose, keep, place, attach, optional)
    decision_player (N,)        one-hot
    decision_values (3,)        water amount, options, tiles to keep from
    decision_card   (D + E,)    one-hot: the item (card or tile) of a choose, attach or
                                optional decision
    decision_tiles  (E,)        the viewer's drawn tiles to keep or place, by design

Counts are bounded by 1000 and clipped.

>>> observation_encoder({}, 3).size
2280
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from seedbed.engine.observation import Field, ObservationEncoder, Writer, relative_seats
from seedbed.engine.registry import game
from seedbed.games.fields_of_green.config import KIND_NAMES
from seedbed.games.fields_of_green.state import FRAME_NAMES, PHASE_NAMES, Zones

COUNT = 1000.0
GRID = 6
"""The viewer's farm grid covers cells -GRID … GRID in each direction."""
DISPLAY = 6


class FieldsOfGreenObservationEncoder(ObservationEncoder):
    """The layout for one set of options and player count (see the module docstring)."""

    def __init__(self, options: Mapping[str, Any] | None, num_players: int) -> None:
        state = game("fields_of_green", engine="python").new_state(num_players, 0, options)
        assert isinstance(state, Zones)
        cfg = state.cfg
        self.card_design = [info.design for info in cfg.cards]
        designs = list(dict.fromkeys(self.card_design))
        tiles = list(dict.fromkeys(t.id for t in cfg.tiles))
        self.design = {d: i for i, d in enumerate(designs)}
        self.tile = {t: i for i, t in enumerate(tiles)}
        self.tile_design = [t.id for t in cfg.tiles]
        self.n = n = num_players
        d, e, side = len(designs), len(tiles), 2 * GRID + 1
        super().__init__(
            [
                Field("phase", (len(PHASE_NAMES),), 0, 1),
                Field("scalars", (14,), 0, COUNT),
                Field("first_player", (n,), 0, 1),
                Field("to_move", (n,), 0, 1),
                Field("discard", (d,), 0, COUNT),
                Field("equipment_discard", (e,), 0, COUNT),
                Field("display", (DISPLAY, d), 0, 1),
                Field("hand", (d,), 0, COUNT),
                Field("commit", (d,), 0, 1),
                Field("known_hands", (n, d), 0, COUNT),
                Field("known_stack", (e,), 0, COUNT),
                Field("players", (n, 10), 0, COUNT),
                Field("farm", (n, d), 0, COUNT),
                Field("farm_equipment", (n, e), 0, COUNT),
                Field("set_aside", (n, e), 0, COUNT),
                Field("revealed", (n, d), 0, 1),
                Field("split", (n, 4), 0, COUNT),
                Field("grid", (side, side, len(KIND_NAMES)), 0, 1),
                Field("harvested", (d + e,), 0, COUNT),
                Field("paid_game_end", (d + e,), 0, COUNT),
                Field("decision", (len(FRAME_NAMES),), 0, 1),
                Field("decision_player", (n,), 0, 1),
                Field("decision_values", (3,), 0, COUNT),
                Field("decision_card", (d + e,), 0, 1),
                Field("decision_tiles", (e,), 0, COUNT),
            ]
        )
        self.d = d
        self.e = e

    def _item(self, item: int) -> int:
        """The design index of a harvest or game-end item: a card id, or cards + a tile id."""
        cards = len(self.card_design)
        if item < cards:
            return self.design[self.card_design[item]]
        return self.d + self.tile[self.tile_design[item - cards]]

    def write(self, obs: Mapping[str, Any], out: Writer) -> None:
        d, design, tile = self.d, self.design, self.tile
        viewer = obs["viewer"]
        where = {seat: i for i, seat in enumerate(relative_seats(viewer, self.n))}
        out.one_hot("phase", PHASE_NAMES.index(obs["phase"]))
        me = obs["players"][viewer]
        out.fill(
            "scalars",
            [
                obs["year"],
                obs["turn"],
                obs["direction"] == 1,
                *obs["pile_sizes"],
                obs["water_towers_left"],
                obs["silos_left"],
                obs["equipment_left"],
                obs["shared_size"],
                obs["introductory"],
                obs["ruleset"] == "published",
                len(me["set_aside"]),
            ],
        )
        out.one_hot("first_player", where[obs["first_player"]])
        for p in obs["to_move"]:
            out.put("to_move", where[p], 1)
        for card in obs["discard"]:
            out.add("discard", design[card["design"]])
        for t in obs["equipment_discard"]:
            out.add("equipment_discard", tile[t["design"]])
        for slot, card in enumerate(obs["display"]):
            out.put("display", slot * d + design[card["design"]], 1)
        for card in obs["hand"]:
            out.add("hand", design[card["design"]])
        if obs["commit"] is not None:
            out.one_hot("commit", design[obs["commit"]["design"]])
        for seat, cards in obs["known_hands"].items():
            for card in cards:
                out.add("known_hands", where[int(seat)] * d + design[self.card_design[card]])
        for _, t in obs["known_stack"]:
            out.add("known_stack", tile[t["design"]])
        for player in obs["players"]:
            self._player(player, where[player["seat"]], out)
        for cell in me["farm"]:
            x, y = cell["cell"]
            if -GRID <= x <= GRID and -GRID <= y <= GRID:
                kind = KIND_NAMES.index(cell["card"]["kind"])
                at = ((x + GRID) * (2 * GRID + 1) + y + GRID) * len(KIND_NAMES) + kind
                out.put("grid", at, 1)
        for item in obs["harvested"]:
            out.add("harvested", self._item(item))
        for item in obs["paid_game_end"]:
            out.add("paid_game_end", self._item(item))
        self._decision(obs["decision"], where, out)

    def _player(self, player: Mapping[str, Any], i: int, out: Writer) -> None:
        d, e, design, tile = self.d, self.e, self.design, self.tile
        farm = player["farm"]
        out.fill(
            "players",
            [
                player["coins"],
                player["food"],
                player["food_capacity"],
                player["vp_tokens"],
                player["hand_size"],
                player["committed"],
                len(farm),
                sum(cell.get("water", 0) for cell in farm),
                sum(cell.get("capacity", 0) for cell in farm),
                sum(1 for cell in farm if cell["open_area"]),
            ],
            offset=i * 10,
        )
        for cell in farm:
            out.add("farm", i * d + design[cell["card"]["design"]])
            for t in cell["equipment"]:
                out.add("farm_equipment", i * e + tile[t["design"]])
        for t in player["set_aside"]:
            out.add("set_aside", i * e + tile[t["design"]])
        if player["revealed"] is not None:
            out.put("revealed", i * d + design[player["revealed"]["design"]], 1)
        if player["split"] is not None:
            out.fill("split", player["split"], offset=i * 4)

    def _decision(
        self, decision: Mapping[str, Any] | None, where: dict[int, int], out: Writer
    ) -> None:
        if decision is None:
            return
        out.one_hot("decision", FRAME_NAMES.index(decision["kind"]))
        out.one_hot("decision_player", where[decision["player"]])
        out.fill(
            "decision_values",
            [decision.get("amount", 0), decision.get("options", 0), decision.get("count", 0)],
        )
        if "card" in decision:
            out.one_hot("decision_card", self._item(decision["card"]))
        for t in decision.get("tiles", ()):
            out.add("decision_tiles", self.tile[t["design"]])
        if "tile" in decision:
            out.add("decision_tiles", self.tile[decision["tile"]["design"]])


def observation_encoder(
    options: Mapping[str, Any] | None, num_players: int
) -> FieldsOfGreenObservationEncoder:
    """The observation encoding of Fields of Green under ``options`` for ``num_players``."""
    return FieldsOfGreenObservationEncoder(options, num_players)
