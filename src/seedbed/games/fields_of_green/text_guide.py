"""Fields of Green explained to text agents (issue 39 item 3; ``GameSpec.text_guide``): the
rules in short, the coordinate key, cards named beside their ids (``card=59(horse_paddock)``)
and cells as moves take them (``1,-1``). The full rules: docs/rules/fields_of_green.md."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from seedbed.engine.registry import game as lookup_game

GUIDE = """Rules in short: 4 years, each of upkeep (income, feeding, water), action and \
harvest. In the action phase (3-4 players) everyone commits a card of their hand face down, \
passes the rest of the hand on, then in turn order uses the revealed card: build it on the farm, \
go to market for coins, and so on (with 2 players the cards are drafted from a display). In the \
harvest, locations within reach of water produce. Victory points at the end of year 4 win. \
There is no pass: each decision has its own verbs (skip, decline, end-harvest …).
Coordinates: your farm is a square grid of cells x,y (written 1,-1, no spaces); two cells are \
adjacent when they share a side. Cards are named by id with their design: card=59(horse_paddock)."""
EXAMPLE = "skip"
PAIR = re.compile(r"\[(-?\d+) (-?\d+)\]")
CARD = re.compile(r"\b(card|silo|tower)=(\d+)\b(?!\()")


def tidier(options: Mapping[str, Any], num_players: int) -> Callable[[str], str]:
    """Cards named beside their ids and cells as moves take them. Card ids are public: they
    number the card set's cards in a fixed order (F-9), the same in every deal."""
    state: Any = lookup_game("fields_of_green", "python").new_state(num_players, 0, options)
    designs = [card.design for card in state.cfg.cards]

    def name(match: re.Match[str]) -> str:
        key, number = match.group(1), int(match.group(2))
        known = designs[number] if 0 <= number < len(designs) else None
        return f"{key}={number}({known})" if known else match.group(0)

    return lambda text: CARD.sub(name, PAIR.sub(r"\1,\2", text))
