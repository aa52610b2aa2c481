"""A compact action space in an environment (issue 34 item 3, D-78): the draft of the action
being composed, held by the environment for the seat that decides, its mask and its features.

A game that declares ``GameSpec.compact_encoding`` (Bohnanza: an offer composed in steps,
``seedbed.games.bohnanza.compact``; Fields of Green: its full integers chosen coordinate by
coordinate, ``seedbed.games.fields_of_green.compact`` over ``seedbed.engine.factored``) can be
played in the environments with
``action_space="compact"``. :class:`CompactActions` is what the environment keeps: at each new
position of the game :meth:`start` reads the deciding seat's menu once (a ``Moment``); each
integer is then either a move (:meth:`choose` returns the action to apply) or a step of a
composition (it returns None: the game does not move, the same seat decides again, with the
mask and the draft's features updated). The draft is never part of the game state.

:class:`NativeCompactActions` is the same in the core (a game on the native engine whose
``GameSpec.native_encoder`` module declares ``native_compact_spec``): the moment is read off
the native state without its Python twin, the mask is written into the array by Rust, and
:meth:`NativeCompactActions.play` applies the integer's action without an action object.
Environments take an integer with ``play`` (either class); ``choose`` gives the action
itself (the parity test compares the two classes through it).

>>> import seedbed
>>> from seedbed.games.bohnanza.compact import compact_encoding
>>> actions = CompactActions(compact_encoding({}))
>>> state = seedbed.game("bohnanza", "python").new_state(3, 1, {})
>>> actions.start(state, state.to_move()[0])
>>> actions.mask().shape, int(actions.mask().sum()) > 0, actions.features().shape
((232,), True, (34,))
"""

from __future__ import annotations

import json
from typing import Any, Protocol

import numpy as np
from gymnasium import spaces

from seedbed.engine.api import Action, PlayerId, State
from seedbed.engine.encoding import EncodingError

FloatArray = np.ndarray[Any, np.dtype[np.float32]]
MaskArray = np.ndarray[Any, np.dtype[np.int8]]


class Encoding(Protocol):
    """What a game's ``compact_encoding(options)`` gives (duck-typed: the rules core
    imports nothing from the adapters)."""

    size: int
    draft_width: int

    def moment(self, state: State, player: PlayerId) -> Any: ...
    def draft_features(self, draft: Any) -> list[float]: ...
    def draft_highs(self) -> list[float]: ...
    def new_draft(self) -> Any: ...


class CompactActions:
    """The draft and the current moment of one environment (see the module docstring)."""

    def __init__(self, encoding: Encoding) -> None:
        self.encoding = encoding
        self.draft = encoding.new_draft()
        self.moment: Any = None

    def start(self, state: State, seat: PlayerId) -> None:
        """A new position: read ``seat``'s menu; no draft open."""
        self.moment = self.encoding.moment(state, seat)
        self.draft.clear()

    def clear(self) -> None:
        """No seat decides (the end, a truncation): nothing is legal."""
        self.moment = None
        self.draft.clear()

    @property
    def deciding(self) -> bool:
        """A seat decides (a moment is read)."""
        return self.moment is not None

    def mask(self) -> MaskArray:
        out = np.zeros(self.encoding.size, dtype=np.int8)
        if self.moment is not None:
            out[self.moment.legal(self.draft)] = 1
        return out

    def choose(self, index: int) -> Action | None:
        """The action to apply, or None when ``index`` only grew the draft."""
        action: Action | None = self.moment.choose(self.draft, index)
        return action

    def play(self, state: State, index: int) -> bool:
        """Take ``index`` for the deciding seat of ``state`` (the position of :meth:`start`):
        True when an action was applied, False when the draft only grew."""
        action = self.choose(index)
        if action is None:
            return False
        state.apply(self.moment.player, action)
        return True

    def features(self) -> FloatArray:
        return np.asarray(self.encoding.draft_features(self.draft), dtype=np.float32)


class NativeCompactActions:
    """:class:`CompactActions` in the core (``seedbed._native.CompactActions``, or
    ``FactoredActions`` for a factored space), for states of the native engine: same methods,
    same integers (tests/adapters/test_native_compact.py, test_native_factored.py)."""

    def __init__(self, core: Any, encoding: Encoding, parse: Any) -> None:
        self.core = core
        self.encoding = encoding
        self.parse = parse
        """The game's ``action_from_json``: :meth:`choose`'s action from the core's JSON."""
        self._zones: Any = None

    def start(self, state: State, seat: PlayerId) -> None:
        zones = getattr(state, "zones", None)  # a native state's (isinstance costs ~1 us)
        if zones is None:
            raise TypeError("the native compact space reads states of the native engine")
        self.core.start(zones, seat)
        self._zones = zones

    def clear(self) -> None:
        self.core.clear()
        self._zones = None

    @property
    def deciding(self) -> bool:
        found: bool = self.core.deciding
        return found

    def mask(self) -> MaskArray:
        out = np.zeros(self.encoding.size, dtype=np.int8)
        self.core.mask_into(out)
        return out

    def choose(self, index: int) -> Action | None:
        """As :meth:`CompactActions.choose` (EncodingError when ``index`` is not legal)."""
        try:
            text = self.core.choose(self._zones, index)
        except ValueError as err:
            raise EncodingError(str(err)) from None
        return None if text is None else self.parse(json.loads(text))

    def play(self, state: State, index: int) -> bool:
        """As :meth:`CompactActions.play`, the action applied by the core."""
        zones = state.zones  # type: ignore[attr-defined]
        if zones is not self._zones:
            raise ValueError("play takes the state its moment was read from (start)")
        try:
            moved: bool = self.core.play(zones, index)
        except ValueError as err:
            raise EncodingError(str(err)) from None
        if moved:
            state.moved_natively()  # type: ignore[attr-defined]
        return moved

    def features(self) -> FloatArray:
        out = np.empty(self.core.draft_width, dtype=np.float32)
        self.core.features_into(out)
        return out


Drafts = CompactActions | NativeCompactActions
"""What an environment keeps for the compact space."""


def draft_space(encoding: Encoding) -> spaces.Box:
    """The space of :meth:`CompactActions.features`."""
    highs = np.asarray(encoding.draft_highs(), dtype=np.float32)
    return spaces.Box(low=np.zeros_like(highs), high=highs, dtype=np.float32)
