"""Stalk Exchange explained to text agents (issue 39 item 3; ``GameSpec.text_guide``): the
rules in short, the coordinate key, and spaces shown as moves take them (``1,-2``). The full
rules: docs/rules/stalk_exchange.md."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

GUIDE = """Rules in short: on your turn take basic actions (plant a token from an Exchange slot \
onto an empty Garden space, or swap one), then end the turn; blooms of one flower that touch \
raise its market value, and a crash makes a flower worthless. Your secret portfolio scores the \
market value of its flowers at the end. There is no pass: end your turn with [end].
Coordinates: Garden spaces are axial hex coordinates q,r (written 1,-2, no spaces), with \
|q| <= radius, |r| <= radius and |q+r| <= radius; 0,0 is the centre. The neighbours of q,r are \
q+1,r  q+1,r-1  q,r-1  q-1,r  q-1,r+1  q,r+1. Exchange slots are numbered 0 (left) to 5."""
EXAMPLE = "end"
PAIR = re.compile(r"\[(-?\d+) (-?\d+)\]")


def tidier(options: Mapping[str, Any], num_players: int) -> Callable[[str], str]:
    """Spaces as moves take them: ``[1 -2]`` becomes ``1,-2``."""
    return lambda text: PAIR.sub(r"\1,\2", text)
