"""What the core's encoder needs of Bohnanza's encodings besides the field layout (issue 34
item 1, :mod:`seedbed.adapters.native_encoders`): the varieties in code order, the phase and
status names, and the full action space's blocks and offer sides, read off the Python
reference encoders so that both number everything alike; and the compact space's blocks
(issue 34 item 3, ``native_compact_spec``)."""

from __future__ import annotations

from typing import Any

from seedbed.games.bohnanza.compact import HAND_PLACES
from seedbed.games.bohnanza.obs_encoding import PHASES
from seedbed.games.bohnanza.state import STATUS_NAMES


def native_encoder_spec(observation: Any, actions: Any) -> dict[str, Any]:
    """The tables of ``observation`` (the game's observation encoder) and ``actions`` (its
    action encoding) as the core reads them."""
    return {
        "varieties": sorted(observation.variety, key=observation.variety.__getitem__),
        "phases": list(PHASES),
        "statuses": list(STATUS_NAMES),
        "actions": {
            "size": actions.size,
            "starts": dict(actions.layout.starts),
            "seats": actions.seats,
            "gives": [[list(slots), list(codes)] for slots, codes in actions.gives],
            "wants": [[list(slots), list(codes)] for slots, codes in actions.wants],
            "varieties": list(actions.varieties),
        },
    }


def native_compact_spec(compact: Any) -> dict[str, Any]:
    """The tables of ``compact`` (the game's compact action space,
    :class:`seedbed.games.bohnanza.compact.CompactEncoding`) as the core reads them."""
    return {
        "size": compact.size,
        "starts": dict(compact.layout.starts),
        "seats": compact.seats,
        "varieties": list(compact.varieties),
        "hand": HAND_PLACES,
        "offers": compact.layout.shapes["decline"][0],
    }
