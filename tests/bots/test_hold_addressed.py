"""The hold waits only for a person with something to answer, or one who takes part in every
trading (issue 31 item 4, D-65): ``heuristics.waits`` from the active bot's view."""

from __future__ import annotations

from typing import Any

from seedbed.games.bohnanza.actions import END_TRADING, PASS
from seedbed.games.bohnanza.heuristics import waits


def _view(offers: list[dict[str, Any]], to_move: tuple[int, ...] = (0, 1, 2, 3)) -> dict[str, Any]:
    return {"viewer": 0, "active": 0, "to_move": list(to_move), "offers": offers}


def test_a_person_with_nothing_addressed_is_not_waited_for() -> None:
    """Seat 1 (a person who passes automatically) is on the move, nothing is addressed to it."""
    assert not waits(_view([]), END_TRADING, {1})
    to_bot = {"proposer": 0, "to": 2, "status": "open"}
    assert not waits(_view([to_bot]), END_TRADING, {1})
    closed = {"proposer": 0, "to": 1, "status": "declined"}
    assert not waits(_view([closed]), END_TRADING, {1})


def test_an_open_offer_to_them_to_anyone_or_from_them_is_waited_for() -> None:
    for offer in (
        {"proposer": 0, "to": 1, "status": "open"},
        {"proposer": 0, "to": "any", "status": "open"},
        {"proposer": 1, "to": 0, "status": "open"},
    ):
        assert waits(_view([offer]), END_TRADING, {1})
        assert not waits(_view([offer], to_move=(0, 2, 3)), END_TRADING, {1})  # she passed


def test_a_keen_person_is_waited_for_with_nothing_addressed() -> None:
    """A person who does not pass automatically takes part in every trading (issue 38's hold)."""
    assert waits(_view([]), END_TRADING, {1}, keen={1})
    assert not waits(_view([]), PASS, {1}, keen={1})  # only the end of trading waits
