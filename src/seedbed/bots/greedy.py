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
from seedbed.bots.specs import BotKind
from seedbed.engine.api import Action
from seedbed.engine.registry import heuristics
from seedbed.engine.rng import Rng


class GreedyBot(Bot):
    """Plays ``heuristics.choose(observation, menu, rng)`` of its game."""

    name = "greedy"

    def __init__(self, game_name: str) -> None:
        self.game_name = game_name
        self._choose = heuristics(game_name).choose

    def act(self, info: InfoSet, rng: Rng) -> Action:
        action: Action = self._choose(info.observation(), info.legal_actions(), rng)
        return action


def _make(game_name: str, params: Mapping[str, Any]) -> Bot:
    return GreedyBot(game_name)


KIND = BotKind("greedy", "the best-looking action by the game's heuristics (no search)", _make)
