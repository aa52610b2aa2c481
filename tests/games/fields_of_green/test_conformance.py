"""The conformance kit (DESIGN §6.2) on every player count, rule set and draw mode, with the
invariants of ``invariants.check_invariants`` after every action: every card and tile in
exactly one zone, public counts consistent, coins, food, water and VP tokens never negative,
food and water within their capacities, Water Tower and Silo cards conserved (F-9, F-33 …
F-37, F-77). It runs on the shipped original set (the default), on the small fixture set
(piles run dry: F-43, F-44) and on the full-size test set using the whole ability vocabulary.
Random play also checks that every action changed resources only by rule."""

from __future__ import annotations

from typing import Any

import pytest

from both_engines import engines, game_on
from seedbed.engine.api import State
from seedbed.engine.rng import Rng
from seedbed.engine.testing import check_game
from seedbed.games.fields_of_green import FieldsOfGreen, FieldsOfGreenState, config

from .fixture_cards import FIXTURE
from .full_cards import FULL
from .invariants import (
    GAME,
    RULE_SETS,
    check_invariants,
    check_transition,
    market_bonus,
    snapshot,
)

CONFIGS = [(n, rs) for n in (2, 3, 4) for rs in RULE_SETS]
ALL_CONFIGS = [(n, rs, intro) for n, rs in CONFIGS for intro in (False, True)]
SLOW_GAMES = 40


def invariant(state: State) -> None:
    assert isinstance(state, FieldsOfGreenState)
    check_invariants(state)


def ids(config: tuple[int, str, bool]) -> str:
    n, rs, intro = config
    return f"{n}p-{rs}" + ("-intro" if intro else "")


@pytest.mark.parametrize("config", ALL_CONFIGS, ids=ids)
def test_conformance_original_set(config: tuple[int, str, bool]) -> None:
    """F-2, F-3, F-5, F-7: the shipped set (the default ``cards``) on every player count,
    rule set and draw mode."""
    n, ruleset, intro = config
    options = {"ruleset": ruleset, "introductory": intro}
    report = check_game(GAME, n, range(2), options, invariant=invariant, deep_every=8)
    assert report.games == report.replays == 2
    assert report.steps > 2 * 20 * n  # whole games: 4 years of 6 cards per player


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_conformance_every_step_deep(num_players: int) -> None:
    """One game per player count with every check on every step."""
    report = check_game(GAME, num_players, [100 + num_players], invariant=invariant)
    assert report.deep_steps == report.steps > 0


def twin_invariant(state: State) -> None:
    """The invariants on the Python zones: a native state's Python twin (issue 15)."""
    python_state = getattr(state, "python_state", None)
    invariant(python_state() if python_state is not None else state)


@pytest.mark.parametrize("engine", engines("fields_of_green")[1:])  # the native engine
@pytest.mark.parametrize("config", ALL_CONFIGS, ids=ids)
def test_conformance_native(config: tuple[int, str, bool], engine: str) -> None:
    """The kit on the native engine (issue 15) with the shipped set and the fixture set:
    fewer games, tests/native compares it with the Python engine step by step."""
    n, ruleset, intro = config
    game = game_on("fields_of_green", engine)
    for cards in ("original", FIXTURE):
        options = {"ruleset": ruleset, "introductory": intro, "cards": cards}
        report = check_game(game, n, range(2), options, invariant=twin_invariant, deep_every=4)
        assert report.games == report.replays == 2


@pytest.mark.parametrize(("n", "ruleset"), CONFIGS)
def test_f2_f7_conformance_full_size_set(n: int, ruleset: str) -> None:
    """F-2, F-7, F-5: random games with a full-size set pass every contract check."""
    options = {"cards": FULL, "ruleset": ruleset}
    report = check_game(GAME, n, range(3), options, invariant=invariant, deep_every=4)
    assert report.games == 3 and report.replays == 3


@pytest.mark.parametrize(("n", "ruleset"), CONFIGS)
def test_f43_f44_conformance_small_set(n: int, ruleset: str) -> None:
    """F-43, F-44, F-89: the 24-card fixture set runs the piles dry (short-pile rules), in
    free and introductory draws."""
    for intro in (False, True):
        options = {"cards": FIXTURE, "ruleset": ruleset, "introductory": intro}
        report = check_game(GAME, n, range(4), options, invariant=invariant, deep_every=2)
        assert report.games == 4


def play_with_transitions(n: int, seed: int, options: dict[str, Any]) -> set[str]:
    """A seeded random game checking the invariants and ``check_transition`` after every
    action, by any player on the move; returns the action kinds seen."""
    s = GAME.new_state(n, seed, options)
    assert isinstance(s, FieldsOfGreenState)
    rng = Rng(seed + 31)
    kinds: set[str] = set()
    while not s.is_terminal():
        movers = s.to_move()
        p = movers[rng.below(len(movers))]
        menu = s.legal_actions(p)
        action = menu[rng.below(len(menu))]
        before, bonus = snapshot(s), market_bonus(s, p)
        s.apply(p, action)
        check_transition(before, s, p, action, bonus)
        check_invariants(s)
        kinds.add(action.to_json()["type"])
    return kinds


def test_resources_change_only_by_rule() -> None:
    """F-41, F-51 … F-55, F-61: costs and gains are exactly the printed ones, other players'
    resources never move, discards only grow, cards never leave a farm. Every kind of
    action occurs across these games."""
    kinds: set[str] = set()
    for n, ruleset, intro in ALL_CONFIGS:
        options = {"ruleset": ruleset, "introductory": intro}
        kinds |= play_with_transitions(n, 7 + n, options)
    for cards in (FULL, FIXTURE):
        for n, ruleset in CONFIGS:
            kinds |= play_with_transitions(n, 3, {"cards": cards, "ruleset": ruleset})
    expected = {"draw-split", "commit", "build", "build-tower", "build-silo", "market"}
    expected |= {"restore", "keep", "pay-harvest", "decline", "end-harvest", "place-water"}
    assert expected <= kinds, expected - kinds


# ------------------------------------------------------------------ the checks can fail


def corrupt(what: str) -> FieldsOfGreenState:
    """A year-1 position with one rule broken."""
    s = GAME.new_state(3, 5)
    assert isinstance(s, FieldsOfGreenState)
    check_invariants(s)
    tower = s.farms[0][(0, 0)]
    if what == "doubled card":
        s.piles[0].append(s.piles[1][0])
    elif what == "lost card":
        s.piles[2].pop()
    elif what == "lost tile":
        s.tiles.pop()
    elif what == "negative coins":
        s.coins[1] = -1
    elif what == "food over capacity":
        s.food[2] = 5
    elif what == "water over capacity":
        s.water[tower] = 4
    elif what == "tower vanished":
        s.towers.pop()
    elif what == "stale public count":
        s.shared.append(s.piles[0].pop())  # a shared pile with 3 players
    return s


@pytest.mark.parametrize(
    ("what", "message"),
    [
        ("doubled card", "is both in"),
        ("lost card", "in no zone"),
        ("lost tile", "tiles .* in no zone"),
        ("negative coins", "F-35"),
        ("food over capacity", "F-34"),
        ("water over capacity", "F-33"),
        ("tower vanished", "in no zone"),
        ("stale public count", "F-69"),
    ],
)
def test_invariants_can_fail(what: str, message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        check_invariants(corrupt(what))


def test_kit_reports_a_broken_invariant() -> None:
    """The kit names the seed and step when the invariant fails mid-game."""

    def leaky(state: State) -> None:
        assert isinstance(state, FieldsOfGreenState)
        if state.year == 2 and state.phase == 2 and state.piles[0]:
            state.discard.append(state.piles[0][0])  # a card in two zones
        check_invariants(state)

    with pytest.raises(AssertionError, match=r"seed 4 step \d+: card \d+ is both in"):
        check_game(GAME, 3, [4], invariant=leaky)


# ------------------------------------------------------------------ slow sweeps


@pytest.mark.slow
@pytest.mark.parametrize("config", ALL_CONFIGS, ids=ids)
def test_conformance_original_set_many_games(config: tuple[int, str, bool]) -> None:
    n, ruleset, intro = config
    options = {"ruleset": ruleset, "introductory": intro}
    seeds = range(1000, 1000 + SLOW_GAMES)
    report = check_game(GAME, n, seeds, options, invariant=invariant, deep_every=8, replay_every=4)
    assert report.games == SLOW_GAMES


@pytest.mark.slow
@pytest.mark.parametrize("config", ALL_CONFIGS, ids=ids)
def test_conformance_small_sets_many_games(config: tuple[int, str, bool]) -> None:
    n, ruleset, intro = config
    for cards in (FIXTURE, FULL):
        options = {"cards": cards, "ruleset": ruleset, "introductory": intro}
        report = check_game(
            GAME, n, range(2000, 2020), options, invariant=invariant, deep_every=4, replay_every=4
        )
        assert report.games == 20


@pytest.mark.slow
@pytest.mark.parametrize("config", ALL_CONFIGS, ids=ids)
def test_resources_change_only_by_rule_many_games(config: tuple[int, str, bool]) -> None:
    n, ruleset, intro = config
    for seed in range(30):
        for cards in ("original", FIXTURE, FULL):
            play_with_transitions(
                n, seed, {"cards": cards, "ruleset": ruleset, "introductory": intro}
            )


# ------------------------------------------------------------------ copies mid-game


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_copies_mid_game_play_on_identically(num_players: int) -> None:
    """Issue 12, defect 5: pickled (as for the bot pool), cloned and JSON copies taken
    mid-game play on like the original with the full ability vocabulary; the pickled copy
    used to fail with KeyError at the first ability, because ``Config.list_id`` was keyed by
    ``id()`` of the card data's effect lists."""
    options = {"cards": FULL}
    report = check_game(GAME, num_players, [7], options, invariant=invariant, deep_every=4)
    assert report.games == 1


def test_the_kit_catches_a_cache_keyed_by_object_identity(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 12, defect 5: the kit's round trips find the old identity-keyed lookup (a fresh
    game object, so no configuration made before the patch is reused)."""
    monkeypatch.setattr(config, "effects_key", lambda effects: str(id(effects)))
    fresh = FieldsOfGreen(original=GAME.original)  # type: ignore[attr-defined]
    with pytest.raises(AssertionError, match=r"the pickle copy made at step \d+: KeyError"):
        check_game(fresh, 3, [7], {"cards": FULL}, deep_every=8)
