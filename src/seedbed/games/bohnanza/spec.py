"""Bohnanza's declaration (issue 13, item 3): what the tools around the rules know of it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from seedbed.engine.api import Game, JsonDict
from seedbed.engine.spec import GameSpec, OptionSpec, TextLayout
from seedbed.games.bohnanza.autoplay import formality, idle_pass
from seedbed.games.bohnanza.cards import BEANOMETER, CARD_COUNTS, NAMES_EN, VARIETIES
from seedbed.games.bohnanza.options import OPTIONS
from seedbed.games.bohnanza.undo import reveals


def card_leaf(value: Mapping[str, Any]) -> str | None:
    """A card ``{"id": 57, "variety": "chili"}`` as ``chili#57``."""
    if len(value) == 2 and "id" in value and "variety" in value:
        return f"{value['variety']}#{value['id']}"
    return None


def client_data(game: Game, options: Mapping[str, Any]) -> JsonDict:
    """The varieties as printed on the cards (B-7): name, copies and bean-o-meter (cards
    needed for 1-4 coins, 0 = not printed), in canonical order."""
    return {
        "varieties": [
            {"id": v, "name": name, "count": count, "meter": list(meter)}
            for v, name, count, meter in zip(
                VARIETIES, NAMES_EN, CARD_COUNTS, BEANOMETER, strict=True
            )
        ]
    }


def _make_game(read: Callable[[str], str]) -> Game:
    from seedbed.games.bohnanza.game import GAME

    return GAME


MANNERS = (
    OptionSpec(
        "offer_hold", "int", 10, "etiquette",
        "seconds the active bot keeps trading open after the reveal and each new offer, unless "
        "every person passed, and a bot's offer stays open at least (0 at tables without a "
        "person); bots never withdraw an offer",
        least=0, most=600,
    ),
    OptionSpec(
        "open_offers", "int", 2, "etiquette", "a bot's open offers at once, at most",
        least=1, most=10,
    ),
    OptionSpec(
        "phase_offers", "int", 4, "etiquette", "a bot's offers per trading phase, at most",
        least=1, most=20,
    ),
)  # fmt: skip
"""The bots' trading etiquette as table options (issue 16; ``GameSpec.manners``)."""


SPEC = GameSpec(
    name="bohnanza",
    title="Bohnanza",
    make_game=_make_game,
    options=OPTIONS,
    options_clause="B-3",
    trade_event="accept",
    bulky_kinds=frozenset({"offer"}),
    lean_options={"max_offers": 0},
    option_aliases={"treasury": "treasury_visibility"},
    heuristics="seedbed.games.bohnanza.heuristics",
    display="seedbed.games.bohnanza.display",
    text_guide="seedbed.games.bohnanza.text_guide",
    encoding="seedbed.games.bohnanza.encoding",
    compact_encoding="seedbed.games.bohnanza.compact",
    observation="seedbed.games.bohnanza.obs_encoding",
    layout=TextLayout(leaf=card_leaf, row_keys=("players", "offers")),
    client_data=client_data,
    native="seedbed.games.bohnanza.native",
    native_encoder="seedbed.games.bohnanza.native_encoding",
    native_greedy=True,
    reveals=reveals,
    formality=formality,
    idle_pass=idle_pass,
    manners=MANNERS,
    unattended={"offer_hold": 0},
)
