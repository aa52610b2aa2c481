"""The moves a table may play for a Bohnanza person (issue 31 item 4, D-65): the draw
(B-52) whatever free actions stand beside it, and the pass in another player's trading (B-43)
only when the person's menu holds no answer and no offer of theirs is open."""

from __future__ import annotations

from typing import Any

from seedbed.games.bohnanza.actions import (
    END_TRADING,
    FINISH_TURN,
    HARVEST,
    PASS,
    Accept,
    Decline,
)
from seedbed.games.bohnanza.autoplay import formality, idle_pass


def view(phase: str, active: int = 0, offers: list[dict[str, Any]] | None = None) -> Any:
    return {"phase": phase, "active": active, "viewer": 1, "offers": offers or []}


def test_the_draw_is_a_formality_beside_free_actions() -> None:
    assert formality(view("draw", active=1), [FINISH_TURN, HARVEST[0]]) == FINISH_TURN
    assert formality(view("duel-draw", active=1), [FINISH_TURN]) == FINISH_TURN
    assert formality(view("plant", active=1), [HARVEST[0]]) is None


def test_the_pass_only_with_nothing_to_answer_in_anothers_trading() -> None:
    assert idle_pass(view("trade"), [PASS, HARVEST[0]]) == PASS
    assert idle_pass(view("trade"), [PASS, Decline(3)]) is None  # an offer to her
    assert idle_pass(view("trade"), [PASS, Accept(3, ())]) is None  # one she can fill
    mine = {"proposer": 1, "to": 0, "status": "open"}
    assert idle_pass(view("trade", offers=[mine]), [PASS]) is None  # her own, still open
    assert idle_pass(view("trade", active=1), [PASS, END_TRADING]) is None  # her own turn
    assert idle_pass(view("plant-traded"), [HARVEST[0]]) is None
