"""High Card's integer encoding (``seedbed.engine.encoding``): one block, ``play (top_card,)``,
where ``PlayCard(c)`` is ``c - 1``. The size depends on the option ``top_card`` only.

>>> encoding = action_encoding({"top_card": 13})
>>> encoding.size, encoding.encode(None, 0, PlayCard(13))
(13, 12)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from seedbed.engine.api import Action, PlayerId, State
from seedbed.engine.encoding import ActionEncoding, EncodingError, Layout
from toy_game.actions import PlayCard
from toy_game.options import normalize_options


class HighCardEncoding(ActionEncoding):
    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.layout = Layout([("play", (normalize_options(options)["top_card"],))])

    def encode(self, state: State | None, player: PlayerId, action: Action) -> int:
        if not isinstance(action, PlayCard):
            raise EncodingError(f"{action!r} is not a High Card action")
        return self.layout.index("play", action.card - 1)

    def decode(self, state: State | None, player: PlayerId, index: int) -> Action:
        _, (card,) = self.layout.locate(index)
        return PlayCard(card + 1)


def action_encoding(options: Mapping[str, Any] | None = None) -> HighCardEncoding:
    """The integer encoding of High Card's actions under ``options``."""
    return HighCardEncoding(options)
