"""Observations and masks written by the native core into NumPy arrays (issue 34 item 1).

:class:`NativeEncoders` stands beside a :class:`~seedbed.adapters.encoders.GameEncoders` whose
game runs on the native engine: the core's ``seedbed._native.Encoder`` writes the observation
vector and the legal-action mask of a native state straight into NumPy arrays (the buffer
protocol: no Python dict, no Python loop), one seat or a batch of states per call, and
applies an action integer without making an action object. The Python encoders stay the
reference: the spec handed to the core is read from them (field layout and bounds, variety,
design and flower tables, the offer sides' order), and tests/adapters/test_native_encoding.py
checks both agree element for element over seeded games, every seat.

Every game's mask is native (Fields of Green's since issue 34 target 1, D-83: its integers
name placement cells and water splits, counted over the native menu's runs).

A game's compact action space (issue 34 item 3) runs in the core too when the module declares
``native_compact_spec``: :meth:`NativeEncoders.compact_actions` (Bohnanza's own,
``seedbed._native.CompactActions``; a factored full encoding such as Fields of Green's,
``seedbed._native.FactoredActions`` over this encoder, D-86).

>>> from seedbed.adapters.encoders import GameEncoders
>>> enc = GameEncoders("stalk_exchange", 3, engine="native")
>>> state = enc.game.new_state(3, seed=1)
>>> native = NativeEncoders.of(enc)
>>> bool((native.observation(state, 0) == enc.vector(state.observe(0))).all())
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from importlib import import_module
from typing import TYPE_CHECKING, Any

import numpy as np

from seedbed.adapters.compact import Encoding, NativeCompactActions
from seedbed.engine.native_state import NATIVE, NativeState
from seedbed.engine.registry import spec as lookup_spec

if TYPE_CHECKING:
    from seedbed.adapters.encoders import FloatArray, GameEncoders, MaskArray


def _fields(encoders: GameEncoders) -> list[list[Any]]:
    """The observation layout as the core reads it: [name, start, width, low, highs]."""
    return [
        [name, start, width, low, list(highs)]
        for name, (start, width, low, highs) in encoders.observation.places.items()
    ]


def spec(encoders: GameEncoders) -> dict[str, Any]:
    """What the core's encoder is built from, read off the Python reference encoders."""
    declared = _declared(encoders)
    if declared is None:
        raise ValueError(f"{encoders.game_name} declares no native encoder")
    tables = import_module(declared).native_encoder_spec(encoders.observation, encoders.actions)
    return {"fields": _fields(encoders), "num_players": encoders.num_players, **tables}


def _declared(encoders: GameEncoders) -> str | None:
    """The module describing the game's encodings to the core (GameSpec.native_encoder)."""
    return lookup_spec(encoders.game_name).native_encoder


class NativeEncoders:
    """The native encoders of one :class:`GameEncoders` (see the module docstring)."""

    def __init__(self, encoders: GameEncoders, state_type: type[NativeState]) -> None:
        self.encoders = encoders
        self.core = NATIVE.Encoder(encoders.game_name, json.dumps(spec(encoders)))
        self.obs_size: int = self.core.obs_size
        self.has_mask: bool = self.core.mask_size is not None
        self.mask_size: int = encoders.actions.size
        self.state_type = state_type
        """The class of the game's native states: ``type(state) is state_type`` is the
        environments' per-step test (``isinstance`` of the State ABC costs about 1 us)."""

    @staticmethod
    def of(encoders: GameEncoders) -> NativeEncoders | None:
        """The native encoders of ``encoders``' game, or None (no extension, a game without
        a native encoder, or a game on the Python engine)."""
        if NATIVE is None or _declared(encoders) is None:
            return None
        probe = encoders.game.new_state(encoders.num_players, 0, encoders.options)
        if not isinstance(probe, NativeState):
            return None
        return NativeEncoders(encoders, type(probe))

    def compact_actions(self, compact: Encoding) -> NativeCompactActions | None:
        """The core's draft holder of the compact space ``compact`` (one environment's), or
        None when the game's module describes no native compact space."""
        described = getattr(
            import_module(str(_declared(self.encoders))), "native_compact_spec", None
        )
        if described is None:
            return None
        tables = described(compact)
        if tables.get("factored"):  # a factored full encoding (seedbed.engine.factored)
            core = NATIVE.FactoredActions(self.core, json.dumps(tables))
        else:
            core = NATIVE.CompactActions(self.encoders.game_name, json.dumps(tables))
        return NativeCompactActions(core, compact, self.encoders.game.action_from_json)

    def observation(self, state: NativeState, seat: int) -> FloatArray:
        """``seat``'s observation vector of ``state`` (what ``vector(observe(seat))`` gives)."""
        out = np.empty(self.obs_size, dtype=np.float32)
        self.core.observation_into(state.zones, seat, out)
        return out

    def observations(self, states: Sequence[NativeState], seats: Sequence[int]) -> FloatArray:
        """A batch: row i is ``seats[i]``'s vector of ``states[i]``."""
        out = np.empty((len(states), self.obs_size), dtype=np.float32)
        self.core.observations_into([s.zones for s in states], list(seats), out)
        return out

    def mask(self, state: NativeState, seat: int) -> MaskArray | None:
        """``seat``'s legal-action mask, or None when this game's mask is Python's."""
        if not self.has_mask:
            return None
        out = np.empty(self.mask_size, dtype=np.int8)
        self.core.mask_into(state.zones, seat, out)
        return out

    def masks(self, states: Sequence[NativeState], seats: Sequence[int]) -> MaskArray | None:
        """A batch of masks (row i: ``seats[i]``'s of ``states[i]``), or None as :meth:`mask`."""
        if not self.has_mask:
            return None
        out = np.empty((len(states), self.encoders.actions.size), dtype=np.int8)
        self.core.masks_into([s.zones for s in states], list(seats), out)
        return out

    def legal_indices(self, state: NativeState, seat: int) -> list[int] | None:
        """The integers of ``seat``'s menu, ascending, or None as :meth:`mask`."""
        found: list[int] | None = self.core.legal_indices(state.zones, seat)
        return found

    def apply_index(self, state: NativeState, seat: int, index: int) -> bool:
        """Play the action of integer ``index`` for ``seat`` (False, nothing changed, when it
        names no action now or is refused). Only for a game with a native mask."""
        done: bool = self.core.apply_index(state.zones, seat, index)
        state.moved_natively()
        return done
