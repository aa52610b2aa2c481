"""A compact action space in an environment (issue 34 item 3, D-78): the draft of the action
being composed, held by the environment for the seat that decides, its mask and its features.

A game that declares ``GameSpec.compact_encoding`` (Bohnanza: an offer composed in steps,
``seedbed.games.bohnanza.compact``) can be played in the environments with
``action_space="compact"``. :class:`CompactActions` is what the environment keeps: at each new
position of the game :meth:`start` reads the deciding seat's menu once (a ``Moment``); each
integer is then either a move (:meth:`choose` returns the action to apply) or a step of a
composition (it returns None: the game does not move, the same seat decides again, with the
mask and the draft's features updated). The draft is never part of the game state.

>>> import seedbed
>>> from seedbed.games.bohnanza.compact import compact_encoding
>>> actions = CompactActions(compact_encoding({}))
>>> state = seedbed.game("bohnanza", "python").new_state(3, 1, {})
>>> actions.start(state, state.to_move()[0])
>>> actions.mask().shape, int(actions.mask().sum()) > 0, actions.features().shape
((232,), True, (34,))
"""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np
from gymnasium import spaces

from seedbed.engine.api import Action, PlayerId, State

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

    def mask(self) -> MaskArray:
        out = np.zeros(self.encoding.size, dtype=np.int8)
        if self.moment is not None:
            out[self.moment.legal(self.draft)] = 1
        return out

    def choose(self, index: int) -> Action | None:
        """The action to apply, or None when ``index`` only grew the draft."""
        action: Action | None = self.moment.choose(self.draft, index)
        return action

    def features(self) -> FloatArray:
        return np.asarray(self.encoding.draft_features(self.draft), dtype=np.float32)


def draft_space(encoding: Encoding) -> spaces.Box:
    """The space of :meth:`CompactActions.features`."""
    highs = np.asarray(encoding.draft_highs(), dtype=np.float32)
    return spaces.Box(low=np.zeros_like(highs), high=highs, dtype=np.float32)
