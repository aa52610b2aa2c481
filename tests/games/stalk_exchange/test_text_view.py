"""Issue 18, item 4: the text a language-model agent gets of Stalk Exchange shows only what
``observe(p)`` shows: twin states that differ only in what p cannot know (test_leaks.py's
twins: other portfolios, the Greenhouse, the generator) give p the same table and the same
moves, while the twins' hidden owners read the difference in their own text."""

from __future__ import annotations

import pytest

from seedbed.adapters.text import moves_text, observation_text
from seedbed.engine.api import State
from seedbed.engine.rng import Rng

from .test_leaks import bag_twin, played_states, portfolio_twin, rng_twin


def text(s: State, p: int) -> str:
    return observation_text("stalk_exchange", s.observe(p), p) + "\n" + moves_text(s, p)


@pytest.mark.parametrize("num_players", [2, 4])
def test_twins_read_the_same(num_players: int) -> None:
    rng = Rng(num_players * 17)
    same = seen = 0
    for seed in range(2):
        for s in played_states(num_players, seed, every=3):
            p = rng.below(num_players)
            twins = [portfolio_twin(s, p, rng), bag_twin(s, p, rng), (rng_twin(s, rng), None)]
            for found in twins:
                if found is None:
                    continue
                t, hidden = found
                assert text(s, p) == text(t, p)
                same += 1
                if hidden is not None:
                    q = hidden[0]
                    seen += text(s, q) != text(t, q)
    assert same > 20
    assert seen > 5, "no twin changed the text of the player it hid something from"
