"""Issue 18, item 4: the text a language-model agent gets of Fields of Green shows only what
``observe(p)`` shows: twin states that differ only in what p cannot know (test_leaks.py's
twins: unseen hands, the piles' order, unseen equipment tiles, another player's commit) give
p the same table and the same moves, while some of them change another player's text."""

from __future__ import annotations

import pytest

from seedbed.adapters.text import moves_text, observation_text
from seedbed.engine.api import State
from seedbed.engine.rng import Rng

from .test_leaks import commit_twin, hand_twin, pile_twin, played_states, stack_twin


def text(s: State, p: int) -> str:
    return observation_text("fields_of_green", s.observe(p), p) + "\n" + moves_text(s, p)


@pytest.mark.parametrize("num_players", [3, 4])
def test_twins_read_the_same(num_players: int) -> None:
    rng = Rng(num_players * 19)
    same = seen = 0
    for s in played_states(num_players, num_players, every=4):
        p = rng.below(num_players)
        for make in (hand_twin, pile_twin, stack_twin, commit_twin):
            t = make(s, p, rng)
            if t is None:
                continue
            assert text(s, p) == text(t, p), make.__name__
            same += 1
            seen += any(text(s, q) != text(t, q) for q in range(num_players) if q != p)
    assert same > 20
    assert seen > 3, "no twin changed what another player reads"
