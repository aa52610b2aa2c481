"""What the core's encoder needs of Fields of Green's encodings besides the field layout
(issue 34 item 1, :mod:`seedbed.adapters.native_encoders`): the designs and tiles in index
order, each card's and tile's design, the phase, frame and kind names, and the action
encoding's blocks (their first integers and shapes), the number of card ids and the draw
splits' order, read off the Python reference encodings so that both number everything
alike (the core's ``encode/fields_of_green_actions.rs``); and the compact space's blocks
(issue 34 target 1, ``native_compact_spec``: the core's ``encode/factored.rs``)."""

from __future__ import annotations

from typing import Any

from seedbed.games.fields_of_green.config import KIND_NAMES
from seedbed.games.fields_of_green.encoding import SPLIT_COUNTS
from seedbed.games.fields_of_green.state import FRAME_NAMES, PHASE_NAMES


def native_encoder_spec(observation: Any, actions: Any) -> dict[str, Any]:
    """The tables of ``observation`` (the game's observation encoder) and ``actions`` (its
    action encoding) as the core reads them."""
    return {
        "designs": sorted(observation.design, key=observation.design.__getitem__),
        "tiles": sorted(observation.tile, key=observation.tile.__getitem__),
        "card_design": [observation.design[d] for d in observation.card_design],
        "tile_design": [observation.tile[t] for t in observation.tile_design],
        "phases": list(PHASE_NAMES),
        "frames": list(FRAME_NAMES),
        "kinds": list(KIND_NAMES),
        "actions": {
            "size": actions.size,
            "starts": dict(actions.layout.starts),
            "shapes": {name: list(shape) for name, shape in actions.layout.shapes.items()},
            "cards": actions.cards,
            "draw_splits": [list(split) for split in SPLIT_COUNTS],
        },
    }


def native_compact_spec(compact: Any) -> dict[str, Any]:
    """The factored compact space ``compact`` (:class:`seedbed.engine.factored.
    FactoredEncoding`) as the core reads it: each full block's first integer, shape, head
    coordinates and head's first integer, and the ``next`` block's first integer."""
    return {
        "factored": True,
        "size": compact.size,
        "next": compact.next_start,
        "blocks": [
            [start, list(shape), head, head_start]
            for start, shape, head, head_start in zip(
                compact.starts, compact.shapes, compact.heads, compact.head_starts, strict=True
            )
        ],
    }
