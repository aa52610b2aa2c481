"""Issue 18, item 1: Fields of Green's observation encoding reads only ``observe(p)``: twin
states that differ only in what p cannot know (test_leaks.py's twins: unseen hands, the
piles' order, unseen equipment tiles, another player's commit) encode identically for p,
while some of them change what another player sees."""

from __future__ import annotations

import pytest

from seedbed.engine.rng import Rng
from seedbed.games.fields_of_green.obs_encoding import observation_encoder

from .test_leaks import commit_twin, hand_twin, pile_twin, played_states, stack_twin


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_twins_encode_identically(num_players: int) -> None:
    encoder = observation_encoder({}, num_players)
    rng = Rng(num_players * 13)
    same = seen = 0
    for s in played_states(num_players, num_players, every=4):
        p = rng.below(num_players)
        for make in (hand_twin, pile_twin, stack_twin, commit_twin):
            t = make(s, p, rng)
            if t is None:
                continue
            assert encoder.encode(s.observe(p)) == encoder.encode(t.observe(p)), make.__name__
            same += 1
            seen += any(
                encoder.encode(s.observe(q)) != encoder.encode(t.observe(q))
                for q in range(num_players)
                if q != p
            )
    assert same > 20
    if num_players > 2:  # with two players the draft shows p every hand (F-78)
        assert seen > 3, "no twin changed what another player sees"


def test_sizes_depend_on_the_options_and_player_count_only() -> None:
    for options in ({}, {"ruleset": "prototype"}):
        encoder = observation_encoder(options, 3)
        sizes = {len(encoder.encode(s.observe(2))) for s in played_states(3, 5, 6, options)}
        assert sizes == {encoder.size}
