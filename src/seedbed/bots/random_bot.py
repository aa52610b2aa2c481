"""The uniformly random bot: any action of the menu, each equally likely; with
``polite=true`` any action of its polite menu (:func:`~seedbed.bots.api.polite_menu`: the
game's courteous choices, Bohnanza's trading etiquette, issue 16), which a server gives it at
a table with a person.

>>> import seedbed
>>> from seedbed.bots import InfoSet, make_bot
>>> from seedbed.engine import Rng
>>> state = seedbed.game("bohnanza").new_state(3, seed=1)
>>> bot = make_bot("random:polite=true", "bohnanza")
>>> state.is_legal(0, bot.act(InfoSet(state, 0), Rng(1)))
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from seedbed.bots.api import Bot, InfoSet, polite_menu
from seedbed.bots.specs import BotKind, Param
from seedbed.engine.api import Action
from seedbed.engine.rng import Rng


class RandomBot(Bot):
    """Picks uniformly from the menu (O(1) on lazy menus), or from its polite part."""

    name = "random"

    def __init__(self, game_name: str = "", polite: bool = False) -> None:
        self.game_name = game_name
        self.polite = polite

    def act(self, info: InfoSet, rng: Rng) -> Action:
        legal = info.legal_actions()
        if self.polite:
            legal = polite_menu(info.game_name, info.observation(), legal)
        return legal[rng.below(len(legal))]


def _make(game_name: str, params: Mapping[str, Any]) -> Bot:
    return RandomBot(game_name, bool(params["polite"]))


KIND = BotKind(
    "random",
    "uniformly random over the legal actions",
    _make,
    {
        "polite": Param(
            bool,
            False,
            "true: only from the game's polite menu (its courteous moves); a server sets it at a "
            "table with a person",
        )
    },
)
