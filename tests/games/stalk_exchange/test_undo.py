"""Which Stalk Exchange moves reveal something hidden, so that a person's undo stops there
(issue 38 item 11; S-23 … S-27, S-37, S-45 … S-48): only a Plant may be taken back."""

from __future__ import annotations

from tests.games.undo_moves import move

import seedbed
from seedbed.engine.api import State
from seedbed.engine.registry import spec
from seedbed.games.stalk_exchange.undo import reveals


def fresh() -> State:
    return seedbed.game("stalk_exchange", "python").new_state(3, seed=1)


def test_the_game_declares_its_judgement() -> None:
    assert spec("stalk_exchange").reveals is reveals


def test_a_plant_reveals_nothing() -> None:
    """S-24: the token moves from its slot to the Garden (both public, S-45); no refill."""
    assert not reveals(*move(fresh(), "plant"))


def test_an_extra_plant_reveals_nothing() -> None:
    """S-23: a third Plant spends a Seedy Business token, whose counts are public (S-45)."""
    state = fresh()
    move(state, "plant")
    move(state, "plant")
    before, after = move(state, "plant")
    assert after["players"][0]["seedy_spent"] == 1
    assert not reveals(before, after)


def test_a_swap_reveals_a_portfolio_token() -> None:
    """S-25, S-48: the token the mover gives comes from their private portfolio (S-46)."""
    assert reveals(*move(fresh(), "swap"))


def test_a_flush_reveals_greenhouse_tokens() -> None:
    """S-26, S-37: the Exchange is refilled from the hidden Greenhouse (S-47)."""
    assert reveals(*move(fresh(), "flush"))


def test_ending_the_actions_reveals_the_refill() -> None:
    """S-27, S-29, S-36: the upkeep refills the Exchange and passes the turn."""
    state = fresh()
    move(state, "plant")
    move(state, "plant")
    assert reveals(*move(state, "end"))


def test_a_slot_that_receives_a_token_is_a_reveal() -> None:
    """S-37: whatever else stays, a token arriving in a slot came from somewhere hidden."""
    before = fresh().observe(None)
    after = {**before, "exchange": ["dahlia", *before["exchange"][1:]]}
    assert before["exchange"][0] != "dahlia"
    assert reveals(before, after)
