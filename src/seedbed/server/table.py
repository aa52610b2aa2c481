"""One actor per table: every act from any connection, every bot answer and every turn-timer
expiry goes through the table's command queue and is handled one at a time, so simultaneous
acts (two seats accepting one Bohnanza offer) are serialised — the first applies, the second
finds a new version (``stale_version``).

A move is applied to the in-memory state, committed to storage (write-ahead), and only then
broadcast: every connection receives its own view. If the commit fails, the state is rebuilt
from the committed moves and the sender gets ``internal``; nothing was shown to anyone. The
table counts as finished (record and replay served) only once its last move and its outcome
are both committed.
Bots on the move are asked through the :class:`~seedbed.server.bot_pool.BotPool`; an answer for
an older version is dropped and the bot asked again. At a table with people, a bot's move that
its game says must wait for the table's hold (:mod:`seedbed.server.hold`, issue 38 item 1) is
kept back until the hold runs out or a move makes the table ask the bot again.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import os
import signal
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field, replace

from seedbed.bots.api import polite_menu, with_manners
from seedbed.engine.api import Action, Event, JsonDict, PlayerId, State
from seedbed.engine.errors import IllegalActionError, InvalidActionError
from seedbed.engine.menu import kind_of
from seedbed.engine.record import GameRecord, replay, steps
from seedbed.engine.registry import game as lookup_game
from seedbed.engine.registry import spec
from seedbed.engine.spec import manners_of
from seedbed.server.autoplay import Played, has_auto_pass, move_for
from seedbed.server.bot_pool import STAND_IN, BotPool, bot_seed, freeze, table_spec
from seedbed.server.history import History
from seedbed.server.hold import Hold
from seedbed.server.limits import TokenBucket
from seedbed.server.pace import STRIKES, Clock
from seedbed.server.protocol import (
    ChatLine,
    ChatUpdate,
    ErrorCode,
    NoteCode,
    NotePart,
    RematchMessage,
    StandIn,
    WaitingView,
    error_text,
)
from seedbed.server.seat_settings import put_auto_pass
from seedbed.server.seat_store import OPEN, Opening, Rematch, open_seats
from seedbed.server.storage import AsyncStore, NewTable
from seedbed.server.storage import ChatLine as StoredChat
from seedbed.server.views import view_text

log = logging.getLogger("seedbed.server.table")

CLOSE_TOO_SLOW = 4408
CHAT_BURST = 5
CHAT_PER_SECOND = 0.5
"""A seat may say 5 things at once, then one every 2 seconds."""
CHAT_SHOWN = 100
"""Chat messages a connection receives when it opens (the last ones)."""
CLOSE_ABORTED = 4410
FAULT_AFTER_FINAL_MOVE = "after-final-move-stored"
MOVE_LIMIT = "move limit: the table reached {moves} moves without an end"
"""The abort reason of a table stopped by ``max_moves`` (issue 37 item 2)."""
RECORD_BYTES_PER_MOVE = 400
"""Memory one move of a table's record holds (its seat and action JSON: 373 bytes measured
by benchmarks/bench_history_memory.py), for :meth:`TableActor.footprint`."""
STATE_BYTES = 64 * 1024
"""Memory of a table's state and fixed parts, roughly, for :meth:`TableActor.footprint`."""


@dataclass
class Counters:
    """What the server counts across its tables (``GET /api/metrics``)."""

    bot_moves: int = 0
    bot_fallbacks: int = 0
    tables_aborted: int = 0


class Connection:
    """One WebSocket (or a test double): a seat (None = spectator) and an outbox of texts that
    the connection's writer drains. A full outbox marks the connection as too slow."""

    def __init__(
        self, seat: PlayerId | None, limit: int = 256, bucket: TokenBucket | None = None
    ) -> None:
        self.seat = seat
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(limit)
        self.dropped = False
        self.bucket = bucket
        self.close_code = CLOSE_TOO_SLOW
        self.close_reason = ""

    def view(self, text: str) -> None:
        """Send a view; it also earns the client one message of its rate limit, so a client
        that answers every view once is never refused however fast bots play."""
        if self.bucket is not None:
            self.bucket.credit()
        self.send(text)

    def send(self, text: str) -> None:
        if self.dropped:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.dropped = True  # the reader is gone or stuck; its writer closes it
            log.warning("dropping a connection that does not read its messages")

    def close(self, code: int, reason: str = "") -> None:
        """Ask the connection's writer to close it with ``code`` (and ``reason``, which the
        client shows) after what is queued."""
        self.close_code, self.close_reason = code, reason
        try:
            self.outbox.put_nowait(None)
        except asyncio.QueueFull:
            self.dropped = True


@dataclass(frozen=True)
class Act:
    conn: Connection
    version: int
    action: JsonDict


@dataclass(frozen=True)
class Undo:
    """A seat takes back its last move of the current turn (issue 38 item 11)."""

    conn: Connection
    version: int


@dataclass(frozen=True)
class Join:
    conn: Connection


@dataclass(frozen=True)
class Leave:
    conn: Connection


@dataclass(frozen=True)
class Say:
    """A chat message from a connection (checked by the protocol: one printable line)."""

    conn: Connection
    text: str


@dataclass(frozen=True)
class BotAnswer:
    seat: PlayerId
    version: int
    action: JsonDict | None
    stand_in: bool = False
    """The turn timer's stand-in answered for an absent human."""


@dataclass(frozen=True)
class TimerRang:
    seat: PlayerId
    version: int


@dataclass(frozen=True)
class HoldRanOut:
    """The hold of a bot's move kept back at ``version`` ran out (:mod:`seedbed.server.hold`)."""

    seat: PlayerId
    version: int


@dataclass(frozen=True)
class AutoMove:
    """A move the table plays for the person at ``seat`` at ``version`` (issue 31 item 4)."""

    seat: PlayerId
    version: int
    played: Played


@dataclass(frozen=True)
class Configure:
    """A seat's person sets *pass automatically when nothing is addressed to me*."""

    conn: Connection
    auto_pass: bool


@dataclass(frozen=True)
class Call:
    """Run ``run`` in the table's turn, between its other commands (issue 30: taking an open
    seat, filling the open seats with bots, telling the seats of a rematch)."""

    run: Callable[[TableActor], Awaitable[None]]


Command = (
    Act
    | Undo
    | Join
    | Leave
    | Say
    | BotAnswer
    | TimerRang
    | HoldRanOut
    | AutoMove
    | Configure
    | Call
)


class StorageFailedError(RuntimeError):
    """The move could not be committed; the state was rolled back."""


@dataclass
class TableActor:
    """A running (or finished) table. Construct with :meth:`replay_from`; start with
    :meth:`start`; hand it commands with :meth:`submit`.

    ``game_record`` is the table's game as stored: moves committed so far, and the outcome
    once that too is committed; ``state`` is where those moves lead."""

    table: NewTable
    state: State
    game_record: GameRecord
    store: AsyncStore
    bots: BotPool
    created_at: str
    counters: Counters = field(default_factory=Counters)
    on_finish: Callable[[TableActor], None] | None = None
    """Called once the final move and the outcome are committed (the hub's retention)."""
    fault: str | None = None
    max_moves: int | None = None
    """The table is aborted on this move (``ServerSettings.max_moves``); None: no cap."""
    on_abort: Callable[[TableActor], None] | None = None
    """Called once the table has aborted itself (the hub lets go of it)."""
    aborted: bool = False
    owner: str = ""
    """The client address that created the table, for its bots' share of the pool (issue 37
    item 3); "" (a table resumed from storage, whose creator is not kept): its id."""
    connections: set[Connection] = field(default_factory=set)
    history: History = field(default_factory=History)
    """The committed moves' events, frozen, for the history a new connection receives."""
    undos: int = 0
    """Moves taken back since this actor started: a version seen before an undo may come
    back with another state (the hints' cache tells them apart by it)."""
    _undo: list[State] = field(default_factory=list)
    """The states before each move of ``_undo_seat`` it may still take back, oldest first."""
    _undo_seat: PlayerId | None = None
    """The seat of the last move."""
    _undo_barrier: str = "nothing was played yet"
    """Why ``_undo_seat`` cannot undo once ``_undo`` is empty: what stands."""
    _chat_buckets: dict[PlayerId, TokenBucket] = field(default_factory=dict)
    _deadlines: dict[PlayerId, float] = field(default_factory=dict)
    _due_at: dict[PlayerId, dt.datetime] = field(default_factory=dict)
    """The wall-clock end of each running turn timer (read once: it keys "one e-mail per
    deadline", issue 31 item 3)."""
    """The running turn timers: seat -> the loop time it runs out."""
    _opened: set[PlayerId] = field(default_factory=set)
    """Human seats that have had a connection since the table started here: a seat's turn
    timer runs only once it was opened (issue 38 item 8)."""
    _timer_version: int = -1
    _turn_starts: dict[PlayerId, float] = field(default_factory=dict)
    """When each bot seat's run of its own moves began (its turn, for the bots' turn budget)."""
    _queue: asyncio.Queue[Command] = field(default_factory=asyncio.Queue)
    _thinking: dict[PlayerId, asyncio.Task[None]] = field(default_factory=dict)
    _timers: list[asyncio.TimerHandle] = field(default_factory=list)
    _task: asyncio.Task[None] | None = None
    _hold: Hold = field(init=False)
    opening: Opening | None = None
    """Set while the table waits for players (open seats, issue 30 item 2): nobody moves."""
    fill_handle: asyncio.TimerHandle | None = None
    """When bots fill the open seats (:mod:`seedbed.server.open_seats`)."""
    rematch: Rematch | None = None
    """The rematch of this finished table, once asked for (issue 30 item 5)."""
    on_turn: Callable[[TableActor, list[PlayerId]], None] | None = None
    """Called after every change with the people's seats newly on the move (issue 31 item 3:
    the notifications)."""
    _people_on_move: frozenset[PlayerId] = frozenset()
    clock: Clock | None = None
    """A turn-based table's stored deadlines (issue 31 item 1); None: real-time."""
    auto_pass: dict[PlayerId, bool] = field(default_factory=dict)
    """The seats whose person chose *pass automatically when nothing is addressed to me*
    (stored, :mod:`seedbed.server.seat_settings`); the others have :meth:`auto_passes`'s
    default."""
    _auto_pending: dict[PlayerId, int] = field(default_factory=dict)
    """The version at which a move for each person was handed to the queue (played once)."""

    def __post_init__(self) -> None:
        self._hold = Hold.of(self.table)

    # ---------------------------------------------------------------- construction

    @classmethod
    def replay_from(
        cls,
        table: NewTable,
        moves: Iterable[tuple[PlayerId, JsonDict]],
        store: AsyncStore,
        bots: BotPool,
        created_at: str,
    ) -> TableActor:
        """The table rebuilt by replaying ``moves`` (validated) on a fresh deal; a stored game
        that reached its end is finished (the caller commits the outcome if it was not).
        A move that does not replay raises :class:`~seedbed.engine.record.ReplayError`."""
        record = table_record(table, moves)
        history = History()
        state = None
        for step in steps(record):
            state = step.state
            if step.move is not None:
                history.add(step.move.player, step.events)
        assert state is not None  # the deal is a step
        actor = cls(table, state, record, store, bots, created_at, history=history)
        if record.moves:  # the states before the last moves are not kept across a restart
            actor._undo_seat = record.moves[-1][0]
            actor._undo_barrier = "the server restarted since"
        # a seat that moved was opened: its turn timer keeps running for it on the process
        # that resumes or takes over the table, connected or not (issue 32 item 3)
        actor._opened = {int(seat) for seat, _ in record.moves if actor.bot_spec(seat) is None}
        if actor.over:
            actor._end_stored()
        return actor

    @property
    def id(self) -> str:
        return self.table.id

    @property
    def moves(self) -> list[tuple[PlayerId, JsonDict]]:
        """The committed moves (seat, action JSON), in order."""
        return self.game_record.moves

    @property
    def version(self) -> int:
        return len(self.moves)

    @property
    def finished(self) -> bool:
        """The game is over *and* that is durable: the last move and the outcome are stored
        (the record holds the outcome only then). Until then nothing reads the table as
        finished (no record, no replay)."""
        return self.game_record.outcome is not None

    def _end_stored(self) -> None:
        """The last move and the outcome are stored: the record takes the outcome."""
        self.game_record.finish(self.state.outcome())

    @property
    def at_move_cap(self) -> bool:
        """The game goes on but the table reached its move cap."""
        return self.max_moves is not None and self.version >= self.max_moves and not self.over

    def footprint(self) -> int:
        """The memory this table holds, estimated (its history, its record and its state),
        for the hub's budget of finished tables."""
        return self.history.nbytes + RECORD_BYTES_PER_MOVE * self.version + STATE_BYTES

    @property
    def over(self) -> bool:
        """The rules say the game is over (perhaps not yet stored)."""
        return self.state.is_terminal()

    def start(self) -> None:
        self._hold.since = asyncio.get_running_loop().time()  # people get the hold after a restart
        self._task = asyncio.create_task(self._run(), name=f"table-{self.id}")
        self._after_change()

    async def stop(self) -> None:
        if self.fill_handle is not None:
            self.fill_handle.cancel()
        for task in list(self._thinking.values()):
            task.cancel()
        self._cancel_timers()
        self._hold.cancel()
        if self.clock is not None:
            await self.clock.settle()
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    def submit(self, command: Command) -> None:
        self._queue.put_nowait(command)

    async def idle(self) -> None:
        """Wait until every submitted command has been handled (tests)."""
        await self._queue.join()

    # ---------------------------------------------------------------- the loop

    async def _run(self) -> None:
        while True:
            command = await self._queue.get()
            try:
                await self._handle(command)
            except Exception:
                log.exception("table %s: command %s failed", self.id, type(command).__name__)
            finally:
                self._queue.task_done()

    async def _handle(self, command: Command) -> None:
        if self.aborted:  # commands queued before the abort: nothing more happens here
            if isinstance(command, Join):
                command.conn.close(CLOSE_ABORTED)
            return
        if isinstance(command, Act):
            await self._act(command)
        elif isinstance(command, Undo):
            await self._undo_act(command)
        elif isinstance(command, BotAnswer):
            await self._bot_answer(command)
        elif isinstance(command, TimerRang):
            self._timer_rang(command)
        elif isinstance(command, HoldRanOut):
            await self._hold_ran_out(command)
        elif isinstance(command, Join):
            await self._join(command.conn)
        elif isinstance(command, Say):
            await self._say(command)
        elif isinstance(command, AutoMove):
            await self._auto_move(command)
        elif isinstance(command, Configure):
            await self._configure(command)
        elif isinstance(command, Call):
            await command.run(self)
        else:
            self.connections.discard(command.conn)

    async def _join(self, conn: Connection) -> None:
        """A new connection: its view (with the turn timer), the history as its seat may
        see it, then the chat's last messages."""
        if self._first_open(conn.seat):
            self._broadcast([])  # the others see its timer start and the wait end
        self.connections.add(conn)
        extra = self._extra(conn.seat) | self._undo_extra(conn.seat)
        conn.view(view_text(self.state, conn.seat, self.version, [], extra))
        for text in self.history.pages(conn.seat):
            conn.send(text)
        lines = await self.store.chat(self.id, CHAT_SHOWN) if self.table.chat else []
        conn.send(chat_text(self.table.chat, lines))
        if self.rematch is not None:
            conn.send(self.rematch_text(conn.seat))

    # ---------------------------------------------------------------- chat

    async def _say(self, say: Say) -> None:
        """Store a seat's chat message and send it to every connection (spectators read
        it); spectators, tables without chat and seats past their rate are refused."""
        seat = say.conn.seat
        if seat is None:
            refusal = "spectators read the chat but cannot write"
            say.conn.send(error_text(ErrorCode.SPECTATOR, refusal))
            return
        if not self.table.chat:
            say.conn.send(error_text(ErrorCode.CHAT_OFF, "this table's creator switched chat off"))
            return
        bucket = self._chat_buckets.setdefault(seat, TokenBucket(CHAT_PER_SECOND, CHAT_BURST))
        if not bucket.allow():
            refusal = f"at most {CHAT_BURST} chat messages at once, then one every 2 s"
            say.conn.send(error_text(ErrorCode.RATE_LIMITED, refusal))
            return
        name = self.seat_name(seat)
        try:
            line = await self.store.add_chat(self.id, seat, name, say.text.strip())
        except Exception:
            log.exception("table %s: storing a chat message failed", self.id)
            say.conn.send(error_text(ErrorCode.INTERNAL, "the message could not be stored; retry"))
            return
        text = chat_text(True, [line])
        for conn in list(self.connections):
            conn.send(text)

    # ---------------------------------------------------------------- acts

    async def _act(self, act: Act) -> None:
        refusal = self._refusal(act)
        if refusal is not None:
            act.conn.send(error_text(*refusal))
            return
        assert act.conn.seat is not None
        seat = act.conn.seat
        try:
            action = lookup_game(self.table.game).action_from_json(act.action)
        except (InvalidActionError, ValueError, KeyError, TypeError) as exc:
            act.conn.send(error_text(ErrorCode.MALFORMED, f"bad action: {exc}"))
            return
        try:
            await self._play(seat, action)
        except IllegalActionError as exc:
            act.conn.send(error_text(ErrorCode.ILLEGAL_ACTION, str(exc)))
        except StorageFailedError:
            act.conn.send(error_text(ErrorCode.INTERNAL, "the move could not be stored; retry"))

    def _refusal(self, act: Act) -> tuple[ErrorCode, str] | None:
        """Why this act is refused before its action is even parsed, if it is."""
        seat = act.conn.seat
        refusal = self._seat_refusal(seat, act.version, "act")
        if refusal is None and seat not in self.state.to_move():
            return ErrorCode.NOT_ON_MOVE, f"seat {seat} is not on the move"
        return refusal

    def _seat_refusal(
        self, seat: PlayerId | None, version: int, verb: str
    ) -> tuple[ErrorCode, str] | None:
        """Why a message of ``seat`` at ``version`` is refused whatever it asks, if it is."""
        if seat is None:
            return ErrorCode.SPECTATOR, f"spectators cannot {verb}"
        if self.waiting:
            return ErrorCode.NOT_ON_MOVE, "the table waits for players: play starts once all sit"
        if self.over:
            return ErrorCode.FINISHED, "the game is over"
        if version != self.version:
            return ErrorCode.STALE_VERSION, f"version {version} is stale; now {self.version}"
        return None

    async def _play(
        self,
        seat: PlayerId,
        action: Action,
        stand_in: StandIn | None = None,
        before: tuple[list[Event], StandIn | None] | None = None,
    ) -> None:
        """Apply, commit, then broadcast. Raises IllegalActionError (nothing changed) or
        StorageFailedError (rolled back). A move the table plays for a person now (issue 31
        item 4) follows at once, before the broadcast: nobody is shown a state that asks the
        person for it (a client would act on it and be refused as stale); the views then
        carry both moves' events (``before``: the events and note of the moves before)."""
        reveals = spec(self.table.game).reveals
        person = stand_in is None and self.bot_spec(seat) is None and reveals is not None
        kept = self.state.clone() if person else None  # what an undo would restore
        public = self.state.observe(None) if person else None
        events = self.state.apply(seat, action)
        action_json = action.to_json()
        auto = stand_in is not None and stand_in.auto  # played for the person (issue 31)
        try:
            await self.store.append_move(
                self.id, self.version, seat, action_json, stand_in is not None and not auto, auto
            )
        except Exception as exc:
            log.exception("table %s: storing move %d failed", self.id, self.version)
            self.state = replay(self.game_record)  # the committed moves, without this one
            raise StorageFailedError(str(exc)) from exc
        self.moves.append((seat, action_json))
        self.history.add(seat, events)
        self._keep_for_undo(seat, kept, public, auto)
        self._hold.moved(seat, events, asyncio.get_running_loop().time())
        if self.clock is not None and not auto and self.clock.moved(seat, stand_in is not None):
            stand_in = self._handed_over(seat, stand_in)
        if stand_in is not None:
            self.history.note(self.version, stand_in.text, [p.model_dump() for p in stand_in.parts])
        if self.over:
            if self.fault == FAULT_AFTER_FINAL_MOVE:
                os.kill(os.getpid(), signal.SIGKILL)  # the crash test's moment: stored, unserved
            await self.store.finish(self.id, self.state.outcome().to_json())
            self._end_stored()
        if self.at_move_cap:
            self._broadcast(events, stand_in)  # everyone sees the last move, then the end
            await self.end_at_move_cap()
            return
        if before is not None:
            events, stand_in = [*before[0], *events], before[1] or stand_in
        if not self.over and await self._chain(events, stand_in):
            return
        self._after_change()  # first: the views carry the turn timer it starts
        self._broadcast(events, stand_in)
        if self.finished and self.on_finish is not None:
            self.on_finish(self)

    async def _chain(self, events: list[Event], stand_in: StandIn | None) -> bool:
        """Play the move due now for a person, if any, carrying this move's events and note
        into its broadcast; whether one was played."""
        to_move = self.state.to_move()
        bots_on_move = any(self.bot_spec(s) is not None for s in to_move)
        for seat in to_move:
            played = None if self.bot_spec(seat) is not None else self._move_for(seat, bots_on_move)
            if played is None:
                continue
            try:
                await self._play(
                    seat, played.action, self._auto_note(seat, played), (events, stand_in)
                )
            except (IllegalActionError, StorageFailedError) as exc:
                log.error("table %s: a move played for seat %d failed: %s", self.id, seat, exc)
                return False
            return True
        return False

    def _broadcast(
        self, events: list[Event], stand_in: StandIn | None = None, undone: int | None = None
    ) -> None:
        """Every connection its own view; each distinct viewer's text is built once."""
        texts: dict[PlayerId | None, str] = {}
        note: dict[str, object] = {}
        if stand_in is not None:
            note["stand_in"] = stand_in.model_dump()
        if undone is not None:
            note["undone"] = undone
        for conn in list(self.connections):
            if conn.seat not in texts:
                extra = self._extra(conn.seat) | note | self._undo_extra(conn.seat)
                texts[conn.seat] = view_text(self.state, conn.seat, self.version, events, extra)
            conn.view(texts[conn.seat])

    # ---------------------------------------------------------------- undo (issue 38 item 11)

    def _keep_for_undo(
        self, seat: PlayerId, kept: State | None, public: JsonDict | None, auto: bool = False
    ) -> None:
        """After a committed move: keep the state before it if its mover may take it back (a
        person, still alone on the move, and the game says the move revealed nothing,
        ``GameSpec.reveals``); else nothing before this move can be taken back any more."""
        reveals = spec(self.table.game).reveals
        if self._undo_seat != seat:
            self._undo.clear()
        self._undo_seat = seat
        if reveals is None:
            self._stop_undo("this game has no undo")
        elif kept is None or public is None:
            self._stop_undo(
                "the table played for you since" if auto else "the stand-in played for you since"
            )
        elif self.over:
            self._stop_undo("the game is over")
        elif tuple(self.state.to_move()) != (seat,):
            self._stop_undo("your turn passed (or another seat is on the move)")
        elif reveals(public, self.state.observe(None)):
            self._stop_undo("your last move drew or revealed something hidden")
        else:
            self._undo.append(kept)
            self._undo_barrier = "the move before drew or revealed something, or began your turn"

    def _stop_undo(self, why: str) -> None:
        self._undo.clear()
        self._undo_barrier = why

    def can_undo(self, seat: PlayerId | None) -> bool:
        """Whether ``seat`` may take back its last move now."""
        return seat is not None and seat == self._undo_seat and bool(self._undo)

    def _undo_extra(self, seat: PlayerId | None) -> dict[str, object]:
        """The view's ``can_undo`` field for a seat (spectators have none)."""
        return {} if seat is None else {"can_undo": self.can_undo(seat)}

    def _undo_refusal(self, undo: Undo) -> tuple[ErrorCode, str] | None:
        """Why this undo is refused, if it is."""
        seat = undo.conn.seat
        refusal = self._seat_refusal(seat, undo.version, "undo")
        if refusal is not None or seat is None:
            return refusal
        if self.bot_spec(seat) is not None:
            return ErrorCode.NO_UNDO, "a bot's moves are never taken back"
        if self.can_undo(seat):
            return None
        if not self.moves:
            why = "nothing was played yet"
        elif seat != self._undo_seat:
            why = "another seat moved since your last move"
        else:
            why = self._undo_barrier
        return ErrorCode.NO_UNDO, f"nothing to undo: {why}"

    async def _undo_act(self, undo: Undo) -> None:
        """Take back the seat's last move: dropped from storage first (so a restart or the
        replay never shows it), then from the record and the history; the state before it
        comes back, every connection gets its view. The turn timer keeps running: an undo
        gives no more time."""
        refusal = self._undo_refusal(undo)
        if refusal is not None:
            undo.conn.send(error_text(*refusal))
            return
        undone = self.version
        try:
            dropped = await self.store.drop_move(self.id, undone - 1)
        except Exception:
            log.exception("table %s: dropping move %d failed", self.id, undone - 1)
            dropped = False
        if not dropped:
            undo.conn.send(error_text(ErrorCode.INTERNAL, "the undo could not be stored; retry"))
            return
        self.state = self._undo.pop()
        self.moves.pop()
        self.history.pop()
        self.undos += 1
        left = self._time_left(undo.conn.seat) if undo.conn.seat is not None else None
        self._after_change(left)
        self._broadcast([], undone=undone)

    async def end_at_move_cap(self) -> None:
        """Abort the table at its move cap: stored with the reason, its connections closed
        (4410), the hub told. A table resumed at or past its cap (a lower cap after a
        restart) ends here too."""
        reason = MOVE_LIMIT.format(moves=self.version)
        self.aborted = True
        for task in list(self._thinking.values()):
            task.cancel()
        self._cancel_timers()
        self._hold.cancel()
        try:
            await self.store.abort(self.id, reason)
        except Exception:  # still running in storage: a restart ends it again
            log.exception("table %s: storing its abort at the move cap failed", self.id)
        self.counters.tables_aborted += 1
        log.info("table %s: %s", self.id, reason)
        self.abort(CLOSE_ABORTED, reason)
        if self.on_abort is not None:
            self.on_abort(self)

    def abort(self, code: int = CLOSE_ABORTED, reason: str = "") -> None:
        """Close every connection (the table was aborted); the caller stops the actor."""
        for conn in list(self.connections):
            conn.close(code, reason)
        self.connections.clear()

    # ---------------------------------------------------------------- bots and timers

    def _after_change(self, seconds: float | None = None) -> None:
        """Ask the bots on the move; start the turn timer of the human seats on the move
        that were opened (:meth:`_first_open`) when the version changed (a stale bot answer
        leaves a running timer as it is), for ``seconds`` if given (what was left before an
        undo), else the whole turn."""
        try:
            self._arm_after_change(seconds)
        finally:
            self._tell_turn()

    def _arm_after_change(self, seconds: float | None) -> None:
        if self.waiting:
            return  # nobody moves until every seat is held
        fresh = self._timer_version != self.version
        if fresh or self.over:
            self._cancel_timers()
        if self.over:
            return
        to_move = self.state.to_move()
        bots_on_move = any(self.bot_spec(s) is not None for s in to_move)
        for seat in to_move:
            spec = self.bot_spec(seat)
            if spec is not None:
                self._ask(seat, spec)
            elif self._play_for(seat, bots_on_move):
                continue
            elif self.clock is not None:
                self._arm_deadline(seat, self.clock, fresh)
            elif self.table.turn_seconds is not None and fresh and seat in self._opened:
                self._arm_timer(seat, self.table.turn_seconds if seconds is None else seconds)
        self._timer_version = self.version

    def _tell_turn(self) -> None:
        """Call ``on_turn`` with the people's seats on the move now that were not before."""
        people: frozenset[PlayerId] = frozenset()
        if not (self.waiting or self.over or self.aborted):
            people = frozenset(
                s
                for s in self.state.to_move()
                if self.bot_spec(s) is None and self._auto_pending.get(s) != self.version
            )
        fresh = sorted(people - self._people_on_move)
        self._people_on_move = people
        if fresh and self.on_turn is not None:
            try:
                self.on_turn(self, fresh)
            except Exception:  # a notification never stops the table
                log.exception("table %s: the turn hook failed", self.id)

    # ---------------------------------------------------------------- played for a person

    def auto_passes(self, seat: PlayerId) -> bool:
        """Whether the person at ``seat`` passes automatically when nothing is addressed to
        them: their choice, else on at a turn-based table and off at a real-time one."""
        return self.auto_pass.get(seat, self.clock is not None)

    def _play_for(self, seat: PlayerId, bots_on_move: bool) -> bool:
        """Hand the queue the move the table plays for the person at ``seat`` now, if there is
        one (:mod:`seedbed.server.autoplay`); whether there is (then nothing waits for them)."""
        if self._auto_pending.get(seat) == self.version:
            return True
        played = self._move_for(seat, bots_on_move)
        if played is None:
            return False
        self._auto_pending[seat] = self.version
        self.submit(AutoMove(seat, self.version, played))
        return True

    def _move_for(self, seat: PlayerId, bots_on_move: bool) -> Played | None:
        """The move the table plays now for the person at ``seat`` (on the move), if any."""
        if self.clock is not None and self.clock.handed_over(seat):
            return None  # the stand-in plays every move of the seat
        return move_for(
            self.table.game,
            self.state,
            seat,
            self.seat_name(seat),
            self.auto_passes(seat),
            bots_on_move,
        )

    def _auto_note(self, seat: PlayerId, played: Played) -> StandIn:
        """The log's note of a move the table played for the person (logged)."""
        log.info("table %s: %s (%s)", self.id, played.text, played.action)
        return StandIn(
            seat=seat,
            name=self.seat_name(seat),
            action=played.action.to_json(),
            text=played.text,
            parts=[NotePart(code=played.code, params={"name": self.seat_name(seat)})]
            if played.code
            else [],
            auto=True,
        )

    async def _auto_move(self, move: AutoMove) -> None:
        """Play the move kept for the person, unless the table moved on since (then the next
        change looks again)."""
        if move.version != self.version or move.seat not in self.state.to_move() or self.over:
            return
        try:
            await self._play(move.seat, move.played.action, self._auto_note(move.seat, move.played))
        except (IllegalActionError, StorageFailedError) as exc:
            log.error("table %s: a move played for seat %d failed: %s", self.id, move.seat, exc)
            self._after_change()

    async def _configure(self, configure: Configure) -> None:
        """A person sets *pass automatically when nothing is addressed to me* (stored first);
        every connection sees the new setting, and the table plays the pass now if due."""
        seat = configure.conn.seat
        if seat is None:
            configure.conn.send(error_text(ErrorCode.SPECTATOR, "spectators have no seat to set"))
            return
        refusal = self._setting_refusal(seat)
        if refusal is not None:
            configure.conn.send(error_text(*refusal))
            return
        try:
            await self.store.call(put_auto_pass, self.id, seat, configure.auto_pass)
        except Exception:
            log.exception("table %s: storing seat %d's setting failed", self.id, seat)
            configure.conn.send(error_text(ErrorCode.INTERNAL, "the setting was not stored; retry"))
            return
        self.auto_pass[seat] = configure.auto_pass
        if not (self.over or self.waiting):
            self._after_change()
        self._broadcast([])

    def _arm_deadline(self, seat: PlayerId, clock: Clock, fresh: bool) -> None:
        """A turn-based table's person on the move: the stand-in plays now for a seat handed
        over, or whose deadline passed and is not played yet (its stand-in's answer came too
        late); at a new version a timer for the stored deadline (one that passed while the
        server was down rings at once; the loop rings past times oldest first)."""
        if clock.handed_over(seat) or (not fresh and clock.passed(seat, self.moves)):
            self._ask(seat, STAND_IN, stand_in=True)
            return
        if not fresh:
            return
        loop = asyncio.get_running_loop()
        when = loop.time() + clock.arm(seat, self.moves)
        self._timers.append(loop.call_at(when, self.submit, TimerRang(seat, self.version)))
        self._deadlines[seat] = when

    def deadline(self, seat: PlayerId) -> dt.datetime | None:
        """When the seat's current move is due (UTC): its stored deadline at a turn-based
        table, its turn timer's end at a real-time one; None when the seat is not on the move
        (or the stand-in plays for it) or the table has no clock (issue 31 item 1)."""
        if self.over or self.waiting or seat not in self.state.to_move():
            return None
        if self.clock is not None:
            return self.clock.due(seat, self.moves)
        return self._due_at.get(seat)

    def deadlines(self) -> dict[PlayerId, dt.datetime]:
        """Every seat's :meth:`deadline` that has one."""
        found = {seat: self.deadline(seat) for seat in range(self.table.num_players)}
        return {seat: due for seat, due in found.items() if due is not None}

    def _time_left(self, seat: PlayerId) -> float | None:
        """The seconds left of the seat's running turn timer (None without one)."""
        end = self._deadlines.get(seat)
        if end is None:
            return None
        return max(0.0, end - asyncio.get_running_loop().time())

    def _first_open(self, seat: PlayerId | None) -> bool:
        """A human seat's first connection: its turn timer starts now, whole, if it is on
        the move (until then the table waits for it to join, issue 38 item 8). Whether the
        seat was on the move (the other viewers' views changed)."""
        if seat is None or seat in self._opened or self.bot_spec(seat) is not None:
            return False
        self._opened.add(seat)
        if self.over or self.waiting or seat not in self.state.to_move():
            return False
        if self.table.turn_seconds is not None and seat not in self._deadlines:
            self._arm_timer(seat, self.table.turn_seconds)
        return True

    def _extra(self, viewer: PlayerId | None) -> dict[str, object]:
        """The table's own fields of a view: the turn timer's and the hold's."""
        if self.over:
            return self._timer_extra(viewer)
        if self.waiting:
            return self._waiting_extra()
        now = asyncio.get_running_loop().time()
        extra = {**self._timer_extra(viewer), **self._hold.extra(self.state.to_move(), now)}
        return extra | self._pace_extra() | self._setting_extra(viewer)

    def _setting_refusal(self, seat: PlayerId) -> tuple[ErrorCode, str] | None:
        """Why ``seat`` may not set *pass automatically*, or None."""
        if self.table.seating[seat]["kind"] != "human":
            return ErrorCode.NOT_ON_MOVE, "only a person's seat has this setting"
        if not has_auto_pass(self.table.game):
            return ErrorCode.MALFORMED, "this game has no automatic pass"
        return None

    def _setting_extra(self, viewer: PlayerId | None) -> dict[str, object]:
        """A person's view field ``auto_pass`` where the game offers the setting."""
        if viewer is None or self.bot_spec(viewer) is not None:
            return {}
        if not has_auto_pass(self.table.game):
            return {}
        return {"auto_pass": self.auto_passes(viewer)}

    def _pace_extra(self) -> dict[str, object]:
        """A turn-based table's view fields: ``deadlines`` (seat -> ISO time its move is due)
        and ``handed_over`` (seats the stand-in plays for the rest of the game)."""
        if self.clock is None:
            return {}
        handed = [s for s in range(self.table.num_players) if self.clock.handed_over(s)]
        due = {str(s): when.isoformat() for s, when in self.deadlines().items()}
        return {"deadlines": due, "handed_over": handed}

    def _timer_extra(self, viewer: PlayerId | None) -> dict[str, object]:
        """The view's ``timer`` field: the seats the turn timer runs for, the turn's length
        and the seconds left now of the viewer's own timer (else the first to run out);
        and ``waiting_to_join``: human seats on the move nobody has opened yet."""
        extra: dict[str, object] = {}
        waiting = [
            s
            for s in self.state.to_move()
            if s not in self._opened and self.bot_spec(s) is None and not self.over
        ]
        if self.clock is not None:  # a turn-based table never waits for a first visit
            waiting = []
        if waiting:
            extra["waiting_to_join"] = waiting
        seconds = self.table.turn_seconds if self.clock is None else self.clock.seconds
        if not self._deadlines or seconds is None:
            return extra
        ends = self._deadlines.get(viewer) if viewer is not None else None
        end = min(self._deadlines.values()) if ends is None else ends
        left = max(0.0, end - asyncio.get_running_loop().time())
        seats = sorted(self._deadlines)
        extra["timer"] = {"seats": seats, "seconds": seconds, "remaining": round(left, 2)}
        return extra

    # ---------------------------------------------------------------- open seats, rematch

    @property
    def waiting(self) -> bool:
        """Some seat is still open: the table waits for players (issue 30 item 2)."""
        return any(entry["kind"] == OPEN for entry in self.table.seating)

    def _waiting_extra(self) -> dict[str, object]:
        """A waiting table's views: its open seats and fill countdown; nobody on the move."""
        fill_in = None if self.opening is None else self.opening.fill_in()
        waiting = WaitingView(open_seats=open_seats(self.table.seating), fill_in=fill_in)
        return {"waiting_for_players": waiting.model_dump(), "to_move": [], "legal_actions": []}

    def seated(self, seating: list[JsonDict]) -> None:
        """The seating changed (stored): an open seat was taken or filled. Everyone sees who
        sits now; once every seat is held, play starts as at any new table."""
        self.table = replace(self.table, seating=seating)
        self.game_record.seating = seating_labels(self.table)
        if not self.waiting:
            self.opening = None
            self._hold = Hold.of(self.table)
            self._hold.since = asyncio.get_running_loop().time()
            self._after_change()  # the seats opened while it waited get their turn timer
        self._broadcast([])

    def rematch_text(self, seat: PlayerId | None) -> str:
        """The rematch message for a viewer of this table: its seat there (seats rotate by
        one), the table, who asked."""
        assert self.rematch is not None
        there = None if seat is None else (seat + 1) % self.table.num_players
        found = self.rematch
        return RematchMessage(
            table_id=found.table_id, seat=there, asked_by=found.asked_by
        ).model_dump_json()

    def seat_name(self, seat: PlayerId) -> str:
        """The name a seat goes by in notes and chat."""
        return str(self.table.seating[seat].get("name", f"seat {seat}"))

    def bot_spec(self, seat: PlayerId) -> str | None:
        entry = self.table.seating[seat]
        return str(entry["spec"]) if entry["kind"] == "bot" else None

    def _ask(self, seat: PlayerId, spec: str, stand_in: bool = False) -> None:
        """Ask the seat's bot (unless it is already thinking, or its move at this version is
        kept back by the hold) for a move at this version."""
        if seat in self._thinking or self._hold.is_parked(seat, self.version):
            return
        version = self.version
        seed = bot_seed(self.table.seed, seat, version)
        frozen = freeze(self.state)
        manners = manners_of(self.table.table_options)
        people = any(s["kind"] != "bot" for s in self.table.seating)
        spec = table_spec(spec, people) if not stand_in else spec

        turn_start = self._turn_start(seat)

        async def think() -> None:
            owner = self.owner or self.id
            action = await self.bots.move(
                frozen, seat, spec, seed, manners, owner=owner, table=self.id, turn_start=turn_start
            )
            self.submit(BotAnswer(seat, version, action, stand_in))

        self._thinking[seat] = asyncio.create_task(think())

    def _turn_start(self, seat: PlayerId) -> float:
        """When the seat's turn began: its first move since another seat moved (the moves of
        one turn share the bots' turn budget, issue 38 item 9)."""
        last = self.moves[-1][0] if self.moves else None
        if last != seat or seat not in self._turn_starts:
            self._turn_starts[seat] = time.monotonic()
        return self._turn_starts[seat]

    async def _bot_answer(self, answer: BotAnswer) -> None:
        self._thinking.pop(answer.seat, None)
        if answer.version != self.version or answer.seat not in self.state.to_move():
            self._after_change()  # someone moved first: ask again if still on the move
            return
        action = self._bot_action(answer)
        now = asyncio.get_running_loop().time()
        keen = [p for p in self._hold.people if not self.auto_passes(p)]
        if not answer.stand_in and self._hold.waits(self.state, answer.seat, action, now, keen):
            self._park(answer.seat, action)
            return
        stand_in = self._stand_in(answer.seat, action) if answer.stand_in else None
        await self._play_bot(answer.seat, action, stand_in)

    async def _play_bot(self, seat: PlayerId, action: Action, stand_in: StandIn | None) -> None:
        self.counters.bot_moves += 1
        try:
            await self._play(seat, action, stand_in)
        except (IllegalActionError, StorageFailedError) as exc:
            self.counters.bot_fallbacks += 1
            log.error("table %s: bot move at seat %d refused: %s", self.id, seat, exc)
            self._after_change()

    def _park(self, seat: PlayerId, action: Action) -> None:
        """Keep the bot's move back until the hold runs out (issue 38 item 1); the views learn
        when (``hold``) if that changed."""
        loop = asyncio.get_running_loop()
        ran_out = HoldRanOut(seat, self.version)
        handle = loop.call_at(self._hold.deadline, self.submit, ran_out)
        if self._hold.park(seat, self.version, action, handle):
            self._broadcast([])

    async def _hold_ran_out(self, ran_out: HoldRanOut) -> None:
        """The hold ran out with the table unchanged: the kept move is played."""
        action = self._hold.take(ran_out.seat, ran_out.version)
        if action is None or ran_out.version != self.version or self.over:
            return
        await self._play_bot(ran_out.seat, action, None)

    def _bot_action(self, answer: BotAnswer) -> Action:
        """The bot's action, or if it gave none (an error: logged and counted) the first
        action of its polite menu (:func:`~seedbed.bots.api.polite_menu`: what the game's
        heuristics let a courteous bot choose, issue 16) of a kind that is not bulky
        (``GameSpec.bulky_kinds``)."""
        game = lookup_game(self.table.game)
        if answer.action is not None:
            try:
                return game.action_from_json(answer.action)
            except InvalidActionError:
                log.error("table %s: bot at seat %d sent a malformed action", self.id, answer.seat)
        menu = self.state.legal_actions(answer.seat)
        self.counters.bot_fallbacks += 1
        log.error(
            "table %s: seat %d plays a fallback move (its bot gave none)", self.id, answer.seat
        )
        view = with_manners(self.state.observe(answer.seat), manners_of(self.table.table_options))
        menu = polite_menu(self.table.game, view, menu)
        bulky = spec(self.table.game).bulky_kinds
        return next((a for a in menu[:64] if kind_of(a) not in bulky), menu[0])

    def _stand_in(self, seat: PlayerId, action: Action) -> StandIn:
        """The timer's note for the move the stand-in plays for an absent human (logged). It
        names no action (issue 38 item 10: "played plant 2" meant field 3): the move reaches
        every log as its events, which the game's log describes as it does any move."""
        name = self.seat_name(seat)
        code: NoteCode = "time-ran-out"
        text = f"Time ran out: a stand-in bot moved for {name}."
        if self.clock is not None:  # a turn-based table (issue 31 item 1)
            code, text = "move-due", f"{name}'s move was due: a stand-in bot moved for {name}."
            if self.clock.handed_over(seat):
                code, text = "stood-in", f"A stand-in bot moved for {name} (handed over)."
        log.info("table %s: %s (%s)", self.id, text, action)
        part = NotePart(code=code, params={"name": name})
        return StandIn(seat=seat, name=name, action=action.to_json(), text=text, parts=[part])

    def _handed_over(self, seat: PlayerId, stand_in: StandIn | None) -> StandIn | None:
        """The note of the stand-in's move that handed the seat over (logged): the table
        says so, in its log and history."""
        if stand_in is None:
            return None
        name = stand_in.name
        text = (
            f"{name} missed {STRIKES} deadlines in a row: a stand-in bot plays for {name} "
            "for the rest of the game."
        )
        log.info("table %s: %s", self.id, text)
        part = NotePart(code="handed-over", params={"name": name, "strikes": STRIKES})
        return stand_in.model_copy(
            update={"text": f"{stand_in.text} {text}", "parts": [*stand_in.parts, part]}
        )

    def _arm_timer(self, seat: PlayerId, seconds: float) -> None:
        loop = asyncio.get_running_loop()
        rang = TimerRang(seat, self.version)
        self._timers.append(loop.call_later(seconds, self.submit, rang))
        self._deadlines[seat] = loop.time() + seconds
        self._due_at[seat] = dt.datetime.now(dt.UTC) + dt.timedelta(seconds=seconds)

    def _cancel_timers(self) -> None:
        for handle in self._timers:
            handle.cancel()
        self._timers.clear()
        self._deadlines.clear()
        self._due_at.clear()
        self._timer_version = -1

    def _timer_rang(self, rang: TimerRang) -> None:
        """An absent human's turn: the stand-in bot plays this one move."""
        if rang.version == self.version and rang.seat in self.state.to_move():
            self._ask(rang.seat, STAND_IN, stand_in=True)

    # ---------------------------------------------------------------- reading

    def connected(self, seat: PlayerId) -> bool:
        return any(c.seat == seat for c in self.connections)

    def record(self) -> GameRecord:
        """A copy of the game record (moves, and the outcome once finished)."""
        held = self.game_record
        return replace(
            held, options=dict(held.options), seating=list(held.seating), moves=list(held.moves)
        )


def chat_text(enabled: bool, lines: list[StoredChat]) -> str:
    """A chat message as sent on the wire."""
    shown = [
        ChatLine(id=c.id, seat=c.seat, name=c.name, text=c.text, at=c.at.isoformat()) for c in lines
    ]
    return ChatUpdate(enabled=enabled, lines=shown).model_dump_json()


def table_record(table: NewTable, moves: Iterable[tuple[PlayerId, JsonDict]]) -> GameRecord:
    """The record of a table's game: its deal, seating labels and ``moves``."""
    t = table
    labels = seating_labels(t)
    return GameRecord(t.game, t.num_players, t.seed, dict(t.options), labels, list(moves))


def seating_labels(table: NewTable) -> list[str]:
    """The record's seating: a bot's spec, or ``human:<name>``."""
    return [
        str(s["spec"])
        if s["kind"] == "bot"
        else OPEN
        if s["kind"] == OPEN
        else f"human:{s['name']}"
        for s in table.seating
    ]
