"""One bot worker process of the server's pool, and the server's handle on it.

A worker reads requests ``(pickled state, seat, spec, seed, manners, seconds)`` from a pipe of
its own and
writes back ``("ok", action JSON)`` or ``("failed", traceback)``, one at a time. The handle
(:class:`Worker`) sends a request, waits for the answer on the event loop (the pipe is
watched with ``add_reader``, no thread), and can SIGKILL the process: the only way to stop a
bot stuck in a search. That is why the pool owns its processes rather than using
``ProcessPoolExecutor``, which cannot stop one worker, so a runaway bot kept its worker busy
after the server had given up on it (issue 12, defect 4).

Workers are forked by a forkserver that has already imported the bots and the games, so a
replacement starts in milliseconds, without the parent's event loop, sockets or tables.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import pickle
import signal
import threading
import time
import traceback
from multiprocessing.connection import Connection
from multiprocessing.context import BaseContext
from multiprocessing.process import BaseProcess
from typing import Any

from seedbed.bots.api import InfoSet
from seedbed.bots.specs import BUILTIN_MODULES, make_bot
from seedbed.engine.api import JsonDict, PlayerId, State
from seedbed.engine.registry import game, game_names, heuristics
from seedbed.engine.rng import Rng

Request = tuple[bytes, PlayerId, str, int, JsonDict, float | None]
"""(pickled state, seat, bot spec, seed, manners, think budget) as :func:`choose` takes them."""


class WorkerOverran(Exception):
    """No answer by the deadline: the worker is still busy and must be killed."""


class WorkerCrashed(Exception):
    """The worker process is gone (its pipe closed) or could not be reached."""


class BotFailed(Exception):
    """The bot raised; the worker itself is fine. The message is the worker's traceback."""


def choose(
    state_bytes: bytes,
    seat: PlayerId,
    spec: str,
    seed: int,
    manners: JsonDict | None = None,
    seconds: float | None = None,
) -> JsonDict:
    """Runs in a worker process: the bot's action for ``seat``, as JSON; ``manners``: the
    table's options for the bots' manners (issue 16), shown to the bot in its view;
    ``seconds``: the think budget, from now: searches stop adding iterations past it, so a
    bot of a huge iteration count answers in time instead of being killed (issue 37 item 3)."""
    deadline = None if seconds is None else time.perf_counter() + seconds
    state: State = pickle.loads(state_bytes)
    bot = make_bot(spec, state.game_name)
    return bot.act(InfoSet(state, seat, manners, deadline), Rng(seed)).to_json()


def watch_server(server_pid: int) -> None:
    """Exit when the server process is gone: a SIGKILLed server cannot stop its workers, and a
    worker busy in a search would not notice its pipe closing until the search ends."""

    def watch() -> None:
        while True:
            time.sleep(1.0)
            try:
                os.kill(server_pid, 0)
            except ProcessLookupError:
                os._exit(0)

    threading.Thread(target=watch, name="seedbed-watch-server", daemon=True).start()


def serve(conn: Connection, server_pid: int) -> None:
    """The worker's main loop: answer requests until the server closes the pipe.

    Ctrl+C in a terminal signals the whole process group: a worker ignores it, so it neither
    dies mid-move (the server would replace it while shutting down) nor prints a
    KeyboardInterrupt; the server stops its workers itself (SIGKILL, :meth:`BotPool.close`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    watch_server(server_pid)
    while True:
        try:
            request: Request = conn.recv()
        except EOFError:
            return
        conn.send(_answer(request))


def _answer(request: Request) -> tuple[str, Any]:
    try:
        return "ok", choose(*request)
    except Exception:  # any bot failure is reported to the server, which logs it
        return "failed", traceback.format_exc()


def preload_modules() -> list[str]:
    """What the forkserver imports once for every worker it forks: this module, the bot kinds,
    and each registered game with its heuristics (about 0.3 s a worker would otherwise pay)."""
    games = [type(game(name)).__module__ for name in game_names()]
    knowledge = [heuristics(name).__name__ for name in game_names()]
    return [__name__, *BUILTIN_MODULES, *games, *knowledge]


def worker_context() -> BaseContext:
    """The forkserver context, with the preload set (it applies when the server starts)."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(preload_modules())
    return context


class Worker:
    """The server's handle on one worker process and its pipe."""

    def __init__(self, process: BaseProcess, conn: Connection) -> None:
        self._process = process
        self._conn = conn

    @classmethod
    def start(cls, context: BaseContext, name: str) -> Worker:
        ours, theirs = multiprocessing.Pipe(duplex=True)
        process = context.Process(  # type: ignore[attr-defined]
            target=serve, args=(theirs, os.getpid()), name=name, daemon=True
        )
        process.start()
        theirs.close()  # else the worker's death would not close the pipe for us
        return cls(process, ours)

    @property
    def pid(self) -> int:
        return self._process.pid or 0

    def alive(self) -> bool:
        return not self._conn.closed and self._process.is_alive()

    def idle_and_alive(self) -> bool:
        """For a worker with no request out: readable means its end closed (it died), which
        shows as soon as it exits, before the forkserver reaps it."""
        return self.alive() and not self._conn.poll()

    async def ask(self, request: Request, deadline: float) -> JsonDict:
        """The answer to ``request``; WorkerOverran after ``deadline`` seconds, WorkerCrashed
        if the worker dies, BotFailed if the bot raised."""
        try:
            self._conn.send(request)
        except OSError as exc:
            raise WorkerCrashed(f"sending the request: {exc}") from None
        await self._readable(deadline)
        try:
            status, value = self._conn.recv()
        except (EOFError, OSError):
            raise WorkerCrashed(f"worker {self.pid} exited during the move") from None
        if status != "ok":
            raise BotFailed(str(value))
        return dict(value)

    async def _readable(self, deadline: float) -> None:
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()
        fd = self._conn.fileno()
        loop.add_reader(fd, _resolve, ready)
        try:
            async with asyncio.timeout(deadline):
                await ready
        except TimeoutError:
            raise WorkerOverran(f"no answer within {deadline:g} s") from None
        finally:
            loop.remove_reader(fd)

    def kill(self) -> bool:
        """SIGKILL the worker (a search cannot be asked to stop); whether it was alive."""
        was_alive = self.alive()
        if was_alive:
            self._process.kill()
        self._conn.close()
        return was_alive

    def reap(self, timeout: float) -> None:
        """Wait (blocking, up to ``timeout``) for a killed worker to be gone."""
        self._process.join(timeout)


def _resolve(ready: asyncio.Future[None]) -> None:
    if not ready.done():
        ready.set_result(None)
