"""The enumerated menus of legal actions, in a deterministic order.

* A follow-up decision on top of the stack: its choices (water placements in
  ``resources.distributions`` order; tiles in drawn / set-aside order, then skip; cards in
  cell order, then set aside; options by index; pay splits, then skip).
* Draw: splits in ascending (field, livestock, construction, building) order.
* Commit: one card per design in the hand, hand order.
* Resolve / pick: per card (the revealed one, or each display design in display order):
  Build Location by cell (x, y) and water split, Water Tower by cell, Silo by cell, Market by
  food 0 … 2, Restore by cell.
* Harvest: per open item in cell order, each pay split then its decline; End Harvest last.
* Final choices: each pay split of each optional game-end item; End Scoring last.

The menus of actions A-E are lazy sequences (card_menu.py): they are the largest and the most
frequent. The others are plain lists.
"""

from __future__ import annotations

from collections.abc import Sequence

from seedbed.engine.api import Action
from seedbed.games.fields_of_green import equipment as E
from seedbed.games.fields_of_green import harvest as H
from seedbed.games.fields_of_green import scoring as S
from seedbed.games.fields_of_green.actions import (
    END_HARVEST,
    END_SCORING,
    NO_TILE,
    SET_ASIDE,
    SKIP_ATTACH,
    SKIP_OPTIONAL,
    AttachEquipment,
    ChooseEffect,
    Commit,
    DeclineHarvest,
    DrawSplit,
    KeepEquipment,
    PayGameEnd,
    PayHarvest,
    PayOptional,
    PlaceEquipment,
    PlaceWater,
)
from seedbed.games.fields_of_green.card_menu import CardMenu
from seedbed.games.fields_of_green.decisions import optional_cost
from seedbed.games.fields_of_green.resources import placements, water_splits
from seedbed.games.fields_of_green.state import (
    COMMIT,
    DRAW,
    F_ATTACH,
    F_CHOOSE,
    F_KEEP,
    F_OPTIONAL,
    F_PLACE,
    F_WATER,
    FINAL,
    HARVEST,
    NONE,
    PICK,
    RESOLVE,
    Zones,
)
from seedbed.games.fields_of_green.upkeep import Split, split_options


def legal_actions(s: Zones, p: int) -> Sequence[Action]:
    """The menu for ``p``, who must be on the move."""
    if s.stack:
        return decision_menu(s, s.stack[-1])
    phase = s.phase
    if phase == DRAW:
        return _draw_menu(split_options(s))
    if phase == COMMIT:
        return commit_menu(s, p)
    if phase == RESOLVE:
        return card_menu(s, p, [s.revealed[p]])
    if phase == PICK:
        return card_menu(s, p, _one_per_design(s, s.display))
    if phase == HARVEST:
        return harvest_menu(s, p)
    if phase == FINAL:
        return final_menu(s, p)
    return []


def _one_per_design(s: Zones, cards: list[int]) -> list[int]:
    """Cards of one design are interchangeable choices: keep the first of each."""
    seen: set[str] = set()
    out = []
    for c in cards:
        design = s.cfg.cards[c].design
        if design not in seen:
            seen.add(design)
            out.append(c)
    return out


def commit_menu(s: Zones, p: int) -> list[Action]:
    commits = _COMMITS
    out: list[Action] = []
    for c in _one_per_design(s, s.hands[p]):
        a = commits.get(c)
        if a is None:
            a = commits[c] = Commit(c)
        out.append(a)
    return out


# Actions are frozen values, so the frequent ones are made once and shared: building a
# dataclass costs more than the rest of a draw or commit menu.
_COMMITS: dict[int, Commit] = {}
_DRAW_MENUS: dict[tuple[Split, ...], tuple[Action, ...]] = {}
_DRAW_MENUS_KEPT = 4096  # distinct split lists: at most 7**4 pile-size caps, plus forced splits


def _draw_menu(splits: list[Split]) -> tuple[Action, ...]:
    """The DrawSplit actions of ``splits``, cached by the splits' values (not by the list's
    ``id()``, which a pickled or rebuilt state does not share: issue 12, defect 5)."""
    key = tuple(splits)
    found = _DRAW_MENUS.get(key)
    if found is None:
        if len(_DRAW_MENUS) >= _DRAW_MENUS_KEPT:
            _DRAW_MENUS.clear()
        found = _DRAW_MENUS[key] = tuple(DrawSplit(*split) for split in splits)
    return found


# ------------------------------------------------------------------ actions A-E


def card_menu(s: Zones, p: int, cards: list[int]) -> Sequence[Action]:
    """Actions A-E for ``cards``, lazily (card_menu.py)."""
    return CardMenu(s, p, cards)


# ------------------------------------------------------------------ harvest and the end


def harvest_menu(s: Zones, p: int) -> list[Action]:
    out: list[Action] = []
    for item in H.open_items(s, p):
        card, tile = E.split_item(s, item)
        tile = NO_TILE if tile == NONE else tile
        coins, need, food = H.cost(s, p, item)
        if s.coins[p] >= coins and s.food[p] >= food:
            for w in water_splits(s, p, s.cell_of(card), need):
                out.append(PayHarvest(card, tile, w))
        out.append(DeclineHarvest(card, tile))
    out.append(END_HARVEST)
    return out


def final_menu(s: Zones, p: int) -> list[Action]:
    out: list[Action] = []
    for item in S.optional_items(s, p):
        if not S.payable(s, p, item):
            continue
        card, tile = E.split_item(s, item)
        tile = NO_TILE if tile == NONE else tile
        need = S.cost(s, p, item)[1]
        for w in water_splits(s, p, s.cell_of(card), need):
            out.append(PayGameEnd(card, tile, w))
    out.append(END_SCORING)
    return out


def has_final_choice(s: Zones, p: int) -> bool:
    return len(final_menu(s, p)) > 1


# ------------------------------------------------------------------ follow-up decisions


def decision_menu(s: Zones, frame: list[int]) -> list[Action]:
    kind, p = frame[0], frame[1]
    if kind == F_WATER:
        return [PlaceWater(w) for w in placements(s, p, frame[2])]
    if kind == F_CHOOSE:
        return [ChooseEffect(i) for i in range(len(frame) - 3)]
    if kind == F_KEEP:
        return [KeepEquipment(t) for t in frame[2:]]
    if kind == F_PLACE:
        cards = E.fitting_cards(s, p, frame[2])
        return [*(PlaceEquipment(s.cell_of(c)) for c in cards), SET_ASIDE]
    if kind == F_ATTACH:
        return [*(AttachEquipment(t) for t in E.aside_fitting(s, p, frame[2])), SKIP_ATTACH]
    if kind == F_OPTIONAL:
        return [*_optional_pays(s, p, frame), SKIP_OPTIONAL]
    raise AssertionError(f"frame {frame} is not a decision")


def _optional_pays(s: Zones, p: int, frame: list[int]) -> list[Action]:
    coins, need, food = optional_cost(s, p, frame)
    if s.coins[p] < coins or s.food[p] < food:
        return []
    return [PayOptional(w) for w in water_splits(s, p, s.cell_of(frame[2]), need)]
