"""The move helper the games' undo tests share (issue 38 item 11)."""

from __future__ import annotations

from seedbed.engine.api import JsonDict, State


def move(state: State, kind: str) -> tuple[JsonDict, JsonDict]:
    """The public observations around the first move of ``kind`` on the menu of the first
    seat on the move, played."""
    seat = state.to_move()[0]
    action = next(a for a in state.legal_actions(seat) if str(a).split()[0] == kind)
    before = state.observe(None)
    state.apply(seat, action)
    return before, state.observe(None)
