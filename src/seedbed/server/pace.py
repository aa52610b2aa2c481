"""A table's pace (issue 31 item 1): *real-time* (the turn timer of :mod:`seedbed.server.table`,
seconds to minutes) or *turn-based*: each move of a person is due by a stored deadline (1 hour
to 7 days). A passed deadline makes the greedy stand-in play that one move; a seat whose
deadline passes three times in a row is handed to the stand-in for the rest of the game
(docs/decisions.md D-64). Deadlines are stored (:mod:`seedbed.server.pace_store`), so a
restart keeps them, and one that passed while the server was down fires once, on start."""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from seedbed.engine.api import JsonDict, PlayerId
from seedbed.server.pace_store import SeatDeadline, put_deadline
from seedbed.server.storage import AsyncStore, now

log = logging.getLogger("seedbed.server.pace")

REAL_TIME = "real-time"
TURN_BASED = "turn-based"
PACES = (REAL_TIME, TURN_BASED)
DEFAULT_DEADLINE = 24 * 3600
MIN_DEADLINE = 3600
"""The shortest deadline a turn-based table may ask for (``--min-move-deadline-seconds``
lowers it: the tests' tables run on deadlines of seconds)."""
MAX_DEADLINE = 7 * 24 * 3600
STRIKES = 3
"""Missed deadlines in a row that hand a seat to the stand-in for the rest of the game."""


def deadline_refusal(seconds: int, shortest: float) -> str | None:
    """Why a turn-based table cannot have this deadline per move, if it cannot."""
    if not shortest <= seconds <= MAX_DEADLINE:
        return (
            f"move_deadline_seconds: a turn-based table's deadline is {shortest:g} s to "
            f"{MAX_DEADLINE} s (7 days), not {seconds}"
        )
    return None


@dataclass
class Clock:
    """The deadlines of a turn-based table's human seats, as stored; each change is written
    in order (one write after the other), after the move it follows is committed."""

    table_id: str
    seconds: int
    store: AsyncStore
    rows: dict[PlayerId, SeatDeadline] = field(default_factory=dict)
    _writes: asyncio.Task[None] | None = None

    def handed_over(self, seat: PlayerId) -> bool:
        row = self.rows.get(seat)
        return row is not None and row.handed_over

    def live(self, seat: PlayerId, moves: Sequence[tuple[PlayerId, JsonDict]]) -> bool:
        """The seat's stored deadline still stands: it has not moved (nor the stand-in for
        it) since the deadline was set. A spent one never fires again, across restarts."""
        row = self.rows.get(seat)
        return row is not None and all(s != seat for s, _ in moves[row.version :])

    def arm(self, seat: PlayerId, moves: Sequence[tuple[PlayerId, JsonDict]]) -> float:
        """The seconds until the seat's move is due (negative: it passed, perhaps while the
        server was down); a new deadline, stored, unless a live one stands."""
        if not self.live(seat, moves):
            due = now() + dt.timedelta(seconds=self.seconds)
            row = self.rows.get(seat)
            kept = SeatDeadline(len(moves), due) if row is None else row
            self._save(seat, replace(kept, version=len(moves), due_at=due))
        return (self.rows[seat].due_at - now()).total_seconds()

    def moved(self, seat: PlayerId, by_stand_in: bool) -> bool:
        """Count the seat's move: the stand-in's is one more missed deadline, the person's
        own resets them. Whether this move handed the seat over (the table says so)."""
        row = self.rows.get(seat)
        if row is None:
            return False
        strikes = row.strikes + 1 if by_stand_in else 0
        handed = row.handed_over or strikes >= STRIKES
        self._save(seat, replace(row, strikes=strikes, handed_over=handed))
        return handed and not row.handed_over

    def due(self, seat: PlayerId, moves: Sequence[tuple[PlayerId, JsonDict]]) -> dt.datetime | None:
        """When the seat's current move is due (None: no live deadline, or handed over)."""
        if not self.live(seat, moves) or self.handed_over(seat):
            return None
        return self.rows[seat].due_at

    def passed(self, seat: PlayerId, moves: Sequence[tuple[PlayerId, JsonDict]]) -> bool:
        """The seat's live deadline has passed (its stand-in's move is owed)."""
        due = self.due(seat, moves)
        return due is not None and due <= now()

    def _save(self, seat: PlayerId, found: SeatDeadline) -> None:
        self.rows[seat] = found
        previous = self._writes

        async def write() -> None:
            if previous is not None:
                await asyncio.gather(previous, return_exceptions=True)
            try:
                await self.store.call(put_deadline, self.table_id, seat, found)
            except Exception:  # the next change writes it again; a restart sets a new one
                log.exception("table %s: storing seat %d's deadline failed", self.table_id, seat)

        self._writes = asyncio.get_running_loop().create_task(write())

    async def settle(self) -> None:
        """Wait for the writes under way (a clean stop)."""
        if self._writes is not None:
            await asyncio.gather(self._writes, return_exceptions=True)


def pace_of(
    pace: str, deadline: int | None, turn_seconds: float | None, shortest: float
) -> int | None:
    """A new table's deadline per move (None at a real-time table); ValueError with a
    one-line reason for a request that mixes the two paces or asks for a deadline out of
    bounds (``shortest``: the server's ``min_move_deadline_seconds``)."""
    if pace == REAL_TIME:
        if deadline is not None:
            raise ValueError("move_deadline_seconds: only a turn-based table has a deadline")
        return None
    if turn_seconds is not None:
        raise ValueError("turn_seconds: a turn-based table has a deadline per move instead")
    seconds = DEFAULT_DEADLINE if deadline is None else deadline
    refusal = deadline_refusal(seconds, shortest)
    if refusal is not None:
        raise ValueError(refusal)
    return seconds


def clock_of(table_id: str, pace: str, seconds: int | None, store: AsyncStore) -> Clock | None:
    """A turn-based table's clock (its stored deadlines are read on loading), else None."""
    if pace != TURN_BASED:
        return None
    return Clock(table_id, DEFAULT_DEADLINE if seconds is None else seconds, store)
