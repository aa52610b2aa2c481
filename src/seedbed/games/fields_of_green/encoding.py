"""Fields of Green's integer encoding (engine/encoding.py, docs/action-encoding.md).

Every action a menu can list is a number in ``range(size)``, fixed by the options (their card
set gives C card ids with the Water Towers and Silos, T equipment tiles, and X, the most
options of a ``choose`` effect). Bounds from the rules: a player acts at most 24 times in a
game (4 years of 6 actions, F-45, F-70), so a farm holds at most F = 26 cards and has at most
P = 2F + 2 = 54 placement cells (F-29); the 2-player display holds at most D = 6 cards (F-69,
F-70). The splits of one water payment or gain are capped at S = 128, a documented bound
rather than a rule (in 120 random games of the shipped set, 19,265 steps, one payment had at
most 56 splits); a split past it is not encoded. The shipped set (published rules) has
C = 166, T = 30, X = 2: 93,265 integers in all.

Blocks::

    skip-attach, set-aside, skip, end-harvest, end-scoring     () each
    draw-split   (84,)        the 84 splits of 6 cards into 4 piles, in ascending order
    commit       (C,)         the card id
    attach, keep (T,)         the tile id
    choose       (X,)         the option
    build        (D, P, S)    the card's slot, the cell, the water split
    build-tower  (D, P)       the card's slot, the cell (build-silo the same)
    market       (D, 3)       the card's slot, the food sold
    restore      (D, F)       the card's slot, the Open Area's cell
    place        (F,)         the cell of the card the kept tile goes on
    place-water  (S,)         the placement
    pay          (S,)         the split of the optional cost
    pay-harvest  (C + T, S)   the item (a card id, or C + a tile id), the split
    decline      (C + T,)     the item
    pay-end      (C + T, S)   the item, the split

A card's slot is 0 for the revealed card (3-4 players, F-49) and its place in the display
(2 players, F-70). A cell is its place in the player's placement cells (``geo.placements``,
sorted by x, y) for builds, and in the player's farm cells sorted by x, y for ``restore`` and
``place``. A split is its place in the game's own list of ways to pay (resources.water_splits,
in menu order) or to place water (resources.placements).

>>> encoding = action_encoding({})
>>> encoding.size, encoding.layout.shapes["build"], encoding.layout.shapes["pay-harvest"]
(93265, (6, 54, 128), (196, 128))
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import product
from typing import Any

from seedbed.engine.api import Action, PlayerId, State
from seedbed.engine.encoding import ActionEncoding, EncodingError, Layout
from seedbed.engine.registry import game
from seedbed.games.fields_of_green import actions as A
from seedbed.games.fields_of_green import harvest as H
from seedbed.games.fields_of_green import scoring as S
from seedbed.games.fields_of_green.config import HAND_SIZE, YEARS, Config
from seedbed.games.fields_of_green.decisions import optional_cost
from seedbed.games.fields_of_green.equipment import host_of, item_of
from seedbed.games.fields_of_green.farm import Cell
from seedbed.games.fields_of_green.geo import geo
from seedbed.games.fields_of_green.resources import placements, water_splits
from seedbed.games.fields_of_green.state import F_OPTIONAL, F_WATER, NONE, PICK, RESOLVE, Zones

DISPLAY = 6  # F-69, F-70: the display is dealt 6 and refilled by 2 after every second pick
FARM = 2 + YEARS * HAND_SIZE  # the starting Water Tower and Silo, then one card per action
PLACEMENTS = 2 * FARM + 2  # the most empty cells next to a farm of FARM cards (F-29)
SPLITS = 128
SPLIT_COUNTS: tuple[tuple[int, int, int, int], ...] = tuple(
    (a, b, c, d) for a, b, c, d in product(range(HAND_SIZE + 1), repeat=4) if a + b + c + d == 6
)
_SPLIT_INDEX = {split: i for i, split in enumerate(SPLIT_COUNTS)}
_SINGLES = (
    ("skip-attach", A.SKIP_ATTACH),
    ("set-aside", A.SET_ASIDE),
    ("skip", A.SKIP_OPTIONAL),
    ("end-harvest", A.END_HARVEST),
    ("end-scoring", A.END_SCORING),
)


def _choices(cfg: Config) -> int:
    """The most options of one ``choose`` effect in the card data (at least 1)."""
    counts = [len(e["choose"]) for effects in cfg.lists for e in effects if "choose" in e]
    return max([1, *counts])


class FieldsOfGreenEncoding(ActionEncoding):
    """The encoding for one configuration's card set (see the module docstring)."""

    def __init__(self, cfg: Config) -> None:
        c, t = cfg.num_cards, len(cfg.tiles)
        self.cards = c
        self.layout = Layout(
            [
                *((name, ()) for name, _ in _SINGLES),
                ("draw-split", (len(SPLIT_COUNTS),)),
                ("commit", (c,)),
                ("attach", (t,)),
                ("keep", (t,)),
                ("choose", (_choices(cfg),)),
                ("build", (DISPLAY, PLACEMENTS, SPLITS)),
                ("build-tower", (DISPLAY, PLACEMENTS)),
                ("build-silo", (DISPLAY, PLACEMENTS)),
                ("market", (DISPLAY, 3)),
                ("restore", (DISPLAY, FARM)),
                ("place", (FARM,)),
                ("place-water", (SPLITS,)),
                ("pay", (SPLITS,)),
                ("pay-harvest", (c + t, SPLITS)),
                ("decline", (c + t,)),
                ("pay-end", (c + t, SPLITS)),
            ]
        )
        self._singles = dict(_SINGLES)
        self._single_names: dict[type[Action], str] = {type(a): n for n, a in _SINGLES}

    # ---------------------------------------------------------------- encode

    def encode(self, state: State, player: PlayerId, action: Action) -> int:
        s = _zones(state)
        lay = self.layout
        name = self._single_names.get(type(action))
        if name is not None:
            return lay.index(name)
        if isinstance(action, A.DrawSplit):
            return lay.index("draw-split", _place(_SPLIT_INDEX, action.counts(), action))
        if isinstance(action, A.Commit):
            return lay.index("commit", action.card)
        if isinstance(action, A.AttachEquipment | A.KeepEquipment):
            return lay.index(action.kind.type, action.tile)
        if isinstance(action, A.ChooseEffect):
            return lay.index("choose", action.index)
        if isinstance(action, A.PlaceEquipment):
            return lay.index("place", _place(_farm_cells(s, player), action.cell, action))
        if isinstance(action, A.PlaceWater | A.PayOptional):
            splits = self._decision_splits(s, player, action.kind.type)
            return lay.index(action.kind.type, _place(splits, action.water, action))
        if isinstance(action, A.PayHarvest | A.PayGameEnd | A.DeclineHarvest):
            return self._encode_item(s, player, action)
        return self._encode_card_action(s, player, action)

    def _encode_card_action(self, s: Zones, p: int, a: Action) -> int:
        if not isinstance(
            a, A.BuildLocation | A.BuildWaterTower | A.BuildSilo | A.GoToMarket | A.RestoreLocation
        ):
            raise EncodingError(f"{a!r} is not a Fields of Green action")
        slot = _place(_card_slots(s, p), a.card, a)
        if isinstance(a, A.GoToMarket):
            return self.layout.index("market", slot, a.food)
        if isinstance(a, A.RestoreLocation):
            return self.layout.index("restore", slot, _place(_farm_cells(s, p), a.cell, a))
        cell = _place(geo(s, p).placements, a.cell, a)
        if isinstance(a, A.BuildLocation):
            splits = _water_splits(s, p, a.cell, s.cfg.cards[a.card].water)
            return self.layout.index("build", slot, cell, _place(splits, a.water, a))
        return self.layout.index(a.kind.type, slot, cell)

    def _encode_item(
        self, s: Zones, p: int, a: A.PayHarvest | A.PayGameEnd | A.DeclineHarvest
    ) -> int:
        item = item_of(s, a.card, a.tile)
        if isinstance(a, A.DeclineHarvest):
            return self.layout.index("decline", item)
        splits = self._item_splits(s, p, a.kind.type, a.card, item)
        return self.layout.index(a.kind.type, item, _place(splits, a.water, a))

    # ---------------------------------------------------------------- decode

    def decode(self, state: State, player: PlayerId, index: int) -> Action:
        s = _zones(state)
        name, at = self.layout.locate(index)
        single = self._singles.get(name)
        if single is not None:
            return single
        if name == "draw-split":
            return A.DrawSplit(*SPLIT_COUNTS[at[0]])
        if name == "commit":
            return A.Commit(at[0])
        if name in ("attach", "keep"):
            return (A.AttachEquipment if name == "attach" else A.KeepEquipment)(at[0])
        if name == "choose":
            return A.ChooseEffect(at[0])
        if name == "place":
            return A.PlaceEquipment(_at(_farm_cells(s, player), at[0], index))
        if name in ("place-water", "pay"):
            water = _at(self._decision_splits(s, player, name), at[0], index)
            return A.PlaceWater(water) if name == "place-water" else A.PayOptional(water)
        if name in ("pay-harvest", "decline", "pay-end"):
            return self._decode_item(s, player, name, at, index)
        return self._decode_card_action(s, player, name, at, index)

    def _decode_card_action(
        self, s: Zones, p: int, name: str, at: tuple[int, ...], index: int
    ) -> Action:
        card = _at(_card_slots(s, p), at[0], index)
        if name == "market":
            return A.GoToMarket(card, at[1])
        if name == "restore":
            return A.RestoreLocation(card, _at(_farm_cells(s, p), at[1], index))
        cell = _at(geo(s, p).placements, at[1], index)
        if name == "build-tower":
            return A.BuildWaterTower(card, cell)
        if name == "build-silo":
            return A.BuildSilo(card, cell)
        splits = _water_splits(s, p, cell, s.cfg.cards[card].water)
        return A.BuildLocation(card, cell, _at(splits, at[2], index))

    def _decode_item(self, s: Zones, p: int, name: str, at: tuple[int, ...], index: int) -> Action:
        item = at[0]
        card, tile = (
            (item, A.NO_TILE)
            if item < self.cards
            else (host_of(s, item - self.cards), item - self.cards)
        )
        if card == NONE or card not in s.home:
            raise EncodingError(f"{index}: item {item} is on no card")
        if name == "decline":
            return A.DeclineHarvest(card, tile)
        water = _at(self._item_splits(s, p, name, card, item), at[1], index)
        return (A.PayHarvest if name == "pay-harvest" else A.PayGameEnd)(card, tile, water)

    # ---------------------------------------------------------------- the lists

    def _decision_splits(self, s: Zones, p: int, name: str) -> list[A.Water]:
        """The placements of a PlaceWater decision, or the splits of an optional cost."""
        frame = s.stack[-1] if s.stack else None
        wanted = F_WATER if name == "place-water" else F_OPTIONAL
        if frame is None or frame[0] != wanted or frame[1] != p:
            raise EncodingError(f"player {p} has no {name} decision to answer")
        if wanted == F_WATER:
            return placements(s, p, frame[2])
        return _water_splits(s, p, s.cell_of(frame[2]), optional_cost(s, p, frame)[1])

    def _item_splits(self, s: Zones, p: int, name: str, card: int, item: int) -> list[A.Water]:
        if card not in s.home:
            raise EncodingError(f"card {card} is on no farm")
        need = (H.cost if name == "pay-harvest" else S.cost)(s, p, item)[1]
        return _water_splits(s, p, s.cell_of(card), need)


def _zones(state: State) -> Zones:
    """The Python zones of a Fields of Green state of either engine (a native state's
    materialised twin, ``NativeFieldsOfGreenState.python_state``)."""
    if isinstance(state, Zones):
        return state
    twin = getattr(state, "python_state", None)
    if getattr(state, "game_name", None) == "fields_of_green" and twin is not None:
        found = twin()
        if isinstance(found, Zones):
            return found
    raise EncodingError(f"{state!r} is not a Fields of Green state")


def _card_slots(s: Zones, p: int) -> list[int]:
    """The cards an action A-E may use, by slot: the revealed card, or the display."""
    if s.phase == RESOLVE:
        return [s.revealed[p]]
    if s.phase == PICK:
        return s.display
    raise EncodingError("no card action is taken now")


def _farm_cells(s: Zones, p: int) -> list[Cell]:
    return sorted(s.farms[p])


def _water_splits(s: Zones, p: int, cell: Cell, need: int) -> list[A.Water]:
    return water_splits(s, p, cell, need)


def _place(seq: Any, item: Any, action: Action) -> int:
    """The position of ``item`` in a list (or its value in a dict), else EncodingError."""
    try:
        return int(seq[item]) if isinstance(seq, Mapping) else seq.index(item)
    except (KeyError, ValueError):
        raise EncodingError(f"{action}: {item!r} is not one of the choices now") from None


def _at(seq: Any, i: int, index: int) -> Any:
    if i >= len(seq):
        raise EncodingError(f"{index}: choice {i} is not there now (only {len(seq)})")
    return seq[i]


def action_encoding(options: Mapping[str, Any] | None = None) -> FieldsOfGreenEncoding:
    """The integer encoding of Fields of Green's actions under ``options`` (the card set
    decides the sizes; the player count does not)."""
    python = game("fields_of_green", engine="python")
    return FieldsOfGreenEncoding(_zones(python.new_state(2, 0, options)).cfg)
