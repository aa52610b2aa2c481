"""The hold of a bot's move at a table with people (issue 38 item 1).

A person needs time to read and to answer; a bot decides in milliseconds. Where a game's
heuristics declare a hold (:func:`~seedbed.bots.api.hold_rule`: Bohnanza's active bot ending
its trading phase while a person is still on the move), the table keeps such a move of a bot
back until the table's hold (the table option the game names: ``offer_hold`` seconds) has run
out since the last event that starts it (the reveal, a new offer). The bot chose; the clock is
the server's — the rules have no clock and the bots choose as everywhere else, so the arena
and bot-only tables (hold 0) are unchanged.

Meanwhile the table goes on: any move starts over (the bots on the move are asked again at the
new version, so a bot answers an offer made to it at once), and the views tell every seat when
the held move will be played (``hold``: its seat, the hold's length and the seconds left)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import dataclass, field

from seedbed.bots.api import HoldRule, hold_rule
from seedbed.engine.api import Action, Event, PlayerId, State
from seedbed.server.storage import NewTable


@dataclass
class Parked:
    """A bot's move kept back: the version it was chosen at and the timer that plays it."""

    version: int
    action: Action
    handle: asyncio.TimerHandle


@dataclass
class Hold:
    """One table's hold. ``rule`` is None when nothing waits: the game declares no hold, the
    table has no person, or its hold is 0 seconds."""

    rule: HoldRule | None
    seconds: float
    people: frozenset[PlayerId]
    since: float = 0.0
    """The event loop's time at which the hold last started."""

    parked: dict[PlayerId, Parked] = field(default_factory=dict)
    shown: dict[PlayerId, float] = field(default_factory=dict)
    """The deadline the views show for a seat's held move (kept across moves that do not
    start the hold again, so the countdown does not flicker while the bot is asked again)."""

    @classmethod
    def of(cls, table: NewTable) -> Hold:
        """The hold of ``table``: its game's rule, its table option's seconds, its people."""
        rule = hold_rule(table.game)
        people = frozenset(s for s, e in enumerate(table.seating) if e["kind"] != "bot")
        seconds = float(table.table_options.get(rule.option, 0)) if rule is not None else 0.0
        return cls(rule if seconds > 0 and people else None, seconds, people)

    @property
    def deadline(self) -> float:
        return self.since + self.seconds

    def waits(
        self, state: State, seat: PlayerId, action: Action, now: float, keen: Iterable[PlayerId]
    ) -> bool:
        """Whether the bot's ``action`` is kept back now (the hold runs and the game says so).
        ``keen``: the people who take part in every trading they may (they did not ask to
        pass automatically, issue 31 item 4), waited for even with nothing addressed."""
        if self.rule is None or now >= self.deadline:
            return False
        return self.rule.waits(state.observe(seat), action, self.people, frozenset(keen))

    def park(
        self, seat: PlayerId, version: int, action: Action, handle: asyncio.TimerHandle
    ) -> bool:
        """Keep the seat's move until ``handle`` rings; whether the views' ``hold`` changed."""
        self.parked[seat] = Parked(version, action, handle)
        changed = self.shown.get(seat) != self.deadline
        self.shown[seat] = self.deadline
        return changed

    def is_parked(self, seat: PlayerId, version: int) -> bool:
        held = self.parked.get(seat)
        return held is not None and held.version == version

    def take(self, seat: PlayerId, version: int) -> Action | None:
        """The move kept for ``seat`` at ``version`` (forgotten now), or None."""
        held = self.parked.get(seat)
        if held is None or held.version != version:
            return None
        del self.parked[seat]
        self.shown.pop(seat, None)
        return held.action

    def moved(self, seat: PlayerId, events: Iterable[Event], now: float) -> None:
        """A move was played: kept moves of the older version are dropped (their bots are
        asked again), the mover's countdown ends, and the hold starts again after one of the
        rule's events."""
        self.cancel()
        self.shown.pop(seat, None)
        if self.rule is not None and any(e.kind in self.rule.events for e in events):
            self.since = now

    def cancel(self) -> None:
        for held in self.parked.values():
            held.handle.cancel()
        self.parked.clear()

    def extra(self, to_move: Iterable[PlayerId], now: float) -> dict[str, object]:
        """The view's ``hold`` field: the seat whose move is kept, the hold's length and the
        seconds left (empty when no move is kept)."""
        movers = set(to_move)
        for seat, deadline in sorted(self.shown.items()):
            if seat in movers and deadline == self.deadline and now < deadline:
                left = round(deadline - now, 2)
                return {"hold": {"seat": seat, "seconds": self.seconds, "remaining": left}}
        return {}
