"""Shared helpers of the arena tests: a test-only bot kind and synthetic results."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest

from seedbed.arena.play import GameResult
from seedbed.bots import Bot, BotKind, InfoSet, bot_kinds
from seedbed.bots import specs as specs_module
from seedbed.engine.api import Action, rank_by
from seedbed.engine.rng import Rng


class FirstBot(Bot):
    """Always the first action of the menu: deterministic and different from random."""

    name = "first"

    def act(self, info: InfoSet, rng: Rng) -> Action:
        return info.legal_actions()[0]


@pytest.fixture
def first_bot() -> Iterator[str]:
    """Registers the ``first`` kind in this process for one test (workers do not know it)."""
    bot_kinds()  # load the built-in kinds first, so registering does not hide them
    kind = BotKind("first", "the first legal action", lambda game, params: FirstBot())
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(specs_module._KINDS, "first", kind)
        yield "first"


def synthetic(seating: Sequence[str], scores: Sequence[int], index: int = 0) -> GameResult:
    """A finished game with these scores (ranks and winners as the engine computes them)."""
    ranks, winners = rank_by([(s,) for s in scores])
    return GameResult(
        game="stalk_exchange",
        seed=index,
        seating=tuple(seating),
        scores=tuple(scores),
        ranks=ranks,
        winners=winners,
        actions=10 + index % 7,
        moves_sha="0" * 16,
        options={},
        index=index,
    )
