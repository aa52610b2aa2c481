"""Issue 18, item 3: the Gymnasium environments (one seat learns, bots play the others) pass
Gymnasium's ``check_env`` for every game and player count, also made from their registered
ids and with dict observations; whole episodes played through the mask end with the share of
the win; a seed fixes the episode, bots included."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from seedbed.adapters.gymnasium import ENV_IDS, SeedbedEnv, env_id

pytestmark = pytest.mark.filterwarnings(
    "ignore:.*Not able to test alternative render modes:UserWarning"
)

CASES = [
    ("bohnanza", "random"),
    ("bohnanza", "greedy,greedy,random"),
    ("bohnanza", "random,greedy,random,random"),
    ("stalk_exchange", "greedy"),
    ("stalk_exchange", "greedy,random"),
    ("stalk_exchange", "random,random,greedy,greedy"),
    ("fields_of_green", "random"),
    ("fields_of_green", "greedy,random"),
    ("fields_of_green", "random,random,greedy"),
]
GAMES = ["bohnanza", "fields_of_green", "stalk_exchange"]


@pytest.mark.parametrize(("game", "opponents"), CASES)
def test_check_env(game: str, opponents: str) -> None:
    check_env(SeedbedEnv(game, opponents, render_mode="ansi"), skip_render_check=False)


@pytest.mark.parametrize(
    ("game", "opponents", "observation", "size"),
    [
        ("bohnanza", "random", "vector", 232),
        ("bohnanza", "random,greedy,random", "dict", 232),
        ("fields_of_green", "random,random", "vector", 421),  # D-86: factored
        ("fields_of_green", "greedy", "dict", 421),
    ],
)
def test_check_env_with_the_compact_action_space(
    game: str, opponents: str, observation: str, size: int
) -> None:
    """issue 34 item 3 and target 1: Bohnanza's and Fields of Green's compact spaces pass
    check_env, also made by their ids."""
    made = SeedbedEnv(
        game, opponents, observation=observation, action_space="compact", render_mode="ansi"
    )
    assert made.action_space.n == size
    check_env(made, skip_render_check=False)
    check_env(gym.make(env_id(game), opponents=opponents, action_space="compact").unwrapped)


@pytest.mark.parametrize("game", GAMES)
def test_check_env_of_the_registered_ids_and_dict_observations(game: str) -> None:
    made = gym.make(env_id(game), opponents="greedy,random", render_mode="ansi")
    check_env(made.unwrapped)
    check_env(SeedbedEnv(game, "random,random", observation="dict", seat=None))


def test_the_ids() -> None:
    seedbed_games = {"seedbed/Bohnanza-v0", "seedbed/FieldsOfGreen-v0", "seedbed/StalkExchange-v0"}
    assert seedbed_games <= set(ENV_IDS)  # and any game registered from outside before


def episode(env: SeedbedEnv, seed: int) -> tuple[list[int], float, dict[str, Any]]:
    """One episode of uniformly random legal actions: the actions, the final reward, info."""
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions: list[int] = []
    while True:
        assert obs in env.observation_space
        legal = np.flatnonzero(info["action_mask"])
        assert np.array_equal(info["action_mask"], env.action_masks())
        action = int(rng.choice(legal))
        actions.append(action)
        obs, reward, terminated, truncated, info = env.step(action)
        assert not truncated
        if terminated:
            return actions, reward, info
        assert reward == 0.0


@pytest.mark.parametrize("game", GAMES)
def test_episodes_end_with_the_share_of_the_win_and_repeat_from_the_seed(game: str) -> None:
    env = SeedbedEnv(game, "greedy,random", seat=None)
    for seed in range(3):
        actions, reward, info = episode(env, seed)
        winners = env.state.outcome().winners
        assert reward == (1 / len(winners) if env.seat in winners else 0.0)
        assert not info["action_mask"].any()
        again = episode(SeedbedEnv(game, "greedy,random", seat=None), seed)
        assert again[0] == actions and again[1] == reward
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_an_illegal_action_ends_the_episode_with_the_penalty() -> None:
    env = SeedbedEnv("stalk_exchange", "random", illegal_reward=-2.0)
    _, info = env.reset(seed=4)
    key = env.state.key()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-2.0, True, True)
    assert env.state.key() == key


def test_the_learner_sits_where_asked_and_bots_fill_the_other_seats() -> None:
    env = SeedbedEnv("fields_of_green", "greedy,random,random", seat=2)
    env.reset(seed=1)
    assert env.num_players == 4 and sorted(env.bots) == [0, 1, 3]
    assert env.bots[0][0].name.startswith("greedy")
    assert env.state.is_terminal() or env.state.to_move()[0] == 2
    seats = {
        SeedbedEnv("fields_of_green", "random", seat=None).reset(seed=s)[1]["seat"]
        for s in range(8)
    }
    assert seats == {0, 1}


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="seat 3"):
        SeedbedEnv("stalk_exchange", "random,random", seat=3)
    with pytest.raises(ValueError, match="unknown bot"):
        SeedbedEnv("stalk_exchange", "genius")
    with pytest.raises(ValueError, match="players"):
        SeedbedEnv("fields_of_green", "random,random,random,random")


def test_no_step_after_the_end_not_even_after_an_illegal_action() -> None:
    """Issue 39 item 5: once an episode has terminated (here by an illegal action, which changes
    nothing in the game), step() raises until reset(), as Gymnasium's convention expects; the
    mask of the terminal step is all zeros (documented)."""
    env = SeedbedEnv("stalk_exchange", "random")
    _, info = env.reset(seed=4)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    legal = int(np.flatnonzero(info["action_mask"])[0])
    _, _, terminated, _, info = env.step(illegal)
    assert terminated and not info["action_mask"].any() and not env.action_masks().any()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(legal)
    env.reset(seed=4)
    env.step(legal)


@pytest.mark.parametrize(("players", "edition"), [(2, "standard"), (4, "standard"), (5, "classic")])
def test_bohnanza_scalars_have_tight_bounds_from_the_game(players: int, edition: str) -> None:
    """Issue 39 item 5: each of Bohnanza's scalars has its own bound, derived from the edition's
    row for the player count (no 10^6): deck and discard by the cards in the game, planted by
    2, the flags by 1, exhaustions by the final exhaustion, turn by the turns the deck allows."""
    from seedbed.games.bohnanza.cards import make_config

    opponents = ",".join(["random"] * (players - 1))
    env = SeedbedEnv("bohnanza", opponents, options={"edition": edition, "max_offers": 1})
    cfg = make_config(edition, players, env.encoders.options)
    start, end = env.encoders.observation.starts["scalars"]
    high = env.observation_space.high[start:end]
    assert list(high[1:4]) == [2, cfg.num_cards, cfg.num_cards]
    assert list(high[4:6]) == [cfg.final_exhaustion] * 2 and list(high[7:]) == [1, 1, 1]
    assert 1 <= high[0] <= cfg.final_exhaustion * cfg.num_cards
    dict_high = (
        SeedbedEnv(
            "bohnanza", opponents, options={"edition": edition, "max_offers": 1}, observation="dict"
        )
        .observation_space["scalars"]
        .high
    )
    assert np.array_equal(dict_high, high)
    episode(env, 3)  # every observation of a whole game inside the space


@pytest.mark.parametrize(
    ("game", "opponents"),
    [("stalk_exchange", "random,random"), ("fields_of_green", "random,random,random")],
)
def test_native_random_bots_play_as_the_python_ones(game: str, opponents: str) -> None:
    """Issue 34 target 1: on the native engine the plain random bots draw in the core from
    native generators kept for the episode (no generator state handed back and forth at
    every move); the episode is the Python engine's move for move: the same observations,
    masks and rewards from the same seed and learner actions."""
    native = SeedbedEnv(game, opponents, engine="native")
    python = SeedbedEnv(game, opponents, engine="python")
    obs_n, info_n = native.reset(seed=9)
    obs_p, info_p = python.reset(seed=9)
    rng = np.random.default_rng(9)
    for _ in range(80):
        assert np.array_equal(obs_n, obs_p)
        assert np.array_equal(info_n["action_mask"], info_p["action_mask"])
        legal = np.flatnonzero(info_n["action_mask"])
        action = int(legal[rng.integers(len(legal))])
        obs_n, reward_n, over_n, _, info_n = native.step(action)
        obs_p, reward_p, over_p, _, info_p = python.step(action)
        assert (reward_n, over_n) == (reward_p, over_p)
        if over_n:
            break
    assert native.state.key() == python.state.key()
