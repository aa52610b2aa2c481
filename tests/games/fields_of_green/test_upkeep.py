"""The upkeep phase: income and water placement (F-41), the draw split (F-42, F-43) and the
introductory splits (F-44, F-13)."""

from __future__ import annotations

import pytest

from seedbed.games.fields_of_green import FieldsOfGreenState

from .builder import act, build, menu, new, refused, water_at
from .fixture_cards import FIXTURE
from .full_cards import FULL

TWO_TOWERS = {(0, 0): "water_tower", (1, 0): "silo", (2, 0): "water_tower"}


def _year_two(**kw: object) -> FieldsOfGreenState:
    """A state at the end of year 1's harvest with nothing to harvest: the refresh runs the
    year-2 upkeep."""
    return build(3, phase="harvest", **kw)


def test_f41_fex9_income_without_choice() -> None:
    """F-41, F-EX-9: towers 3/3 and 2/3, food 4/4, coins 10: coins 13, food stays 4, one
    water on the second tower, one lost, no PlaceWater asked."""
    s = _year_two(farms={0: TWO_TOWERS}, water={0: {(2, 0): 2}}, food={0: 4}, coins={0: 10})
    assert s.year == 2
    assert s.coins[0] == 13 and s.food[0] == 4
    assert water_at(s, 0, (0, 0)) == 3 and water_at(s, 0, (2, 0)) == 3
    assert s.observe(None)["phase"] == "draw"  # nobody had a water decision


def test_f103_full_towers_and_food_gain_only_coins() -> None:
    """F-103: every tower full and food at capacity: only the 3 coins are gained."""
    s = _year_two(food={0: 4}, coins={0: 10})
    assert (s.coins[0], s.food[0], water_at(s, 0, (0, 0))) == (13, 4, 3)


def test_f41_place_water_choice_in_turn_order() -> None:
    """F-41, F-33: with room on two towers the player places the 2 water; players with a
    choice decide in turn order (year 2: seat 1 first)."""
    s = _year_two(
        farms={0: TWO_TOWERS, 2: TWO_TOWERS},
        water={0: {(0, 0): 1, (2, 0): 1}, 2: {(0, 0): 2, (2, 0): 1}},
    )
    assert s.first == 1
    assert s.to_move() == (2,)  # seat 2 comes before seat 0 in year 2's order
    assert menu(s, 2) == ["water 0,0:1+2,0:1", "water 2,0:2"]
    refused(s, 0, "water 0,0:2", "F-7")
    act(s, 2, menu(s, 2)[0])
    assert s.to_move() == (0,)
    assert menu(s, 0) == ["water 0,0:2", "water 0,0:1+2,0:1", "water 2,0:2"]
    refused(s, 0, "water 0,0:1", "F-33")
    refused(s, 0, "water 0,0:3", "F-33")
    act(s, 0, "water 2,0:2")
    assert water_at(s, 0, (0, 0)) == 1 and water_at(s, 0, (2, 0)) == 3
    assert s.observe(None)["phase"] == "draw"


def _draw_state(piles: dict[str, list[str]], n: int = 3) -> FieldsOfGreenState:
    return build(n, phase="draw", cards=FULL, piles=piles)


def test_f42_fex10_split_rules() -> None:
    """F-42, F-EX-10: piles F 10, L 0, C 5, B 1."""
    s = _draw_state({"field": ["t_plot"] * 3 + ["t_grove"] * 3 + ["t_herb"] * 3 + ["t_beans"],
                     "livestock": [], "construction": ["t_pump"] * 3 + ["t_shed"] * 2,
                     "building": ["t_hall"]})  # fmt: skip
    moves = menu(s, 0)
    assert "split 3 0 2 1" in moves and "split 4 0 1 1" in moves
    for bad in ("split 6 0 0 0", "split 4 0 2 0", "split 2 0 2 2", "split 3 1 1 1"):
        assert bad not in moves
        refused(s, 0, bad, "F-42")


def test_f42_draw_takes_pile_tops_into_the_hand() -> None:
    """F-42: the chosen numbers come from the pile tops (the list ends) and form the hand;
    the counts are public, the cards private."""
    s = _draw_state({"field": ["t_herb", "t_plot", "t_grove"], "livestock": ["t_flock"] * 3,
                     "construction": ["t_pump"] * 3, "building": ["t_hall"] * 3})  # fmt: skip
    events = act(s, 0, "split 2 2 1 1")
    hand = [s.cfg.cards[c].design for c in s.hands[0]]
    assert hand == ["t_grove", "t_plot", "t_flock", "t_flock", "t_pump", "t_hall"]
    assert events[0].for_viewer(1) == {"kind": "draw", "player": 0, "split": [2, 2, 1, 1]}
    assert "cards" in events[0].for_viewer(0)


def test_f43_fex10_fewer_than_three_piles() -> None:
    """F-43, F-EX-10: piles F 0, L 0, C 10, B 3: take from every non-empty pile."""
    s = _draw_state({"field": [], "livestock": [],
                     "construction": ["t_pump"] * 3 + ["t_shed"] * 3 + ["t_stall"] * 3
                     + ["t_fence"], "building": ["t_hall"] * 3})  # fmt: skip
    moves = menu(s, 0)
    assert moves == ["split 0 0 3 3", "split 0 0 4 2", "split 0 0 5 1"]
    refused(s, 0, "split 0 0 6 0", "F-43")


def test_f43_fex10_take_all_without_decision() -> None:
    """F-43, F-EX-10: piles F 0, L 0, C 4, B 1: the first player takes all 5, no decision;
    the next players' piles are empty and their hands too."""
    s = _draw_state({"field": [], "livestock": [], "construction": ["t_pump"] * 3 + ["t_shed"],
                     "building": ["t_hall"]})  # fmt: skip
    assert s.splits[0] == [0, 0, 4, 1]
    assert len(s.hands[0]) == 5 and s.hands[1] == [] == s.hands[2]
    assert s.observe(None)["phase"] == "commit"


@pytest.mark.parametrize(
    ("ruleset", "year4"), [("published", [0, 2, 1, 3]), ("prototype", [1, 1, 1, 3])]
)
def test_f44_f13_introductory_splits(ruleset: str, year4: list[int]) -> None:
    """F-44, F-13: fixed splits, no decision; year 4 differs between the rule sets."""
    s = new(4, cards=FULL, ruleset=ruleset, introductory=True)
    assert s.splits == [[3, 2, 1, 0]] * 4
    assert all(len(h) == 6 for h in s.hands)
    assert s.observe(None)["phase"] == "commit"
    for year, split in ((2, [2, 2, 1, 1]), (3, [1, 2, 1, 2]), (4, year4)):
        later = build(4, phase="draw", year=year, cards=FULL, ruleset=ruleset, introductory=True)
        assert later.splits == [split] * 4


def test_f44_short_pile_gives_what_it_has() -> None:
    """F-44 [designed]: with a small user set a pile gives what it has; the hand is smaller."""
    s = new(4, cards=FIXTURE, introductory=True)  # 6 fields in the whole set
    assert s.splits == [[3, 2, 1, 0], [3, 2, 1, 0], [0, 2, 1, 0], [0, 2, 1, 0]]
    assert [len(h) for h in s.hands] == [6, 6, 3, 3]


def test_f42_splits_in_turn_order() -> None:
    """F-42, F-6: one player at a time in turn order; the counts are public at once."""
    s = build(3, phase="draw", year=2, first=1, cards=FULL)
    assert s.to_move() == (1,)
    act(s, 1, "split 2 2 1 1")
    assert s.to_move() == (2,)
    assert s.observe(0)["players"][1]["split"] == [2, 2, 1, 1]
