"""The greedy bot: one step of game knowledge, no search.

It asks the game's ``heuristics.choose`` (reached through the registry, DESIGN §2) for the
best-looking action of its menu, seen from its own observation only. The same function is the
rollout policy of search bots, so a greedy bot is also the baseline those are measured against.

>>> import seedbed
>>> from seedbed.bots import InfoSet, make_bot
>>> from seedbed.engine import Rng
>>> state = seedbed.game("stalk_exchange").new_state(3, seed=1)
>>> bot = make_bot("greedy", "stalk_exchange")
>>> state.is_legal(0, bot.act(InfoSet(state, 0), Rng(1)))
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from seedbed.bots.api import Bot, InfoSet
from seedbed.bots.ismcts import without_kinds
from seedbed.bots.specs import BotKind, Param
from seedbed.engine.api import Action
from seedbed.engine.registry import heuristics, spec
from seedbed.engine.rng import Rng


class GreedyBot(Bot):
    """Plays ``heuristics.choose(observation, menu, rng)`` of its game; with ``bulky=False``
    it chooses among the menu without the game's bulky kinds (Bohnanza: it makes no offers
    of its own, but still answers offers made to it)."""

    name = "greedy"

    def __init__(self, game_name: str, bulky: bool = True) -> None:
        self.game_name = game_name
        self._choose = heuristics(game_name).choose
        self._skip = frozenset() if bulky else spec(game_name).bulky_kinds

    def act(self, info: InfoSet, rng: Rng) -> Action:
        menu = without_kinds(info.legal_actions(), self._skip)
        action: Action = self._choose(info.observation(), menu, rng)
        return action


def _make(game_name: str, params: Mapping[str, Any]) -> Bot:
    return GreedyBot(game_name, bool(params["bulky"]))


KIND = BotKind(
    "greedy",
    "the best-looking action by the game's heuristics (no search)",
    _make,
    {
        "bulky": Param(
            bool, True, "false: never play the game's bulky action kinds (its bulky_kinds)"
        )
    },
)
