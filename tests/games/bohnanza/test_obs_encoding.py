"""Issue 18, item 1: Bohnanza's observation encoding reads only ``observe(p)``: twin states
that differ only in what p cannot know (test_leaks.py's twins: other hands, the deck order,
other treasuries) encode identically for p, while the encodings of the players who can see
the difference do change (so the twins are a real test)."""

from __future__ import annotations

import pytest

from seedbed.engine.rng import Rng
from seedbed.games.bohnanza.obs_encoding import observation_encoder

from .test_leaks import deck_twin, hand_twin, played_states, treasury_twin


@pytest.mark.parametrize(
    ("edition", "num_players"), [("standard", 2), ("standard", 4), ("classic", 3)]
)
def test_twins_encode_identically(edition: str, num_players: int) -> None:
    encoder = observation_encoder({"edition": edition}, num_players)
    rng = Rng(num_players * 7 + len(edition))
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
            assert encoder.encode(s.observe(p)) == encoder.encode(t.observe(p))
            same += 1
            if q is not None and encoder.encode(s.observe(q)) != encoder.encode(t.observe(q)):
                seen += 1
    assert same > 20
    assert seen > 5, "no twin changed the view of the player it hid something from"


def test_sizes_depend_on_the_options_and_player_count_only() -> None:
    for n in (2, 3, 7):
        encoder = observation_encoder({}, n)
        sizes = {len(encoder.encode(s.observe(0))) for s in played_states("standard", n, 1, 9)}
        assert sizes == {encoder.size}


def test_an_unbounded_offer_menu_is_refused() -> None:
    with pytest.raises(ValueError, match="max_offers"):
        observation_encoder({"max_offers": None}, 3)
