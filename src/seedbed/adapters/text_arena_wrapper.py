"""The bounded TextArena observation wrapper the registered seedbed ids use (issue 39 item 2,
issue 34 item 5). Needs the ``llm`` extra.

TextArena's ``LLMObservationWrapper`` sends a seat the whole history at every turn (half a
million characters by the end of a Bohnanza game), and its bounding wrappers
(``FirstLastObservationWrapper``, ``GameBoardObservationWrapper``,
``GameMessagesAndCurrentBoardObservationWrapper``) drop the refusal of an invalid reply, since
the board is sent again after it or admin messages are left out. :class:`BoundedObservationWrapper`
shows, every time, four parts in this order:

1. the intro (the ``PROMPT``: the game, the seat, the rules summary, how to answer);
2. the last ``recent`` messages other than boards (news, the seat's own replies, the game's
   notes), each cut to its last ``max_chars`` characters;
3. the refusal of the seat's last reply, when the board that follows is the one sent again
   after it (TextArena's "attempted an invalid move. Reason: …");
4. the latest board (the table and the seat's moves now).

So a prompt's length is bounded by the intro, ``recent × max_chars``, one refusal and one
board, whatever the length of the game.
"""

from __future__ import annotations

from collections import deque
from typing import Any

import textarena as ta

RECENT = 6
"""Messages shown besides the intro, the refusal and the board."""
MAX_CHARS = 4000
"""The most characters of one message shown (its end: a reply's move is at its end)."""
REFUSAL = "attempted an invalid move"


class _Seat:
    """What one seat has been sent, kept as much as a prompt shows."""

    def __init__(self, recent: int) -> None:
        self.intro = ""
        self.board = ""
        self.recent: deque[str] = deque(maxlen=recent)
        self.refusal: str | None = None
        self.refused_last = False


class BoundedObservationWrapper(ta.ObservationWrapper):  # type: ignore[misc]
    """The intro, recent messages, the last refusal and the board (see the module
    docstring)."""

    def __init__(self, env: ta.Env, recent: int = RECENT, max_chars: int = MAX_CHARS) -> None:
        super().__init__(env)
        self.recent = recent
        self.max_chars = max_chars
        self.seats: dict[int, _Seat] = {}

    def reset(self, num_players: int, seed: int | None = None) -> Any:
        self.seats = {}
        return self.env.reset(num_players=num_players, seed=seed)

    def observation(self, player_id: int, observation: Any) -> str:
        seat = self.seats.setdefault(player_id, _Seat(self.recent))
        for sender, message, kind in observation or ():
            self._take(seat, sender, str(message), kind)
        return self._text(seat)

    def _take(self, seat: _Seat, sender: int, message: str, kind: Any) -> None:
        if kind == ta.ObservationType.PROMPT:
            seat.intro = message
        elif kind == ta.ObservationType.GAME_BOARD:
            seat.board = message
            if not seat.refused_last:
                seat.refusal = None
            seat.refused_last = False
        elif kind == ta.ObservationType.GAME_ADMIN and REFUSAL in message:
            seat.refusal, seat.refused_last = message, True
        else:
            name = "GAME" if sender == ta.GAME_ID else f"Player {sender}"
            seat.recent.append(f"[{name}] {self._cut(message)}")
            seat.refused_last = False

    def _cut(self, message: str) -> str:
        if len(message) <= self.max_chars:
            return message
        return "…" + message[-self.max_chars :]

    def _text(self, seat: _Seat) -> str:
        parts = [seat.intro]
        if seat.recent:
            parts.append("Recent messages:\n" + "\n".join(seat.recent))
        if seat.refusal is not None:
            parts.append(f"[GAME] {self._cut(seat.refusal)}")
        if seat.board:
            parts.append(seat.board)
        return "\n\n".join(p for p in parts if p)
