"""High Card rigged so that seat 0 always wins (issue 35 acceptance): the lab's measures must
then give seat 0 a 100% win share with Wilson's interval. Register with
``seedbed.register("design.rigged_card")`` (``tests`` and ``tests/..`` on the path)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from seedbed.engine.api import Game, Outcome
from toy_game.game import HighCard, HighCardState
from toy_game.spec import SPEC


class RiggedState(HighCardState):
    __slots__ = ()
    game_name = "rigged_card"

    def outcome(self) -> Outcome:
        """Seat 0 wins by one point more than the best of the others, whatever was played."""
        real = super().outcome()
        scores = (max(real.scores) + 1, *real.scores[1:])
        return Outcome(scores, (1, *[2] * (len(scores) - 1)), (0,))

    def clone(self) -> RiggedState:
        new = RiggedState.__new__(RiggedState)
        self.copy_into(new)
        return new


class RiggedCard(HighCard):
    name = "rigged_card"

    def new_state(
        self, num_players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> RiggedState:
        s = super().new_state(num_players, seed, options)
        s.__class__ = RiggedState
        return s  # type: ignore[return-value]


def _make_game(read: Callable[[str], str]) -> Game:
    return RiggedCard()


SPEC = replace(SPEC, name="rigged_card", title="Rigged Card", make_game=_make_game, native=None)
