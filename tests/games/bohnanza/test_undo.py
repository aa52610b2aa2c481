"""Which Bohnanza moves reveal something hidden, so that a person's undo stops there (issue 38
item 11; B-23, B-26, B-32, B-33, B-51, B-52, B-68 … B-71): a harvest and a planting from the
trade area may be taken back, nothing else."""

from __future__ import annotations

from tests.games.undo_moves import move

import seedbed
from seedbed.engine.api import State
from seedbed.engine.registry import spec
from seedbed.games.bohnanza.undo import reveals


def to_phase(state: State, phase: str) -> State:
    """``state`` after the active seat's first moves until ``phase`` (the first menu item,
    but the end of trading where trading is open)."""
    while state.observe(None)["phase"] != phase:
        seat = state.to_move()[0]
        menu = state.legal_actions(seat)
        ends = [a for a in menu if str(a) == "end-trading"]
        state.apply(seat, (ends or list(menu))[0])
    return state


def fresh() -> State:
    return seedbed.game("bohnanza", "python").new_state(3, seed=2)


def test_the_game_declares_its_judgement() -> None:
    assert spec("bohnanza").reveals is reveals


def test_planting_from_hand_shows_a_hidden_card() -> None:
    """B-32: the front card of a hand hidden from others (B-69, B-70) goes into a public field."""
    assert reveals(*move(fresh(), "plant"))


def test_a_harvest_reveals_nothing() -> None:
    """B-23: the field was public; its cards go to the discard pile face up or to the
    treasury."""
    state = fresh()
    move(state, "plant")
    before, after = move(state, "harvest")
    assert after["discard_size"] >= before["discard_size"]
    assert not reveals(before, after)


def test_ending_the_planting_turns_deck_cards_face_up() -> None:
    """B-33: phase 2 begins with two cards from the hidden deck (B-70)."""
    state = fresh()
    move(state, "plant")
    assert reveals(*move(state, "end-planting"))


def test_planting_a_kept_face_up_card_reveals_nothing() -> None:
    """B-51: a face-up card of a trade area (public, B-68) goes into a field."""
    state = to_phase(fresh(), "plant-traded")
    assert not reveals(*move(state, "plant-traded"))


def test_a_draw_is_a_reveal() -> None:
    """B-52: the turn ends with cards drawn from the hidden deck."""
    state = to_phase(fresh(), "draw")
    assert reveals(*move(state, "finish-turn"))
