"""The uniformly random bot: any action of the menu, each equally likely."""

from __future__ import annotations

from seedbed.bots.api import Bot, InfoSet
from seedbed.bots.specs import BotKind
from seedbed.engine.api import Action
from seedbed.engine.rng import Rng


class RandomBot(Bot):
    """Picks uniformly from the menu (O(1) on lazy menus)."""

    name = "random"

    def act(self, info: InfoSet, rng: Rng) -> Action:
        legal = info.legal_actions()
        return legal[rng.below(len(legal))]


KIND = BotKind(
    "random", "uniformly random over the legal actions", lambda game, params: RandomBot()
)
