"""The moves a table plays for a person, without a click (issue 31 item 4, decision D-65):

- a move with no alternative the game declares (``GameSpec.formality``: Bohnanza's draw at
  the end of a turn). A menu of one action in general is left to the person: a program at a
  person's seat (the API) acts on every view it is on the move in, and racing it would only
  make its act stale;
- the pass of a person who asked to *pass automatically when nothing is addressed to me*
  (``GameSpec.idle_pass``: Bohnanza's other players' trading), once no bot is left on the move
  (a bot's answer may still address them).

Each is played as the person's own move, with a note in the log saying so; none counts as a
missed deadline, and none resets the count (the person did not come)."""

from __future__ import annotations

from dataclasses import dataclass

from seedbed.engine.api import Action, PlayerId, State
from seedbed.engine.registry import spec
from seedbed.server.protocol import NoteCode


@dataclass(frozen=True)
class Played:
    """A move the table plays for a person, and the log's note about it."""

    action: Action
    text: str
    code: NoteCode | None = None
    """The note's code (``only-move``, ``auto-pass``: protocol.NotePart) for the client's
    own language."""


def has_auto_pass(game: str) -> bool:
    """Whether the game has a pass to play for a person who asks for it (the setting)."""
    return spec(game).idle_pass is not None


def move_for(
    game: str, state: State, seat: PlayerId, name: str, auto_pass: bool, bots_on_move: bool
) -> Played | None:
    """The move the table plays now for the person at ``seat`` (on the move), or None."""
    declared = spec(game)
    if declared.formality is None and (declared.idle_pass is None or not auto_pass):
        return None
    legal = state.legal_actions(seat)
    if not legal:
        return None
    view = state.observe(seat)
    if declared.formality is not None:
        action = declared.formality(view, legal)
        if action is not None:
            return Played(action, f"Played for {name}: no other move.", "only-move")
    if declared.idle_pass is not None and auto_pass and not bots_on_move:
        action = declared.idle_pass(view, legal)
        if action is not None:
            return Played(action, f"Passed for {name}: nothing was addressed to them.", "auto-pass")
    return None
