"""Hypothesis suites for Fields of Green (DESIGN §6.4): random legal play from random seeds,
player counts, rule sets, draw modes and card sets with the invariants and the resource
transition rules after every action; and direct submissions of arbitrary actions of every
kind (cards, cells, tiles, water payments, splits, indexes in and out of range, actions of
other phases and of another game, by any seat), which must either apply or be refused with
``key()`` unchanged, ``is_legal`` agreeing with ``apply``, and every legal action being a menu
entry up to interchangeable copies of one design. Shrinking gives minimal failing sequences."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from seedbed.engine.api import Action
from seedbed.engine.errors import IllegalActionError
from seedbed.engine.rng import Rng
from seedbed.games.bohnanza.actions import PlantFromHand
from seedbed.games.fields_of_green import FieldsOfGreenState
from seedbed.games.fields_of_green import actions as A

HERE = Path(__file__).resolve().parent.parent / "games" / "fields_of_green"


def _load(name: str) -> ModuleType:
    """A helper module of ``tests/games/fields_of_green`` (not importable from here)."""
    spec = importlib.util.spec_from_file_location(f"fields_of_green_{name}", HERE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


INV = _load("invariants")
FIXTURE = _load("fixture_cards").FIXTURE
FULL = _load("full_cards").FULL
GAME = INV.GAME
SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
SLOW_SETTINGS = settings(SETTINGS, max_examples=400)
MAX_STEPS = 3000


@st.composite
def setups(draw: st.DrawFn) -> tuple[int, int, dict[str, Any]]:
    """A player count, a seed and options: the shipped set mostly, sometimes the small
    fixture set (short piles, F-43) or the full-size test set (every ability kind)."""
    n = draw(st.integers(2, 4))
    seed = draw(st.integers(0, 2**32))
    options: dict[str, Any] = {
        "ruleset": draw(st.sampled_from(["published", "prototype"])),
        "introductory": draw(st.booleans()),
    }
    cards = draw(st.sampled_from(["original", "original", "fixture", "full"]))
    if cards != "original":
        options["cards"] = FIXTURE if cards == "fixture" else FULL
    return n, seed, options


def random_legal_play(setup: tuple[int, int, dict[str, Any]], choices: list[int]) -> None:
    n, seed, options = setup
    state = GAME.new_state(n, seed, options)
    assert isinstance(state, FieldsOfGreenState)
    INV.check_invariants(state)
    rng = Rng(seed)
    for step in range(MAX_STEPS):
        if state.is_terminal():
            break
        movers = state.to_move()
        assert movers and len(set(movers)) == len(movers)
        pick = choices[step] if step < len(choices) else rng.below(1 << 16)
        p = movers[pick % len(movers)] if pick & 1 else movers[0]  # a live table: any mover
        menu = state.legal_actions(p)
        assert len(menu) > 0
        action = menu[(pick >> 1) % len(menu)]
        assert state.is_legal(p, action)
        assert GAME.action_from_json(action.to_json()) == action
        assert GAME.parse_action(str(action)) == action
        before, bonus = INV.snapshot(state), INV.market_bonus(state, p)
        state.apply(p, action)
        INV.check_transition(before, state, p, action, bonus)
        INV.check_invariants(state)
    assert state.is_terminal(), f"no end within {MAX_STEPS} steps (F-38)"
    out = state.outcome()
    assert len(out.scores) == n and out.winners
    assert sum(state.score_parts(0)) == out.scores[0]  # F-73: the parts add up


@SETTINGS
@given(setup=setups(), choices=st.lists(st.integers(0, 2**16), max_size=300))
def test_random_legal_play_keeps_the_invariants(
    setup: tuple[int, int, dict[str, Any]], choices: list[int]
) -> None:
    random_legal_play(setup, choices)


@pytest.mark.slow
@SLOW_SETTINGS
@given(setup=setups(), choices=st.lists(st.integers(0, 2**16), max_size=300))
def test_random_legal_play_keeps_the_invariants_many(
    setup: tuple[int, int, dict[str, Any]], choices: list[int]
) -> None:
    random_legal_play(setup, choices)


# ------------------------------------------------------------------ direct submissions

KINDS = [
    "menu", "menu", "menu", "menu", "water", "split", "commit", "build", "tower", "silo",
    "market", "restore", "attach", "skip-attach", "keep", "place", "set-aside", "choose",
    "pay", "skip", "pay-harvest", "decline", "end-harvest", "pay-end", "end-scoring",
    "foreign", "history",
]  # fmt: skip


def _cards(state: FieldsOfGreenState) -> list[int]:
    """Cards a submission plausibly names: hands, commits, revealed, display, farms."""
    out = [c for h in state.hands for c in h] + state.display
    out += [c for c in state.commits + state.revealed if c != INV.NONE]
    out += [c for f in state.farms for c in f.values()]
    return out or [0]


def _tiles(state: FieldsOfGreenState) -> list[int]:
    out = [t for a in state.aside for t in a] + [t for ts in state.equip.values() for t in ts]
    out += [t for f in state.stack if f[0] in (INV.KEEP_FRAME, INV.PLACE_FRAME) for t in f[2:]]
    return out or [0]


def _cells(state: FieldsOfGreenState) -> list[tuple[int, int]]:
    cells = {c for f in state.farms for c in f}
    cells |= {(x + dx, y) for x, y in cells for dx in (-1, 1)}
    return sorted(cells)


def arbitrary(data: st.DataObject, state: FieldsOfGreenState, kind: str) -> Action:
    """An action of ``kind``: mostly plausible arguments for this state, sometimes nonsense
    (ids out of range, far cells, negative or zero water amounts, unsorted water)."""
    cfg = state.cfg
    card = data.draw(
        st.one_of(st.sampled_from(_cards(state)), st.integers(-2, cfg.num_cards + 2)), "card"
    )
    tile = data.draw(
        st.one_of(st.sampled_from(_tiles(state)), st.integers(-2, len(cfg.tiles) + 2)), "tile"
    )
    cell = data.draw(
        st.one_of(st.sampled_from(_cells(state)), st.tuples(st.integers(-4, 4), st.integers(-4, 4)))
    )
    amounts = st.integers(-1, 4)
    raw = data.draw(st.lists(st.tuples(st.sampled_from(_cells(state)), amounts), max_size=3))
    water: A.Water
    if data.draw(st.integers(0, 4)) == 0:  # not canonical: zeros, negatives, any order
        water = tuple((x, y, k) for (x, y), k in raw)
    else:
        water = A.make_water([(c, k) for c, k in raw if k > 0])
    if kind == "water":
        return A.PlaceWater(water)
    if kind == "split":
        return A.DrawSplit(*data.draw(st.lists(st.integers(-1, 7), min_size=4, max_size=4)))
    if kind == "commit":
        return A.Commit(card)
    if kind == "build":
        return A.BuildLocation(card, cell, water)
    if kind == "tower":
        return A.BuildWaterTower(card, cell)
    if kind == "silo":
        return A.BuildSilo(card, cell)
    if kind == "market":
        return A.GoToMarket(card, data.draw(st.integers(-2, 4)))
    if kind == "restore":
        return A.RestoreLocation(card, cell)
    if kind in ("attach", "keep"):
        return A.AttachEquipment(tile) if kind == "attach" else A.KeepEquipment(tile)
    if kind == "place":
        return A.PlaceEquipment(cell)
    if kind == "choose":
        return A.ChooseEffect(data.draw(st.integers(-2, 5)))
    if kind == "pay":
        return A.PayOptional(water)
    if kind in ("pay-harvest", "decline", "pay-end"):
        item_tile = data.draw(st.one_of(st.just(A.NO_TILE), st.just(tile)))
        if kind == "decline":
            return A.DeclineHarvest(card, item_tile)
        cls = A.PayHarvest if kind == "pay-harvest" else A.PayGameEnd
        return cls(card, item_tile, water)
    fixed = {
        "skip-attach": A.SKIP_ATTACH,
        "set-aside": A.SET_ASIDE,
        "skip": A.SKIP_OPTIONAL,
        "end-harvest": A.END_HARVEST,
        "end-scoring": A.END_SCORING,
    }
    if kind in fixed:
        return fixed[kind]
    return PlantFromHand(0)  # another game's action


def canonical(state: FieldsOfGreenState, action: Action) -> str:
    """The action's JSON with card and tile ids replaced by their designs: copies of one
    design are interchangeable, and menus offer one of them (menu.py)."""
    obj = dict(action.to_json())
    if isinstance(obj.get("card"), int) and 0 <= obj["card"] < state.cfg.num_cards:
        obj["card"] = state.cfg.cards[obj["card"]].design
    if isinstance(obj.get("tile"), int) and 0 <= obj["tile"] < len(state.cfg.tiles):
        obj["tile"] = state.cfg.tiles[obj["tile"]].id
    return repr(sorted(obj.items()))


def submit(state: FieldsOfGreenState, player: int, action: Action) -> bool:
    """Apply or be refused; a refusal leaves the state unchanged. True if applied."""
    before = state.key()
    legal = state.is_legal(player, action)
    menu = state.legal_actions(player)
    if action in menu:
        assert legal, f"menu entry {action} of {player} is not is_legal"
    elif legal:  # legal outside the menu: an interchangeable copy of a menu entry
        offered = {canonical(state, a) for a in menu}
        assert canonical(state, action) in offered, f"legal {action!r} is missing from the menu"
    seat = 0 <= player < state.num_players
    snap, bonus = INV.snapshot(state), INV.market_bonus(state, player) if seat else 0
    try:
        state.apply(player, action)
    except IllegalActionError:
        assert not legal, f"is_legal said yes but {action!r} by {player} was refused"
        assert state.key() == before, f"refused {action!r} by {player} changed the state"
        return False
    assert legal, f"is_legal said no but {action!r} by {player} applied"
    INV.check_transition(snap, state, player, action, bonus)
    INV.check_invariants(state)
    return True


def direct_actions(
    setup: tuple[int, int, dict[str, Any]], warmup: int, data: st.DataObject
) -> None:
    """Submissions by a player on the move (mostly) or any seat; about 3 in 4 of them
    arbitrary actions, the rest menu entries to move the game on."""
    n, seed, options = setup
    state = GAME.new_state(n, seed, options)
    assert isinstance(state, FieldsOfGreenState)
    rng = Rng(seed ^ 0x5EED)
    history: list[Action] = []
    for _ in range(warmup):
        if state.is_terminal():
            break
        p = state.to_move()[0]
        menu = state.legal_actions(p)
        history.append(menu[rng.below(len(menu))])
        state.apply(p, history[-1])
    applied = refused = 0
    for _ in range(data.draw(st.integers(1, 60), label="submissions")):
        if state.is_terminal():
            break
        kind = data.draw(st.sampled_from(KINDS))
        movers = state.to_move()
        if kind == "menu":
            p = data.draw(st.sampled_from(movers))
            menu = state.legal_actions(p)
            assert submit(state, p, menu[data.draw(st.integers(0, len(menu) - 1))])
            continue
        if kind == "history":  # an action of another moment
            if not history:
                continue
            action = history[data.draw(st.integers(0, len(history) - 1))]
        else:
            action = arbitrary(data, state, kind)
        player = data.draw(st.one_of(st.sampled_from(movers), st.integers(-1, n)))
        if submit(state, player, action):
            applied += 1
        else:
            refused += 1
    if state.is_terminal():  # nothing is legal any more (F-38)
        for kind in KINDS[4:-2]:
            assert not submit(state, 0, arbitrary(data, state, kind))
    event(f"applied {min(applied, 3)}+ arbitrary actions")
    event(f"refused {min(refused, 3)}+ arbitrary actions")


@SETTINGS
@given(setup=setups(), warmup=st.integers(0, 250), data=st.data())
def test_direct_actions_apply_or_change_nothing(
    setup: tuple[int, int, dict[str, Any]], warmup: int, data: st.DataObject
) -> None:
    direct_actions(setup, warmup, data)


@pytest.mark.slow
@SLOW_SETTINGS
@given(setup=setups(), warmup=st.integers(0, 250), data=st.data())
def test_direct_actions_apply_or_change_nothing_many(
    setup: tuple[int, int, dict[str, Any]], warmup: int, data: st.DataObject
) -> None:
    direct_actions(setup, warmup, data)
