"""The conformance kit (DESIGN §6.2) on every Bohnanza edition and player count, with
trading on (default options) and card conservation (B-12) after every action."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import seedbed
from both_engines import engines, game_on
from seedbed.engine.api import State
from seedbed.engine.testing import check_game

GAME = seedbed.game("bohnanza", engine="python")
ENGINES = engines("bohnanza")
GAMES_PER_CONFIG = 200
NATIVE_GAMES_PER_CONFIG = 20
"""The sweep's games on the native engine: fewer, the long lockstep runs of tests/native
compare it with the Python engine step by step."""
CONFIGS = [("standard", n) for n in range(2, 8)] + [("classic", n) for n in range(3, 6)]


def conservation(num_cards: int) -> Callable[[State], None]:
    """B-12: every card of the game is in exactly one zone."""
    expected = list(range(num_cards))

    def check(state: State) -> None:
        cards = state.all_cards()  # type: ignore[attr-defined]
        cards.sort()
        if cards != expected:
            seen: set[int] = set()
            twice = sorted({c for c in cards if c in seen or seen.add(c)})
            missing = sorted(set(expected) - set(cards))
            raise AssertionError(f"B-12 broken: cards twice {twice}, missing {missing}")

    return check


@pytest.mark.slow
@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("edition", "num_players"), CONFIGS)
def test_conformance(edition: str, num_players: int, engine: str) -> None:
    game = game_on("bohnanza", engine)
    games = GAMES_PER_CONFIG if engine == "python" else NATIVE_GAMES_PER_CONFIG
    options = {"edition": edition}
    num_cards = GAME.new_state(num_players, 0, options).cfg.num_cards
    report = check_game(
        game,
        num_players,
        range(games),
        options,
        invariant=conservation(num_cards),
        deep_every=100,
        replay_every=20,
        round_trip_every=10,  # the copies follow every later step: half the sweep's cost
    )
    assert report.games == games
    assert report.replays == games // 20
    assert report.deep_steps >= games  # every game's first step at least


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(
    ("edition", "num_players"), [("standard", 2), ("standard", 4), ("classic", 5)]
)
def test_conformance_every_step_deep(edition: str, num_players: int, engine: str) -> None:
    """One game with every check on every step."""
    options = {"edition": edition, "max_offers": 1}
    num_cards = GAME.new_state(num_players, 0, options).cfg.num_cards
    game = game_on("bohnanza", engine)
    report = check_game(game, num_players, [1000], options, invariant=conservation(num_cards))
    assert report.deep_steps == report.steps
    assert report.replays == 1


@pytest.mark.parametrize("engine", ENGINES)
def test_conformance_without_offers_and_open_treasury(engine: str) -> None:
    options = {"edition": "standard", "treasury_visibility": "open"}
    game = game_on("bohnanza", engine)
    report = check_game(
        game, 4, range(10), options, invariant=conservation(130), bulky=False, deep_every=10
    )
    assert report.games == 10


def test_kit_reports_the_seed_of_a_broken_invariant() -> None:
    """The kit must fail loudly, naming the seed and step, when an invariant breaks."""

    def broken(state: State) -> None:
        if state.turn >= 2:  # type: ignore[attr-defined]
            raise AssertionError("turn 2 reached")

    with pytest.raises(AssertionError, match=r"seed 5 step \d+: turn 2 reached"):
        check_game(GAME, 3, [5], invariant=broken)
