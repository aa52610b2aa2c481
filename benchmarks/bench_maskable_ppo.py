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
figure). One thread. The environments' share of the CPU (their ``step`` and ``reset``, timed
inside the run) is printed beside it: the rest is the learner's (the network's forward passes
in the rollouts, the updates). Then the environment alone, random masked actions, for
comparison. ``--reference`` adds the compact space with the Python reference's drafts (what
ran before the core's compact mask, issue 34) to the same run. Run it niced on a shared
machine: ``nice -n 19``.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

import numpy as np

GAME = "bohnanza"


SPACES = {"compact": "compact", "full": "full", "reference": "compact"}
"""The rows: ``reference`` is the compact space with the Python reference's drafts."""


def python_drafts(on: bool) -> None:
    """Make the environments keep the Python reference's drafts (``on``) or the core's."""
    from seedbed.adapters.compact import CompactActions
    from seedbed.adapters.encoders import GameEncoders

    if on:
        GameEncoders.compact_actions = lambda self: (  # type: ignore[method-assign]
            None if self.compact is None else CompactActions(self.compact)
        )
    else:
        GameEncoders.compact_actions = NATIVE_DRAFTS  # type: ignore[method-assign]


def _native_drafts() -> Any:
    from seedbed.adapters.encoders import GameEncoders

    return GameEncoders.compact_actions


NATIVE_DRAFTS = _native_drafts()


def timed(venv: Any) -> Any:
    """``venv`` with its ``step_wait`` and ``reset`` timed in CPU seconds (``.cpu``)."""
    from stable_baselines3.common.vec_env import VecEnvWrapper

    class Timed(VecEnvWrapper):  # type: ignore[misc]
        cpu = 0.0

        def reset(self) -> Any:
            start = time.process_time()
            found = self.venv.reset()
            Timed.cpu += time.process_time() - start
            return found

        def step_wait(self) -> Any:
            start = time.process_time()
            found = self.venv.step_wait()
            Timed.cpu += time.process_time() - start
            return found

    Timed.cpu = 0.0
    return Timed(venv)


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
) -> tuple[float, float, int, float]:
    """MaskablePPO's steps per second over ``updates`` updates: (per second of the clock,
    per second of this process's CPU, steps, the environments' share of that CPU)."""
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    venv = timed(make(players, space, envs, 1))
    model = MaskablePPO(
        "MlpPolicy",
        venv,
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
    type(venv).cpu = 0.0
    start, cpu = time.perf_counter(), time.process_time()
    model.learn(total_timesteps=updates * 256 * envs)
    steps = int(model.num_timesteps)
    spent = time.process_time() - cpu
    return steps / (time.perf_counter() - start), steps / spent, steps, type(venv).cpu / spent


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
    parser.add_argument(
        "--reference",
        action="store_true",
        help="also the compact space with the Python reference's drafts (before the core's)",
    )
    args = parser.parse_args()
    rows = [("compact", args.updates), ("full", args.full_updates)]
    if args.reference:
        rows.insert(1, ("reference", args.updates))
    for row, updates in rows:
        if updates <= 0:
            continue
        from seedbed.adapters.encoders import GameEncoders

        space = SPACES[row]
        python_drafts(row == "reference")
        size = GameEncoders(GAME, args.players, action_space=space).action_space.n
        alone, alone_cpu = env_rate(args.players, space, args.env_steps)
        rate, cpu, steps, share = ppo_rate(
            args.players, space, updates, args.envs, args.epochs, args.width
        )
        print(
            f"{row:>9} (Discrete({size})), {args.epochs} epochs, {args.width} x "
            f"{args.width}: MaskablePPO {rate:,.0f} steps/s of the "
            f"clock, {cpu:,.0f} per CPU second ({steps:,} steps, {updates} updates; the "
            f"environments {share:.0%} of its CPU, {1e6 * share / cpu:,.0f} us a step, the "
            f"learner {1e6 * (1 - share) / cpu:,.0f} us); the environment alone, random masked "
            f"actions: {alone:,.0f} steps/s, {alone_cpu:,.0f} per CPU second; load average "
            f"{os.getloadavg()[0]:.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
