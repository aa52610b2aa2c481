"""The third field and free actions (B-10, B-26, B-27, B-85, B-86, B-92, B-EX-8)."""

from __future__ import annotations

from .builder import act, assert_conserved, build, field_names, menu, names, refused

TREASURY = ["red", "red", "chili", "soy"]  # bottom -> top (B-EX-8)


def test_b_ex_8_four_players_pay_top_coins_to_discard():
    """B-EX-8 / B-26: soy, chili, red go onto the discard pile (top red); treasury [red];
    field 2 exists and is empty."""
    s = build(4, hands={0: ["wax"]}, treasury={0: TREASURY}, discard=[])
    act(s, 0, "buy-field")
    assert names(s, s.discard) == ["soy", "chili", "red"]
    assert names(s, s.treasury[0]) == ["red"]
    assert field_names(s, 0) == [[], [], []]
    assert s.third[0]


def test_b_ex_8_six_players_cost_two():
    """B-EX-8 / B-13: with 6 players the field costs 2: soy then chili; treasury [red, red]."""
    s = build(6, hands={0: ["wax"]}, treasury={0: TREASURY}, discard=[])
    act(s, 0, "buy-field")
    assert names(s, s.discard) == ["soy", "chili"]
    assert names(s, s.treasury[0]) == ["red", "red"]


def test_b_ex_8_duel_coins_go_to_the_box():
    """B-EX-8 / B-26: in the duel soy, chili, red go to the box; the discard pile is unchanged."""
    s = build(2, phase="duel-draw", treasury={0: TREASURY}, discard=["blue"])
    box_before = s.box[:]
    discard_before = s.discard[:]
    act(s, 0, "buy-field")
    assert names(s, s.box[len(box_before) :]) == ["soy", "chili", "red"]
    assert s.discard == discard_before
    assert names(s, s.treasury[0]) == ["red"]
    assert_conserved(s)


def test_b26_new_field_usable_at_once():
    """B-26: field 2 is empty and usable immediately."""
    s = build(hands={0: ["wax"]}, fields={0: [["soy"] * 2, ["red"] * 2]}, treasury={0: TREASURY})
    act(s, 0, "buy-field")
    act(s, 0, "plant 2")
    assert field_names(s, 0) == [["soy"] * 2, ["red"] * 2, ["wax"]]


def test_b26_buy_only_once_and_b10_never_more_than_three_fields():
    """B-26 / B-10: each player buys at most once; no player has more than 3 fields."""
    s = build(hands={0: ["wax"]}, treasury={0: ["soy"] * 6})
    act(s, 0, "buy-field")
    assert "buy-field" not in menu(s, 0)
    refused(s, 0, "buy-field", "B-26")
    assert len(s.fields[0]) == 3


def test_b10_third_field_not_limited_every_player_may_buy():
    """B-10: third fields are not a limited resource: all 7 players may own one."""
    s = build(7, phase="trade", faceup=["soy", None], treasury={p: ["blue"] * 2 for p in range(7)})
    for p in range(7):
        act(s, p, "buy-field")
    assert all(len(fs) == 3 for fs in s.fields)


def test_b26_no_borrowing_no_partial_payment():
    """B-26: fewer coins than the cost: refused, nothing paid."""
    s = build(hands={0: ["wax"]}, treasury={0: ["soy", "soy"]})
    refused(s, 0, "buy-field", "B-26")
    assert len(s.treasury[0]) == 2


def test_b86_exact_cost_empties_the_treasury():
    """B-86: exactly the cost leaves an empty treasury; one coin less is illegal."""
    s = build(hands={0: ["wax"]}, treasury={0: ["soy"] * 3})
    act(s, 0, "buy-field")
    assert s.treasury[0] == []
    s = build(6, hands={0: ["wax"]}, treasury={0: ["soy"]})
    refused(s, 0, "buy-field", "B-26")


def test_b85_three_players_never_buy():
    """B-85 / B-14: standard 3 players own the third field from the start; BuyField never."""
    s = build(3, hands={0: ["wax"]}, fields={0: [[], [], []]}, treasury={0: ["soy"] * 5})
    assert "buy-field" not in menu(s, 0)
    refused(s, 0, "buy-field", None)


def test_b85_non_active_buys_during_trading_and_phase_3():
    """B-85: a non-active player may buy during trading or while planting in phase 3."""
    s = build(phase="trade", faceup=["soy", "red"], treasury={2: ["blue"] * 3})
    assert "buy-field" in menu(s, 2)
    act(s, 2, "buy-field")
    assert len(s.fields[2]) == 3
    s = build(phase="plant-traded", trade={0: ["soy"], 3: ["red"]}, treasury={3: ["blue"] * 3})
    act(s, 3, "buy-field")
    assert len(s.fields[3]) == 3
    assert s.to_move() == (0, 3)


def test_b92_paid_coins_reenter_the_deck_at_the_next_reshuffle():
    """B-92: coins paid (4 players) lie bean side up on the discard pile and come back with the
    next reshuffle."""
    s = build(phase="draw", hands={1: ["wax"]}, treasury={0: ["soy"] * 3}, deck=[], discard=[])
    act(s, 0, "buy-field")
    paid = s.discard[:]
    assert len(paid) == 3 and s.treasury[0] == []
    act(s, 0, "finish-turn")
    # the first card asked of the empty deck is exhaustion 1 and the coins become the deck; the
    # third coin drawn empties it again: exhaustion 2 (B-60)
    assert s.exhaustions == 2
    assert sorted(s.hands[0]) == sorted(paid)


def test_b92_duel_coins_leave_the_game():
    """B-92: in the duel paid coins go to the box and never come back."""
    s = build(2, phase="duel-draw", treasury={0: ["soy"] * 3})
    paid = s.treasury[0][:]
    act(s, 0, "buy-field")
    assert s.box == paid[::-1]
    act(s, 0, "finish-turn")
    assert s.box == paid[::-1]
    assert not set(paid) & set(s.deck + s.discard + s.hands[0])


def test_b27_free_actions_do_not_end_a_phase():
    """B-27: Harvest and BuyField can be repeated between other actions without ending the
    phase or step."""
    s = build(
        hands={0: ["wax", "wax"]},
        fields={0: [["soy"] * 2, ["red"] * 2]},
        treasury={0: ["blue"] * 3},
    )
    act(s, 0, "harvest 0")
    act(s, 0, "buy-field")
    act(s, 0, "harvest 1")
    assert (s.phase, s.planted, s.to_move()) == (1, 0, (0,))
    act(s, 0, "plant 0")
    act(s, 0, "harvest 0")
    assert (s.phase, s.planted, s.to_move()) == (1, 1, (0,))
