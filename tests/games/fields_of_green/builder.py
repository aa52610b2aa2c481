"""A position builder for Fields of Green rule tests.

``build`` creates a real game with ``new_state`` and rewrites its zones. Cards are named by
design id (``"fx_plot"``, ``"water_tower"``, ``"silo"``); the builder takes real card ids of
that design out of the game's pool, so every card exists once. Piles and the tile stack are
listed bottom first: the TOP IS THE LAST ITEM (like the state). Cards nobody asked for stay
at the bottom of their pile unless ``piles`` names that pile, then they go to the discard;
tiles nobody asked for stay in the stack unless ``tiles`` is given, then they are discarded.

A farm is ``{(x, y): design}``; when a player's farm is given it replaces the starting farm
(tower at (0, 0), Silo at (1, 0)). Towers start with 3 water unless ``water`` says otherwise.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from seedbed.engine import Action, IllegalActionError
from seedbed.games.fields_of_green import FieldsOfGreen, FieldsOfGreenState
from seedbed.games.fields_of_green.config import TYPES
from seedbed.games.fields_of_green.state import NONE, PHASE_NAMES

from .fixture_cards import FIXTURE

GAME = FieldsOfGreen()
PHASE = {name: code for code, name in enumerate(PHASE_NAMES)}
Cell = tuple[int, int]
START_FARM: dict[Cell, str] = {(0, 0): "water_tower", (1, 0): "silo"}


def new(n: int = 3, seed: int = 1, **options: Any) -> FieldsOfGreenState:
    """A fresh game with the fixture cards unless ``cards`` is given."""
    options.setdefault("cards", FIXTURE)
    return GAME.new_state(n, seed, options)


class _Pool:
    """Unused card and tile ids by design."""

    def __init__(self, s: FieldsOfGreenState) -> None:
        self.cards: dict[str, list[int]] = {}
        for c, info in enumerate(s.cfg.cards):
            self.cards.setdefault(info.design, []).append(c)
        self.tiles: dict[str, list[int]] = {}
        for t, design in enumerate(s.cfg.tiles):
            self.tiles.setdefault(design.id, []).append(t)

    def card(self, design: str) -> int:
        ids = self.cards.get(design)
        if not ids:
            raise ValueError(f"no copy of {design!r} left for the builder")
        return ids.pop(0)

    def tile(self, design: str) -> int:
        ids = self.tiles.get(design)
        if not ids:
            raise ValueError(f"no tile {design!r} left for the builder")
        return ids.pop(0)


def build(
    n: int = 3,
    *,
    seed: int = 1,
    ruleset: str = "published",
    introductory: bool = False,
    cards: Mapping[str, Any] | None = None,
    year: int = 1,
    phase: str = "resolve",
    first: int = 0,
    actor: int | None = None,
    turn: int = 0,
    farms: Mapping[int, Mapping[Cell, str]] | None = None,
    water: Mapping[int, Mapping[Cell, int]] | None = None,
    open_areas: Mapping[int, Sequence[Cell]] | None = None,
    equipment: Mapping[int, Mapping[Cell, Sequence[str]]] | None = None,
    aside: Mapping[int, Sequence[str]] | None = None,
    coins: Mapping[int, int] | None = None,
    food: Mapping[int, int] | None = None,
    vp: Mapping[int, int] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    revealed: Mapping[int, str] | None = None,
    display: Sequence[str] = (),
    shared: Sequence[str] = (),
    piles: Mapping[str, Sequence[str]] | None = None,
    tiles: Sequence[str] | None = None,
    refresh: bool = True,
) -> FieldsOfGreenState:
    """A state of ``n`` players with exactly these zones. ``actor`` is the player of the
    sequential step (default: the first player)."""
    s = GAME.new_state(
        n,
        seed,
        {"cards": cards or FIXTURE, "ruleset": ruleset, "introductory": introductory},
    )
    pool = _Pool(s)
    s.year, s.first, s.turn = year, first, turn
    s.phase = PHASE[phase]
    s.pos = ((first if actor is None else actor) - first) % n
    s.stack, s.handled, s.paid_end = [], [], []
    s.splits = [[] for _ in range(n)]
    s.seen = [0] * s.cfg.num_cards
    s.tile_seen = [0] * len(s.cfg.tiles)
    _farms(s, pool, n, farms or {}, water or {}, open_areas or {}, equipment or {})
    s.aside = [[pool.tile(t) for t in (aside or {}).get(p, ())] for p in range(n)]
    s.coins = [(coins or {}).get(p, 15) for p in range(n)]
    s.food = [(food or {}).get(p, 1) for p in range(n)]
    s.vp = [(vp or {}).get(p, 0) for p in range(n)]
    s.hands = [[pool.card(d) for d in (hands or {}).get(p, ())] for p in range(n)]
    for p, hand in enumerate(s.hands):
        for c in hand:
            s.seen[c] |= 1 << p
    s.commits = [NONE] * n
    s.revealed = [pool.card(revealed[p]) if revealed and p in revealed else NONE for p in range(n)]
    s.display = [pool.card(d) for d in display]
    s.shared = [pool.card(d) for d in shared]
    _piles(s, pool, piles or {})
    _tiles(s, pool, tiles)
    if refresh:
        s.refresh()
    return s


def _farms(
    s: FieldsOfGreenState,
    pool: _Pool,
    n: int,
    farms: Mapping[int, Mapping[Cell, str]],
    water: Mapping[int, Mapping[Cell, int]],
    open_areas: Mapping[int, Sequence[Cell]],
    equipment: Mapping[int, Mapping[Cell, Sequence[str]]],
) -> None:
    s.farms = [{} for _ in range(n)]
    s.face_down, s.water, s.equip = set(), {}, {}
    for p in range(n):
        for cell, design in farms.get(p, START_FARM).items():
            card = pool.card(design)
            s.farms[p][cell] = card
            if design == "water_tower":
                s.water[card] = water.get(p, {}).get(cell, 3)
        for cell in open_areas.get(p, ()):
            s.face_down.add(s.farms[p][cell])
        for cell, names in equipment.get(p, {}).items():
            s.equip[s.farms[p][cell]] = [pool.tile(t) for t in names]
    s.home = {c: (p, cell) for p, f in enumerate(s.farms) for cell, c in f.items()}
    s.towers = list(reversed(pool.cards.get("water_tower", [])))
    s.silos = list(reversed(pool.cards.get("silo", [])))


def _piles(s: FieldsOfGreenState, pool: _Pool, piles: Mapping[str, Sequence[str]]) -> None:
    """Named piles exactly as given (their other cards go to the discard); the others keep
    every card nobody asked for."""
    s.discard = []
    s.piles = [[pool.card(d) for d in piles.get(name, ())] for name in TYPES]
    used = set(_placed(s))
    for kind, type_name in enumerate(TYPES):
        rest = [c for c in range(s.cfg.num_cards) if s.cfg.cards[c].kind == kind and c not in used]
        if type_name in piles:
            s.discard += rest
        else:
            s.piles[kind] = rest


def _placed(s: FieldsOfGreenState) -> list[int]:
    out: list[int] = []
    for p in range(s.num_players):
        out += list(s.farms[p].values()) + s.hands[p]
    out += [c for c in s.revealed if c != NONE] + s.display + s.shared
    for pile in s.piles:
        out += pile
    return out


def _tiles(s: FieldsOfGreenState, pool: _Pool, tiles: Sequence[str] | None) -> None:
    used = {t for ts in s.equip.values() for t in ts} | {t for a in s.aside for t in a}
    s.tile_discard = []
    if tiles is None:
        s.tiles = [t for t in range(len(s.cfg.tiles)) if t not in used]
        return
    s.tiles = [pool.tile(t) for t in tiles]
    chosen = set(s.tiles)
    s.tile_discard = [t for t in range(len(s.cfg.tiles)) if t not in used and t not in chosen]


# ------------------------------------------------------------------ helpers


def card_at(s: FieldsOfGreenState, p: int, cell: Cell) -> int:
    return s.farms[p][cell]


def design_at(s: FieldsOfGreenState, p: int, cell: Cell) -> str:
    return s.cfg.cards[s.farms[p][cell]].design


def tile_ids(s: FieldsOfGreenState, tiles: Sequence[int]) -> list[str]:
    return [s.cfg.tiles[t].id for t in tiles]


def designs(s: FieldsOfGreenState, cards: Sequence[int]) -> list[str]:
    return [s.cfg.cards[c].design for c in cards]


def water_at(s: FieldsOfGreenState, p: int, cell: Cell) -> int:
    return s.water[s.farms[p][cell]]


def act(s: FieldsOfGreenState, player: int, text: str) -> list[Any]:
    """Apply an action given in its text form."""
    return s.apply(player, GAME.parse_action(text))


def menu(s: FieldsOfGreenState, player: int) -> list[str]:
    return [str(a) for a in s.legal_actions(player)]


def refused(
    s: FieldsOfGreenState, player: int, action: str | Action, clause: str | None
) -> IllegalActionError:
    """Assert the action is refused naming ``clause`` (None: any) and the state is unchanged."""
    a = GAME.parse_action(action) if isinstance(action, str) else action
    before = s.key()
    assert not s.is_legal(player, a)
    with pytest.raises(IllegalActionError) as info:
        s.apply(player, a)
    assert s.key() == before
    if clause is not None:
        assert clause in (info.value.clause or "").replace(" ", "").split(","), info.value
    return info.value


def play_random(s: FieldsOfGreenState, seed: int, limit: int = 20000) -> int:
    """Seeded random legal actions until the game ends; returns the number applied."""
    rng = random.Random(seed)
    count = 0
    while not s.is_terminal() and count < limit:
        player = s.to_move()[0]
        options = s.legal_actions(player)
        s.apply(player, options[rng.randrange(len(options))])
        count += 1
    return count
