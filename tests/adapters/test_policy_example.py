"""Issue 18, item 6: the worked example that learns (examples/). Its training needs PyTorch,
which CI does not install; what CI checks is the wiring that needs none: the bot that plays a
trained policy in the arena (examples/policy_bot.py) shows the policy exactly the
observations and masks the learner saw in the Gymnasium environment on the same deal, so the
same policy plays the same game there; and the script answers ``--help`` without PyTorch."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from seedbed.adapters.gymnasium import SeedbedEnv
from seedbed.arena.play import play_game
from seedbed.bots import specs

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def load(name: str) -> ModuleType:
    found = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert found is not None and found.loader is not None
    module = importlib.util.module_from_spec(found)
    found.loader.exec_module(module)
    return module


policy_bot = load("policy_bot")


class RecordingPolicy:
    """A fixed function of (observation, mask) in Stable-Baselines3's ``predict`` shape, which
    remembers what it was shown. The choice depends on every number of the observation, so
    two runs shown different observations part ways."""

    def __init__(self) -> None:
        self.seen: list[tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]] = []

    def predict(
        self, observation: Any, *, action_masks: Any = None, deterministic: bool = False
    ) -> tuple[Any, Any]:
        self.seen.append((observation.copy(), np.asarray(action_masks).copy()))
        legal = np.flatnonzero(action_masks)
        weights = np.arange(1, observation.size + 1, dtype=np.float64)
        pick = int(float(observation @ weights) * 1000) % len(legal)
        return np.int64(legal[pick]), None


@pytest.fixture
def private_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bot kinds registered by a test vanish after it."""
    specs.bot_kinds()  # the built-in kinds first, into the real registry
    monkeypatch.setattr(specs, "_KINDS", dict(specs._KINDS))


@pytest.mark.parametrize(
    ("game", "space", "seat", "seed"),
    [
        ("stalk_exchange", "full", 0, 3),
        ("stalk_exchange", "full", 2, 11),
        ("stalk_exchange", "full", 3, 20),
        ("bohnanza", "compact", 1, 4),  # issue 34 item 3: drafts composed as in training
    ],
)
@pytest.mark.usefixtures("private_registry")
def test_the_arena_bot_sees_what_the_learner_saw(
    game: str, space: str, seat: int, seed: int
) -> None:
    in_env = RecordingPolicy()
    env = policy_bot.ScaledObservation(
        SeedbedEnv(game, "random,random,random", seat=seat, action_space=space)
    )
    obs, _ = env.reset(seed=seed)
    terminated = False
    reward = 0.0
    while not terminated:
        action, _ = in_env.predict(obs, action_masks=env.action_masks(), deterministic=True)
        obs, reward, terminated, _, _ = env.step(action)
    game_seed = env.unwrapped.game_seed

    in_arena = RecordingPolicy()
    policy_bot.register_policy("recorded", in_arena, num_players=4, action_space=space)
    seating = ["random"] * 4
    seating[seat] = "recorded"
    result = play_game(game, seating, game_seed)

    assert len(in_arena.seen) == len(in_env.seen) > 10
    for (obs_a, mask_a), (obs_e, mask_e) in zip(in_arena.seen, in_env.seen, strict=True):
        assert obs_a.dtype == obs_e.dtype == np.float32
        assert np.array_equal(obs_a, obs_e)
        assert np.array_equal(mask_a, mask_e)
    assert result.shares()[seat] == reward
    assert result.scores == env.unwrapped.state.outcome().scores


def test_the_scaling_is_log1p_and_keeps_the_space() -> None:
    env = policy_bot.ScaledObservation(SeedbedEnv("stalk_exchange", "random,random,random"))
    obs, _ = env.reset(seed=5)
    raw = env.unwrapped.encoders.vector(env.unwrapped.state.observe(0))
    assert np.allclose(obs, np.log(1 + raw))
    assert obs in env.observation_space and raw.max() > 1


BLOCK_TORCH = (
    "import runpy, sys\n"
    "for name in ('torch', 'stable_baselines3', 'sb3_contrib'):\n"
    "    sys.modules[name] = None  # import fails, whether installed or not\n"
    "sys.argv = sys.argv[1:]\n"
    "runpy.run_path(sys.argv[0], run_name='__main__')\n"
)


def without_torch(*args: str) -> subprocess.CompletedProcess[str]:
    """Run examples/train_ppo.py ``args`` where importing PyTorch or SB3 fails."""
    return subprocess.run(
        [sys.executable, "-c", BLOCK_TORCH, str(EXAMPLES / "train_ppo.py"), *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def test_the_script_answers_help_without_pytorch() -> None:
    """Its heavy imports wait for a command: CI, with no PyTorch, can read its usage."""
    for command, option in (
        ([], "evaluate"),
        (["train"], "--timesteps"),
        (["evaluate"], "--games"),
    ):
        done = without_torch(*command, "--help")
        assert done.returncode == 0, done.stderr
        assert option in done.stdout
    refused = without_torch("evaluate", "--model", "nowhere.zip")
    assert refused.returncode != 0 and "torch" in refused.stderr  # the block is real
