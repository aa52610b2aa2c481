"""A Gymnasium ``VectorEnv`` of many games stepped in one native call (issue 34 item 4).

``SeedbedVectorEnv(game, num_envs, opponents="random,random")`` holds ``num_envs`` games of
``game`` on the native engine, the learner at ``seat`` (0) of each and uniform random
opponents at the others (one more seat than specs; every spec must be ``random``). One call
of :meth:`SeedbedVectorEnv.step` crosses into the core once for the whole batch: each game
plays the learner's integer, its opponents' moves up to the learner's next decision, then
the learner's observation and legal-action mask are written by Rust into rows of two NumPy
arrays (``seedbed._native.Encoder.step``). Observations are the float32 vectors of
:class:`~seedbed.adapters.gymnasium.SeedbedEnv`; the masks are ``info["action_mask"]``, an
int8 array ``(num_envs, actions)``, and :meth:`SeedbedVectorEnv.action_masks` (a copy).
Each step writes into new arrays, so what a step returned is never written over; the mask
of ``info`` is the one the next step reads to tell an illegal action, so a learner that
edits it in place should copy it first. With ``copy=False`` (as Gymnasium's
``SyncVectorEnv(copy=False)``) every step writes into the same two arrays: a caller that keeps
an observation or a mask past the next step copies it (no allocation per step: ~1 µs a game
for Fields of Green's 9 KB rows, D-86).

Rewards, as ``SeedbedEnv``: the learner's share of the win at the end, 0 before; an action
outside the mask ends that game with ``illegal_reward`` (nothing played). Autoreset is
Gymnasium's default, ``NEXT_STEP``: the step after a game ends resets it (its action is
ignored, reward 0, not terminated). ``reset(seed=s)`` seeds the generator that draws each
game's seed; ``reset(options={"game_seeds": [...]})`` deals those seeds. The opponents of a
game draw from a generator of its seed (``arena.play.seat_rng(seed, num_players)``: a stream
no bot seat uses), so a batch is a pure function of the seeds and the learner's actions.

``action_space="compact"`` (Bohnanza's 232 integers, Fields of Green's 421, D-86) steps each
game's draft in the same native call: an integer that only grows a draft leaves that game
where it was (reward 0), one that completes an action plays it and the opponents; each row of
the observations is the vector and the draft's features (``SeedbedEnv``'s compact
observation), each row of the masks the draft's.

Every game runs here (Fields of Green since its mask became native, D-83). Other opponents,
and a game whose actions have no native encoding, are refused with ValueError:
``gymnasium.vector.SyncVectorEnv`` over :class:`~seedbed.adapters.gymnasium.SeedbedEnv`
covers them, one game at a time.

>>> envs = SeedbedVectorEnv("stalk_exchange", 4, "random,random")
>>> obs, info = envs.reset(seed=1)
>>> obs.shape, info["action_mask"].shape
((4, 591), (4, 254))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from seedbed.adapters.compact import NativeCompactActions
from seedbed.adapters.encoders import GameEncoders
from seedbed.arena.play import seat_rng
from seedbed.bots.specs import parse_spec_list
from seedbed.engine.native_state import NATIVE, NativeState

SEED_RANGE = 2**31
"""Game seeds are drawn from ``range(SEED_RANGE)``."""


class SeedbedVectorEnv(VectorEnv):
    """``num_envs`` games of one game against random opponents (see the module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012
        "autoreset_mode": AutoresetMode.NEXT_STEP,
        "render_modes": [],
    }

    def __init__(
        self,
        game: str,
        num_envs: int,
        opponents: str = "random",
        *,
        seat: int = 0,
        options: Mapping[str, Any] | None = None,
        illegal_reward: float = -1.0,
        action_space: str = "full",
        copy: bool = True,
    ) -> None:
        specs = parse_spec_list(opponents)
        if any(spec.name != "random" or dict(spec.params).get("polite") for spec in specs):
            raise ValueError(
                "the vector environment's opponents are uniform random (random,random,...); "
                "for other bots use gymnasium.vector.SyncVectorEnv over SeedbedEnv"
            )
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, got {num_envs}")
        n = len(specs) + 1
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not a seat of a {n}-player game")
        self.encoders = GameEncoders(game, n, options, engine="native", action_space=action_space)
        native = self.encoders.native
        if native is None or not native.has_mask:
            raise ValueError(
                f"{game} has no native action encoding: use gymnasium.vector.SyncVectorEnv "
                "over SeedbedEnv"
            )
        self.native = native
        self._drafts: list[Any] | None = None
        """The core's draft of each game (``action_space="compact"``), else None."""
        if self.encoders.compact is not None:
            found = [self.encoders.compact_actions() for _ in range(num_envs)]
            self._drafts = [d.core for d in found if isinstance(d, NativeCompactActions)]
            if len(self._drafts) != num_envs:
                raise ValueError(f"{game}'s compact space is not native")
        self.metadata = {**type(self).metadata, "name": f"{game}_v0"}
        self.num_envs = num_envs
        self.num_players = n
        self.seat = seat
        self.illegal_reward = illegal_reward
        self.copy = copy
        """False: every step writes into the same two arrays (see the module docstring)."""
        self.single_observation_space = self.encoders.space("vector")
        self.single_action_space = self.encoders.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.render_mode = None
        self._seeds, _ = seeding.np_random(None)
        self.states: list[NativeState] = []
        self.game_seeds: list[int] = []
        self._rngs: list[Any] = []
        width = self.single_observation_space.shape[0]  # type: ignore[index]
        self._obs = np.zeros((num_envs, width), dtype=np.float32)
        self._masks = np.zeros((num_envs, self.encoders.mask_space.shape[0]), dtype=np.int8)
        self._ended = np.zeros(num_envs, dtype=np.bool_)
        self.decisions = 0
        """Every decision played so far in all games (the learner's and the opponents')."""

    def _deal(self, i: int, game_seed: int) -> None:
        """Game ``i`` dealt from ``game_seed``, its opponents' generator from the seed."""
        state = self.encoders.game.new_state(self.num_players, game_seed, self.encoders.options)
        assert isinstance(state, NativeState)
        rng = NATIVE.Rng.from_state(seat_rng(game_seed, self.num_players).state)
        if len(self.states) <= i:
            self.states.append(state)
            self.game_seeds.append(game_seed)
            self._rngs.append(rng)
        else:
            self.states[i], self.game_seeds[i], self._rngs[i] = state, game_seed, rng

    def reset(
        self, *, seed: int | Sequence[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        if isinstance(seed, Sequence):
            seed = seed[0]
        if seed is not None:
            self._seeds, _ = seeding.np_random(seed)
        seeds = (options or {}).get("game_seeds")
        if seeds is None:
            seeds = [int(s) for s in self._seeds.integers(SEED_RANGE, size=self.num_envs)]
        if len(seeds) != self.num_envs:
            raise ValueError(f"game_seeds must hold {self.num_envs} seeds")
        for i, game_seed in enumerate(seeds):
            self._deal(i, int(game_seed))
        self._advance(range(self.num_envs))
        self._native_step(np.zeros(self.num_envs, np.int64), np.zeros(self.num_envs, np.bool_))
        self._ended[:] = False
        return self._obs, self._info()

    def _advance(self, chosen: Sequence[int]) -> None:
        """The opponents' moves of the games ``chosen`` (new deals) up to the learner's first
        decision, the wrappers told."""
        states = [self.states[i] for i in chosen]
        self.decisions += self.native.core.advance(
            [s.zones for s in states], self.seat, [self._rngs[i] for i in chosen]
        )
        for state in states:
            state.moved_natively()

    def _native_step(
        self, actions: np.ndarray[Any, Any], active: np.ndarray[Any, Any]
    ) -> tuple[list[bool], list[bool], list[float]]:
        """The batch's one native call: play, advance, write observations and masks, into
        fresh arrays (handed out as they are: no copy of a batch of masks per step), or with
        ``copy=False`` into the same two arrays."""
        if self.copy:
            self._obs = np.empty_like(self._obs)
            self._masks = np.empty_like(self._masks)
        zones = [s.zones for s in self.states]
        common = (self.seat, actions.tolist(), active.tolist(), self._rngs)
        if self._drafts is None:
            applied, over, reward, moves = self.native.core.step(
                zones, *common, self._obs, self._masks
            )
            changed = common[2]
        else:  # the compact space: each game's draft takes its integer (D-86)
            applied, over, reward, moves, changed = self.native.core.step_drafts(
                zones, *common, self._drafts, self._obs, self._masks
            )
        self.decisions += moves
        for state, moved in zip(self.states, changed, strict=True):
            if moved:  # a step of a draft leaves the game (and its wrapper) as it was
                state.moved_natively()
        return applied, over, reward

    def step(
        self, actions: Any
    ) -> tuple[
        Any, np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any], dict[str, Any]
    ]:
        actions = np.asarray(actions, dtype=np.int64).reshape(self.num_envs)
        restart = self._ended.copy()
        for i in np.flatnonzero(restart):
            self._deal(int(i), int(self._seeds.integers(SEED_RANGE)))
        if restart.any():
            self._advance(np.flatnonzero(restart).tolist())
        size = self._masks.shape[1]
        inside = (actions >= 0) & (actions < size)
        legal = np.zeros(self.num_envs, dtype=np.bool_)
        rows = np.flatnonzero(inside)
        legal[rows] = self._masks[rows, actions[rows]] == 1
        illegal = ~restart & ~legal
        active = ~restart & legal
        applied, over, reward = self._native_step(np.where(active, actions, 0), active)
        rewards = np.asarray(reward, dtype=np.float64)
        terminated = np.asarray(over, dtype=np.bool_)
        refused = active & ~np.asarray(applied, dtype=np.bool_)
        illegal |= refused
        rewards[illegal] = self.illegal_reward
        terminated |= illegal
        rewards[restart] = 0.0
        terminated[restart] = False
        self._masks[illegal] = 0
        self._ended = terminated.copy()
        truncated = np.zeros(self.num_envs, dtype=np.bool_)
        info = self._info()
        if illegal.any():
            info["illegal_action"] = illegal
        return self._obs, rewards, terminated, truncated, info

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._masks}

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The legal actions of every game now (rows of 0/1)."""
        return self._masks.copy()

    def close_extras(self, **kwargs: Any) -> None:
        self.states = []


def make_vector_env(game: str, num_envs: int, **kwargs: Any) -> SeedbedVectorEnv:
    """:class:`SeedbedVectorEnv` (the name Gymnasium's ``make_vec`` entry points take)."""
    return SeedbedVectorEnv(game, num_envs, **kwargs)


__all__ = ["SeedbedVectorEnv", "make_vector_env", "spaces"]
