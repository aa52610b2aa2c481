"""Bohnanza's options (B-3): defaults, allowed values and the upper bounds that keep one
table cheap to serve (issue 12, defect 3; the figures are in docs/options.md, measured by
benchmarks/bench_option_bounds.py).

>>> normalize_options({"offer_menu.max_give": 3})["offer_menu"]
{'max_give': 3, 'max_want': 2, 'positions': 'frontmost'}
>>> normalize_options({"max_offers": None})["max_offers"] is None
True
>>> table_refusal(normalize_options({"max_offers": None}))
'max_offers null (no limit, B-47) is for simulations with a move cap; a table needs 0-12'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from seedbed.engine.api import JsonDict
from seedbed.engine.spec import Choice, OptionSpec, normalize

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "edition",
        "choice",
        "standard",
        "B-3, B-1",
        "standard: 154 cards, 2-7 players (2 = the bean duel); classic: 104 cards, 3-5 players",
        label="Edition",
        choices=(
            Choice("standard", "Standard: 154 cards, 2–7 players (2 = bean duel)"),
            Choice("classic", "Classic: 104 cards, 3–5 players"),
        ),
    ),
    OptionSpec(
        "treasury_visibility",
        "choice",
        "secret",
        "B-3, B-71",
        "secret: coin counts hidden until the end; open: everyone sees them",
        label="Treasuries",
        choices=(
            Choice("secret", "Secret: coin counts hidden until the end"),
            Choice("open", "Open: everyone sees coin counts"),
        ),
    ),
    # max_offers bounds the offers of a trading phase, and with them its length and the
    # offers every view lists (B-48). "null" (no limit, B-47) stays a rules option for
    # simulations with a move cap, refused at tables (D-31).
    OptionSpec(
        "max_offers",
        "int",
        6,
        "B-3, B-47, D-31",
        "offers each player may make per trading phase (null: no limit, simulations only)",
        label="Offers per player per trading phase",
        choices=tuple(Choice(n, str(n)) for n in (1, 2, 3, 4, 6, 8, 12)),
        least=0,
        most=12,
        nullable=True,
    ),
    # max_give and max_want bound the offer menu, built whenever a trader is asked (B-50).
    OptionSpec(
        "offer_menu.max_give",
        "int",
        2,
        "B-3, B-50, D-31",
        "the most cards an offer on the menu gives",
        least=0,
        most=3,
    ),
    OptionSpec(
        "offer_menu.max_want",
        "int",
        2,
        "B-3, B-50, D-31",
        "the most cards an offer on the menu asks for",
        least=0,
        most=4,
    ),
    OptionSpec(
        "offer_menu.positions",
        "choice",
        "frontmost",
        "B-3, B-50",
        "frontmost: offers give the front-most cards of a variety; all: any card of it",
        label="Bots consider giving",
        choices=(
            Choice("frontmost", "the front-most cards of a variety"),
            Choice("all", "any card of a variety"),
        ),
    ),
)
"""Bohnanza's options (B-3) with their bounds (docs/options.md)."""
MAX_OFFERS = next(o for o in OPTIONS if o.name == "max_offers")


def table_refusal(options: Mapping[str, Any]) -> str | None:
    """Why normalised options cannot be played at a server's table: an unlimited trading phase
    (B-47 ``null``) has no bound on its length or on the offers every view lists (D-31)."""
    if options.get("max_offers", MAX_OFFERS.default) is None:
        return (
            "max_offers null (no limit, B-47) is for simulations with a move cap; "
            f"a table needs {MAX_OFFERS.least}-{MAX_OFFERS.most}"
        )
    return None


def normalize_options(options: Mapping[str, Any] | None) -> JsonDict:
    """Defaults filled in; nested ``offer_menu`` or dotted ``offer_menu.max_give`` keys.
    ValueError naming the option and its bounds for anything unknown or out of bounds."""
    return normalize(OPTIONS, options, "B-3")
