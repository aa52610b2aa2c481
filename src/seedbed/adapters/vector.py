"""A Gymnasium ``VectorEnv`` of many games stepped in one native call (issue 34 item 4).

``SeedbedVectorEnv(game, num_envs, opponents="random,random")`` holds ``num_envs`` games of
``game`` on the native engine, the learner at ``seat`` (0) of each and uniform random
opponents at the others (one more seat than specs; every spec must be ``random``). One call
of :meth:`SeedbedVectorEnv.step` crosses into the core once for the whole batch: each game
plays the learner's integer, its opponents' moves up to the learner's next decision, then
the learner's observation and legal-action mask are written by Rust into rows of two NumPy
arrays, and the rewards and ends into two more (``seedbed._native.Batch.step``: the games,
their generators and drafts stay in the core between steps, D-89). Observations are the
float32 vectors of :class:`~seedbed.adapters.gymnasium.SeedbedEnv`; the masks are
``info["action_mask"]``, an int8 array ``(num_envs, actions)``, and
:meth:`SeedbedVectorEnv.action_masks` (a copy). Each step writes into new arrays, so what a
step returned is never written over; what is legal is kept by the core (the integers of the
mask it wrote), so a learner may edit a returned mask in place. With ``copy=False`` (as
Gymnasium's
``SyncVectorEnv(copy=False)``) every step writes into the same two arrays: a caller that keeps
an observation or a mask past the next step copies it (no allocation per step: ~1 µs a game
for Fields of Green's 9 KB rows, D-86). :attr:`SeedbedVectorEnv.states` are the games'
``State`` wrappers, told of the core's moves when that list is read.

Rewards, as ``SeedbedEnv``: the learner's share of the win at the end, 0 before; an action
outside the mask ends that game with ``illegal_reward`` (nothing played). Autoreset is
Gymnasium's default, ``NEXT_STEP``: the step after a game ends resets it (its action is
ignored, reward 0, not terminated). ``reset(seed=s)`` seeds the generator that draws each
game's seed; ``reset(options={"game_seeds": [...]})`` deals those seeds. The opponents of a
game draw from a generator of its seed (``arena.play.seat_rng(seed, num_players)``: a stream
no bot seat uses), so a batch is a pure function of the seeds and the learner's actions.

``action_space="compact"`` (Bohnanza's 232 integers, Fields of Green's 421, D-86) steps each
game's draft in the same native call: an integer that only grows a draft leaves that game
where it was (reward 0; its observation is copied from the last step's, not written again,
D-89), one that completes an action plays it and the opponents; each row of the observations
is the vector and the draft's features (``SeedbedEnv``'s compact observation), each row of
the masks the draft's.

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
        drafts: list[Any] | None = None
        """The core's draft of each game (``action_space="compact"``), else None."""
        if self.encoders.compact is not None:
            found = [self.encoders.compact_actions() for _ in range(num_envs)]
            drafts = [d.core for d in found if isinstance(d, NativeCompactActions)]
            if len(drafts) != num_envs:
                raise ValueError(f"{game}'s compact space is not native")
        self.batch = NATIVE.Batch(native.core, num_envs, seat, illegal_reward, drafts)
        """The games in the core between steps (``seedbed._native.Batch``)."""
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
        self._states: list[NativeState] = []
        self.game_seeds: list[int] = []
        width = self.single_observation_space.shape[0]  # type: ignore[index]
        self._obs = np.zeros((num_envs, width), dtype=np.float32)
        self._masks = np.zeros((num_envs, self.encoders.mask_space.shape[0]), dtype=np.int8)
        self._ended = np.zeros(num_envs, dtype=np.bool_)
        self._stale = np.zeros(num_envs, dtype=np.bool_)
        """The games moved by the core since their wrappers were last told."""
        self.decisions = 0
        """Every decision played so far in all games (the learner's and the opponents')."""

    @property
    def states(self) -> list[NativeState]:
        """Each game's state (the wrappers of the core's positions: those that moved since
        they were last read here are told now, so read them through this list)."""
        if self._stale.any():
            for i in np.flatnonzero(self._stale):
                self._states[i].moved_natively()
            self._stale[:] = False
        return self._states

    def _deal(self, i: int, game_seed: int) -> None:
        """Game ``i`` dealt from ``game_seed``, its opponents' generator from the seed (the
        core's generator of ``seat_rng``'s stream). A game after the first in its place is
        dealt by the core under the last one's configuration (``GameEncoders.deal``)."""
        last = self._states[i] if i < len(self._states) else None
        state = self.encoders.deal(game_seed, last)
        assert isinstance(state, NativeState)
        if last is None:
            self._states.append(state)
            self.game_seeds.append(game_seed)
        else:
            self._states[i], self.game_seeds[i] = state, game_seed
        self._stale[i] = False
        self.batch.deal(i, state.zones, seat_rng(game_seed, self.num_players, NATIVE.Rng))

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
        self._native_step(np.zeros(self.num_envs, np.int64))
        self._ended[:] = False
        return self._obs, self._info()

    def _native_step(
        self, actions: np.ndarray[Any, Any]
    ) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any]]:
        """The batch's one native call (``Batch.step``): check, play, advance, write
        observations and masks, into fresh arrays (handed out as they are: no copy of a
        batch of masks per step), or with ``copy=False`` into the same two arrays. Returns
        (rewards, terminated, illegal)."""
        if self.copy:
            self._obs = np.empty_like(self._obs)
            self._masks = np.empty_like(self._masks)
        n = self.num_envs
        rewards = np.empty(n, dtype=np.float64)
        flags = np.empty((3, n), dtype=np.uint8)  # over, illegal, moved
        self.decisions += self.batch.step(
            actions, self._obs, self._masks, rewards, flags[0], flags[1], flags[2]
        )
        flags = flags.view(np.bool_)
        self._stale |= flags[2]
        return rewards, flags[0], flags[1]

    def step(
        self, actions: Any
    ) -> tuple[
        Any, np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any], dict[str, Any]
    ]:
        actions = np.ascontiguousarray(actions, dtype=np.int64).reshape(self.num_envs)
        if self._ended.any():  # NEXT_STEP autoreset: a game that ended is dealt again
            for i in np.flatnonzero(self._ended):
                self._deal(int(i), int(self._seeds.integers(SEED_RANGE)))
        rewards, terminated, illegal = self._native_step(actions)
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
        self._states = []


def make_vector_env(game: str, num_envs: int, **kwargs: Any) -> SeedbedVectorEnv:
    """:class:`SeedbedVectorEnv` (the name Gymnasium's ``make_vec`` entry points take)."""
    return SeedbedVectorEnv(game, num_envs, **kwargs)


__all__ = ["SeedbedVectorEnv", "make_vector_env", "spaces"]
