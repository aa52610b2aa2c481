"""Bohnanza explained to text agents (issue 39 item 3; ``GameSpec.text_guide``): the rules in
short and what the offer grammar's abbreviations mean. The full rules: docs/rules/bohnanza.md."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

GUIDE = """Rules in short: plant beans from your hand in hand order into your 2 or 3 fields (the \
front card must be planted, a second may be); one variety per field. Then the two face-up cards \
are traded or kept, everyone trades and plants what they traded; then you draw. Harvesting a \
field sells its beans for coins by the payout table; the most coins at the end win.
Words: a field is its index (0, 1, 2); hand positions count from the front (0 = the card you must \
plant next). In offers, f<slot> is a face-up card (f0, f1) and h<position> a card of your hand \
(h3 = your fourth card); `want` names varieties from the other hand (or f<slot>); - is nothing; \
the target is a seat number or `any`."""
EXAMPLE = "plant 0"


def tidier(options: Mapping[str, Any], num_players: int) -> Callable[[str], str]:
    """Bohnanza's views name cards already (``chili#57``): nothing to rewrite."""
    return str
