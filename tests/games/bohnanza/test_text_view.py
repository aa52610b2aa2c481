"""Issue 18, item 4: the text a language-model agent gets of Bohnanza shows only what
``observe(p)`` shows: twin states that differ only in what p cannot know (test_leaks.py's
twins: other hands, the deck order, other treasuries) give p the same table and the same
moves, while the text of a player who can see the difference changes (so the twins are a
real test)."""

from __future__ import annotations

import pytest

from seedbed.adapters.text import moves_text, observation_text
from seedbed.engine.api import State
from seedbed.engine.rng import Rng

from .test_leaks import deck_twin, hand_twin, played_states, treasury_twin


def text(s: State, p: int) -> str:
    return observation_text("bohnanza", s.observe(p), p) + "\n" + moves_text(s, p)


@pytest.mark.parametrize(("edition", "num_players"), [("standard", 3), ("classic", 4)])
def test_twins_read_the_same(edition: str, num_players: int) -> None:
    rng = Rng(num_players * 5 + len(edition))
    same = seen = 0
    for s in played_states(edition, num_players, seed=num_players, every=5):
        p = rng.below(num_players)
        twins = [
            hand_twin(s, p, rng, swap=bool(rng.below(2))),
            (deck_twin(s, rng), None),
            treasury_twin(s, p, rng),
        ]
        for found in twins:
            if found is None or found[0] is None:
                continue
            t, q = found
            assert text(s, p) == text(t, p)
            same += 1
            if q is not None and text(s, q) != text(t, q):
                seen += 1
    assert same > 20
    assert seen > 5, "no twin changed the text of the player it hid something from"
