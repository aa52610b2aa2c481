"""A worked example that learns (issue 18, item 6): masked PPO on Stalk Exchange.

``train`` fits sb3-contrib's MaskablePPO (CPU PyTorch, one thread) to one seat of a
4-player Stalk Exchange against random bots, through the Gymnasium environment
``seedbed/StalkExchange-v0`` (a new seat each game, the legal-action mask from
``action_masks()``), and saves the model with a JSON note of the run beside it.
``evaluate`` seats the saved policy in seedbed's arena (examples/policy_bot.py) against
three random bots over shared deals with seat rotation, and prints its win share with the 95%
Wilson interval, next to greedy's measured on the very same deals.

It needs the ``train`` extra (PyTorch, Stable-Baselines3, sb3-contrib: gigabytes from PyPI),
which ``make install`` leaves out: ``make train-example`` makes its own venv. The figures and
commands of the full run are in docs/research.md ("A worked example that learns").

``--game bohnanza --action-space compact`` trains and measures the same way on Bohnanza in
its compact action space (issue 34 item 3: offers composed in steps; the arena's policy bot
composes them as the learner did). The model's default path is ``out/ppo-<game>[-compact].zip``.

Usage:
    python examples/train_ppo.py train [--timesteps N] [--seed S] [--envs E] [--players P]
        [--opponent SPEC] [--max-minutes M] [--model PATH] [--game G] [--action-space A]
    python examples/train_ppo.py evaluate [--model PATH] [--games G] [--seed S] [--players P]
        [--opponent SPEC] [--compare SPECS] [--json PATH] [--game G] [--action-space A]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from importlib.metadata import version
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from policy_bot import ScaledObservation, register_policy

from seedbed.arena.stats import tally_bots
from seedbed.arena.tournament import deals_for, lineup, run_batch, schedule
from seedbed.bots.specs import parse_spec

GAME = "stalk_exchange"
MODEL = None
"""The model's path: ``out/ppo-<game>[-compact].zip`` unless --model says."""
POLICY_SPEC = "ppo"
EVAL_SEED = 1_000_000
"""Evaluation deals start here, away from the seeds 1 … of docs/bots.md's tournaments."""


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawTextHelpFormatter
    )
    commands = parser.add_subparsers(dest="command", required=True)
    train = commands.add_parser("train", help="fit MaskablePPO and save the model")
    train.add_argument("--timesteps", type=int, default=1_000_000, help="learner decisions")
    train.add_argument("--seed", type=int, default=1, help="seeds PyTorch, PPO and the games")
    train.add_argument("--envs", type=int, default=8, help="environments stepped together")
    train.add_argument("--players", type=int, default=4, help="player count (2-5)")
    train.add_argument("--opponent", default="random", help="bot spec at every other seat")
    train.add_argument(
        "--max-minutes",
        type=float,
        default=None,
        help="stop early after this many minutes (the note records the steps done)",
    )
    train.add_argument("--model", type=Path, default=MODEL, help="where to save the model")
    for command in (
        train,
        evaluate := commands.add_parser("evaluate", help="the saved policy in the arena"),
    ):
        command.add_argument(
            "--game", default=GAME, help="stalk_exchange (the example) or bohnanza"
        )
        command.add_argument(
            "--action-space",
            choices=("full", "compact"),
            default="full",
            help="compact: Bohnanza's offers composed in steps (issue 34 item 3)",
        )
    evaluate.add_argument("--model", type=Path, default=MODEL, help="the model to load")
    evaluate.add_argument("--games", type=int, default=1000, help="games (whole deals)")
    evaluate.add_argument("--seed", type=int, default=EVAL_SEED, help="the first deal's seed")
    evaluate.add_argument("--players", type=int, default=4, help="player count (as trained)")
    evaluate.add_argument("--opponent", default="random", help="bot spec at every other seat")
    evaluate.add_argument(
        "--compare", default="greedy", help="comma-separated bot specs measured the same way"
    )
    evaluate.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = parser.parse_args(argv)
    if args.model is None:
        suffix = "-compact" if args.action_space == "compact" else ""
        args.model = Path(f"out/ppo-{args.game.replace('_', '-')}{suffix}.zip")
    return args


def make_env(
    players: int, opponent: str, envs: int, seed: int, game: str = GAME, space: str = "full"
) -> Any:
    """``envs`` copies of the environment (learner at a random seat, opponent elsewhere),
    each behind Monitor (episode rewards for the log) and :class:`ScaledObservation`."""
    from stable_baselines3.common.env_util import make_vec_env

    from seedbed.adapters.gymnasium import env_id  # (registers the ids)

    return make_vec_env(
        env_id(game),
        n_envs=envs,
        seed=seed,
        env_kwargs={
            "opponents": ",".join([opponent] * (players - 1)),
            "seat": None,
            "render_mode": None,
            "action_space": space,
        },
        wrapper_class=ScaledObservation,
    )


def train(args: argparse.Namespace) -> None:
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    class Deadline(BaseCallback):  # type: ignore[misc]
        """Stops training once ``minutes`` have passed (None: never)."""

        def __init__(self, minutes: float | None) -> None:
            super().__init__()
            self.end = None if minutes is None else time.monotonic() + 60 * minutes

        def _on_step(self) -> bool:
            return self.end is None or time.monotonic() < self.end

    torch.set_num_threads(1)  # a shared machine: one core
    env = make_env(args.players, args.opponent, args.envs, args.seed, args.game, args.action_space)
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=256,
        batch_size=256,
        n_epochs=4,
        learning_rate=3e-4,
        gamma=0.995,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [256, 256]},
        seed=args.seed,
        device="cpu",
        verbose=1,
    )
    start = time.perf_counter()
    model.learn(total_timesteps=args.timesteps, callback=Deadline(args.max_minutes))
    minutes = (time.perf_counter() - start) / 60
    args.model.parent.mkdir(parents=True, exist_ok=True)
    model.save(args.model)
    note = {
        "game": args.game,
        "action_space": args.action_space,
        "players": args.players,
        "opponent": args.opponent,
        "seed": args.seed,
        "envs": args.envs,
        "timesteps_asked": args.timesteps,
        "timesteps_done": int(model.num_timesteps),
        # a deadline stops mid-rollout, whose steps are never trained on; with constant
        # schedules, --timesteps timesteps_trained (no deadline) trains the same updates
        "timesteps_trained": model._n_updates // model.n_epochs * model.n_steps * args.envs,
        "training_minutes": round(minutes, 1),
        "torch": version("torch"),
        "sb3_contrib": version("sb3-contrib"),
    }
    args.model.with_suffix(".json").write_text(json.dumps(note, indent=2) + "\n")
    print(json.dumps(note))


def win_share(
    bot: str, opponent: str, players: int, games: int, seed: int, game: str = GAME
) -> dict[str, Any]:
    """``bot`` against ``players``-1 copies of ``opponent`` in the arena: every deal under
    each seat rotation, as ``seedbed tournament`` plays them; its share of the wins."""
    slots = lineup([bot, opponent], players)
    results = run_batch(schedule(game, slots, deals_for(games, slots), seed))
    name = str(parse_spec(bot))
    tally = next(t for t in tally_bots(results) if t.name == name)
    low, high = tally.interval
    return {
        "bot": name,
        "games": len(results),
        "win_share": tally.share,
        "interval_95": [low, high],
        "mean_score": tally.mean_score,
    }


def evaluate(args: argparse.Namespace) -> None:
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    model = MaskablePPO.load(args.model, device="cpu")
    register_policy(POLICY_SPEC, model, args.players, action_space=args.action_space)
    bots = [POLICY_SPEC, *filter(None, args.compare.split(","))]
    rows = []
    for bot in bots:
        start = time.perf_counter()
        row = win_share(bot, args.opponent, args.players, args.games, args.seed, args.game)
        row["seconds"] = round(time.perf_counter() - start, 1)
        rows.append(row)
        low, high = row["interval_95"]
        print(
            f"{row['bot']:>10} vs {args.players - 1} {args.opponent}: {row['games']} games, "
            f"win share {row['win_share']:.1%} (95% {low:.1%}-{high:.1%}), "
            f"mean score {row['mean_score']:.2f}, {row['seconds']} s"
        )
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(rows, indent=2) + "\n")


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    train(args) if args.command == "train" else evaluate(args)


if __name__ == "__main__":
    main()
