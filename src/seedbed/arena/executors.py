"""Where games run: local processes (the default) or a Ray cluster.

Both ship *batches* of :class:`~seedbed.arena.tournament.GameTask` (a process round trip per
game would cost more than a fast game) and hand results back in schedule order, whatever
order the workers finish in. A game depends on its task alone (its bots' generators come from
the seed and seat), so the same tasks give identical results on every executor.

``jobs=1`` plays in the calling process, with no pool at all: the reference the others are
compared against. Parallel efficiency is estimated without a second run: the sum of per-game
times is what one process would have needed, so ``speedup = Σ game seconds / wall seconds``
and ``efficiency = speedup / workers`` (per-game times are measured in the workers, so
contention for cores shows up as lower efficiency, as it should).
"""

from __future__ import annotations

import itertools
import logging
import multiprocessing
import os
import sys
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from importlib import import_module
from types import TracebackType
from typing import Any

from seedbed.arena.play import GameResult
from seedbed.arena.tournament import GameTask, run_batch

OnGames = Callable[[int], None]
"""Told how many games just finished (for progress bars)."""
OnResults = Callable[[list[GameResult]], None]
"""Handed each batch's results as it comes back (a match's journal keeps them)."""

MAX_BATCH = 64
BATCHES_PER_WORKER = 4
"""Enough batches per worker to balance uneven game lengths, few enough to amortise shipping."""
RAY_AUTH_MODE = "RAY_AUTH_MODE"
"""Ray's variable for its authentication mode; a new local instance uses token authentication
unless told otherwise, and warns when it chose that by itself."""


def batches(tasks: Sequence[GameTask], workers: int, most: int = MAX_BATCH) -> list[list[GameTask]]:
    """Consecutive slices of ``tasks`` sized to give each worker several batches, of at most
    ``most`` games.

    >>> [len(b) for b in batches([GameTask(i, "g", ("random",), i) for i in range(10)], 2)]
    [2, 2, 2, 2, 2]
    """
    size = max(1, min(most, -(-len(tasks) // (workers * BATCHES_PER_WORKER))))
    return [list(tasks[i : i + size]) for i in range(0, len(tasks), size)]


@dataclass(frozen=True)
class RunStats:
    """Speed of one run: wall time against the one-process time (sum of game times)."""

    games: int
    wall_seconds: float
    game_seconds: float
    workers: int

    @property
    def games_per_second(self) -> float:
        return self.games / self.wall_seconds if self.wall_seconds > 0 else 0.0

    @property
    def single_process_games_per_second(self) -> float:
        return self.games / self.game_seconds if self.game_seconds > 0 else 0.0

    @property
    def speedup(self) -> float:
        return self.game_seconds / self.wall_seconds if self.wall_seconds > 0 else 0.0

    @property
    def efficiency(self) -> float:
        return self.speedup / self.workers if self.workers else 0.0

    def __add__(self, other: RunStats) -> RunStats:
        return RunStats(
            self.games + other.games,
            self.wall_seconds + other.wall_seconds,
            self.game_seconds + other.game_seconds,
            max(self.workers, other.workers),
        )


class Executor(ABC):
    """Runs game tasks; use as a context manager so workers are released."""

    name: str = "executor"

    @property
    @abstractmethod
    def workers(self) -> int:
        """How many games run at once."""

    @abstractmethod
    def _run_batches(self, work: list[list[GameTask]]) -> Iterator[list[GameResult]]:
        """Each batch's results as it finishes, in any order."""

    def run(
        self,
        tasks: Sequence[GameTask],
        on_games: OnGames | None = None,
        on_results: OnResults | None = None,
        most: int = MAX_BATCH,
    ) -> tuple[list[GameResult], RunStats]:
        """Every task's result in the order of ``tasks``, and the speed of the run; a batch
        holds at most ``most`` games."""
        start = time.perf_counter()
        slot = {task.index: i for i, task in enumerate(tasks)}
        out: list[GameResult | None] = [None] * len(tasks)
        for done in self._run_batches(batches(tasks, self.workers, most)):
            for result in done:
                out[slot[result.index]] = result
            if on_results is not None:
                on_results(done)
            if on_games is not None:
                on_games(len(done))
        wall = time.perf_counter() - start
        results = [r for r in out if r is not None]
        if len(results) != len(tasks):
            raise RuntimeError(f"{self.name}: {len(tasks) - len(results)} games came back empty")
        stats = RunStats(len(results), wall, sum(r.seconds for r in results), self.workers)
        return results, stats

    @abstractmethod
    def close(self) -> None:
        """Release the workers."""

    def __enter__(self) -> Executor:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


class LocalExecutor(Executor):
    """``jobs`` local processes (a ``ProcessPoolExecutor``); ``jobs=1`` plays in-process."""

    name = "local"

    def __init__(self, jobs: int = 1) -> None:
        if jobs < 1:
            raise ValueError(f"--jobs must be at least 1, not {jobs}")
        self.jobs = jobs
        self._pool: ProcessPoolExecutor | None = None

    @property
    def workers(self) -> int:
        return self.jobs

    def _run_batches(self, work: list[list[GameTask]]) -> Iterator[list[GameResult]]:
        if self.jobs == 1:
            yield from (run_batch(batch) for batch in work)
            return
        pool = self._open()
        pending: set[Future[list[GameResult]]] = {pool.submit(run_batch, b) for b in work}
        try:
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                yield from (future.result() for future in done)
        finally:
            for future in pending:
                future.cancel()

    def _open(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # forkserver, not fork: the caller may run threads (progress bars, Ray) and a fork
            # of a threaded process can deadlock; spawn where forkserver does not exist
            methods = multiprocessing.get_all_start_methods()
            method = "forkserver" if "forkserver" in methods else "spawn"
            context = multiprocessing.get_context(method)
            self._pool = ProcessPoolExecutor(max_workers=self.jobs, mp_context=context)
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None


class RayExecutor(Executor):
    """Ray tasks, one per batch: joins the cluster at ``address`` (``auto`` = the one this
    machine belongs to), or starts a local instance with ``jobs`` CPUs. A Ray session that
    is already running is reused and left running. Cluster nodes need seedbed installed."""

    name = "ray"

    def __init__(self, jobs: int | None = None, address: str | None = None) -> None:
        if jobs is not None and jobs < 1:
            raise ValueError(f"--jobs must be at least 1, not {jobs}")
        # lazily: Ray takes a moment to import and only this executor needs it; typed Any
        # because ray.init's keyword types are stricter than its documented use
        if not address and "ray" not in sys.modules:
            # a local instance: ask for Ray's default, token authentication, explicitly, so
            # ray.init does not warn that it chose it. Before the import, which reads the
            # mode once; a RAY_AUTH_MODE of the user's is kept.
            os.environ.setdefault(RAY_AUTH_MODE, "token")
        ray: Any = import_module("ray")
        self._ray = ray
        self._owned = not ray.is_initialized()
        if self._owned:
            local = {} if address else {"num_cpus": jobs}
            ray.init(
                address=address,
                include_dashboard=False,
                log_to_driver=False,
                logging_level=logging.WARNING,
                **local,
            )
        self._remote = ray.remote(num_cpus=1)(run_batch)
        cpus = int(ray.cluster_resources().get("CPU", 1))
        self._workers = max(1, min(cpus, jobs) if jobs else cpus)

    @property
    def workers(self) -> int:
        return self._workers

    def _run_batches(self, work: list[list[GameTask]]) -> Iterator[list[GameResult]]:
        ray = self._ray
        queue = iter(work)
        # at most two batches per worker in flight: --jobs then bounds a shared cluster's use,
        # and the next batch is already queued when one finishes
        pending = [self._remote.remote(b) for b in itertools.islice(queue, 2 * self.workers)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            try:
                batch: list[GameResult] = ray.get(done[0])
            except ray.exceptions.RayTaskError as exc:
                for ref in pending:
                    ray.cancel(ref)
                cause = exc.cause if isinstance(exc.cause, Exception) else exc
                raise cause from None
            pending += [self._remote.remote(b) for b in itertools.islice(queue, 1)]
            yield batch

    def close(self) -> None:
        if self._owned and self._ray.is_initialized():
            self._ray.shutdown()


BACKENDS = ("local", "ray")


def make_executor(
    backend: str = "local", jobs: int | None = None, address: str | None = None
) -> Executor:
    """An executor by name: ``local`` (``jobs`` processes, default 1) or ``ray``."""
    if backend == "local":
        if address is not None:
            raise ValueError("--address needs --backend ray")
        return LocalExecutor(1 if jobs is None else jobs)
    if backend == "ray":
        return RayExecutor(jobs, address)
    raise ValueError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
