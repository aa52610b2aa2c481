"""Issue 34 item 4: the Gymnasium VectorEnv whose batch is stepped in one native call. Its
contracts as Gymnasium's own vector checks state them (spaces, seeding determinism, returned
data not reused, NEXT_STEP autoreset), a vector wrapper over it, and each row's observation
and mask equal the single-game encoders'."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import data_equivalence
from gymnasium.vector import AutoresetMode
from gymnasium.wrappers.vector import RecordEpisodeStatistics

from seedbed.engine.native_state import NATIVE

pytestmark = pytest.mark.skipif(NATIVE is None, reason="the native engine is not built")

GAMES = ["stalk_exchange", "bohnanza", "fields_of_green"]


def _vector_env(game: str, num_envs: int = 3):  # type: ignore[no-untyped-def]
    from seedbed.adapters.vector import SeedbedVectorEnv

    return SeedbedVectorEnv(game, num_envs, "random,random")


def _random_actions(info: dict[str, np.ndarray], rng: np.random.Generator) -> np.ndarray:
    return np.array(
        [int(rng.choice(np.flatnonzero(row))) if row.any() else 0 for row in info["action_mask"]]
    )


def _rollout(game: str, seed: int, steps: int) -> list[tuple[object, ...]]:
    envs = _vector_env(game)
    obs, info = envs.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out: list[tuple[object, ...]] = [(obs, info["action_mask"])]
    for _ in range(steps):
        obs, reward, terminated, truncated, info = envs.step(_random_actions(info, rng))
        out.append((obs, reward, terminated, truncated, info["action_mask"]))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_spaces_and_the_rows_are_the_single_game_encoders(game: str) -> None:
    envs = _vector_env(game)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    obs, info = envs.reset(seed=5)
    assert obs in envs.observation_space
    assert obs.shape == (3, *envs.single_observation_space.shape)
    assert info["action_mask"].shape == (3, envs.single_action_space.n)
    enc = envs.encoders
    for i, state in enumerate(envs.states):
        assert np.array_equal(obs[i], enc.vector(state.observe(envs.seat)))
        assert np.array_equal(info["action_mask"][i], enc.python_mask(state, envs.seat))
    actions = _random_actions(info, np.random.default_rng(0))
    assert actions in envs.action_space
    obs, _reward, terminated, _truncated, info = envs.step(actions)
    assert obs in envs.observation_space
    for i, state in enumerate(envs.states):
        assert np.array_equal(obs[i], enc.vector(state.observe(envs.seat)))
        if not terminated[i]:
            assert np.array_equal(info["action_mask"][i], enc.python_mask(state, envs.seat))


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_batch_and_returned_data_is_not_reused(game: str) -> None:
    first, second = _rollout(game, 11, 40), _rollout(game, 11, 40)
    assert data_equivalence(first, second, exact=True)
    envs = _vector_env(game)
    obs, info = envs.reset(seed=1)
    kept = obs.copy()
    envs.step(_random_actions(info, np.random.default_rng(1)))
    assert np.array_equal(obs, kept), "reset's array was written over by step"
    # another seed deals other games (Fields of Green's first view shows no card yet)
    assert not data_equivalence(_rollout(game, 2, 10), _rollout(game, 1, 10), exact=True)


def test_game_seeds_choose_the_deals() -> None:
    envs = _vector_env("stalk_exchange", 2)
    envs.reset(options={"game_seeds": [7, 8]})
    assert envs.game_seeds == [7, 8]
    with pytest.raises(ValueError, match="game_seeds"):
        envs.reset(options={"game_seeds": [7]})


@pytest.mark.parametrize("game", ["stalk_exchange", "fields_of_green"])
def test_a_finished_game_resets_on_the_next_step(game: str) -> None:
    """Issue 34 item 4; Fields of Green since issue 34 target 1 (its native mask)."""
    envs = _vector_env(game, 2)
    obs, info = envs.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(2000):
        obs, reward, terminated, _, info = envs.step(_random_actions(info, rng))
        if terminated.any():
            break
    else:
        pytest.fail("no game ended")
    done = int(np.flatnonzero(terminated)[0])
    assert 0.0 <= reward[done] <= 1.0
    assert not info["action_mask"][done].any()  # nothing is legal after the end
    obs, reward, terminated, _truncated, info = envs.step(_random_actions(info, rng))
    assert not terminated[done] and reward[done] == 0.0
    assert info["action_mask"][done].any()
    state = envs.states[done]
    assert np.array_equal(obs[done], envs.encoders.vector(state.observe(envs.seat)))


def test_an_illegal_action_ends_that_game_only() -> None:
    envs = _vector_env("stalk_exchange", 2)
    _, info = envs.reset(seed=4)
    actions = _random_actions(info, np.random.default_rng(4))
    illegal = int(np.flatnonzero(info["action_mask"][0] == 0)[0])
    before = envs.states[0].key()
    actions[0] = illegal
    _, reward, terminated, _, info = envs.step(actions)
    assert terminated[0] and reward[0] == -1.0 and info["illegal_action"][0]
    assert not terminated[1]
    assert envs.states[0].key() == before


def test_a_vector_wrapper_runs_over_it() -> None:
    envs = RecordEpisodeStatistics(_vector_env("stalk_exchange", 2))
    obs, info = envs.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(300):
        obs, _reward, _terminated, _truncated, info = envs.step(_random_actions(info, rng))
    assert obs.shape[0] == 2


def test_other_opponents_are_refused() -> None:
    from seedbed.adapters.vector import SeedbedVectorEnv

    with pytest.raises(ValueError, match="SyncVectorEnv"):
        SeedbedVectorEnv("stalk_exchange", 2, "greedy")
    with pytest.raises(ValueError, match="SyncVectorEnv"):
        SeedbedVectorEnv("fields_of_green", 2, "random:polite=1")


def test_fields_of_green_plays_whole_games_in_the_vector_env() -> None:
    """Issue 34 target 1: Fields of Green's vector environment (its mask and integers now
    native) plays whole games at 2-4 players: every row's observation and mask are the
    single-game encoders' at each step, and each game ends with the learner's share."""
    from seedbed.adapters.vector import SeedbedVectorEnv

    for opponents in ("random", "random,random", "random,random,random"):
        envs = SeedbedVectorEnv("fields_of_green", 2, opponents)
        obs, info = envs.reset(seed=len(opponents))
        rng = np.random.default_rng(0)
        enc, ended = envs.encoders, 0
        for _ in range(400):
            obs, reward, terminated, _, info = envs.step(_random_actions(info, rng))
            for i, state in enumerate(envs.states):
                assert np.array_equal(obs[i], enc.vector(state.observe(envs.seat)))
                if not terminated[i]:
                    mask = enc.python_mask(state, envs.seat)
                    assert np.array_equal(info["action_mask"][i], mask)
                else:
                    assert 0.0 <= reward[i] <= 1.0 and state.is_terminal()
            ended += int(terminated.sum())
            if ended >= 2:
                break
        assert ended >= 2, opponents


@pytest.mark.parametrize("game", ["bohnanza", "fields_of_green"])
def test_the_compact_space_steps_each_draft_in_the_native_call(game: str) -> None:
    """Issue 34 target 1 (D-86): with ``action_space="compact"`` each row is the game's
    vector and its draft's features, and its mask the draft's, as the Python reference
    draft (``CompactActions``) kept beside each game gives them, through whole games and
    their autoresets; a step of a draft leaves its game where it was."""
    from seedbed.adapters.compact import CompactActions
    from seedbed.adapters.vector import SeedbedVectorEnv

    envs = SeedbedVectorEnv(game, 3, "random,random", action_space="compact")
    enc = envs.encoders
    assert enc.compact is not None
    assert envs.single_action_space.n == enc.compact.size < 500
    obs, info = envs.reset(seed=2)
    refs = [CompactActions(enc.compact) for _ in envs.states]
    for ref, state in zip(refs, envs.states, strict=True):
        ref.start(state, envs.seat)
    rng = np.random.default_rng(2)
    ended = drafted = 0
    terminated = np.zeros(3, dtype=np.bool_)
    for _ in range(3000):
        for i, (ref, state) in enumerate(zip(refs, envs.states, strict=True)):
            assert obs[i] in envs.single_observation_space
            expected = np.concatenate([enc.vector(state.observe(envs.seat)), ref.features()])
            assert np.array_equal(obs[i], expected)
            if not terminated[i]:
                assert np.array_equal(info["action_mask"][i], ref.mask())
        actions = _random_actions(info, rng)
        keys = [s.key() for s in envs.states]
        moved = [terminated[i] or refs[i].choose(int(actions[i])) is not None for i in range(3)]
        obs, reward, terminated, _, info = envs.step(actions)
        assert "illegal_action" not in info
        for i, state in enumerate(envs.states):
            if not moved[i]:  # a step of the draft: the game waits
                assert state.key() == keys[i] and reward[i] == 0.0 and not terminated[i]
                drafted += 1
            elif not terminated[i]:
                refs[i].start(state, envs.seat)
        ended += int(terminated.sum())
        if ended >= 3 and drafted > 20:
            break
    assert ended >= 3 and drafted > 20


@pytest.mark.parametrize("game", GAMES)
def test_the_wrappers_know_who_moves_after_the_opponents_first_moves(game: str) -> None:
    """The learner at seat 1: the opponents' moves before its first decision (at reset and
    at each autoreset) are told to the states' wrappers, whose ``to_move`` was the deal's."""
    from seedbed.adapters.vector import SeedbedVectorEnv

    envs = SeedbedVectorEnv(game, 3, "random,random", seat=1)
    _, info = envs.reset(seed=6)
    rng = np.random.default_rng(6)
    for _ in range(50):
        for state in envs.states:
            assert state.to_move() == tuple(state.zones.to_move())
        _, _, _, _, info = envs.step(_random_actions(info, rng))


def test_without_copies_each_step_writes_into_the_same_arrays() -> None:
    """``copy=False`` (D-86): the same batches as with copies, written into one pair of
    arrays (Gymnasium's ``SyncVectorEnv(copy=False)``)."""
    from seedbed.adapters.vector import SeedbedVectorEnv

    for space in ("full", "compact"):
        kept = SeedbedVectorEnv("fields_of_green", 2, "random,random", action_space=space)
        reused = SeedbedVectorEnv(
            "fields_of_green", 2, "random,random", action_space=space, copy=False
        )
        (a, info_a), (b, info_b) = kept.reset(seed=9), reused.reset(seed=9)
        rng = np.random.default_rng(9)
        first = b
        for _ in range(200):
            assert np.array_equal(a, b) and np.array_equal(
                info_a["action_mask"], info_b["action_mask"]
            )
            actions = _random_actions(info_a, rng)
            a, reward_a, _, _, info_a = kept.step(actions)
            b, reward_b, _, _, info_b = reused.step(actions)
            assert b is first and np.array_equal(reward_a, reward_b)


@pytest.mark.parametrize("game", ["bohnanza", "fields_of_green"])
def test_a_draft_step_copies_the_observation_the_core_kept(game: str) -> None:
    """D-89: a step that only grows a draft copies the game's last observation from the
    core's own copy instead of writing it again, so a learner that edits the returned arrays
    in place (here: zeroes them, with ``copy=False``) gets the same batches as one that does
    not, and each row is still the single-game encoders' vector and the draft's features."""
    from seedbed.adapters.vector import SeedbedVectorEnv

    kept = SeedbedVectorEnv(game, 3, "random,random", action_space="compact")
    edited = SeedbedVectorEnv(game, 3, "random,random", action_space="compact", copy=False)
    (a, info_a), (b, info_b) = kept.reset(seed=8), edited.reset(seed=8)
    rng = np.random.default_rng(8)
    drafted = 0
    for _ in range(300):
        assert np.array_equal(a, b) and np.array_equal(info_a["action_mask"], info_b["action_mask"])
        actions = _random_actions(info_a, rng)
        b[:] = 0.0
        info_b["action_mask"][:] = 0
        keys = [s.key() for s in kept.states]
        a, reward_a, _, _, info_a = kept.step(actions)
        b, reward_b, _, _, info_b = edited.step(actions)
        assert np.array_equal(reward_a, reward_b) and "illegal_action" not in info_b
        for i, state in enumerate(kept.states):
            vector = kept.encoders.vector(state.observe(kept.seat))
            assert np.array_equal(a[i, : len(vector)], vector)
            drafted += state.key() == keys[i]
    assert drafted > 20


@pytest.mark.parametrize("game", GAMES)
def test_a_game_dealt_again_in_the_core_is_the_games_new_state(game: str) -> None:
    """D-89: after the first deal of each place, the environments deal their next games with
    ``GameEncoders.deal`` over the core's ``redeal`` (the last game's configuration, options
    not read again), and the vector environment its opponents' generators natively: the same
    positions, wrappers and streams as the game's ``new_state`` and ``seat_rng`` (other
    player counts and options included)."""
    from seedbed.adapters.encoders import GameEncoders
    from seedbed.arena.play import seat_rng

    options = {"bohnanza": {"max_offers": 2}, "fields_of_green": {}, "stalk_exchange": {}}
    for players in (2, 3, 4):
        enc = GameEncoders(game, players, options[game], engine="native")
        first = enc.game.new_state(players, 1, enc.options)
        for seed in (0, 5, 2**31 - 1):
            again = enc.deal(seed, first)
            fresh = enc.game.new_state(players, seed, enc.options)
            assert type(again) is type(fresh) and again.to_move() == fresh.to_move()
            assert again.key() == fresh.key() and again.to_json() == fresh.to_json()
            assert seat_rng(seed, players, NATIVE.Rng).state == seat_rng(seed, players).state
