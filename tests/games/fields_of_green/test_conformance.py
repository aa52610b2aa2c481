"""The conformance kit (DESIGN §6.2) on every player count and rule set, with card and tile
conservation and non-negative counts after every action (F-35)."""

from __future__ import annotations

from typing import Any

import pytest

from seedbed.engine.api import State
from seedbed.engine.testing import check_game

from .builder import GAME
from .fixture_cards import FIXTURE
from .full_cards import FULL

CONFIGS = [(n, rs) for n in (2, 3, 4) for rs in ("published", "prototype")]


def invariant(state: State) -> None:
    """Every card and tile exactly once; coins, food, VP tokens and water never negative,
    food within its capacity (F-34, F-35)."""
    s: Any = state
    cards = [c for c in s.all_cards() if isinstance(c, int)]
    tiles = [t for t in s.all_cards() if isinstance(t, tuple)]
    assert sorted(cards) == list(range(s.cfg.num_cards)), "a card is lost or doubled"
    assert sorted(t[1] for t in tiles) == list(range(len(s.cfg.tiles))), "a tile is lost"
    for p in range(s.num_players):
        assert min(s.coins[p], s.food[p], s.vp[p]) >= 0
        assert s.food[p] <= s.observe(None)["players"][p]["food_capacity"]
    assert all(w >= 0 for w in s.water.values())


@pytest.mark.parametrize(("n", "ruleset"), CONFIGS)
def test_f2_f7_conformance_full_size_set(n: int, ruleset: str) -> None:
    """F-2, F-7, F-5: random games with a full-size set pass every contract check."""
    options = {"cards": FULL, "ruleset": ruleset}
    report = check_game(GAME, n, range(3), options, invariant=invariant, deep_every=4)
    assert report.games == 3 and report.replays == 3


@pytest.mark.parametrize(("n", "ruleset"), CONFIGS)
def test_f43_f44_conformance_small_set(n: int, ruleset: str) -> None:
    """F-43, F-44, F-89: the 24-card fixture set runs the piles dry (short-pile rules), in
    free and introductory draws."""
    for intro in (False, True):
        options = {"cards": FIXTURE, "ruleset": ruleset, "introductory": intro}
        report = check_game(GAME, n, range(4), options, invariant=invariant, deep_every=2)
        assert report.games == 4
