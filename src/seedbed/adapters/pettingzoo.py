"""PettingZoo AEC environments for every seedbed game (issue 18, item 2).

Agents are ``player_0`` … ``player_{N-1}`` (seat numbers). Each agent observes a dict:
``"observation"``, the game's fixed-size encoding of what the seat may know (a float32 vector,
or with ``observation="dict"`` a dict of arrays, :mod:`seedbed.adapters.encoders`), and
``"action_mask"``, an int8 vector over the game's stable action integers (docs/action-
encoding.md): 1 at every action of the menu when the agent is the one selected to act, zeros
otherwise. Actions are those integers (a ``Discrete`` space).

Several players on the move at once (Bohnanza's open trading, Fields of Green's commits):
the next agent is the first of ``state.to_move()``, the order every seedbed driver asks them
in (DESIGN §3); the others act when their turn in that order comes, and may find the moment
changed by then, as at a real table.

Rewards come at the end only: each seat's share of the win (1/k for each of k tied winners,
0 for the others). Seeding: ``reset(seed=s)`` seeds the environment's generator, which draws
the game's seed, so two environments reset with the same seed play the same game; nothing
reads the global ``random``; ``reset(options={"game_seed": g})`` deals game seed ``g`` itself (a
dataset row's ``seed``). ``max_cycles`` (None: no limit) truncates every agent after that many
cycles of ``num_players`` steps. ``state()`` is the global state (every seat's vector, in
``state_space``). The metadata's name is the game's (``bohnanza_v0``). No parallel API: the
games' moves are never simultaneous (several players on the move are asked one by one, DESIGN
§3), so ``aec_to_parallel`` does not apply (``is_parallelizable`` is False). An action outside
the mask raises ValueError. ``action_space="compact"`` (Bohnanza, issue 34 item 3; Fields of
Green, D-86) composes an action in steps: a step that only grows the draft leaves the game and
the agent selection as they were, and the draft's features follow the observation (zeros for
the other agents). The game's state is ``game_state`` (``state()`` is PettingZoo's global
state).

:func:`env` is the environment in PettingZoo's usual wrappers (``OrderEnforcingWrapper`` over
``AssertOutOfBoundsWrapper``), as PettingZoo's own ``env()``; :func:`raw_env` the bare one.

>>> env = env("stalk_exchange", num_players=3)
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> env.agent_selection, obs["observation"].shape, int(obs["action_mask"].sum()) > 0
('player_0', (591,), True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from seedbed.adapters.encoders import GameEncoders, outcome_rewards
from seedbed.engine.api import State
from seedbed.engine.registry import spec as lookup_spec
from seedbed.engine.render import render_observation

SEED_RANGE = 2**31
"""Game seeds are drawn from ``range(SEED_RANGE)``."""


class SeedbedAECEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment of one game, player count and options (see the module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": ["ansi", "human"],
        "name": "seedbed_v0",  # each instance's is its game's: bohnanza_v0 …
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        num_players: int = 2,
        options: Mapping[str, Any] | None = None,
        *,
        observation: str = "vector",
        engine: str | None = None,
        render_mode: str | None = None,
        max_cycles: int | None = None,
        action_space: str = "full",
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of ansi, human, got {render_mode!r}")
        self.encoders = GameEncoders(game, num_players, options, engine, action_space)
        self.compact = self.encoders.compact_actions()
        """The draft of the compact action space (``action_space="compact"``), or None: the
        selected agent's, started afresh at every move of the game."""
        self.metadata = {**type(self).metadata, "name": f"{game}_v0"}
        self.max_cycles = max_cycles
        """The most cycles (a step of every agent each) before every agent is truncated."""
        self.steps = 0
        vector = self.encoders.vector_space
        self.state_space = spaces.Box(
            low=np.tile(vector.low, num_players),
            high=np.tile(vector.high, num_players),
            dtype=np.float32,
        )
        self.form = observation
        self.render_mode = render_mode
        self.possible_agents = [f"player_{p}" for p in range(num_players)]
        self._seat = {a: p for p, a in enumerate(self.possible_agents)}
        space = spaces.Dict(
            {
                "observation": self.encoders.space(observation),
                "action_mask": self.encoders.mask_space,
            }
        )
        self._observation_space = dict.fromkeys(self.possible_agents, space)
        self._action_space = dict.fromkeys(self.possible_agents, self.encoders.action_space)
        self._np_random, _ = seeding.np_random(None)
        self.game_state: State = self.encoders.game.new_state(num_players, 0, self.encoders.options)
        self._mask_cache: tuple[int, Any] | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
        game_seed = int(self._np_random.integers(SEED_RANGE))
        if options and options.get("game_seed") is not None:
            game_seed = int(options["game_seed"])
        self.steps = 0
        self.game_state = self.encoders.deal(game_seed, self.game_state)
        self.game_seed = game_seed
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        """The next agent: the first player on the move."""
        self._mask_cache = None
        seat = self.game_state.to_move()[0]
        self.agent_selection = self.possible_agents[seat]
        if self.compact is not None:
            self.compact.start(self.game_state, seat)

    def _mask(self, agent: str) -> Any:
        """``agent``'s mask now, a fresh array the caller may keep."""
        found = self._current_mask(agent)
        return self.encoders.no_mask() if found is None else found.copy()

    def _current_mask(self, agent: str) -> Any:
        """``agent``'s mask now, the cached array itself (read, never handed out), or None
        when it may not act (all zeros)."""
        if (
            self.game_state.is_terminal()
            or agent != self.agent_selection
            or self.truncations.get(agent, False)
        ):
            return None
        seat = self._seat[agent]
        if self._mask_cache is None or self._mask_cache[0] != seat:
            if self.compact is None:
                fresh = self.encoders.mask(self.game_state, seat)
            else:
                fresh = self.compact.mask()  # the selected agent's moment and draft
            self._mask_cache = (seat, fresh)
        return self._mask_cache[1]

    def _count_step(self) -> None:
        """``max_cycles``: truncate every agent after that many cycles of steps."""
        self.steps += 1
        n = self.encoders.num_players
        if self.max_cycles is not None and self.steps >= self.max_cycles * n:
            self.truncations = dict.fromkeys(self.agents, True)
            self._mask_cache = None

    def state(self) -> Any:
        """The global state: every seat's observation vector, seat by seat (hidden
        information included: for centralised critics, not for a seat's policy)."""
        return np.concatenate(
            [self.encoders.observe(self.game_state, p) for p in range(self.encoders.num_players)]
        )

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat[agent]
        if self.compact is None:
            observation = self.encoders.observe(self.game_state, seat, self.form)
        else:  # the draft is the selected agent's; none for the others
            selected = agent == self.agent_selection and self.compact.deciding
            observation = self.encoders.observe_drafted(
                self.game_state, seat, self.form, self.compact, selected
            )
        return {"observation": observation, "action_mask": self._mask(agent)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        index = int(action)
        mask = self._current_mask(agent)  # read only: no copy per step
        if mask is None or not 0 <= index < len(mask) or not mask[index]:
            raise ValueError(f"action {index} is not legal for {agent} now (see the action mask)")
        drafting = False
        if self.compact is None:
            self.encoders.apply(self.game_state, seat, index)
        else:
            drafting = not self.compact.play(self.game_state, index)
        self._cumulative_rewards[agent] = 0.0
        if drafting:  # a step of a draft: the same agent goes on
            self._mask_cache = None
            self._count_step()
        elif self.game_state.is_terminal():
            for a, r in zip(self.agents, outcome_rewards(self.game_state), strict=True):
                self.rewards[a] = r
                self.terminations[a] = True
            self._mask_cache = None
        else:
            self._select()
            self._count_step()
        if self.terminations[agent]:  # rewards are 0 until the end: nothing to add before
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The spectator's view as text (``ansi``: returned; ``human``: printed)."""
        if self.render_mode is None:
            return None
        text = "\n".join(render_observation(self.encoders.game_name, self.game_state.observe(None)))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    def __str__(self) -> str:
        return f"<{lookup_spec(self.encoders.game_name).title} AEC environment>"


def raw_env(
    game: str,
    num_players: int = 2,
    options: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> SeedbedAECEnv:
    """The AEC environment of ``game`` unwrapped (see :class:`SeedbedAECEnv`)."""
    return SeedbedAECEnv(game, num_players, options, **kwargs)


def env(
    game: str,
    num_players: int = 2,
    options: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> AECEnv:
    """The AEC environment of ``game`` in PettingZoo's usual wrappers, as its own
    environments' ``env()`` (issue 39 item 6): an action outside the action space is an
    assertion, and the order is enforced (a step or ``agent_selection`` before ``reset()`` is
    PettingZoo's clear error). ``.unwrapped`` is the :class:`SeedbedAECEnv`."""
    wrapped = wrappers.AssertOutOfBoundsWrapper(raw_env(game, num_players, options, **kwargs))
    return wrappers.OrderEnforcingWrapper(wrapped)
