"""The 3-4 player action phase: commit, pass, reveal and resolve (F-45 … F-50, F-7, F-116)."""

from __future__ import annotations

import json

from seedbed.games.fields_of_green import FieldsOfGreenState

from .builder import act, build, designs, menu, refused
from .full_cards import FULL

HANDS = {
    0: ["t_plot", "t_flock", "t_pump"],
    1: ["t_grove", "t_loner", "t_shed"],
    2: ["t_herb", "t_hens", "t_stall"],
}


def _commit_state(year: int = 1, first: int = 0) -> FieldsOfGreenState:
    return build(3, phase="commit", cards=FULL, hands=HANDS, year=year, first=first)


def test_f46_f7_everyone_commits_at_once() -> None:
    """F-46, F-7: every player with cards is on the move at once, in turn order."""
    s = _commit_state(year=2, first=1)
    assert s.to_move() == (1, 2, 0)
    card = s.hands[0][1]
    assert menu(s, 0) == [f"commit {c}" for c in s.hands[0]]
    act(s, 0, f"commit {card}")
    assert s.to_move() == (1, 2)
    refused(s, 0, f"commit {s.hands[0][0]}", "F-7")
    refused(s, 1, f"commit {card}", "F-46")


def test_f46_f116_commit_is_hidden_until_the_reveal() -> None:
    """F-46, F-116: others learn only that a commit happened, never the card."""
    s = _commit_state()
    card = s.hands[0][0]
    events = act(s, 0, f"commit {card}")
    assert events[0].for_viewer(1) == {"kind": "commit", "player": 0}
    assert events[0].for_viewer(0)["card"] == card
    for viewer in (1, 2, None):
        obs = s.observe(viewer)
        assert obs["players"][0]["committed"] is True
        assert f'"id": {card},' not in json.dumps(obs)
    assert s.observe(0)["commit"]["id"] == card


def test_f47_f48_pass_clockwise_then_reveal() -> None:
    """F-47, F-48, F-40: once all committed, the rest of each hand goes to seat + 1 in year 1
    and the receiver sees it; the commits turn face up together."""
    s = _commit_state()
    rest = {}
    for p in range(3):
        card = s.hands[p][0]
        rest[p] = sorted(s.hands[p][1:])
        events = act(s, p, f"commit {card}")
    assert {q: sorted(s.hands[q]) for q in range(3)} == {1: rest[0], 2: rest[1], 0: rest[2]}
    receive = [e for e in events if e.kind == "receive"]
    assert receive[1].for_viewer(1)["cards"] == s.hands[1]
    assert "cards" not in receive[1].for_viewer(0)
    reveal = next(e for e in events if e.kind == "reveal")
    assert designs(s, reveal.for_viewer(None)["cards"]) == ["t_plot", "t_grove", "t_herb"]


def test_f40_pass_counter_clockwise_in_year_two() -> None:
    """F-40, F-47: years 2 and 4 pass to seat - 1."""
    s = _commit_state(year=2, first=1)
    rest = {}
    for p in (1, 2, 0):
        rest[p] = sorted(s.hands[p][1:])
        act(s, p, f"commit {s.hands[p][0]}")
    assert sorted(s.hands[0]) == rest[1] and sorted(s.hands[2]) == rest[0]


def test_f49_resolve_in_turn_order() -> None:
    """F-49: after the reveal, one player at a time in turn order uses their card; Go to
    Market is always possible."""
    s = _commit_state(year=2, first=1)
    for p in (1, 2, 0):
        act(s, p, f"commit {s.hands[p][0]}")
    order = []
    while s.observe(None)["phase"] == "resolve":
        p = s.to_move()[0]
        order.append(p)
        card = s.revealed[p]
        assert f"market {card} 0" in menu(s, p)
        act(s, p, f"market {card} 0")
    assert order == [1, 2, 0]
    assert s.observe(None)["phase"] == "commit"


def test_f45_f50_turns_as_many_as_the_largest_hand() -> None:
    """F-45, F-50, F-46: 3 cards each give 3 turns; the last card is committed by itself;
    when nobody holds a card the harvest begins."""
    s = _commit_state()
    turns = 0
    while s.observe(None)["phase"] in ("commit", "resolve"):
        if s.observe(None)["phase"] == "commit":
            turns += 1
            for p in s.to_move():
                act(s, p, f"commit {s.hands[p][0]}")
        else:
            p = s.to_move()[0]
            act(s, p, f"market {s.revealed[p]} 0")
    assert turns == 2  # the third card of each hand was committed automatically
    # 3 markets each, nothing to harvest, then year 2's income: 15 + 3 * 2 + 3
    assert s.year == 2 and s.coins == [24, 24, 24]


def test_f46_single_card_commits_itself() -> None:
    """F-46, F-7: a player with exactly one card commits it automatically; players without
    cards take no turn."""
    s = build(3, phase="commit", cards=FULL, hands={0: ["t_plot"], 1: ["t_grove", "t_herb"]})
    assert s.to_move() == (1,)
    assert s.observe(None)["players"][0]["committed"] is True
    act(s, 1, f"commit {s.hands[1][0]}")
    assert s.to_move() == (0,)  # resolve: seat 0 first
    assert s.observe(None)["phase"] == "resolve"
