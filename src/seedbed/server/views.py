"""The view message one viewer receives: its observation, its (capped) legal actions and the
events of the last change as it may see them, serialised once per viewer per change.

Only :meth:`State.observe` and :meth:`Event.for_viewer` decide what leaves the engine
(DESIGN §4); this module never serialises a state. A menu longer than
:data:`~seedbed.server.protocol.MENU_CAP` (Bohnanza's thousands of offers) is sent without the
actions of the kinds its game declares bulky (``GameSpec.bulky_kinds``), found through the
menu's type runs without enumerating it (D-25).

>>> import seedbed
>>> state = seedbed.game("stalk_exchange").new_state(3, seed=1)
>>> actions, elided = capped_menu(state.legal_actions(0))
>>> len(actions), elided
(241, 0)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

import orjson

from seedbed.engine.api import Action, Event, JsonDict, PlayerId, State
from seedbed.engine.menu import kind_of, runs
from seedbed.engine.registry import spec
from seedbed.server.display import display_for
from seedbed.server.protocol import MENU_CAP


def capped_menu(
    menu: Sequence[Action], bulky: Collection[str] = (), cap: int = MENU_CAP
) -> tuple[list[JsonDict], int]:
    """The menu as action JSON, and how many bulky actions were left out. Up to ``cap``
    actions the whole menu; beyond, every action whose kind is not in ``bulky`` (menus group
    actions by type, so the bulky kinds form runs found by binary search; strays are filtered
    too)."""
    size = len(menu)
    if size <= cap or not bulky:
        return [a.to_json() for a in menu], 0
    kept = [
        menu[i]
        for kind, start, end in runs(menu, size)
        if kind not in bulky
        for i in range(start, end)
    ]
    shown = [a.to_json() for a in kept if kind_of(a) not in bulky]
    return shown, size - len(shown)


def legal_for(state: State, seat: PlayerId | None) -> tuple[list[JsonDict], int]:
    """The seat's legal actions if it is on the move, else nothing."""
    if seat is None or state.is_terminal() or seat not in state.to_move():
        return [], 0
    return capped_menu(state.legal_actions(seat), spec(state.game_name).bulky_kinds)


def view_text(
    state: State,
    seat: PlayerId | None,
    version: int,
    events: list[Event],
    extra: dict[str, Any] | None = None,
) -> str:
    """The JSON text of a view message for ``seat`` (None = spectator): the observation with
    its display (what the client shows that takes the rules to work out, issue 13) and, once
    the game is over, its outcome; ``extra`` fields are the table's own (the stand-in's note)."""
    legal, elided = legal_for(state, seat)
    finished = state.is_terminal()
    view = state.observe(seat)
    message: dict[str, Any] = {
        "type": "view",
        "version": version,
        "seat": seat,
        "view": view,
        "display": display_for(state.game_name, view, seat),
        "legal_actions": legal,
        "elided": elided,
        "events": [e.for_viewer(seat) for e in events],
        "to_move": [] if finished else list(state.to_move()),
        "status": "finished" if finished else "running",
        "outcome": state.outcome().to_json() if finished else None,
        **(extra or {}),
    }
    return orjson.dumps(message).decode()
