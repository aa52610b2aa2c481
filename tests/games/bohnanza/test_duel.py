"""The bean duel, standard edition with 2 players (B-53 … B-58, B-90, B-91, B-EX-13)."""

from __future__ import annotations

import pytest

from seedbed.engine import NotOnMoveError

from .builder import GAME, act, build, field_names, menu, names, refused


def phase(s):
    return s.observe(None)["phase"]


def test_b53_duel_has_no_trading_and_one_player_on_the_move():
    """B-53: no trading actions exist in the duel; only the active player is on the move."""
    for step in ("duel-offered", "duel-plant", "duel-revealed", "duel-draw"):
        s = build(2, phase=step, hands={0: ["wax"]}, offer_area=["soy"], revealed=["red"])
        assert s.to_move() == (0,)
        refused(s, 0, "offer 1 give h0 want -", None)
        refused(s, 0, "pass", None)
        assert not [a for a in menu(s, 0) if a.split()[0] in ("offer", "pass", "end-trading")]


def test_b53_first_exhaustion_ends_the_duel():
    """B-53 / B-13: the first exhaustion is the final one in the duel."""
    s = build(2, phase="duel-draw", hands={1: ["wax"]}, deck=["red"], discard=["soy"] * 5)
    act(s, 0, "finish-turn")
    assert s.is_terminal() and s.exhaustions == 1 and names(s, s.hands[0]) == ["red"]


def test_b54_offered_cards_planted_or_discarded_in_any_order():
    """B-54: each offered card is planted or discarded, one at a time in any order; then the
    step ends."""
    s = build(2, phase="duel-offered", offer_area=["soy", "red"], hands={0: ["wax"]})
    soy, red = s.offer_area
    act(s, 0, f"plant-offered {red} 1")
    assert phase(s) == "duel-offered"
    act(s, 0, f"discard-offered {soy}")
    assert s.discard[-1] == soy and field_names(s, 0) == [[], ["red"]]
    assert phase(s) == "duel-plant"


def test_b54_card_must_be_in_the_offer_area():
    """B-54: only cards of the offer area can be planted or discarded in step 1."""
    s = build(2, phase="duel-offered", offer_area=["soy"], hands={0: ["wax"]})
    refused(s, 0, f"discard-offered {s.hands[0][0]}", "B-54")
    refused(s, 0, f"plant-offered {s.hands[0][0]} 0", "B-54")


def test_b54_step_1_skipped_when_the_offer_area_is_empty():
    """B-54: on the first turn (empty offer area) the game starts at step 2; also later."""
    assert phase(GAME.new_state(2, 9)) == "duel-plant"
    s = build(2, phase="duel-draw", hands={1: ["wax"]})
    act(s, 0, "finish-turn")
    assert (s.active, phase(s)) == (1, "duel-plant")


def test_b55_plant_twice_then_optional_discard_ends_the_step():
    """B-55: plant the front card, maybe a second, then discard any one card; the discard
    ends the step."""
    s = build(2, phase="duel-plant", hands={0: ["wax", "wax", "soy", "red"]}, deck=["blue"] * 3)
    refused(s, 0, "discard 0", "B-55")
    act(s, 0, "plant 0")
    act(s, 0, "plant 0")
    refused(s, 0, "plant 0", "B-32")
    act(s, 0, "discard 1")
    assert names(s, s.hands[0]) == ["soy"] and names(s, s.discard[-1:]) == ["red"]
    assert phase(s) == "duel-revealed"


def test_b55_end_planting_after_one_plant_and_end_when_hand_empty():
    """B-55: EndPlanting ends the step; an emptied hand ends it at once."""
    s = build(2, phase="duel-plant", hands={0: ["wax", "soy"]})
    act(s, 0, "plant 0")
    act(s, 0, "end-planting")
    assert phase(s) == "duel-revealed" and names(s, s.hands[0]) == ["soy"]
    s = build(2, phase="duel-plant", hands={0: ["wax"]})
    act(s, 0, "plant 0")
    assert phase(s) == "duel-revealed"


def test_b55_empty_hand_skips_step_2():
    """B-55 / B-73: with an empty hand step 2 is skipped."""
    s = build(2, phase="duel-draw", hands={0: ["wax"]}, deck=["blue"] * 5)
    act(s, 0, "finish-turn")
    assert (s.active, phase(s)) == (1, "duel-revealed")


def test_b56_b_ex_13_reveal_three_then_pull_from_the_discard_pile():
    """B-56 / B-EX-13: reveal [chili, soy, blue]; discard top-down [soy, chili, wax, blue]:
    pull soy, pull chili, stop at wax; row [chili, soy, blue, soy, chili]; top wax."""
    s = build(
        2,
        phase="duel-plant",
        hands={0: ["wax"]},
        deck=["red", "blue", "soy", "chili"],
        discard=["blue", "wax", "chili", "soy"],
    )
    act(s, 0, "plant 0")
    assert names(s, s.revealed) == ["chili", "soy", "blue", "soy", "chili"]
    assert names(s, s.discard) == ["blue", "wax"]
    assert names(s, s.deck) == ["red"]


def test_b56_plant_any_revealed_then_leave_the_rest_as_offer():
    """B-56: plant any of the row in any order; LeaveOffer moves the rest to the offer area
    and the opponent starts with step 1."""
    s = build(2, phase="duel-revealed", revealed=["soy", "red", "blue"], hands={1: ["wax"]})
    soy, red, blue = s.revealed
    act(s, 0, f"plant-revealed {red} 1")
    act(s, 0, "leave-offer")
    assert s.offer_area == [soy, blue] and s.revealed == []
    act(s, 0, "finish-turn")
    assert (s.active, phase(s)) == (1, "duel-offered")


def test_b56_step_ends_by_itself_when_the_row_is_empty():
    """B-56: planting the last revealed card ends step 3."""
    s = build(2, phase="duel-revealed", revealed=["soy"])
    act(s, 0, f"plant-revealed {s.revealed[0]} 0")
    assert phase(s) == "duel-draw"


def test_b57_finish_turn_draws_two_to_the_back():
    """B-57: step 4 draws 2 cards one at a time to the back of the hand."""
    s = build(2, phase="duel-draw", hands={0: ["wax"], 1: ["soy"]}, deck=["blue", "red", "green"])
    act(s, 0, "finish-turn")
    assert names(s, s.hands[0]) == ["wax", "green", "red"]
    assert s.active == 1


@pytest.mark.parametrize(
    ("step", "planted", "expected"),
    [
        ("duel-offered", 0, ["plant-offered {o} 0", "plant-offered {o} 1", "discard-offered {o}"]),
        ("duel-plant", 0, ["plant 0", "plant 1"]),
        ("duel-plant", 1, ["plant 0", "plant 1", "discard 0", "discard 1", "end-planting"]),
        ("duel-plant", 2, ["discard 0", "discard 1", "end-planting"]),
        ("duel-revealed", 0, ["plant-revealed {r} 0", "plant-revealed {r} 1", "leave-offer"]),
        ("duel-draw", 0, ["finish-turn"]),
    ],
)
def test_b58_duel_decision_points(step, planted, expected):
    """B-58: the actions of each duel decision point, Harvest and BuyField added."""
    s = build(
        2,
        phase=step,
        planted=planted,
        hands={0: ["wax", "soy"]},
        offer_area=["red"],
        revealed=["blue"],
        treasury={0: ["green"] * 3},
        fields={0: [["stink"] * 2, []]},
    )
    o, r = s.offer_area[0], s.revealed[0]
    want = [e.format(o=o, r=r) for e in expected] + ["harvest 0", "buy-field"]
    assert sorted(menu(s, 0)) == sorted(want)


def test_b90_discarded_card_pulled_back_in_step_3():
    """B-90: a card discarded in step 2 can be pulled back if it tops the discard pile and
    matches a revealed variety."""
    s = build(
        2, phase="duel-plant", hands={0: ["wax", "red"]}, deck=["soy", "blue", "red"], discard=[]
    )
    act(s, 0, "plant 0")
    red = s.hands[0][0]
    act(s, 0, "discard 0")
    assert red in s.revealed and names(s, s.revealed) == ["red", "blue", "soy", "red"]


def test_b91_non_active_duel_player_never_acts():
    """B-91 / B-58: the non-active duel player is never on the move, cannot harvest or buy."""
    s = build(2, phase="duel-draw", fields={1: [["soy"] * 2, []]}, treasury={1: ["red"] * 3})
    assert s.to_move() == (0,) and list(s.legal_actions(1)) == []
    for text in ("harvest 0", "buy-field"):
        before = s.key()
        with pytest.raises(NotOnMoveError):
            act(s, 1, text)
        assert s.key() == before
