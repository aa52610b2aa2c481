"""The research environments' speed (issue 18). Printed, never asserted.

    .venv/bin/python benchmarks/bench_rl_envs.py [STEPS]

For each game: STEPS (default 3000) uniformly random legal actions through the PettingZoo AEC
environment (3 players, every seat acting, observation and mask at every step) and through
the Gymnasium environment (seat 0 against two random bots; the bots' moves are not counted
as steps), restarting finished games with the next seed; then the cost of the parts of one
step: ``observe``, the observation's encoding and the mask.
"""

from __future__ import annotations

import sys
import time

import numpy as np

from seedbed.adapters.gymnasium import SeedbedEnv
from seedbed.adapters.pettingzoo import env as aec_env
from seedbed.engine.registry import engine_for, game_names


def aec_steps(game: str, steps: int) -> tuple[float, int]:
    e = aec_env(game, 3)
    rng = np.random.default_rng(0)
    done = games = 0
    start = time.perf_counter()
    while done < steps:
        e.reset(seed=games)
        games += 1
        for _ in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            done += 1
            if done >= steps:
                break
    return time.perf_counter() - start, games


def gym_steps(game: str, steps: int) -> tuple[float, int]:
    e = SeedbedEnv(game, "random,random")
    rng = np.random.default_rng(0)
    done = games = 0
    start = time.perf_counter()
    while done < steps:
        _, info = e.reset(seed=games)
        games += 1
        terminated = False
        while not terminated and done < steps:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, _, terminated, _, info = e.step(action)
            done += 1
    return time.perf_counter() - start, games


def parts(game: str, samples: int = 2000) -> tuple[float, float, float]:
    """Microseconds to observe, to encode one observation and to build one mask, along
    random play."""
    e = aec_env(game, 3)
    e.reset(seed=1)
    state, enc = e.game_state, e.encoders
    rng = np.random.default_rng(1)
    t_observe = t_obs = t_mask = 0.0
    done = 0
    while done < samples:
        if state.is_terminal():
            e.reset()
            state = e.game_state
        p = state.to_move()[0]
        t = time.perf_counter()
        view = state.observe(p)
        t_observe += time.perf_counter() - t
        t = time.perf_counter()
        enc.vector(view)
        t_obs += time.perf_counter() - t
        t = time.perf_counter()
        mask = enc.mask(state, p)
        t_mask += time.perf_counter() - t
        index = int(rng.choice(np.flatnonzero(mask)))
        state.apply(p, enc.decode(state, p, index))
        done += 1
    return tuple(t / done * 1e6 for t in (t_observe, t_obs, t_mask))  # type: ignore[return-value]


def main() -> None:
    steps = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    print(f"{steps} random legal steps, 3 players")
    for game in game_names():
        aec, aec_games = aec_steps(game, steps)
        gym_s, gym_games = gym_steps(game, steps)
        observe_us, obs_us, mask_us = parts(game)
        print(
            f"{game:16} ({engine_for(game)} engine)  PettingZoo {aec:6.2f} s "
            f"({aec / steps * 1e6:6.0f} us/step, {aec_games} games)  Gymnasium {gym_s:6.2f} s "
            f"({gym_s / steps * 1e6:6.0f} us/step, {gym_games} games)  "
            f"observe {observe_us:4.0f} us, encode {obs_us:4.0f} us, mask {mask_us:5.0f} us"
        )


if __name__ == "__main__":
    main()
