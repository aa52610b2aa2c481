"""The menu of actions A-E (F-51 … F-55) as a lazy sequence (DESIGN §3 "Large menus").

A card's menu is Build Location by placement cell and water split, Water Tower by cell, Silo
by cell, Go to Market by food 0 … 2, Restore by Open Area cell; a 2-player pick lists that
for every design in the display. Most of these actions are builds, one per cell and way to
split the water, so the menu counts them by arithmetic over the cells grouped by the towers
that reach them and builds only the action that is asked for: a random player pays for one
action per pick, not for the whole list. The order is exactly the eager order of menu.py's
history (goldens and recorded games pick by index).

A menu is a snapshot: it copies what it needs when it is made and stays valid after later
actions (it just no longer is the current menu).
"""

from __future__ import annotations

from collections.abc import Iterator

from seedbed.engine.api import Action
from seedbed.engine.menu import LazyMenu
from seedbed.games.fields_of_green.actions import (
    BuildLocation,
    BuildSilo,
    BuildWaterTower,
    GoToMarket,
    RestoreLocation,
    Water,
)
from seedbed.games.fields_of_green.build import MARKET_MAX_FOOD
from seedbed.games.fields_of_green.config import TOWER_COST, TYPES
from seedbed.games.fields_of_green.farm import Cell
from seedbed.games.fields_of_green.geo import geo
from seedbed.games.fields_of_green.resources import distributions
from seedbed.games.fields_of_green.state import NONE, Zones

BUILD, TOWER, SILO, MARKET, RESTORE = range(5)  # segment kinds, in menu order


class CardMenu(LazyMenu):
    """Actions A-E for ``cards`` of player ``p``, in the fixed menu order.

    Water is counted per group of placement cells reached by the same towers (``Geo.groups``):
    the splits of a cell are ``distributions`` of the cost over the water of those towers.
    Empty towers stay in the vector with a cap of 0; they only ever take 0, which ``_split``
    leaves out, so the splits and their order are those of ``resources.water_splits``."""

    __slots__ = ("_caps", "_geo", "_home", "_need", "_open", "_segs")

    def __init__(self, s: Zones, p: int, cards: list[int]) -> None:
        self._geo = g = geo(s, p)
        self._home = s.home  # only tower cells are read from it; they never change
        getw = s.water.__getitem__
        self._caps = {mask: tuple(map(getw, g.decode(mask))) for mask in g.groups}
        self._open: list[Cell] = []
        self._segs: list[tuple[int, int, int]] = []  # (count, kind, card)
        self._need: dict[int, int] = {}  # card -> water cost of building it
        self._add_cards(s, p, cards)
        self._len = sum(seg[0] for seg in self._segs)

    def _add_cards(self, s: Zones, p: int, cards: list[int]) -> None:
        coins, food = s.coins[p], s.food[p]
        groups = self._geo.groups
        n_cells = len(self._geo.placements)
        segs = self._segs
        if s.cfg.published and coins >= 1 and s.face_down:
            face_down, home = s.face_down, s.home
            self._open = sorted(home[c][1] for c in s.farms[p].values() if c in face_down)
        counts: dict[int, int] = {}  # water cost -> builds per card
        for card in cards:
            if card == NONE:
                continue
            info = s.cfg.cards[card]
            if info.kind < len(TYPES) and coins >= info.coins and food >= info.food:
                self._need[card] = need = info.water
                count = counts.get(need)
                if count is None:
                    caps = self._caps
                    count = counts[need] = (
                        n_cells
                        if need <= 0
                        else sum(n * len(distributions(caps[m], need)) for m, n in groups.items())
                    )
                segs.append((count, BUILD, card))
            if s.towers and coins >= TOWER_COST:
                segs.append((n_cells, TOWER, card))
            if s.silos:
                segs.append((n_cells, SILO, card))
            segs.append((min(MARKET_MAX_FOOD, food) + 1, MARKET, card))
            if self._open:
                segs.append((len(self._open), RESTORE, card))

    def _item(self, i: int) -> Action:
        for count, kind, card in self._segs:
            if i < count:
                if kind == BUILD:
                    return self._build(card, i)
                if kind == TOWER:
                    return BuildWaterTower(card, self._geo.placements[i])
                if kind == SILO:
                    return BuildSilo(card, self._geo.placements[i])
                if kind == MARKET:
                    return GoToMarket(card, i)
                return RestoreLocation(card, self._open[i])
            i -= count
        raise AssertionError("menu segments do not add up")

    def _build(self, card: int, i: int) -> Action:
        """The i-th Build Location of ``card``: cells in order, each with its splits."""
        need = self._need[card]
        g = self._geo
        if need <= 0:
            return BuildLocation(card, g.placements[i], ())
        caps = self._caps
        for cell, mask in zip(g.placements, g.place_masks, strict=True):
            splits = distributions(caps[mask], need)
            if i < len(splits):
                home = self._home
                cells = [home[t][1] for t in g.decode(mask)]
                return BuildLocation(card, cell, _split(cells, splits[i]))
            i -= len(splits)
        raise AssertionError("build count does not add up")

    def __iter__(self) -> Iterator[Action]:
        for i in range(self._len):
            yield self[i]


def _split(cells: list[Cell], amounts: tuple[int, ...]) -> Water:
    return tuple((x, y, n) for (x, y), n in zip(cells, amounts, strict=True) if n)
