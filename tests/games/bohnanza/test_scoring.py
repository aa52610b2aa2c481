"""Scoring, ties and ranks (B-64 … B-67, B-93, B-EX-14, B-EX-15)."""

from __future__ import annotations

import pytest

from seedbed.engine import NotOnMoveError

from .builder import act, build, names


def end_now(n=4, options=None, **zones):
    """Build a phase-4 position at the last exhaustion but one and play FinishTurn into the
    final exhaustion (empty deck), which ends the game at once (B-62)."""
    final = 1 if n == 2 else (2 if n == 3 and not options else 3)
    step = "duel-draw" if n == 2 else "draw"
    s = build(n, options=options, phase=step, exhaustions=final - 1, deck=[], **zones)
    act(s, 0, "finish-turn")
    assert s.is_terminal()
    return s


def test_b64_fields_harvested_hands_kept_score_is_treasury():
    """B-64: every non-empty field is harvested with the normal payout; hands are kept but
    worth nothing; the score is the number of coins."""
    s = end_now(
        fields={0: [["red"] * 5, ["soy"] * 2], 1: [["green"] * 3, []]},
        treasury={0: ["blue"]},
        hands={1: ["wax"] * 6},
    )
    assert s.outcome().scores == (1 + 4 + 1, 1, 0, 0)
    assert len(s.hands[1]) == 6 and all(f == [] for fs in s.fields for f in fs)


def test_b64_duel_offer_area_and_revealed_row_ignored():
    """B-64: cards left in the duel's offer area are not scored."""
    s = end_now(2, offer_area=["soy"] * 3, fields={1: [["red"] * 2, []]})
    assert s.outcome().scores == (0, 1)
    assert names(s, s.offer_area) == ["soy"] * 3


def test_b64_no_action_after_the_end():
    """B-64: once the game is over nobody is on the move."""
    s = end_now()
    assert s.to_move() == ()
    with pytest.raises(NotOnMoveError):
        act(s, 0, "finish-turn")


def test_b93_single_card_field_harvested_at_the_end():
    """B-93: at the end a single-card field is harvested too (pays 0); no protection."""
    s = end_now(fields={0: [["soy"], ["red"] * 2]})
    assert s.outcome().scores[0] == 1
    assert s.fields[0] == [[], []]
    assert names(s, s.discard[-2:]) in (["soy", "red"], ["red", "soy"])


def test_b_ex_14_end_harvest_of_three_fields():
    """B-EX-14: fields [blue x9, soy x1, red x5]: 3 + 0 + 4 = 7 coins added."""
    s = end_now(fields={0: [["blue"] * 9, ["soy"], ["red"] * 5]}, treasury={0: ["green"] * 2})
    assert s.outcome().scores[0] == 2 + 7


def treasuries(*sizes):
    kinds = ["blue", "chili", "stink", "green"]
    return {p: [kinds[p]] * k for p, k in enumerate(sizes)}


def test_b65_b66_b_ex_15_tie_broken_by_cards_in_hand():
    """B-65 / B-66 / B-EX-15: coins A 14, B 14, C 11, D 9; hands A 3, B 5: B wins; ranks B 1,
    A 2, C 3, D 4."""
    s = end_now(treasury=treasuries(14, 14, 11, 9), hands={0: ["wax"] * 3, 1: ["soy"] * 5})
    out = s.outcome()
    assert out.scores == (14, 14, 11, 9)
    assert out.winners == (1,) and out.ranks == (2, 1, 3, 4)


def test_b65_b66_b_ex_15_equal_hands_share_the_victory():
    """B-65 / B-66 / B-EX-15: with equal hands A and B share the victory; ranks 1, 1, 3, 4."""
    s = end_now(treasury=treasuries(14, 14, 11, 9), hands={0: ["wax"] * 3, 1: ["soy"] * 3})
    out = s.outcome()
    assert out.winners == (0, 1) and out.ranks == (1, 1, 3, 4)


def test_b65_b_ex_15_classic_has_no_tie_break():
    """B-65 / B-EX-15: in classic, A and B share the victory whatever their hands."""
    s = end_now(
        options={"edition": "classic"},
        treasury=treasuries(14, 14, 11, 9),
        hands={0: ["red"] * 3, 1: ["soy"] * 5},
    )
    out = s.outcome()
    assert out.winners == (0, 1) and out.ranks == (1, 1, 3, 4)


def test_b65_duel_uses_the_hand_tie_break():
    """B-65: the duel is standard: most cards in hand breaks a tie."""
    s = end_now(2, treasury={0: ["blue"] * 2, 1: ["chili"] * 2}, hands={1: ["wax"]})
    assert s.outcome().winners == (1,)


def test_b66_ranks_skip_after_shared_places():
    """B-66: players equal on every key share a rank and the next rank skips."""
    s = end_now(5, treasury=treasuries(3, 7, 7, 1))
    assert s.outcome().ranks == (3, 1, 1, 4, 5)


def test_b66_outcome_only_at_the_end():
    """B-66: the outcome exists only for a finished game."""
    s = build(hands={0: ["wax"]})
    with pytest.raises(ValueError):
        s.outcome()


def test_b67_treasury_sizes_public_at_the_end():
    """B-67: at the end every treasury size is public even with secret treasuries."""
    s = build(phase="draw", treasury={1: ["blue"] * 2}, hands={1: ["wax"]})
    assert "coins" not in s.observe(0)["players"][1]
    s = end_now(treasury={1: ["blue"] * 2})
    assert [p["coins"] for p in s.observe(0)["players"]] == [0, 2, 0, 0]
    assert [p["coins"] for p in s.observe(None)["players"]] == [0, 2, 0, 0]
