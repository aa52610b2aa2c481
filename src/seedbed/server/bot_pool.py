"""Bot moves off the event loop: a process pool that receives a pickled state and a bot spec
and answers with the chosen action's JSON.

The state is pickled in the caller, at once, because the pool pickles its arguments later in
a feeder thread while the table may already have moved on. A bot's generator for move ``k``
is derived from (seed, seat, k) alone (:func:`bot_seed`), so a table's bot moves are
reproducible. ``ismcts:seconds`` is capped at the server's think budget; a bot that fails or
overruns badly (more than ``3 * budget + 1`` seconds) gets None back, and the table falls back
to a plain legal action and logs it.

>>> capped_spec("ismcts:seconds=9", 2.0), capped_spec("greedy", 2.0)
('ismcts:seconds=2', 'greedy')
>>> bot_seed(7, 1, 0) == 7 * 1_000_003 + 10_007
True
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import pickle
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from seedbed.bots.api import InfoSet
from seedbed.bots.specs import BotSpec, make_bot, parse_spec
from seedbed.engine.api import JsonDict, PlayerId, State
from seedbed.engine.rng import Rng

log = logging.getLogger("seedbed.server.bots")

STAND_IN = "greedy"
"""The bot that plays for an absent human when the turn timer runs out."""


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


def freeze(state: State) -> bytes:
    """The state as the pool receives it; taken at once, before the table moves on."""
    return pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)


def choose(state_bytes: bytes, seat: PlayerId, spec: str, seed: int) -> JsonDict:
    """Runs in a worker process: the bot's action for ``seat``, as JSON."""
    state: State = pickle.loads(state_bytes)
    bot = make_bot(spec, state.game_name)
    return bot.act(InfoSet(state, seat), Rng(seed)).to_json()


def watch_server(server_pid: int) -> None:
    """Worker initializer: exit when the server process is gone (a SIGKILLed server cannot
    shut its pool down, and idle workers would otherwise wait forever)."""

    def watch() -> None:
        while True:
            time.sleep(1.0)
            try:
                os.kill(server_pid, 0)
            except ProcessLookupError:
                os._exit(0)

    threading.Thread(target=watch, name="seedbed-watch-server", daemon=True).start()


class BotPool:
    """A process pool for bot moves; :meth:`move` never blocks the event loop."""

    def __init__(self, workers: int | None, bot_seconds: float) -> None:
        self.workers = workers or os.cpu_count() or 1
        self.bot_seconds = bot_seconds
        self._pool = self._start()

    def _start(self) -> ProcessPoolExecutor:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["seedbed.server.bot_pool"])
        return ProcessPoolExecutor(
            self.workers, mp_context=context, initializer=watch_server, initargs=(os.getpid(),)
        )

    async def move(self, state: bytes, seat: PlayerId, spec: str, seed: int) -> JsonDict | None:
        """The bot's action JSON for the pickled ``state`` (:func:`freeze`), or None when it
        failed or overran (logged)."""
        spec = capped_spec(spec, self.bot_seconds)
        loop = asyncio.get_running_loop()
        try:
            future = loop.run_in_executor(self._pool, choose, state, seat, spec, seed)
            result: Any = await asyncio.wait_for(future, self.bot_seconds * 3 + 1)
            return dict(result)
        except BrokenProcessPool:
            log.error("bot pool broke; restarting it")
            self._pool = self._start()
        except TimeoutError:
            log.warning("bot %s at seat %d overran its budget", spec, seat)
        except Exception:
            log.exception("bot %s at seat %d failed", spec, seat)
        return None

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
