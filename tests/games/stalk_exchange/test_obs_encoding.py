"""Issue 18, item 1: Stalk Exchange's observation encoding reads only ``observe(p)``: twin
states that differ only in what p cannot know (test_leaks.py's twins: other portfolios, the
Greenhouse, the generator) encode identically for p, while the twins' hidden owners see the
difference in their own encodings."""

from __future__ import annotations

import pytest

from seedbed.engine.rng import Rng
from seedbed.games.stalk_exchange.obs_encoding import observation_encoder

from .test_leaks import bag_twin, played_states, portfolio_twin, rng_twin


@pytest.mark.parametrize("num_players", [2, 3, 5])
def test_twins_encode_identically(num_players: int) -> None:
    encoder = observation_encoder({}, num_players)
    rng = Rng(num_players * 11)
    same = seen = 0
    for seed in range(2):
        for s in played_states(num_players, seed, every=3):
            p = rng.below(num_players)
            twins = [portfolio_twin(s, p, rng), bag_twin(s, p, rng), (rng_twin(s, rng), None)]
            for found in twins:
                if found is None:
                    continue
                t, hidden = found
                assert encoder.encode(s.observe(p)) == encoder.encode(t.observe(p))
                same += 1
                if hidden is not None:
                    q = hidden[0]
                    seen += encoder.encode(s.observe(q)) != encoder.encode(t.observe(q))
    assert same > 20
    assert seen > 5, "no twin changed the view of the player it hid something from"


@pytest.mark.parametrize("options", [{}, {"garden_radius": 5, "exchange_slots": 9}])
def test_sizes_depend_on_the_options_and_player_count_only(options: dict[str, int]) -> None:
    for n in (2, 4):
        encoder = observation_encoder(options, n)
        sizes = {len(encoder.encode(s.observe(1))) for s in played_states(n, 3, 5, options)}
        assert sizes == {encoder.size}
