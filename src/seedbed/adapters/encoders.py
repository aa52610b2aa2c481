"""One game's observations and actions as NumPy arrays and Gymnasium spaces (issue 18, item 1).

:class:`GameEncoders` joins the game's two declared encodings: the observation encoding
(``GameSpec.observation``, :mod:`seedbed.engine.observation`), which reads only
``state.observe(p)``, and the stable integer action encoding (``GameSpec.encoding``,
docs/action-encoding.md). The legal-action mask is derived from the menu of the player on the
move, which an environment may read since it runs the game; it is built as NumPy zeros with
the menu's integers set, never a Python loop over the whole action range.

When the game runs on the native engine, :meth:`GameEncoders.observe`, :meth:`GameEncoders.mask`
and :meth:`GameEncoders.apply` go through the core's encoders (``native``,
:mod:`seedbed.adapters.native_encoders`, issue 34 item 1): the vector and mask are written by
Rust into NumPy arrays and an integer is played without an action object; the Python
encodings stay the reference they are tested against.

>>> enc = GameEncoders("stalk_exchange", 3)
>>> state = enc.game.new_state(3, seed=1)
>>> vector = enc.vector(state.observe(0))
>>> vector.shape, vector.dtype, vector in enc.vector_space
((591,), dtype('float32'), True)
>>> mask = enc.mask(state, 0)
>>> mask.shape, int(mask.sum()) == len(state.legal_actions(0))
((254,), True)
>>> sorted(enc.as_dict(vector))[:3]
['active', 'compost', 'crash']
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from typing import Any

import numpy as np
from gymnasium import spaces

from seedbed.adapters.compact import (
    CompactActions,
    Drafts,
    Encoding,
    NativeCompactActions,
    draft_space,
)
from seedbed.adapters.native_encoders import NativeEncoders
from seedbed.engine.api import Action, PlayerId, State
from seedbed.engine.encoding import ActionEncoding
from seedbed.engine.native_state import NativeState
from seedbed.engine.observation import ObservationEncoder
from seedbed.engine.registry import game as lookup_game
from seedbed.engine.registry import spec as lookup_spec

FloatArray = np.ndarray[Any, np.dtype[np.float32]]
MaskArray = np.ndarray[Any, np.dtype[np.int8]]


class GameEncoders:
    """The encodings of ``game_name`` under ``options`` for ``num_players`` (the spaces are
    fixed by these three), on ``engine`` (None: the default, native where built)."""

    def __init__(
        self,
        game_name: str,
        num_players: int,
        options: Mapping[str, Any] | None = None,
        engine: str | None = None,
        action_space: str = "full",
    ) -> None:
        declared = lookup_spec(game_name)
        if declared.observation is None or declared.encoding is None:
            raise ValueError(f"game {game_name!r} declares no observation or action encoding")
        self.game_name = game_name
        self.game = lookup_game(game_name, engine)
        if num_players not in self.game.player_counts(options):
            counts = self.game.player_counts(options)
            raise ValueError(
                f"{declared.title} takes {counts.start}-{counts.stop - 1} players, "
                f"not {num_players}"
            )
        self.num_players = num_players
        self.options = self.game.normalize_options(options)
        self.observation: ObservationEncoder = import_module(
            declared.observation
        ).observation_encoder(self.options, num_players)
        self.actions: ActionEncoding = import_module(declared.encoding).action_encoding(
            self.options
        )
        self.vector_space = spaces.Box(
            low=np.concatenate(
                [np.full(_width(f.shape), f.low, np.float32) for f in self.observation.fields]
            ),
            high=np.concatenate(
                [np.asarray(f.highs(), np.float32) for f in self.observation.fields]
            ),
            dtype=np.float32,
        )
        self.dict_space = spaces.Dict(
            {
                f.name: spaces.Box(
                    low=f.low,
                    high=np.asarray(f.highs(), np.float32).reshape(f.shape),
                    dtype=np.float32,
                )
                for f in self.observation.fields
            }
        )
        self.compact: Encoding | None = None
        """The compact action space (``action_space="compact"``, issue 34 item 3), or None."""
        size = self.actions.size
        if action_space == "compact":
            if declared.compact_encoding is None:
                raise ValueError(f"{declared.title} has no compact action space")
            self.compact = import_module(declared.compact_encoding).compact_encoding(self.options)
            size = self.compact.size
            self.draft_space = draft_space(self.compact)
        elif action_space != "full":
            raise ValueError(f"action_space must be full or compact, got {action_space!r}")
        self.action_space = spaces.Discrete(size)
        self.mask_space = spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8)
        self.native = NativeEncoders.of(self)
        """The core's encoders when the game runs on the native engine, else None."""

    def space(self, form: str) -> spaces.Space[Any]:
        """The observation space of ``form``: ``"vector"`` (a Box) or ``"dict"`` (a Dict);
        with the compact action space, the draft's features follow (``draft``)."""
        if form not in ("vector", "dict"):
            raise ValueError(f"observation form must be vector or dict, got {form!r}")
        if self.compact is None:
            return self.vector_space if form == "vector" else self.dict_space
        if form == "dict":
            return spaces.Dict({**self.dict_space.spaces, "draft": self.draft_space})
        return spaces.Box(
            low=np.concatenate([self.vector_space.low, self.draft_space.low]),
            high=np.concatenate([self.vector_space.high, self.draft_space.high]),
            dtype=np.float32,
        )

    def deal(self, seed: int, last: State | None = None) -> State:
        """A new game of this table (the game, player count and options) dealt from
        ``seed``: the game's ``new_state``. Given the ``last`` game of this table on the
        native engine, the core deals it under that game's configuration (``redeal``: the
        same position, the options not read again, D-89)."""
        if isinstance(last, NativeState):
            return last._rebuilt(last.zones.redeal(seed))
        return self.game.new_state(self.num_players, seed, self.options)

    def compact_actions(self) -> Drafts | None:
        """A fresh draft holder for one environment, or None in the full space: the core's
        (:class:`NativeCompactActions`) on the native engine when the game describes it."""
        if self.compact is None:
            return None
        if self.native is not None:
            found = self.native.compact_actions(self.compact)
            if found is not None:
                return found
        return CompactActions(self.compact)

    def with_draft(self, observation: Any, actions: Drafts | None, drafting: bool = True) -> Any:
        """The observation of :meth:`encode` with the draft's features (compact space; zeros
        when ``drafting`` is False: a seat that does not decide now). A new array (or dict of
        new arrays): the caller keeps it."""
        if actions is None:
            return observation
        if isinstance(observation, dict):
            features = actions.features() if drafting else self.draft_space.low.copy()
            return {**{k: v.copy() for k, v in observation.items()}, "draft": features}
        width = len(observation)
        out = np.empty(width + len(self.draft_space.low), dtype=np.float32)
        out[:width] = observation
        self._features_into(out[width:], actions, drafting)
        return out

    def observe_drafted(
        self, state: State, player: PlayerId, form: str, actions: Drafts, drafting: bool
    ) -> Any:
        """:meth:`observe` then :meth:`with_draft`, the vector written once into its array
        (the environments' per-step observation with a compact space)."""
        native = self._native_for(state)
        if form != "vector" or native is None:
            return self.with_draft(self.observe(state, player, form), actions, drafting)
        out = np.empty(native.obs_size + len(self.draft_space.low), dtype=np.float32)
        native.core.observation_into(state.zones, player, out)  # type: ignore[attr-defined]
        self._features_into(out[native.obs_size :], actions, drafting)
        return out

    def _features_into(self, out: FloatArray, actions: Drafts, drafting: bool) -> None:
        if not drafting:
            out[:] = self.draft_space.low
        elif isinstance(actions, NativeCompactActions):
            actions.core.features_into(out)
        else:
            out[:] = actions.features()

    def vector(self, obs: Mapping[str, Any]) -> FloatArray:
        """The float32 vector of an observation (the dict of ``observe(p)``)."""
        return np.frombuffer(self.observation.encode(obs), dtype=np.float32)

    def as_dict(self, vector: FloatArray) -> dict[str, FloatArray]:
        """The dict form of a vector: one array per field, shaped (views, not copies)."""
        return {
            f.name: vector[slice(*self.observation.starts[f.name])].reshape(f.shape)
            for f in self.observation.fields
        }

    def encode(self, obs: Mapping[str, Any], form: str) -> FloatArray | dict[str, FloatArray]:
        vector = self.vector(obs)
        return vector if form == "vector" else self.as_dict(vector)

    def _native_for(self, state: State) -> NativeEncoders | None:
        """The native encoders when ``state`` is one of their game's native states."""
        native = self.native
        if native is None:
            return None
        if type(state) is native.state_type or isinstance(state, NativeState):
            return native
        return None

    def observe(self, state: State, player: PlayerId, form: str = "vector") -> Any:
        """``player``'s observation of ``state`` in ``form`` (natively when it can)."""
        native = self._native_for(state)
        if native is not None:
            vector = native.observation(state, player)  # type: ignore[arg-type]
            return vector if form == "vector" else self.as_dict(vector)
        return self.encode(state.observe(player), form)

    def apply(self, state: State, player: PlayerId, index: int) -> None:
        """Play the action of integer ``index`` (from the mask) for ``player``."""
        native = self._native_for(state)
        if (
            native is not None and native.has_mask and native.apply_index(state, player, index)  # type: ignore[arg-type]
        ):
            return
        state.apply(player, self.decode(state, player, index))  # the refusal, as Python's

    def legal_indices(self, state: State, player: PlayerId) -> list[int]:
        """The integers of ``player``'s menu."""
        return self.actions.legal_indices(state, player)

    def mask(self, state: State, player: PlayerId) -> MaskArray:
        """1 at the integer of every action of ``player``'s menu, 0 elsewhere."""
        native = self._native_for(state)
        if native is not None and native.has_mask:
            found = native.mask(state, player)  # type: ignore[arg-type]
            if found is not None:
                return found
        return self.python_mask(state, player)

    def python_mask(self, state: State, player: PlayerId) -> MaskArray:
        """:meth:`mask` from the Python encoding (the reference the native one equals)."""
        out = np.zeros(self.actions.size, dtype=np.int8)
        out[self.actions.legal_indices(state, player)] = 1
        return out

    def no_mask(self) -> MaskArray:
        """The mask of a player who may not act."""
        return np.zeros(self.mask_space.shape, dtype=np.int8)

    def decode(self, state: State, player: PlayerId, index: int) -> Action:
        """The action of integer ``index`` for ``player`` now."""
        return self.actions.decode(state, player, index)


def _width(shape: tuple[int, ...]) -> int:
    return int(np.prod(shape, dtype=np.int64))


def outcome_rewards(state: State) -> list[float]:
    """The reward of each seat at the end: its share of the win, 1/k for each of k winners
    (ties share), 0 for the others. Every reward before the end is 0."""
    winners = state.outcome().winners
    return [1.0 / len(winners) if p in winners else 0.0 for p in range(state.num_players)]
