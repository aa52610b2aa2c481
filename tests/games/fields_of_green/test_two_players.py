"""Two players: the shared pile and display, alternating picks (F-69 … F-71, F-115,
F-EX-11)."""

from __future__ import annotations

import json

from seedbed.games.fields_of_green import FieldsOfGreenState

from .builder import act, build, menu, new, refused
from .full_cards import FULL


def _after_splits(seed: int = 2) -> FieldsOfGreenState:
    s = new(2, seed=seed, cards=FULL)
    act(s, 0, "split 2 2 1 1")
    act(s, 1, "split 1 2 1 2")
    return s


def test_f69_shared_pile_and_display() -> None:
    """F-69: both split as usual (first player first); nobody sees the 12 cards: they are
    shuffled into a shared pile and its top 6 form the display."""
    s = new(2, seed=2, cards=FULL)
    assert s.to_move() == (0,)
    events = act(s, 0, "split 2 2 1 1")
    assert "cards" not in events[0].for_viewer(0)  # not even the drawer sees them
    assert s.hands == [[], []]
    act(s, 1, "split 1 2 1 2")
    assert len(s.display) == 6 and len(s.shared) == 6
    kinds = sorted(s.cfg.cards[c].kind for c in s.display + s.shared)
    assert kinds == [0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 3]
    hidden = set(s.shared)
    for viewer in (0, 1, None):
        text = json.dumps(s.observe(viewer))
        assert s.observe(viewer)["shared_size"] == 6
        assert not any(f'"id": {c},' in text for c in hidden)


def test_f70_fex11_alternating_picks_and_refills() -> None:
    """F-70, F-EX-11: start 6 / 6; after every second pick 2 more cards are turned up:
    4 -> 6 / 4, 6 / 2, 6 / 0; then picks 7-12 empty the display; each player acts 6 times."""
    s = _after_splits()
    sizes, actors = [], []
    while s.observe(None)["phase"] == "pick":
        p = s.to_move()[0]
        actors.append(p)
        act(s, p, f"market {s.display[0]} 0")
        sizes.append((len(s.display), len(s.shared)))
    assert actors == [0, 1] * 6
    assert sizes[:6] == [(5, 6), (6, 4), (5, 4), (6, 2), (5, 2), (6, 0)]
    assert sizes[6:] == [(5, 0), (4, 0), (3, 0), (2, 0), (1, 0), (0, 0)]


def test_f70_action_names_a_display_card() -> None:
    """F-70: the action names the display card it uses; others are refused."""
    s = _after_splits()
    card = s.display[2]
    moves = menu(s, 0)
    assert f"market {card} 0" in moves
    outside = s.shared[0]
    refused(s, 0, f"market {outside} 0", "F-70")
    act(s, 0, f"market {card} 0")
    assert card not in s.display and s.discard[-1] == card


def test_f115_odd_short_draw_alternation_continues() -> None:
    """F-115, F-70: with 5 cards the players keep alternating; the first acts once more."""
    s = build(2, phase="pick", cards=FULL, display=["t_plot", "t_herb", "t_grove", "t_herb"],
              shared=["t_flock"])  # fmt: skip
    actors = []
    while s.observe(None)["phase"] == "pick":
        p = s.to_move()[0]
        actors.append(p)
        act(s, p, f"market {s.display[0]} 0")
    assert actors == [0, 1, 0, 1, 0]


def test_f71_harvest_in_turn_order_with_two_players() -> None:
    """F-71, F-58: harvest order is the turn order, as with 3-4 players."""
    base = {(0, 0): "water_tower", (1, 0): "silo", (0, 1): "t_plot"}
    s = build(2, phase="harvest", cards=FULL, first=1, farms={0: base, 1: base})
    assert s.to_move() == (1,)
