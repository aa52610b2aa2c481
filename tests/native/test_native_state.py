"""The one native state wrapper's integer actions (issue 33 item 1): ``legal_codes(player)``
lists ``legal_actions(player)`` as codes in the same order, and ``apply_code(player, code)``
plays exactly what ``apply`` of that action plays, in every native game."""

from __future__ import annotations

import pytest

import seedbed
from seedbed.engine.api import Game
from seedbed.engine.errors import InvalidActionError, NotOnMoveError
from seedbed.engine.native_state import NATIVE, UNAVAILABLE, NativeState
from seedbed.lab.simulate import policy_rng

pytestmark = pytest.mark.skipif(NATIVE is None, reason=str(UNAVAILABLE))

GAMES = ("bohnanza", "stalk_exchange", "fields_of_green")


def _native(name: str) -> Game:
    return seedbed.game(name, engine="native")


@pytest.mark.parametrize("name", GAMES)
def test_codes_play_what_the_actions_play(name: str) -> None:
    """issue 33 item 1: each code of the menu applied to a copy gives the same events and
    position as the action at the same place of ``legal_actions``."""
    game = _native(name)
    state = game.new_state(3, 11)
    assert isinstance(state, NativeState)
    rng = policy_rng(5)
    coded = 0
    for _ in range(120):
        if state.is_terminal():
            break
        player = state.to_move()[0]
        menu = state.legal_actions(player)
        codes = state.legal_codes(player)
        if codes is not None:
            assert len(codes) == len(menu)
            for i in sorted({0, len(menu) - 1, rng.below(len(menu))}):
                by_code, by_action = state.clone(), state.clone()
                events = by_code.apply_code(player, codes[i])
                assert events == by_action.apply(player, menu[i])
                assert by_code.key() == by_action.key()
                assert by_code.to_move() == by_action.to_move()
                coded += 1
        state.apply(player, menu[rng.below(len(menu))])
    assert coded > 0  # Fields of Green's too since issue 34 target 2


@pytest.mark.parametrize("name", GAMES)
def test_codes_refuse_as_apply_does(name: str) -> None:
    """issue 33 item 1: a seat not on the move has no codes, and its code is refused as its
    action is; a code no action has is an InvalidActionError."""
    state = _native(name).new_state(3, 2)
    assert isinstance(state, NativeState)
    player = state.to_move()[0]
    other = next(p for p in range(state.num_players) if p not in state.to_move())
    assert state.legal_codes(other) == ()
    codes = state.legal_codes(player)
    assert codes
    key = state.key()
    with pytest.raises(NotOnMoveError):
        state.apply_code(other, codes[0])
    with pytest.raises(InvalidActionError):
        state.apply_code(player, 2**63)
    assert state.key() == key
