"""Issue 18, item 1: the NumPy side of the encodings. The sizes in docs/research.md are the
encoders' sizes; along random games every observation lies in its space, in both forms, and
the mask is exactly the menu."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from seedbed.adapters.encoders import GameEncoders
from seedbed.engine.rng import Rng

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"
ROW = re.compile(r"^\| `(\w+)` \| ([^|]+) \| (\d) \| ([\d,]+) \| ([\d,]+) \|$")


def test_the_documented_sizes() -> None:
    rows = [ROW.match(line) for line in DOC.read_text(encoding="utf-8").splitlines()]
    found = [m for m in rows if m]
    assert len(found) >= 15
    for m in found:
        game, opts, n = m[1], m[2], int(m[3])
        options = {"edition": "classic"} if "classic" in opts else {}
        enc = GameEncoders(game, n, options)
        assert enc.observation.size == int(m[4].replace(",", "")), m[0]
        assert enc.actions.size == int(m[5].replace(",", "")), m[0]


@pytest.mark.parametrize(
    ("game", "num_players"), [("bohnanza", 4), ("stalk_exchange", 2), ("fields_of_green", 3)]
)
def test_observations_lie_in_their_spaces_and_masks_are_the_menus(
    game: str, num_players: int
) -> None:
    enc = GameEncoders(game, num_players)
    state = enc.game.new_state(num_players, seed=3)
    rng = Rng(3)
    steps = 0
    while not state.is_terminal() and steps < 400:
        for p in range(num_players):
            vector = enc.vector(state.observe(p))
            assert vector in enc.vector_space
            as_dict = enc.as_dict(vector)
            assert as_dict in enc.dict_space
            assert np.array_equal(np.concatenate([a.ravel() for a in as_dict.values()]), vector)
        p = state.to_move()[0]
        mask = enc.mask(state, p)
        legal = np.flatnonzero(mask)
        menu = state.legal_actions(p)
        assert len(legal) == len(menu)
        action = menu[rng.below(len(menu))]
        assert mask[enc.actions.encode(state, p, action)] == 1
        assert enc.decode(state, p, int(legal[rng.below(len(legal))])) in menu
        state.apply(p, action)
        steps += 1
    assert steps > 50


def test_the_encoders_read_only_the_observation() -> None:
    """An encoder is handed the observation dict; a state is refused, not read."""
    enc = GameEncoders("stalk_exchange", 3)
    state = enc.game.new_state(3, seed=1)
    with pytest.raises((TypeError, KeyError)):
        enc.vector(state)  # type: ignore[arg-type]
