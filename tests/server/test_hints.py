"""Hints for learners (issue 17): the greedy bot's move for a seat, seen through the seat's
InfoSet only. Twin states that differ only in cards the seat cannot see (``determinize``:
the hidden parts resampled) give the same hint; the hint is a legal move with one line of
reason; the bots never see the ``hints`` table option (it is no manner of theirs)."""

from __future__ import annotations

import pytest

import seedbed
from seedbed.bots import InfoSet, make_bot
from seedbed.engine import Rng
from seedbed.engine.spec import manners_of
from seedbed.server.hints import seat_hint

GAMES = [("bohnanza", 3), ("bohnanza", 2), ("stalk_exchange", 3), ("fields_of_green", 3)]
OPTIONS = {"hints": True}


def positions(game: str, players: int, seed: int, every: int, most: int) -> list[object]:
    """States of a greedy game, every ``every`` moves, at most ``most`` of them."""
    state = seedbed.game(game).new_state(players, seed=seed)
    bots = [make_bot("greedy", game) for _ in range(players)]
    rng = Rng(seed)
    found: list[object] = []
    moves = 0
    while not state.is_terminal() and len(found) < most:
        seat = state.to_move()[0]
        if moves % every == 0:
            found.append(state.clone())
        state.apply(seat, bots[seat].act(InfoSet(state, seat), rng))
        moves += 1
    return found


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_twins_differing_in_hidden_cards_get_the_same_hint(game: str, players: int) -> None:
    twins_that_differ = 0
    for version, state in enumerate(positions(game, players, seed=7, every=9, most=8)):
        seat = state.to_move()[0]  # type: ignore[attr-defined]
        hint = seat_hint(state, seat, version, OPTIONS)  # type: ignore[arg-type]
        assert state.is_legal(seat, seedbed.game(game).action_from_json(hint.action))  # type: ignore[attr-defined]
        assert hint.reason and hint.reason.endswith(".")
        for k in range(3):
            twin = state.determinize(seat, Rng(100 + k))  # type: ignore[attr-defined]
            assert twin.observe(seat) == state.observe(seat)  # type: ignore[attr-defined]
            twins_that_differ += twin.key() != state.key()  # type: ignore[attr-defined]
            assert seat_hint(twin, seat, version, OPTIONS) == hint
    assert twins_that_differ > 0, "no twin differed in a hidden card: the test proves nothing"


def test_the_hint_follows_the_view_it_is_asked_at() -> None:
    """A different view (another seat, later) may give another hint: the hint is no constant."""
    hints = {
        str(seat_hint(s, s.to_move()[0], v, OPTIONS).action)  # type: ignore[attr-defined]
        for v, s in enumerate(positions("stalk_exchange", 2, seed=3, every=1, most=12))
    }
    assert len(hints) > 1


def test_bots_never_see_the_hints_option() -> None:
    options = seedbed.spec("bohnanza").table_options({"hints": True}, people=True)
    assert options["hints"] is True
    assert "hints" not in manners_of(options)
    assert manners_of(options) == {"offer_hold": 10, "open_offers": 2, "phase_offers": 4}
