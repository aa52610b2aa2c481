"""Issue 34 item 5, the interfaces' rough edges: a deal chosen by ``reset(options=...)`` (a
dataset row's deal replays through the environments), ``AECEnv.state()`` and
``state_space``, per-game metadata names, ``max_cycles`` truncation, 2-player forfeits
rewarded as TextArena's, an ``rgb_array`` render, pandas in the ``rl`` extra and a CPU-only
PyTorch line in the training docs."""

from __future__ import annotations

import tomllib
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest

from seedbed.adapters.gymnasium import SeedbedEnv, env_id
from seedbed.adapters.pettingzoo import env, raw_env
from seedbed.engine.registry import game as lookup_game

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game", ["bohnanza", "stalk_exchange", "fields_of_green"])
def test_reset_options_choose_the_deal(game: str) -> None:
    opts = {"max_offers": 1} if game == "bohnanza" else {}
    dealt = lookup_game(game).new_state(2, 1234, opts)
    gym_env = SeedbedEnv(game, "random", options=opts)
    gym_env.reset(seed=5, options={"game_seed": 1234})
    assert gym_env.game_seed == 1234
    aec = raw_env(game, 2, opts)
    aec.reset(seed=5, options={"game_seed": 1234})
    assert aec.game_seed == 1234 and aec.game_state.key() == dealt.key()
    aec.reset(options={"game_seed": 99})
    assert aec.game_seed == 99


def test_state_is_the_global_state_in_its_space() -> None:
    aec = env("stalk_exchange", 3)
    aec.reset(seed=1)
    state = aec.state()
    assert state in aec.unwrapped.state_space
    width = aec.unwrapped.encoders.vector_space.shape[0]
    assert state.shape == (3 * width,)


def test_metadata_names_the_game() -> None:
    assert raw_env("stalk_exchange", 2).metadata["name"] == "stalk_exchange_v0"
    assert raw_env("bohnanza", 3).metadata["name"] == "bohnanza_v0"
    assert SeedbedEnv("fields_of_green", "random").metadata["name"] == "fields_of_green_v0"


def test_max_cycles_truncates_every_agent() -> None:
    aec = env("bohnanza", 3, {"max_offers": 1}, max_cycles=5)
    aec.reset(seed=1)
    steps = 0
    for _ in aec.agent_iter():
        obs, _, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            assert truncated and not terminated
            aec.step(None)
            continue
        aec.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps == 5 * 3


def test_a_two_player_forfeit_gives_the_opponent_one() -> None:
    from seedbed.adapters.text_arena import SeedbedTextEnv

    two = SeedbedTextEnv("stalk_exchange", error_allowance=1)
    two.reset(num_players=2, seed=2)
    for _ in range(2):
        two.step("no idea")
    assert two.close()[0] == {0: -1.0, 1: 1.0}


def test_an_rgb_array_render_is_an_image_of_the_table() -> None:
    made = gym.make(env_id("bohnanza"), opponents="random,random", render_mode="rgb_array")
    made.reset(seed=1)
    image = made.render()
    assert isinstance(image, np.ndarray) and image.dtype == np.uint8
    assert image.ndim == 3 and image.shape[2] == 3 and image.min() < image.max()


def test_the_rl_extra_has_pandas_and_the_docs_a_cpu_torch_line() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert any(r.startswith("pandas") for r in extras["optional-dependencies"]["rl"])
    docs = (ROOT / "docs/research.md").read_text()
    assert "--index-url https://download.pytorch.org/whl/cpu" in docs


def test_a_dataset_rows_deal_replays_through_the_environment(tmp_path: Path) -> None:
    """Issue 34 item 5: a dataset row's deal, through ``reset(options={"game_seed": ...})``:
    the environment's first observation is the row's."""
    import pyarrow.parquet as pq

    from seedbed.adapters.dataset import write_dataset
    from seedbed.arena.play import play_game

    result = play_game("stalk_exchange", ["random", "random"], seed=7)
    assert result.record is not None
    write_dataset([result.record], tmp_path / "d.parquet")
    first = pq.read_table(tmp_path / "d.parquet").to_pylist()[0]
    aec = raw_env(first["game"], first["num_players"])
    aec.reset(options={"game_seed": first["seed"]})
    obs = aec.observe(f"player_{first['seat']}")
    assert np.array_equal(obs["observation"], np.asarray(first["observation"], np.float32))
    assert list(np.flatnonzero(obs["action_mask"])) == first["legal"]
