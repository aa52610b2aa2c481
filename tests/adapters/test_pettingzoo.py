"""Issue 18, item 2: the PettingZoo AEC environments pass PettingZoo's own API and seed
tests for every game at several player counts, in both observation forms, play whole games
to their end with the share-of-the-win rewards, and render text."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from seedbed.adapters.pettingzoo import SeedbedAECEnv, env, raw_env

pytestmark = pytest.mark.filterwarnings(
    # api_test prefers Box observations; ours are dicts with the action mask, as in
    # PettingZoo's own classic games
    "ignore:Observation space for each agent probably:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)

CASES = [
    ("bohnanza", 2),
    ("bohnanza", 3),
    ("bohnanza", 5),
    ("stalk_exchange", 2),
    ("stalk_exchange", 3),
    ("stalk_exchange", 5),
    ("fields_of_green", 2),
    ("fields_of_green", 3),
    ("fields_of_green", 4),
]
GAMES = sorted({g for g, _ in CASES})


@pytest.mark.parametrize(("game", "num_players"), CASES)
def test_api_test(game: str, num_players: int) -> None:
    api_test(env(game, num_players), num_cycles=300)


@pytest.mark.parametrize(("game", "num_players"), CASES)
def test_seed_test(game: str, num_players: int) -> None:
    seed_test(lambda: env(game, num_players), num_cycles=100)


VARIANTS = [
    ("bohnanza", 7, {}, None),
    ("bohnanza", 4, {"edition": "classic", "treasury_visibility": "open"}, None),
    ("bohnanza", 3, {"max_offers": 0}, "python"),
    ("stalk_exchange", 4, {"garden_radius": 2, "exchange_slots": 4}, None),
    ("fields_of_green", 2, {"ruleset": "prototype"}, None),
]


@pytest.mark.parametrize(("game", "num_players", "options", "engine"), VARIANTS)
def test_api_and_seed_tests_with_options_and_engines(
    game: str, num_players: int, options: dict[str, Any], engine: str | None
) -> None:
    api_test(env(game, num_players, options, engine=engine), num_cycles=200)
    seed_test(lambda: env(game, num_players, options, engine=engine), num_cycles=50)


COMPACT = [
    ("bohnanza", 2, "vector", None, 232),
    ("bohnanza", 4, "vector", None, 232),
    ("bohnanza", 3, "dict", "python", 232),
    ("fields_of_green", 3, "vector", None, 421),  # D-86: its full integers factored
    ("fields_of_green", 2, "dict", "python", 421),
]


@pytest.mark.parametrize(("game", "num_players", "observation", "engine", "size"), COMPACT)
def test_api_and_seed_tests_with_the_compact_action_space(
    game: str, num_players: int, observation: str, engine: str | None, size: int
) -> None:
    """issue 34 item 3 and target 1: the compact spaces (Bohnanza's offers composed in steps,
    Fields of Green's integers coordinate by coordinate) pass both."""

    def made_env() -> Any:
        return env(
            game, num_players, observation=observation, engine=engine, action_space="compact"
        )

    made = made_env()
    made.reset(seed=1)
    assert made.action_space("player_0").n == size
    api_test(made, num_cycles=200)
    seed_test(made_env, num_cycles=60)


@pytest.mark.parametrize("game", GAMES)
def test_api_test_with_dict_observations(game: str) -> None:
    api_test(env(game, 3, observation="dict"), num_cycles=100)


def play_out(e: SeedbedAECEnv, seed: int) -> tuple[dict[str, float], int]:
    """A whole game of uniformly random legal actions; the final rewards and the steps."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    steps = 0
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) > 0, f"{agent} is selected with no legal action"
        e.step(int(rng.choice(legal)))
        steps += 1
    return totals, steps


@pytest.mark.parametrize("game", GAMES)
def test_whole_games_end_with_shares_of_the_win(game: str) -> None:
    e = env(game, 3)
    totals, steps = play_out(e, seed=5)
    assert steps > 10 and not e.agents
    assert sum(totals.values()) == pytest.approx(1.0)
    winners = e.game_state.outcome().winners
    assert {a for a, r in totals.items() if r > 0} == {f"player_{p}" for p in winners}
    again, _ = play_out(env(game, 3), seed=5)
    assert again == totals


def test_only_the_selected_agent_has_a_mask_and_others_are_refused() -> None:
    e = env("stalk_exchange", 3)
    e.reset(seed=3)
    selected = e.agent_selection
    for agent in e.agents:
        mask = e.observe(agent)["action_mask"]
        assert mask.any() == (agent == selected)
    illegal = int(np.flatnonzero(e.observe(selected)["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        e.step(illegal)


def test_the_next_agent_is_the_first_on_the_move() -> None:
    e = env("fields_of_green", 3)
    e.reset(seed=2)
    for _ in range(60):
        assert e.agent_selection == f"player_{e.game_state.to_move()[0]}"
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(np.flatnonzero(mask)[0]))


def test_render_is_the_spectators_text() -> None:
    e = env("bohnanza", 3, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and "player: seat=2" in text and "hand=" not in text
    assert raw_env("bohnanza", 3).render() is None


def test_a_bad_player_count_is_refused() -> None:
    with pytest.raises(ValueError, match="players"):
        env("stalk_exchange", 9)


def test_env_is_wrapped_and_raw_env_is_not() -> None:
    """Issue 39 item 6: as PettingZoo's own environments, ``env()`` is the raw environment in
    PettingZoo's wrappers (out-of-bounds actions asserted, order enforced: a step before reset
    is PettingZoo's clear error, not an AttributeError) and ``raw_env()`` the raw one."""
    from pettingzoo.utils.env_logger import EnvLogger
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    wrapped = env("stalk_exchange", 3)
    assert isinstance(wrapped, OrderEnforcingWrapper)
    assert isinstance(wrapped.unwrapped, SeedbedAECEnv)
    assert type(raw_env("stalk_exchange", 3)) is SeedbedAECEnv
    with pytest.raises(AttributeError, match="before reset"):
        _ = wrapped.agent_selection
    EnvLogger.suppress_output()
    try:
        with pytest.raises(Exception, match="reset"):
            wrapped.step(0)
    finally:
        EnvLogger.unsuppress_output()


def bombard(e: Any, cycles: int, seed: int) -> None:
    """PettingZoo's ``bombardment_test`` as its authors fixed it upstream (PettingZoo pull
    request 1464: the observation is the one ``last()`` gives, since an AEC ``step()`` returns
    None): random masked actions for every agent in turn, each observation inside its space,
    a reset after each cycle."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    for _ in range(cycles):
        for agent in e.agent_iter(e.num_agents):
            obs, _, terminated, truncated, _ = e.last()
            assert e.observation_space(agent).contains(obs)
            legal = np.flatnonzero(obs["action_mask"])
            e.step(None if terminated or truncated else int(rng.choice(legal)))
        e.reset()


@pytest.mark.parametrize("game", GAMES)
def test_bombardment(game: str) -> None:
    """Issue 39 item 6: the bombardment (PettingZoo 1.27's own ``bombardment_test`` fails on
    every AEC environment, its example ones included: it checks the None that ``step()``
    returns; see docs/research.md) passes on the wrapped environment."""
    bombard(env(game, 3), cycles=30, seed=1)


@pytest.mark.parametrize("game", GAMES)
def test_render_test_on_the_wrapped_environment(game: str) -> None:
    """PettingZoo's ``render_test`` passes on ``env()`` (now wrapped, issue 39 item 6)."""
    from pettingzoo.test import render_test

    render_test(lambda render_mode=None: env(game, 3, render_mode=render_mode))
