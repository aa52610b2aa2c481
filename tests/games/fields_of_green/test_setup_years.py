"""Options, setup and the course of the years (F-1 … F-6, F-8 … F-11, F-22 … F-26, F-36 …
F-40, F-89)."""

from __future__ import annotations

import doctest
import importlib
import json

import pytest

from seedbed.games.fields_of_green import FieldsOfGreen
from seedbed.games.fields_of_green.cards import parse_card_set

from .builder import GAME, new, play_random
from .fixture_cards import FIXTURE
from .full_cards import FULL


def test_f1_f3_defaults_and_normalized_options() -> None:
    """F-1, F-3: published is the default rule set, introductory off, cards required here."""
    opts = GAME.normalize_options({"cards": FIXTURE})
    assert opts["ruleset"] == "published"
    assert opts["introductory"] is False
    assert opts["cards"] == FIXTURE


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"cards": FIXTURE, "colour": "red"}, "unknown option 'colour'"),
        ({"cards": FIXTURE, "ruleset": "draft"}, "ruleset"),
        ({"cards": FIXTURE, "introductory": "yes"}, "introductory"),
        ({"cards": 7}, "cards"),
        ({}, "no original card set"),
    ],
)
def test_f3_unknown_options_refused(options: dict[str, object], words: str) -> None:
    """F-3: unknown names or values are refused with a clear error naming the clause."""
    with pytest.raises(ValueError, match=words) as info:
        GAME.normalize_options(options)
    assert "F-" in str(info.value)


def test_f89_cards_option_forms() -> None:
    """F-89: a card-data object, a CardSet, or "original" from the loader given to the game."""
    card_set = parse_card_set(FIXTURE)
    with_set = GAME.new_state(3, 1, {"cards": card_set})
    with_obj = GAME.new_state(3, 1, {"cards": FIXTURE})
    assert with_set.key() == with_obj.key()
    wired = FieldsOfGreen(original=lambda: card_set)
    assert wired.normalize_options(None)["cards"] == "original"
    assert wired.new_state(3, 1).key() == with_obj.key()
    broken = {**FIXTURE, "locations": [{**FIXTURE["locations"][0], "vp": -1}]}
    with pytest.raises(ValueError, match="vp"):
        GAME.new_state(3, 1, {"cards": broken})


def test_f2_player_counts() -> None:
    """F-2: 2-4 players; other counts are refused at creation."""
    for n in (2, 3, 4):
        assert new(n).num_players == n
    for n in (1, 5):
        with pytest.raises(ValueError, match="F-2"):
            new(n)


def test_f4_f36_setup() -> None:
    """F-4, F-36, F-22, F-24: seat 0 holds the marker; everyone has 15 coins, a tower at (0, 0)
    with 3 water and a Silo at (1, 0) with 1 food; piles sorted by type and shuffled."""
    s = new(4, cards=FULL)
    assert s.first == 0 and s.year == 1
    for p in range(4):
        assert s.coins[p] == 15 and s.food[p] == 1 and s.vp[p] == 0
        farm = s.farms[p]
        assert sorted(farm) == [(0, 0), (1, 0)]
        assert s.cfg.cards[farm[(0, 0)]].design == "water_tower"
        assert s.cfg.cards[farm[(1, 0)]].design == "silo"
        assert s.water[farm[(0, 0)]] == 3
    assert [len(p) for p in s.piles] == [33, 33, 33, 33]
    for kind, pile in enumerate(s.piles):
        assert all(s.cfg.cards[c].kind == kind for c in pile)
    assert len(s.tiles) == 30


@pytest.mark.parametrize(
    ("ruleset", "towers", "silos"), [("published", 17, 11), ("prototype", 15, 9)]
)
def test_f37_f9_fex1_piles_after_setup(ruleset: str, towers: int, silos: int) -> None:
    """F-37, F-9, F-EX-1: 3 players leave 17 / 11 (published) or 15 / 9 (prototype) Water
    Towers / Silos; year 1 starts with seat 0, passing clockwise, without income."""
    s = new(3, ruleset=ruleset)
    assert (len(s.towers), len(s.silos)) == (towers, silos)
    assert s.first == 0 and s.direction() == 1
    assert s.coins == [15, 15, 15] and s.food == [1, 1, 1]
    assert s.observe(None)["phase"] == "draw"


def test_f8_pile_names() -> None:
    """F-8: the third pile is called Constructions (published) or Facilities (prototype)."""
    assert new(3).observe(None)["pile_names"][2] == "Constructions"
    assert new(3, ruleset="prototype").observe(None)["pile_names"][2] == "Facilities"


def test_f5_seeded_reproduction() -> None:
    """F-5: the same seed, options and actions reproduce the same game."""
    a, b = new(3, seed=5, cards=FULL), new(3, seed=5, cards=FULL)
    play_random(a, 9)
    play_random(b, 9)
    assert a.key() == b.key()
    assert new(3, seed=6, cards=FULL).key() != new(3, seed=5, cards=FULL).key()


def test_f10_f25_supply_is_unlimited() -> None:
    """F-10, F-25, F-11: coins, food, water and VP are counts without a supply limit; the
    token counts of the boxes play no part."""
    s = new(3)
    s.coins[0] = 10_000
    s.refresh()
    assert s.observe(None)["players"][0]["coins"] == 10_000


def _years(n: int, seed: int = 3) -> list[tuple[int, int, int]]:
    """(year, first player, direction) at each draw phase of a random game."""
    s = new(n, seed=seed, cards=FULL)
    seen: list[tuple[int, int, int]] = []
    play = __import__("random").Random(seed)
    while not s.is_terminal():
        row = (s.year, s.first, s.direction())
        if s.observe(None)["phase"] == "draw" and row not in seen:
            seen.append(row)
        p = s.to_move()[0]
        options = s.legal_actions(p)
        s.apply(p, options[play.randrange(len(options))])
    return seen


def test_f38_f39_f40_fex19_years_marker_direction() -> None:
    """F-38, F-39, F-40, F-EX-19: 4 years; the marker moves left each year; years 1 and 3
    pass clockwise, 2 and 4 counter-clockwise."""
    assert _years(3) == [(1, 0, 1), (2, 1, -1), (3, 2, 1), (4, 0, -1)]
    assert _years(4) == [(1, 0, 1), (2, 1, -1), (3, 2, 1), (4, 3, -1)]


def test_f6_turn_order_from_the_marker() -> None:
    """F-6: sequential steps go from the marker holder clockwise, whatever the direction."""
    s = new(4, cards=FULL)
    s.first = 2
    assert s.order() == [2, 3, 0, 1]
    s.year = 2
    assert s.order() == [2, 3, 0, 1]


def test_f26_discard_piles_are_public() -> None:
    """F-26: cards used for actions B-E go to a public discard pile."""
    s = new(3, cards=FULL)
    play_random(s, 4)
    obs = s.observe(None)
    assert len(obs["discard"]) == len(s.discard) > 0
    assert {c["id"] for c in obs["discard"]} == set(s.discard)


def test_f5_state_json_round_trip() -> None:
    """F-5: the complete state saves as JSON and loads back to the same state, which plays
    on identically."""
    s = new(3, seed=8, cards=FULL)
    play_random(s, 8, limit=120)
    text = json.dumps(s.to_json())
    back = GAME.state_from_json(json.loads(text))
    assert back.key() == s.key() and back.to_move() == s.to_move()
    play_random(s, 3)
    play_random(back, 3)
    assert back.key() == s.key()


@pytest.mark.parametrize("module", ["farm", "actions"])
def test_f27_f7_doctests(module: str) -> None:
    """F-27, F-7: the doctest examples of the farm grid and the action forms."""
    found = importlib.import_module(f"seedbed.games.fields_of_green.{module}")
    result = doctest.testmod(found)
    assert result.attempted > 0 and result.failed == 0
