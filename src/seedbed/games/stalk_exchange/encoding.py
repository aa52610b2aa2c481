"""Stalk Exchange's integer encoding (engine/encoding.py, docs/action-encoding.md).

Every action is a number in ``range(size)``, fixed by two options: the Garden radius R
(H = 3R(R+1)+1 spaces) and the Exchange slots S. Blocks, in menu order (S-28)::

    plant   (S, H)   Plant(slot, space): the space's index in the Garden's canonical order
                     (hexgrid.py: by r, then q)
    swap    (S, 5)   Swap(slot, give): give is the flower type, 0 = dahlia … 4 = tulip (S-7)
    flush   ()       Flush
    end     ()       EndActions

size = S·(H + 5) + 2: 254 with the defaults (R = 3, S = 6), 1,586 at the largest options
(R = 6, S = 12). No part depends on the state or the player: the actions name slots,
spaces and types only.

>>> encoding = action_encoding({})
>>> encoding.size, encoding.layout.index("swap", 0, 4), encoding.layout.index("end")
(254, 226, 253)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from seedbed.engine.api import Action, PlayerId, State
from seedbed.engine.encoding import ActionEncoding, EncodingError, Layout
from seedbed.games.stalk_exchange.actions import (
    END_ACTIONS,
    FLUSH,
    EndActions,
    Flush,
    Plant,
    Swap,
    plant_table,
    swap_table,
)
from seedbed.games.stalk_exchange.config import NUM_TYPES, normalize_options
from seedbed.games.stalk_exchange.hexgrid import hex_board


class StalkExchangeEncoding(ActionEncoding):
    """The encoding for one set of options (see the module docstring)."""

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        opts = normalize_options(options)
        self.board = hex_board(opts["garden_radius"])
        self.slots = opts["exchange_slots"]
        self.layout = Layout(
            [
                ("plant", (self.slots, len(self.board))),
                ("swap", (self.slots, NUM_TYPES)),
                ("flush", ()),
                ("end", ()),
            ]
        )

    def encode(self, state: State, player: PlayerId, action: Action) -> int:
        if isinstance(action, Plant):
            space = self.board.index.get(action.space)
            if space is None:
                raise EncodingError(f"{action}: {action.space} is not a Garden space")
            return self.layout.index("plant", action.slot, space)
        if isinstance(action, Swap):
            return self.layout.index("swap", action.slot, action.give)
        if isinstance(action, Flush | EndActions):
            return self.layout.index("flush" if isinstance(action, Flush) else "end")
        raise EncodingError(f"{action!r} is not a Stalk Exchange action")

    def decode(self, state: State, player: PlayerId, index: int) -> Action:
        name, at = self.layout.locate(index)
        if name == "plant":
            return plant_table(self.slots, self.board.radius)[at[0]][at[1]]
        if name == "swap":
            return swap_table(self.slots)[at[0]][at[1]]
        return FLUSH if name == "flush" else END_ACTIONS


def action_encoding(options: Mapping[str, Any] | None = None) -> StalkExchangeEncoding:
    """The integer encoding of Stalk Exchange's actions under ``options``."""
    return StalkExchangeEncoding(options)
