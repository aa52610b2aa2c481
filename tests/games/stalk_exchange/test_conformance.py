"""The conformance kit (DESIGN §6.2) on every Stalk Exchange player count and on a few
non-default configurations, with the invariants of ``invariants.check_invariants`` (token
conservation S-18, no negative counts, sizes and Seedy Business counts) after every action."""

from __future__ import annotations

from typing import Any

import pytest

from both_engines import engines, game_on
from seedbed.engine.api import State
from seedbed.engine.testing import check_game
from seedbed.games.stalk_exchange import StalkExchangeState

from .invariants import GAME, check_invariants, random_states

FAST_GAMES = 40
SLOW_GAMES = 400
OPTIONS: list[dict[str, Any]] = [
    {"garden_radius": 2},
    {"garden_radius": 4},
    {"exchange_slots": 4},
    {"basic_actions": 3},
    {"garden_radius": 2, "exchange_slots": 4, "basic_actions": 1, "seedy_tokens": 0},
    {"tokens_per_type": 12, "portfolio_size": 5, "market_start": 30},  # Greenhouse runs out
]


def invariant(state: State) -> None:
    assert isinstance(state, StalkExchangeState)
    check_invariants(state)


@pytest.mark.parametrize("num_players", range(2, 6))
def test_conformance(num_players: int) -> None:
    report = check_game(
        GAME,
        num_players,
        range(FAST_GAMES),
        invariant=invariant,
        deep_every=8,
        replay_every=4,
        round_trip_every=4,
    )
    assert report.games == FAST_GAMES
    assert report.replays == FAST_GAMES // 4
    assert report.steps > 40 * FAST_GAMES  # real games, not a trivial early end


def twin_invariant(state: State) -> None:
    """The invariants on the Python zones: a native state's Python twin (issue 15)."""
    python_state = getattr(state, "python_state", None)
    invariant(python_state() if python_state is not None else state)


@pytest.mark.parametrize("engine", engines("stalk_exchange")[1:])  # the native engine
@pytest.mark.parametrize("num_players", range(2, 6))
def test_conformance_native(num_players: int, engine: str) -> None:
    """The kit on the native engine (issue 15): fewer games, tests/native compares it with
    the Python engine step by step."""
    game = game_on("stalk_exchange", engine)
    report = check_game(
        game,
        num_players,
        range(8),
        invariant=twin_invariant,
        deep_every=4,
        replay_every=4,
        round_trip_every=4,
    )
    assert report.games == 8 and report.replays == 2
    assert report.steps > 40 * 8


@pytest.mark.parametrize("num_players", range(2, 6))
def test_conformance_every_step_deep(num_players: int) -> None:
    """Two games with every check on every step."""
    report = check_game(GAME, num_players, [1000, 1001], invariant=invariant)
    assert report.deep_steps == report.steps
    assert report.replays == 2


@pytest.mark.parametrize(
    "options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items())
)
@pytest.mark.parametrize("num_players", [2, 5])
def test_conformance_other_configurations(num_players: int, options: dict[str, Any]) -> None:
    report = check_game(
        GAME,
        num_players,
        range(12),
        options,
        invariant=invariant,
        deep_every=4,
        replay_every=3,
        round_trip_every=3,
    )
    assert report.games == 12


def test_both_end_triggers_are_reached() -> None:
    """The sweeps above reach both ends of the game: the market crash (S-35) with the
    defaults, an empty Greenhouse (S-37) with the small-bag configuration."""
    ends: dict[int, set[int]] = {0: set(), 1: set()}
    for which, options in enumerate(({}, OPTIONS[-1])):
        for seed in range(12):
            *_, (last, _, _, _) = random_states(3, seed, options)
            assert last.over
            ends[which].add(last.crash)
    assert 1 in ends[0]
    assert any(crash & 2 for crash in ends[1])


@pytest.mark.slow
@pytest.mark.parametrize("num_players", range(2, 6))
def test_conformance_many_games(num_players: int) -> None:
    report = check_game(
        GAME,
        num_players,
        range(FAST_GAMES, FAST_GAMES + SLOW_GAMES),
        invariant=invariant,
        deep_every=20,
        replay_every=10,
    )
    assert report.games == SLOW_GAMES
    assert report.deep_steps >= SLOW_GAMES


@pytest.mark.slow
@pytest.mark.parametrize(
    "options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items())
)
@pytest.mark.parametrize("num_players", [3, 4])
def test_conformance_many_games_other_configurations(
    num_players: int, options: dict[str, Any]
) -> None:
    report = check_game(
        GAME, num_players, range(100), options, invariant=invariant, deep_every=10, replay_every=10
    )
    assert report.games == 100


def test_kit_reports_a_broken_conservation() -> None:
    """The invariant must be able to fail: a token slipped into the Compost is caught, and the
    kit names the seed and step."""

    def leaky(state: State) -> None:
        assert isinstance(state, StalkExchangeState)
        if state.turns == 3 and state.basic_taken == 1:
            state.compost[0] += 1
        check_invariants(state)

    with pytest.raises(AssertionError, match=r"seed 4 step \d+: S-18 broken"):
        check_game(GAME, 3, [4], invariant=leaky)
