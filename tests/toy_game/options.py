"""High Card's options (T-2, T-3), declared once: the spec, the lobby and the CLI read them.

>>> normalize_options({"rounds": 3})
{'rounds': 3, 'top_card': 13}
>>> normalize_options({"rounds": 8, "top_card": 10})
Traceback (most recent call last):
...
ValueError: option top_card must be at least 2 x rounds = 16, got 10 [T-3]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from seedbed.engine.api import JsonDict
from seedbed.engine.spec import Choice, OptionSpec, normalize

HAND = 3  # T-5: cards dealt to each player
PLAYER_COUNTS = range(2, 3)  # T-1

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "rounds",
        "int",
        5,
        "T-2",
        "the number of rounds",
        label="Rounds",
        choices=(Choice(3, "short (3)"), Choice(5, "standard (5)"), Choice(10, "long (10)")),
        least=1,
        most=10,
    ),
    OptionSpec(
        "top_card",
        "int",
        13,
        "T-2",
        "the highest card of the deck (cards 1 to top_card)",
        label="Highest card",
        least=6,
        most=40,
    ),
)


def normalize_options(options: Mapping[str, Any] | None) -> JsonDict:
    """Every option with its default filled in; ValueError citing the clause broken."""
    out = normalize(OPTIONS, options, "T-2")
    if out["top_card"] < 2 * out["rounds"]:
        raise ValueError(
            f"option top_card must be at least 2 x rounds = {2 * out['rounds']}, "
            f"got {out['top_card']} [T-3]"
        )
    return out
