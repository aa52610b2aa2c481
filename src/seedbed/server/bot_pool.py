"""Bot moves off the event loop: a fixed number of worker processes (one per slot, each with
its own pipe, :mod:`seedbed.server.bot_worker`) that receive a pickled state and a bot spec
and answer with the chosen action's JSON.

The state is pickled in the caller, at once (:func:`freeze`), because the table may move on
before a worker is free. A bot's generator for move ``k`` is derived from (seed, seat, k)
alone (:func:`bot_seed`), so a table's bot moves are reproducible. ``ismcts:seconds`` is
capped at the server's think budget, and every search stops adding iterations once the budget
is spent (``InfoSet.deadline``), so ``ismcts:iterations=1000000`` answers in time too (issue 37
item 3). A move waits (on the event loop) for an idle worker within its shares: each client
address, and each table, may hold only part of the pool at once, and idle workers go to the
waiting addresses and tables in turn (:mod:`seedbed.server.bot_share`). A bot that gives no
answer by the deadline (``3 * budget + 1`` seconds unless set) has its
worker SIGKILLed and a fresh one started in the slot, and so does a worker that dies or whose
move is abandoned (cancelled), so the pool never loses capacity (issue 12, defect 4). Those
moves, and bots that fail, get None; the table then plays a plain legal action and logs it.

A turn of several actions (one bot move each, Stalk Exchange's swaps and plants) shares a turn
budget: each move may search half of what is left of it, at most the move budget, less on a
crowded pool (divided by the moves thinking or waiting per worker), at least
``MIN_MOVE_SECONDS`` (:func:`move_budget`, issue 38 item 9, decisions.md D-57).

>>> capped_spec("ismcts:seconds=9", 2.0), capped_spec("greedy", 2.0)
('ismcts:seconds=2', 'greedy')
>>> bot_seed(7, 1, 0) == 7 * 1_000_003 + 10_007
True
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import pickle
import time
from dataclasses import dataclass

from seedbed.bots.specs import BotSpec, BotSpecError, parse_spec
from seedbed.engine.api import JsonDict, PlayerId, State
from seedbed.server.bot_share import FairShare
from seedbed.server.bot_worker import (
    BotFailed,
    Request,
    Worker,
    WorkerCrashed,
    WorkerOverran,
    worker_context,
)
from seedbed.server.bot_worker import choose as choose

log = logging.getLogger("seedbed.server.bots")

STAND_IN = "greedy"
"""The bot that plays for an absent human when the turn timer runs out."""

MIN_MOVE_SECONDS = 0.2
"""The least a search may think about a move, however much of its turn budget is spent."""

REAP_SECONDS = 1.0
"""How long close() waits for each SIGKILLed worker to be gone."""


def bot_seed(seed: int, seat: PlayerId, move: int) -> int:
    """The seed of the generator a bot uses for the table's ``move``-th action."""
    return seed * 1_000_003 + seat * 10_007 + move


def capped_spec(spec: str, bot_seconds: float) -> str:
    """``spec`` with ``ismcts:seconds`` lowered to the think budget (other bots unchanged)."""
    parsed = parse_spec(spec)
    params = dict(parsed.params)
    seconds = params.get("seconds")
    if parsed.name == "ismcts" and isinstance(seconds, int | float) and seconds > bot_seconds:
        params["seconds"] = bot_seconds
    return str(BotSpec(parsed.name, tuple(params.items())))


def move_budget(
    bot_seconds: float, turn_seconds: float | None, turn_spent: float, crowding: float = 1.0
) -> float:
    """The seconds a bot may search this move: half of what is left of its turn's budget
    (``turn_spent`` seconds of it already gone, waits for a worker included), at most
    ``bot_seconds``, divided by the pool's ``crowding`` (moves thinking or waiting per worker,
    when above 1), and at least :data:`MIN_MOVE_SECONDS`; without a turn budget,
    ``bot_seconds`` (divided likewise). A turn's searches so take at most ``turn_seconds``
    plus the floor for each move past the first few, and on a crowded pool each search
    shrinks so that the moves waiting behind it wait less.

    >>> [move_budget(2.0, 4.0, spent) for spent in (0.0, 2.0, 3.0, 3.5, 9.0)]
    [2.0, 1.0, 0.5, 0.25, 0.2]
    >>> move_budget(2.0, None, 9.0), move_budget(2.0, 4.0, 0.0, crowding=4.0)
    (2.0, 0.5)
    """
    left = bot_seconds if turn_seconds is None else (turn_seconds - turn_spent) / 2
    return max(MIN_MOVE_SECONDS, min(bot_seconds, left) / max(1.0, crowding))


def table_spec(spec: str, people: bool) -> str:
    """The spec a seat's bot plays with at its table: at a table with a person a ``random``
    bot chooses among the polite menu (``polite=true``, issue 16) unless its spec says
    otherwise; elsewhere ``spec`` unchanged.

    >>> table_spec("random", True), table_spec("random", False)
    ('random:polite=true', 'random')
    """
    parsed = parse_spec(spec)
    if not people or parsed.name != "random" or "polite" in dict(parsed.params):
        return spec
    return str(BotSpec(parsed.name, (*parsed.params, ("polite", True))))


def freeze(state: State) -> bytes:
    """The state as a worker receives it; taken at once, before the table moves on."""
    return pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)


@dataclass
class PoolStats:
    """What the pool has done since it started (for metrics)."""

    moves: int = 0
    """Moves asked for."""
    answered: int = 0
    """Moves a bot answered."""
    failures: int = 0
    """Refused specs and bots that raised (their worker is kept)."""
    overruns: int = 0
    """Moves without an answer by the deadline (their worker is killed and replaced)."""
    crashes: int = 0
    """Workers found dead, during a move or while idle (replaced)."""
    kills: int = 0
    """Workers the pool SIGKILLed: overruns and abandoned moves."""


def share_of(workers: int, fraction: float) -> int:
    """Workers a share of ``fraction`` of the pool may hold at once: at least one.

    >>> share_of(2, 0.5), share_of(8, 0.25), share_of(1, 0.25)
    (1, 2, 1)
    """
    return max(1, int(workers * fraction))


class BotPool:
    """Bot worker processes for the tables; :meth:`move` never blocks the event loop.
    ``address_share`` and ``table_share``: the parts of the pool one client address and one
    table may hold at once (:func:`share_of`). ``stop_searches`` False: searches run their
    whole iteration count however long (how the tests make a runaway bot)."""

    def __init__(
        self,
        workers: int | None,
        bot_seconds: float,
        deadline: float | None = None,
        *,
        address_share: float = 0.5,
        table_share: float = 0.25,
        stop_searches: bool = True,
        turn_seconds: float | None = None,
    ) -> None:
        self.workers = workers or os.cpu_count() or 1
        self.bot_seconds = bot_seconds
        self.turn_seconds = turn_seconds
        """The budget a turn of several bot moves shares (:func:`move_budget`); None: each
        move may take ``bot_seconds``."""
        self.deadline = 3 * bot_seconds + 1 if deadline is None else deadline
        self.stop_searches = stop_searches
        self._context = worker_context()
        self._slots = [self._start(slot) for slot in range(self.workers)]
        self._share = FairShare(
            self.workers,
            share_of(self.workers, address_share),
            share_of(self.workers, table_share),
        )
        self._stats = PoolStats()
        self._closed = False

    @property
    def stats(self) -> PoolStats:
        """A copy of the counters."""
        return dataclasses.replace(self._stats)

    @property
    def pids(self) -> tuple[int, ...]:
        """The process ids of the live workers, by slot."""
        return tuple(w.pid for w in self._slots if w.alive())

    async def move(
        self,
        state: bytes,
        seat: PlayerId,
        spec: str,
        seed: int,
        manners: JsonDict | None = None,
        *,
        owner: str,
        table: str,
        turn_start: float | None = None,
    ) -> JsonDict | None:
        """The bot's action JSON for the pickled ``state`` (:func:`freeze`), or None when the
        spec is refused, the bot failed, overran or its worker died (logged). ``manners``:
        the table's options for the bots' manners (issue 16), shown to the bot. ``owner``:
        the client address that created ``table`` (the table's id); they choose the move's
        shares of the pool. ``turn_start``: the ``time.monotonic()`` reading when the seat's
        turn began (its first move of a run of its own), for the turn budget."""
        self._stats.moves += 1
        try:
            spec = capped_spec(spec, self.bot_seconds)
        except BotSpecError as exc:
            self._stats.failures += 1
            log.error("bot spec refused: %s", exc)
            return None
        if self._closed:
            return None
        slot = await self._share.acquire(owner, table)
        reusable = False
        spent = 0.0 if turn_start is None else time.monotonic() - turn_start
        turn = self.turn_seconds if turn_start is not None else None
        crowding = 1 + self._share.waiting / self.workers
        budget = (
            move_budget(self.bot_seconds, turn, spent, crowding) if self.stop_searches else None
        )
        request = (state, seat, spec, seed, dict(manners or {}), budget)
        try:
            answer, reusable = await self._ask(slot, request)
            return answer
        except asyncio.CancelledError:
            # The worker is still thinking: its late answer must not reach the next move.
            if not self._closed:
                log.info("bot %s at seat %d abandoned; worker replaced", spec, seat)
            raise
        finally:
            self._release(slot, reusable, owner, table)

    async def _ask(self, slot: int, request: Request) -> tuple[JsonDict | None, bool]:
        """The answer, or None, and whether the slot's worker may take another move."""
        _, seat, spec, *_ = request
        try:
            answer = await self._usable(slot).ask(request, self.deadline)
        except BotFailed as exc:
            self._stats.failures += 1
            log.error("bot %s at seat %d failed: %s", spec, seat, _last_line(str(exc)))
            return None, True
        except WorkerOverran as exc:
            self._stats.overruns += 1
            log.warning("bot %s at seat %d overran: %s; worker replaced", spec, seat, exc)
            return None, False
        except WorkerCrashed as exc:
            self._stats.crashes += 1
            log.error("bot %s at seat %d lost its worker: %s; worker replaced", spec, seat, exc)
            return None, False
        self._stats.answered += 1
        return answer, True

    def _usable(self, slot: int) -> Worker:
        """The slot's worker, replaced first if it died while idle."""
        worker = self._slots[slot]
        if not worker.idle_and_alive():
            self._stats.crashes += 1
            log.error("bot worker %d died while idle; worker replaced", worker.pid)
            self._replace(slot)
        if not self._slots[slot].alive():
            raise WorkerCrashed("no worker could be started")
        return self._slots[slot]

    def _release(self, slot: int, reusable: bool, owner: str, table: str) -> None:
        if self._closed:
            return
        if not reusable:
            self._replace(slot)
        self._share.release(slot, owner, table)

    def _replace(self, slot: int) -> None:
        """Kill the slot's worker (if still running) and start a fresh one in its place; if
        that fails, the slot keeps the dead worker and the next move there tries again."""
        if self._slots[slot].kill():
            self._stats.kills += 1
        try:
            self._slots[slot] = self._start(slot)
        except (OSError, EOFError) as exc:
            log.error("bot worker %d could not be started: %s", slot, exc)

    def _start(self, slot: int) -> Worker:
        return Worker.start(self._context, f"seedbed-bot-{slot}")

    def retire(self) -> None:
        """The server is stopping: no move is asked and no worker started or replaced from now
        on (tables cancel their bots' moves next); :meth:`close` then stops the workers."""
        self._closed = True

    def close(self) -> None:
        """Stop every worker (SIGKILL: nothing a worker holds needs saving)."""
        self._closed = True
        for worker in self._slots:
            worker.kill()
        for worker in self._slots:
            worker.reap(REAP_SECONDS)


def _last_line(text: str) -> str:
    """A traceback's last line: the exception, for a one-line log entry."""
    lines = text.strip().splitlines()
    return lines[-1] if lines else text
