"""Drawing, deck exhaustion and the end of the game (B-59 … B-63, B-87 … B-89,
B-EX-9 … B-EX-12, B-EX-19): an exhaustion is the moment a draw takes the deck's last card."""

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


def kinds(events):
    return [e.kind for e in events]


def test_b60_b87_taking_the_last_card_is_the_exhaustion():
    """B-60 / B-61 / B-87: a reveal that takes the deck's last two cards counts the exhaustion
    as the second is taken, and the discard pile becomes the new deck at once; the next
    request draws from it and counts nothing."""
    s = build(hands={0: ["wax"], 1: ["soy"]}, deck=["red", "green"], discard=["blue"] * 4)
    events = act(s, 0, "plant 0")
    assert names(s, s.faceup) == ["green", "red"] and s.exhaustions == 1
    assert (names(s, s.deck), s.discard) == (["blue"] * 4, [])
    assert kinds(events)[-3:] == ["exhaustion", "reshuffle", "reveal"]
    act(s, 0, "end-trading")
    while s.trade[0]:
        s.apply(0, s.legal_actions(0)[0])
    act(s, 0, "finish-turn")
    assert (s.exhaustions, names(s, s.hands[0]), len(s.deck)) == (1, ["blue"] * 3, 1)


def test_b61_reshuffle_at_once_when_a_draw_ends_on_the_last_card():
    """B-61: a phase-4 draw of 3 from a deck of 3 counts the exhaustion with its last card
    and shuffles the discard pile into the new deck in the same moment."""
    s = build(phase="draw", hands={1: ["wax"]}, deck=["red"] * 3, discard=["blue"] * 5)
    act(s, 0, "finish-turn")
    assert names(s, s.hands[0]) == ["red"] * 3
    assert (s.exhaustions, names(s, s.deck), s.discard) == (1, ["blue"] * 5, [])
    assert s.active == 1 and not s.is_terminal()
    assert_conserved(s)


def test_b61_b_ex_11_reshuffle_before_the_final_exhaustion():
    """B-61 / B-EX-11: 5 players, counter 0, deck 1 card, discard 12, phase 4 draws 3:
    card 1 empties the deck, exhaustion 1, the 12 discards become the deck at once, cards 2
    and 3 are drawn from it; deck 10, discard 0, counter 1."""
    s = build(5, phase="draw", hands={1: ["wax"]}, deck=["red"], discard=["blue"] * 12)
    act(s, 0, "finish-turn")
    assert names(s, s.hands[0]) == ["red", "blue", "blue"]
    assert (len(s.deck), len(s.discard), s.exhaustions) == (10, 0, 1)
    assert_conserved(s)


def test_b61_b88_b_ex_12_each_card_asked_of_an_empty_deck_counts():
    """B-61 / B-88 / B-EX-12: counter 1, deck and discard empty, phase 4 draws 3: card 1
    counts exhaustion 2 (the new deck is empty again), card 2 counts exhaustion 3, the final
    one, and the game ends at once with the hand unchanged."""
    s = build(phase="draw", exhaustions=1, hands={0: ["soy"], 1: ["wax"]}, deck=[], discard=[])
    events = act(s, 0, "finish-turn")
    assert (s.exhaustions, names(s, s.hands[0])) == (3, ["soy"])
    assert s.is_terminal() and "turn" not in kinds(events)
    assert [e.public["count"] for e in events if e.kind == "exhaustion"] == [2, 3]


def test_b61_b88_an_empty_new_deck_takes_the_later_discards():
    """B-61 / B-88: the last exhaustion found the discard pile empty, so the deck is empty; a
    harvest then discards 4 cards; the draw's first card counts exhaustion 2, the 4 discards
    become the new deck at once and the three cards come from it."""
    s = build(
        phase="draw",
        exhaustions=1,
        hands={1: ["wax"]},
        fields={0: [["stink"] * 6, []]},
        deck=[],
        discard=[],
    )
    act(s, 0, "harvest 0")  # stink x6 pays 2 coins: 4 cards to the discard pile
    assert (len(s.discard), len(s.treasury[0])) == (4, 2)
    act(s, 0, "finish-turn")
    assert (s.exhaustions, names(s, s.hands[0]), len(s.deck)) == (2, ["stink"] * 3, 1)
    assert s.discard == [] and s.active == 1 and not s.is_terminal()


def test_b62_b_ex_9_final_exhaustion_during_the_reveal():
    """B-62 / B-EX-9: 4 players, counter 2, deck [blue], discard 30: blue goes to slot 0 and
    empties the deck, exhaustion 3 (final) at once, no reshuffle, slot 1 stays empty; trading
    and phase 3 are played, then the game ends without phase 4."""
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


def test_b62_b87_final_exhaustion_on_the_second_reveal_card():
    """B-62 / B-87: counter 2, the deck holds exactly the two cards of the reveal: both are
    revealed, the second counts exhaustion 3 (final); trading and phase 3 are played, then
    the game ends without phase 4."""
    s = build(hands={0: ["wax"]}, exhaustions=2, deck=["red", "green"], discard=["blue"] * 3)
    act(s, 0, "plant 0")
    assert (s.exhaustions, names(s, s.faceup), len(s.discard)) == (3, ["green", "red"], 3)
    assert phase(s) == "trade" and not s.is_terminal()
    act(s, 0, "end-trading")
    act(s, 0, f"plant-traded {s.trade[0][0]} 1")
    assert not s.is_terminal()
    act(s, 0, f"plant-traded {s.trade[0][0]} 0")
    assert s.is_terminal() and s.active == 0


def test_b62_b_ex_10_final_exhaustion_during_the_phase_4_draw():
    """B-62 / B-EX-10: counter 2, deck of 2, phase 4 draws 3: two cards join the hand, the
    second empties the deck (exhaustion 3) and the game ends at once."""
    s = build(phase="draw", exhaustions=2, hands={0: ["wax"]}, deck=["red", "soy"])
    act(s, 0, "finish-turn")
    assert s.is_terminal() and s.exhaustions == 3
    assert names(s, s.hands[0]) == ["wax", "soy", "red"]


@pytest.mark.parametrize(
    ("n", "options", "final", "draw"),
    [(4, None, 3, 3), (3, None, 2, 3), (6, None, 3, 4), (5, {"edition": "classic"}, 3, 3)],
)
def test_b62_b_ex_19_a_draw_that_empties_the_deck_ends_the_game_at_once(n, options, final, draw):
    """B-62 / B-EX-19: one exhaustion short of the final, the deck holds exactly the phase-4
    draw (3, or 4 with 6-7 players), the discard pile 20 cards: the draw takes them all and the
    game is over at once, before the next player acts; the drawn cards stay in the hand."""
    s = build(
        n,
        options=options,
        phase="draw",
        exhaustions=final - 1,
        hands={1: ["soy"]},
        deck=["red"] * draw,
        discard=["blue"] * 20,
    )
    events = act(s, 0, "finish-turn")
    assert s.is_terminal() and s.exhaustions == final and s.active == 0
    assert names(s, s.hands[0]) == ["red"] * draw and len(s.discard) == 20
    assert "turn" not in kinds(events) and "reshuffle" not in kinds(events)
    assert s.to_move() == ()


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


def test_b62_duel_step_3_taking_the_last_card_is_the_final_exhaustion():
    """B-62 / B-60: the duel's step-3 reveal takes the deck's last three cards: the first
    exhaustion (the duel's final) is counted as the third is taken; the pull applies, the
    player finishes step 3 and the game ends without step 4."""
    s = build(
        2, phase="duel-plant", hands={0: ["wax"]}, deck=["red", "soy", "blue"], discard=["soy"]
    )
    act(s, 0, "plant 0")
    assert s.exhaustions == 1 and names(s, s.revealed) == ["blue", "soy", "red", "soy"]
    assert not s.is_terminal() and phase(s) == "duel-revealed"
    act(s, 0, "leave-offer")
    assert s.is_terminal() and names(s, s.hands[0]) == []


def test_b62_duel_final_exhaustion_during_step_4():
    """B-62: a duel step-4 draw that exhausts the deck ends the game at once."""
    s = build(2, phase="duel-draw", hands={0: ["wax"]}, deck=["soy"])
    act(s, 0, "finish-turn")
    assert s.is_terminal() and names(s, s.hands[0]) == ["wax", "soy"]


def test_b62_duel_step_4_drawing_the_last_two_cards_ends_the_game():
    """B-62 / B-60: the step-4 draw takes the deck's last two cards: the exhaustion is counted
    with the second and the game ends at once, both cards in the hand."""
    s = build(
        2, phase="duel-draw", hands={0: ["wax"], 1: ["chili"]}, deck=["red", "soy"], discard=[]
    )
    events = act(s, 0, "finish-turn")
    assert s.is_terminal() and s.exhaustions == 1 and "turn" not in kinds(events)
    assert names(s, s.hands[0]) == ["wax", "soy", "red"]


def test_b89_final_exhaustion_on_the_first_reveal_card_of_an_empty_deck():
    """B-89: the deck is already empty: the first card asked counts the final exhaustion and
    nothing is revealed; trading with hand cards still happens; then phase 3 and the end."""
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


def test_b89_b88_an_emptied_deck_meets_the_next_reveal():
    """B-89 / B-88: counter 1, the phase-4 draw takes the last 3 cards with an empty discard
    pile: exhaustion 2, the new deck is empty. The next player's reveal asks its first card of
    it: exhaustion 3 (final), nothing revealed; trading and phase 3, then the end."""
    s = build(phase="draw", exhaustions=1, hands={1: ["wax"]}, deck=["red"] * 3, discard=[])
    act(s, 0, "finish-turn")
    assert (s.exhaustions, s.deck, s.active) == (2, [], 1) and not s.is_terminal()
    act(s, 1, "plant 0")
    assert (s.exhaustions, s.faceup) == (3, [-1, -1]) and phase(s) == "trade"
    act(s, 1, "end-trading")
    assert s.is_terminal() and s.active == 1


def test_b89_final_exhaustion_on_the_first_reveal_card():
    """B-89 / B-60: the deck held one card: it is revealed into slot 0 and counts the final
    exhaustion; slot 1 stays empty; trading and phase 3, then the end."""
    s = build(hands={0: ["wax"]}, exhaustions=2, deck=["soy"], discard=[])
    act(s, 0, "plant 0")
    assert (s.exhaustions, names(s, s.faceup)) == (3, ["soy", None]) and phase(s) == "trade"
    act(s, 0, "end-trading")
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
