from __future__ import annotations

import pytest

import seedbed
from seedbed.engine import IllegalActionError, InvalidActionError, NotOnMoveError, Outcome
from seedbed.engine.api import Event, rank_by


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"unknown game 'chess'.*bohnanza"):
        seedbed.game("chess")
    assert "bohnanza" in seedbed.engine.game_names()


def test_game_names_survive_loading_a_game() -> None:
    """``seedbed.game_names()`` (the package doctest) still works once ``seedbed.games``,
    the subpackage, has been imported by loading a game."""
    seedbed.game("bohnanza")
    assert callable(seedbed.game_names)
    assert "bohnanza" in seedbed.game_names()


def test_registry_returns_one_instance() -> None:
    assert seedbed.game("bohnanza") is seedbed.game("bohnanza")


def test_errors_are_value_errors_and_carry_the_clause() -> None:
    e = IllegalActionError("field 1 holds a single bean", "B-24")
    assert isinstance(e, ValueError) and e.clause == "B-24"
    assert str(e) == "field 1 holds a single bean [B-24]"
    assert IllegalActionError("no clause").clause is None
    assert issubclass(NotOnMoveError, IllegalActionError)
    assert issubclass(InvalidActionError, ValueError)
    assert not issubclass(InvalidActionError, IllegalActionError)


def test_refusals_from_the_game_carry_clauses() -> None:
    game = seedbed.game("bohnanza")
    state = game.new_state(4, 1)
    with pytest.raises(NotOnMoveError) as info:
        state.apply(2, game.parse_action("plant 0"))
    assert info.value.clause == "B-28"
    with pytest.raises(IllegalActionError) as info2:
        state.apply(0, game.parse_action("finish-turn"))
    assert info2.value.clause is not None and info2.value.clause.startswith("B-")
    with pytest.raises(InvalidActionError):
        game.parse_action("fly away")


def test_outcome_ranks_share_and_skip() -> None:
    ranks, winners = rank_by([(5,), (5,), (3,), (1,)])
    assert ranks == (1, 1, 3, 4)
    assert winners == (0, 1)
    ranks, winners = rank_by([(2, 0), (2, 1), (2, 1)])
    assert ranks == (3, 1, 1)
    assert winners == (1, 2)
    out = Outcome((5, 5, 3), (1, 1, 3), (0, 1))
    assert out.to_json() == {
        "scores": [5, 5, 3],
        "ranks": [1, 1, 3],
        "winners": [0, 1],
        "tiebreak": [],
    }


def test_event_redaction() -> None:
    e = Event("draw", {"player": 1, "count": 2}, {"cards": [3, 4]}, (1,))
    assert e.for_viewer(1) == {"kind": "draw", "player": 1, "count": 2, "cards": [3, 4]}
    assert e.for_viewer(0) == {"kind": "draw", "player": 1, "count": 2}
    assert e.for_viewer(None) == {"kind": "draw", "player": 1, "count": 2}
