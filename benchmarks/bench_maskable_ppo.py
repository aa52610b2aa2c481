"""MaskablePPO's speed on Bohnanza, full against compact action space (issue 34 item 3).
Printed, never asserted.

    python benchmarks/bench_maskable_ppo.py [--players 4] [--updates 2] [--full-updates 1]

Needs the ``train`` extra (PyTorch, sb3-contrib; see docs/research.md for a CPU-only install).
For each space: sb3-contrib's MaskablePPO as examples/train_ppo.py sets it up (8 environments,
256 steps each per update, minibatches of 256, 4 epochs, an MLP of 256 x 256, one thread) on
one seat of Bohnanza against random bots, for a few updates; the learner's steps per second
(rollouts and updates together; in the compact space a step of a draft counts as a step, as the
learner takes it; ``--epochs`` and ``--width`` vary the learner's share), per second of the
clock and per second of the process's CPU (on a shared machine the second is the one-core
figure). One thread. Then the environment alone, random masked actions, for comparison. Run it
niced on a shared machine: ``nice -n 19``.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

import numpy as np

GAME = "bohnanza"


def make(players: int, space: str, envs: int, seed: int) -> Any:
    from stable_baselines3.common.env_util import make_vec_env

    from seedbed.adapters.gymnasium import env_id

    return make_vec_env(
        env_id(GAME),
        n_envs=envs,
        seed=seed,
        env_kwargs={
            "opponents": ",".join(["random"] * (players - 1)),
            "seat": None,
            "action_space": space,
        },
    )


def ppo_rate(
    players: int, space: str, updates: int, envs: int, epochs: int = 4, width: int = 256
) -> tuple[float, float, int]:
    """MaskablePPO's steps per second over ``updates`` updates: (per second of the clock,
    per second of this process's CPU, steps)."""
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    model = MaskablePPO(
        "MlpPolicy",
        make(players, space, envs, 1),
        n_steps=256,
        batch_size=256,
        n_epochs=epochs,
        learning_rate=3e-4,
        gamma=0.995,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [width, width]},
        seed=1,
        device="cpu",
        verbose=0,
    )
    start, cpu = time.perf_counter(), time.process_time()
    model.learn(total_timesteps=updates * 256 * envs)
    steps = int(model.num_timesteps)
    return steps / (time.perf_counter() - start), steps / (time.process_time() - cpu), steps


def env_rate(players: int, space: str, steps: int) -> tuple[float, float]:
    """Random masked actions through one environment, steps per second (clock, CPU)."""
    from seedbed.adapters.gymnasium import SeedbedEnv

    env = SeedbedEnv(GAME, ",".join(["random"] * (players - 1)), action_space=space)
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=0)
    games = 1
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(steps):
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, _, terminated, _, info = env.step(action)
        if terminated:
            _, info = env.reset(seed=games)
            games += 1
    return steps / (time.perf_counter() - start), steps / (time.process_time() - cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4, help="player count (2-7)")
    parser.add_argument("--updates", type=int, default=2, help="PPO updates, compact space")
    parser.add_argument(
        "--full-updates", type=int, default=1, help="PPO updates, full space (0: skip it)"
    )
    parser.add_argument("--envs", type=int, default=8, help="environments stepped together")
    parser.add_argument("--env-steps", type=int, default=2000, help="random steps, env alone")
    parser.add_argument("--epochs", type=int, default=4, help="PPO epochs per update")
    parser.add_argument("--width", type=int, default=256, help="units of the 2 hidden layers")
    args = parser.parse_args()
    for space, updates in (("compact", args.updates), ("full", args.full_updates)):
        if updates <= 0:
            continue
        from seedbed.adapters.encoders import GameEncoders

        size = GameEncoders(GAME, args.players, action_space=space).action_space.n
        alone, alone_cpu = env_rate(args.players, space, args.env_steps)
        rate, cpu, steps = ppo_rate(
            args.players, space, updates, args.envs, args.epochs, args.width
        )
        print(
            f"{space:>8} space (Discrete({size})), {args.epochs} epochs, {args.width} x "
            f"{args.width}: MaskablePPO {rate:,.0f} steps/s of the "
            f"clock, {cpu:,.0f} per CPU second ({steps:,} steps, {updates} updates); the "
            f"environment alone, random masked actions: {alone:,.0f} steps/s, {alone_cpu:,.0f} "
            f"per CPU second; load average {os.getloadavg()[0]:.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
