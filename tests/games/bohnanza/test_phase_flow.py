"""Who may act and the turn's phases (B-28 … B-33, B-51, B-52, B-73)."""

from __future__ import annotations

import pytest

from seedbed.engine import NotOnMoveError

from .builder import GAME, act, build, menu, names, refused


def test_b28_only_players_on_the_move_may_act():
    """B-28: a player not on the move is refused with NotOnMoveError and has no menu."""
    s = build(hands={0: ["wax"], 1: ["soy"]}, fields={1: [["soy"] * 2, []]})
    assert s.to_move() == (0,)
    assert list(s.legal_actions(1)) == []
    before = s.key()
    with pytest.raises(NotOnMoveError):
        s.apply(1, GAME.parse_action("harvest 0"))
    assert s.key() == before


def test_b28_driver_order_lists_the_next_player_to_ask_first():
    """B-28: to_move is in driver order: in trading the active player comes first."""
    s = build(5, phase="trade", active=3, faceup=["soy", "red"])
    assert s.to_move() == (3, 4, 0, 1, 2)


def test_b29_phase_1_windows():
    """B-29: phase 1 before a plant: PlantFromHand, Harvest, BuyField; after one plant also
    EndPlanting."""
    s = build(
        hands={0: ["wax", "wax", "soy"]},
        fields={0: [["red"] * 2, []]},
        treasury={0: ["blue"] * 3},
    )
    assert menu(s, 0) == ["plant 0", "plant 1", "harvest 0", "buy-field"]
    act(s, 0, "plant 1")
    assert menu(s, 0) == ["plant 1", "end-planting", "harvest 0", "buy-field"]


def test_b29_phase_3_and_4_windows():
    """B-29: phase 3: only players with cards in their trade area; phase 4: the active player
    with FinishTurn and free actions."""
    s = build(phase="plant-traded", trade={2: ["soy"]}, fields={1: [["red"] * 2, []]})
    assert s.to_move() == (2,)
    with pytest.raises(NotOnMoveError):
        act(s, 1, "harvest 0")
    s = build(phase="draw", fields={0: [["red"] * 2, []], 1: [["red"] * 2, []]})
    assert s.to_move() == (0,) and menu(s, 0) == ["finish-turn", "harvest 0"]
    with pytest.raises(NotOnMoveError):
        act(s, 1, "harvest 0")


def test_b29_actions_outside_their_window_are_refused():
    """B-29: an action of another window is refused (e.g. EndTrading in phase 1)."""
    s = build(hands={0: ["wax"]})
    refused(s, 0, "end-trading", None)
    refused(s, 0, "finish-turn", None)
    s = build(phase="draw")
    refused(s, 0, "plant 0", "B-29")


def test_b30_phase_3_driver_order_active_then_clockwise():
    """B-30: phase 3 asks the active player first, then clockwise."""
    s = build(phase="plant-traded", active=2, trade={0: ["soy"], 2: ["red"], 3: ["blue"]})
    assert s.to_move() == (2, 3, 0)
    act(s, 2, f"plant-traded {s.trade[2][0]} 0")
    assert s.to_move() == (3, 0)


def test_b31_turn_phases_in_order_then_next_seat():
    """B-31: plant, reveal and trade, plant traded cards, draw; then seat + 1 at phase 1."""
    s = build(hands={0: ["wax"], 1: ["soy"]}, deck=["blue"] * 5 + ["red", "green"])
    seen = [s.observe(None)["phase"]]
    act(s, 0, "plant 0")
    seen.append(s.observe(None)["phase"])
    act(s, 0, "end-trading")
    seen.append(s.observe(None)["phase"])
    act(s, 0, f"plant-traded {s.trade[0][0]} 1")
    act(s, 0, f"plant-traded {s.trade[0][0]} 0")
    seen.append(s.observe(None)["phase"])
    act(s, 0, "finish-turn")
    seen.append(s.observe(None)["phase"])
    assert seen == ["plant", "trade", "plant-traded", "draw", "plant"]
    assert s.active == 1


def test_b32_front_card_must_be_planted_first():
    """B-32: EndPlanting is refused before the first plant."""
    s = build(hands={0: ["wax", "soy"]})
    refused(s, 0, "end-planting", None)
    assert menu(s, 0)[0] == "plant 0"


def test_b32_at_most_two_plants_then_phase_2():
    """B-32: after the second plant phase 1 ends (no third plant); EndPlanting after one."""
    s = build(hands={0: ["wax", "wax", "wax"]})
    act(s, 0, "plant 0")
    act(s, 0, "plant 0")
    assert s.observe(None)["phase"] == "trade" and names(s, s.hands[0]) == ["wax"]
    s = build(hands={0: ["wax", "wax", "wax"]})
    act(s, 0, "plant 0")
    act(s, 0, "end-planting")
    assert s.observe(None)["phase"] == "trade" and len(s.hands[0]) == 2


def test_b32_phase_1_ends_when_the_hand_empties():
    """B-32: phase 1 ends as soon as the hand is empty."""
    s = build(hands={0: ["wax"]})
    act(s, 0, "plant 0")
    assert s.observe(None)["phase"] == "trade"


def test_b33_reveal_two_top_cards_into_slots_0_and_1():
    """B-33: the top deck card goes to slot 0, the next to slot 1; trading opens."""
    s = build(hands={0: ["wax"]}, deck=["stink", "green", "red"])
    act(s, 0, "plant 0")
    assert names(s, s.faceup) == ["red", "green"]
    assert names(s, s.deck) == ["stink"]
    assert s.to_move() == (0, 1, 2, 3)


def test_b51_phase_3_all_plant_in_any_order_and_leave_when_empty():
    """B-51: everyone with a trade area is on the move at once; a player leaves when empty;
    phase 3 ends when all trade areas are empty."""
    s = build(phase="plant-traded", trade={0: ["soy", "red"], 1: ["blue"]})
    assert s.to_move() == (0, 1)
    act(s, 1, f"plant-traded {s.trade[1][0]} 0")
    assert s.to_move() == (0,)
    red = s.trade[0][1]
    act(s, 0, f"plant-traded {red} 1")
    assert s.to_move() == (0,) and s.observe(None)["phase"] == "plant-traded"
    act(s, 0, f"plant-traded {s.trade[0][0]} 0")
    assert s.observe(None)["phase"] == "draw" and s.to_move() == (0,)


def test_b51_card_must_be_in_own_trade_area():
    """B-51: only cards of the player's own trade area can be planted in phase 3."""
    s = build(phase="plant-traded", trade={0: ["soy"], 1: ["blue"]})
    refused(s, 0, f"plant-traded {s.trade[1][0]} 0", "B-51")


def test_b51_phase_3_skipped_when_all_trade_areas_empty():
    """B-51: with no kept or traded cards, phase 3 ends at once."""
    s = build(phase="trade", hands={0: ["wax"]})
    act(s, 0, "end-trading")
    assert s.observe(None)["phase"] == "draw"


def test_b52_finish_turn_draws_to_the_back_then_next_seat():
    """B-52: FinishTurn draws 3 (4 with 6-7 players) to the back; the next seat starts."""
    s = build(phase="draw", hands={0: ["wax"], 1: ["soy"]}, deck=["blue", "red", "stink"])
    act(s, 0, "finish-turn")
    assert names(s, s.hands[0]) == ["wax", "stink", "red", "blue"]
    assert (s.active, s.observe(None)["phase"]) == (1, "plant")
    s = build(7, phase="draw", hands={1: ["soy"]})
    act(s, 0, "finish-turn")
    assert len(s.hands[0]) == 4


def test_b73_empty_hand_skips_phase_1_but_trades_and_draws():
    """B-73: an active player with an empty hand skips phase 1, trades and draws normally."""
    s = build(phase="draw", active=3, hands={1: ["soy"]}, deck=["red", "green"] + ["blue"] * 3)
    act(s, 3, "finish-turn")
    assert s.active == 0 and s.observe(None)["phase"] == "trade"
    assert names(s, s.faceup) == ["green", "red"]
    act(s, 1, "offer 0 give h0 want -")
    act(s, 0, "accept 1 -")
    assert names(s, s.trade[0]) == ["soy"]
    act(s, 0, "end-trading")
    for card in s.trade[0][:]:
        legal = [a for a in menu(s, 0) if a.startswith(f"plant-traded {card} ")]
        act(s, 0, legal[0])
    act(s, 0, "finish-turn")
    assert len(s.hands[0]) == 3
