"""A seedbed bot that plays a trained policy, so the arena can measure it (issue 18, item 6).

The policy is anything with Stable-Baselines3's ``predict(observation, action_masks=...,
deterministic=...)`` (sb3-contrib's MaskablePPO has it). This module imports neither torch nor
Stable-Baselines3: the caller loads the model (examples/train_ppo.py) and hands it over, so
the wiring below also runs where only the ``rl`` extra is installed.

The bot sees the game exactly as the learner saw it in training through
:class:`seedbed.adapters.gymnasium.SeedbedEnv`: the same vector encoding of
``observe(seat)`` (:class:`~seedbed.adapters.encoders.GameEncoders`), passed through
:func:`scaled` as the training wrapper does, and a mask with 1 at the integer of each action
of its menu. It reads only its :class:`~seedbed.bots.api.InfoSet`: the integers of the menu are
taken from a state sampled consistently with the seat's knowledge (an action's integer depends
only on what its player knows).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import gymnasium as gym
import numpy as np

from seedbed.adapters.encoders import FloatArray, GameEncoders
from seedbed.bots.api import Bot, InfoSet
from seedbed.bots.specs import BotKind, register_bot
from seedbed.engine.api import Action
from seedbed.engine.rng import Rng


class Policy(Protocol):
    """What the bot asks of a trained model (Stable-Baselines3's ``predict``)."""

    def predict(
        self, observation: Any, *, action_masks: Any = None, deterministic: bool = False
    ) -> tuple[Any, Any]: ...


def scaled(vector: FloatArray) -> FloatArray:
    """The network's input: ``log(1 + x)`` of the encoding. The encodings are raw counts and
    flags (docs/research.md); this keeps flags near 0.7 and large counts a few units, with no
    statistics to carry from training to play."""
    return np.log1p(vector, dtype=np.float32)


class ScaledObservation(gym.ObservationWrapper[FloatArray, np.int64, FloatArray]):
    """The training side of :func:`scaled`: a Gymnasium wrapper over a vector-observation
    environment (``action_masks`` is still reached through ``env.unwrapped``)."""

    def __init__(self, env: gym.Env[FloatArray, np.int64]) -> None:
        super().__init__(env)
        box = env.observation_space
        assert isinstance(box, gym.spaces.Box)
        self.observation_space = gym.spaces.Box(
            low=scaled(box.low), high=scaled(box.high), dtype=np.float32
        )

    def observation(self, observation: FloatArray) -> FloatArray:
        return scaled(observation)

    def action_masks(self) -> Any:
        return self.env.unwrapped.action_masks()  # type: ignore[attr-defined]


class PolicyBot(Bot):
    """Plays ``policy``'s choice (its most likely action when ``deterministic``) among the
    legal actions of its seat."""

    name = "policy"

    def __init__(
        self,
        policy: Policy,
        game_name: str,
        num_players: int,
        options: Mapping[str, Any] | None = None,
        deterministic: bool = True,
        action_space: str = "full",
    ) -> None:
        self.policy = policy
        self.encoders = GameEncoders(game_name, num_players, options, action_space=action_space)
        self.deterministic = deterministic

    def act(self, info: InfoSet, rng: Rng) -> Action:
        if self.encoders.compact is not None:
            return self._compose(info, rng)
        menu = info.legal_actions()
        sample = info.sample(rng)  # integers of the menu, from the seat's knowledge only
        by_index = {self.encoders.actions.encode(sample, info.player, a): a for a in menu}
        mask = self.encoders.no_mask()
        mask[list(by_index)] = 1
        observation = scaled(self.encoders.vector(info.observation()))
        chosen, _ = self.policy.predict(
            observation, action_masks=mask, deterministic=self.deterministic
        )
        return by_index[int(chosen)]

    def _compose(self, info: InfoSet, rng: Rng) -> Action:
        """The compact space (issue 34 item 3): the policy's integers, draft step by draft
        step as in training, until they make an action (read from the sampled state, whose
        part known to the seat, its menu included, is the real one's)."""
        actions = self.encoders.compact_actions()
        assert actions is not None
        actions.start(info.sample(rng), info.player)
        vector = self.encoders.vector(info.observation())
        while True:
            observation = scaled(self.encoders.with_draft(vector, actions))
            chosen, _ = self.policy.predict(
                observation, action_masks=actions.mask(), deterministic=self.deterministic
            )
            action = actions.choose(int(chosen))
            if action is not None:
                return action


def register_policy(
    name: str,
    policy: Policy,
    num_players: int,
    options: Mapping[str, Any] | None = None,
    action_space: str = "full",
) -> None:
    """Make ``name`` a bot spec (``seedbed.bots.specs``) that plays ``policy``, so the arena's
    tournaments seat it like any bot. The registration lives in this process: run the arena
    in it (one job)."""

    def make(game_name: str, params: Mapping[str, Any]) -> Bot:
        return PolicyBot(policy, game_name, num_players, options, action_space=action_space)

    register_bot(BotKind(name, f"the trained policy {name} (examples/policy_bot.py)", make))
