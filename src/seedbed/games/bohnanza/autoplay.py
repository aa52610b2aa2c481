"""Bohnanza: the moves a server may play for a person (issue 31 item 4, decision D-65), read
from the person's own observation and legal menu, so both engines agree.

- **The draw** (``FinishTurn``, B-52) is a formality: the printed rules simply draw; the engine
  makes it a decision only to open a window for the free actions (B-27) before the draw, and
  those stay open to the person in the phase before it and in every later trading phase (B-29).
  The server plays it at once.
- **Pass in another player's trading** (B-43) when nothing waits for the person's answer: no
  outstanding offer addressed to them that they can accept or decline (B-39, B-41), and no
  offer of their own outstanding (B-42). A person who asks for it (*pass automatically when
  nothing is addressed to me*) is passed as soon as no bot is left on the move. Passing
  declines nothing and is not a change (B-43), so an offer made to them afterwards puts them
  on the move again (B-44).

The rules are unchanged: these are moves the rules allow, played on the person's behalf."""

from __future__ import annotations

from collections.abc import Sequence

from seedbed.engine.api import Action, JsonDict
from seedbed.engine.menu import kind_of
from seedbed.games.bohnanza.actions import FINISH_TURN, PASS

ANSWERS = frozenset({"accept", "decline"})
"""The menu's kinds that answer an offer addressed to the mover (B-39, B-41)."""


def formality(view: JsonDict, legal: Sequence[Action]) -> Action | None:
    """The draw at the end of the viewer's turn (B-52, the duel's B-57), whatever free
    actions are open beside it; else None."""
    if view["phase"] in ("draw", "duel-draw") and FINISH_TURN in legal:
        return FINISH_TURN
    return None


def idle_pass(view: JsonDict, legal: Sequence[Action]) -> Action | None:
    """``Pass`` for a viewer on the move in another player's trading with nothing to answer
    (no accept or decline in its menu) and no offer of its own outstanding; else None."""
    if view["phase"] != "trade" or view["active"] == view["viewer"] or PASS not in legal:
        return None
    if any(kind_of(a) in ANSWERS for a in legal) or own_offer_open(view, view["viewer"]):
        return None
    return PASS


def own_offer_open(view: JsonDict, seat: int) -> bool:
    """Whether an offer ``seat`` made is still outstanding (its answer may come)."""
    return any(o["status"] == "open" and o["proposer"] == seat for o in view["offers"])


def addressed(view: JsonDict, seat: int) -> bool:
    """Whether anything in trading may still need ``seat``'s answer, as any seat sees it: an
    outstanding offer to it or to anyone from another seat (whether it can accept is hidden
    in its hand), or its own outstanding offer."""
    return own_offer_open(view, seat) or any(
        o["status"] == "open" and o["proposer"] != seat and o["to"] in (seat, "any")
        for o in view["offers"]
    )
