"""Drawing, deck exhaustion and the end of the game (B-59 … B-63, B-87 … B-89,
B-EX-9 … B-EX-12)."""

from __future__ import annotations

import pytest

from .builder import GAME, act, assert_conserved, build, names, play_random


def phase(s):
    return s.observe(None)["phase"]


def test_b59_draw_request_sizes():
    """B-59: the reveal asks for 2, phase 4 for 3 (4 with 6-7), the duel 3 and 2; cards are
    drawn one at a time from the top."""
    s = build(hands={0: ["wax"]}, deck=["blue"] * 5)
    act(s, 0, "plant 0")
    assert (len(s.deck), len([c for c in s.faceup if c >= 0])) == (3, 2)
    s = build(6, phase="draw", hands={1: ["wax"]}, deck=["blue"] * 9)
    act(s, 0, "finish-turn")
    assert len(s.hands[0]) == 4
    s = build(2, phase="duel-plant", hands={0: ["wax"]}, deck=["blue"] * 9, discard=[])
    act(s, 0, "plant 0")
    assert len(s.revealed) == 3 and len(s.deck) == 6
    act(s, 0, "leave-offer")
    act(s, 0, "finish-turn")
    assert len(s.hands[0]) == 2 and len(s.deck) == 4


def test_b59_dealing_never_runs_out():
    """B-59: setup deals every starting hand without an exhaustion."""
    for n in range(2, 8):
        assert GAME.new_state(n, 3).exhaustions == 0


def test_b60_b87_emptying_the_deck_is_not_yet_an_exhaustion():
    """B-60 / B-87: a reveal that takes the last two cards counts no exhaustion; the next
    request does."""
    s = build(hands={0: ["wax"], 1: ["soy"]}, deck=["red", "green"], discard=["blue"] * 4)
    act(s, 0, "plant 0")
    assert names(s, s.faceup) == ["green", "red"] and s.deck == [] and s.exhaustions == 0
    act(s, 0, "end-trading")
    while s.trade[0]:
        s.apply(0, s.legal_actions(0)[0])
    act(s, 0, "finish-turn")
    assert s.exhaustions == 1


def test_b61_b_ex_11_reshuffle_before_the_final_exhaustion():
    """B-61 / B-EX-11: 5 players, counter 0, deck 1 card, discard 12, phase 4 draws 3:
    card 1 from the deck, exhaustion 1, the 12 discards become the deck, cards 2 and 3 drawn;
    deck 10, discard 0, counter 1."""
    s = build(5, phase="draw", hands={1: ["wax"]}, deck=["red"], discard=["blue"] * 12)
    act(s, 0, "finish-turn")
    assert names(s, s.hands[0]) == ["red", "blue", "blue"]
    assert (len(s.deck), len(s.discard), s.exhaustions) == (10, 0, 1)
    assert_conserved(s)


def test_b61_b88_b_ex_12_empty_deck_and_discard_count_once_per_request():
    """B-61 / B-88 / B-EX-12: counter 1, deck and discard empty, phase 4 draws 3: exhaustion 2
    is counted once and nothing is drawn; the next reveal counts exhaustion 3 (final), nothing
    revealed; trading and phase 3 are played, then the end."""
    s = build(phase="draw", exhaustions=1, hands={1: ["wax", "soy"]}, deck=[], discard=[])
    act(s, 0, "finish-turn")
    assert (s.exhaustions, s.hands[0], s.active) == (2, [], 1)
    act(s, 1, "plant 0")
    act(s, 1, "end-planting")
    assert (s.exhaustions, names(s, s.faceup)) == (3, [None, None])
    assert phase(s) == "trade" and not s.is_terminal()
    act(s, 0, "pass")
    act(s, 1, "end-trading")
    assert s.is_terminal()


def test_b62_b_ex_9_final_exhaustion_during_the_reveal():
    """B-62 / B-EX-9: 4 players, counter 2, deck [blue], discard 30: blue to slot 0, the
    second card exhausts the deck (3, final), no reshuffle, slot 1 empty; trading and phase 3
    are played, then the game ends without phase 4."""
    discard = ["red"] * 6 + ["green"] * 12 + ["stink"] * 12
    s = build(hands={0: ["wax"], 1: ["soy"]}, exhaustions=2, deck=["blue"], discard=discard)
    act(s, 0, "plant 0")
    assert (s.exhaustions, names(s, s.faceup), len(s.discard)) == (3, ["blue", None], 30)
    assert phase(s) == "trade"
    act(s, 1, "offer 0 give h0 want -")
    act(s, 0, "accept 1 -")
    act(s, 0, "end-trading")
    assert phase(s) == "plant-traded" and not s.is_terminal()
    act(s, 0, f"plant-traded {s.trade[0][0]} 1")
    act(s, 0, f"plant-traded {s.trade[0][0]} 0")
    assert s.is_terminal() and s.active == 0 and len(s.hands[0]) == 0


def test_b62_b_ex_10_final_exhaustion_during_the_phase_4_draw():
    """B-62 / B-EX-10: counter 2, deck of 2, phase 4 draws 3: two cards join the hand, the
    third exhausts the deck (3) and the game ends at once."""
    s = build(phase="draw", exhaustions=2, hands={0: ["wax"]}, deck=["red", "soy"])
    act(s, 0, "finish-turn")
    assert s.is_terminal() and s.exhaustions == 3
    assert names(s, s.hands[0]) == ["wax", "soy", "red"]


def test_b62_duel_final_exhaustion_during_step_3():
    """B-62: in the duel step 3 the revealed cards stay, the pull applies, the player
    finishes step 3 and the game ends (no step 4; the offer left is ignored)."""
    s = build(2, phase="duel-plant", hands={0: ["wax"]}, deck=["soy"], discard=["blue", "soy"])
    act(s, 0, "plant 0")
    assert s.exhaustions == 1 and names(s, s.revealed) == ["soy", "soy"]
    assert not s.is_terminal() and phase(s) == "duel-revealed"
    act(s, 0, f"plant-revealed {s.revealed[0]} 1")
    act(s, 0, "leave-offer")
    assert s.is_terminal()
    assert names(s, s.offer_area) == ["soy"] and s.fields[0] == [[], []]


def test_b62_duel_final_exhaustion_during_step_4():
    """B-62: a duel step-4 draw that exhausts the deck ends the game at once."""
    s = build(2, phase="duel-draw", hands={0: ["wax"]}, deck=["soy"])
    act(s, 0, "finish-turn")
    assert s.is_terminal() and names(s, s.hands[0]) == ["wax", "soy"]


def test_b89_final_exhaustion_on_the_first_reveal_card():
    """B-89: nothing is revealed; trading with hand cards still happens; then phase 3 and the
    end."""
    s = build(hands={0: ["wax", "wax"], 2: ["soy"]}, exhaustions=2, deck=[], discard=["red"])
    act(s, 0, "plant 0")
    act(s, 0, "end-planting")
    assert s.faceup == [-1, -1] and s.exhaustions == 3 and phase(s) == "trade"
    act(s, 0, "offer 2 give h0 want soy")
    act(s, 2, "accept 1 0")
    act(s, 0, "end-trading")
    act(s, 2, f"plant-traded {s.trade[2][0]} 0")
    assert not s.is_terminal()
    act(s, 0, f"plant-traded {s.trade[0][0]} 1")
    assert s.is_terminal()


@pytest.mark.parametrize(
    ("n", "options"),
    [(2, None), (3, None), (4, None), (6, None), (7, None), (4, {"edition": "classic"})],
)
def test_b63_every_game_ends(n, options):
    """B-63: random legal play always reaches the end (bounded by the deck and max_offers)."""
    s = GAME.new_state(n, 31 + n, options)
    steps = play_random(s, seed=n)
    assert s.is_terminal() and steps < 20000
    assert s.exhaustions == s.observe(None)["final_exhaustion"]
