"""What the core's encoder needs of Stalk Exchange's encodings besides the field layout
(issue 34 item 1, :mod:`seedbed.adapters.native_encoders`): the board's spaces in index order,
the flower names, and the action space's board, slots and types."""

from __future__ import annotations

from typing import Any

from seedbed.games.stalk_exchange.config import FLOWERS, NUM_TYPES


def native_encoder_spec(observation: Any, actions: Any) -> dict[str, Any]:
    """The tables of ``observation`` and ``actions`` as the core reads them."""
    return {
        "board": [list(space) for space in observation.board.spaces],
        "flowers": list(FLOWERS),
        "actions": {
            "board": [list(space) for space in actions.board.spaces],
            "slots": actions.slots,
            "types": NUM_TYPES,
        },
    }
