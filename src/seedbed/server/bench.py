"""Load benchmark of the seedbed server (``seedbed bench server``): the real server in a
subprocess, N concurrent tables with every seat human, all seats driven from this process
over real WebSockets by scripted random players.

Each seat acts when it is first in the view's ``to_move`` (a sequential driver, so that no two
seats of one table race), after an optional think time, choosing a seeded-random action from
``legal_actions``. The round trip of an act is the time from sending it to receiving, on the
same connection, the view with the next version. A table that finishes is replaced by a new
one, so N tables stay in play until the time is up. Each connection paces itself below the
server's rate limit (30 messages/s, burst 60) so that the limit does not distort the figures.

Figures are for printing, never for asserting: they depend on the machine.

>>> percentile([1.0, 2.0, 3.0, 4.0], 50)
2.0
>>> percentile([], 99)
0.0
"""

from __future__ import annotations

import asyncio
import math
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

Message = dict[str, Any]
RATE, BURST = 28.0, 50.0
"""Client-side pacing per connection, below the server's 30 messages/s, burst 60."""
READY_SECONDS = 60.0
MAX_PROCESSES = 16
RECV_SECONDS = 30.0


@dataclass(frozen=True)
class BenchConfig:
    """What to run: ``tables`` concurrent tables of ``players`` human seats of ``game``."""

    game: str
    tables: int = 100
    players: int = 4
    think: float = 0.5
    seconds: float = 20.0
    database_url: str | None = None
    seed: int = 0
    warmup: float = 3.0
    """Seconds played before measuring: every table is created and every seat connects at
    once at the start, a burst no steady load has."""
    processes: int = 1
    """Servers started (``--cluster`` on one PostgreSQL database when above 1, issue 32
    item 5); table ``k`` is created through process ``k mod N`` and its seats connect
    round-robin from there, so most sockets are relayed to the table's owner, as behind a
    balancer that knows nothing of tables."""


@dataclass
class Tally:
    """What the seats measured, shared by every coroutine of the run."""

    latencies: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    finished: int = 0
    started: int = 0
    measure_from: float = 0.0
    """perf_counter time from which acts count (the end of the warm-up)."""


@dataclass(frozen=True)
class BenchResult:
    config: BenchConfig
    storage: str
    actions: int
    seconds: float
    latencies: list[float]
    finished: int
    started: int
    errors: dict[str, int]

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds > 0 else 0.0

    def lines(self) -> list[str]:
        c = self.config
        ms = [1000 * percentile(self.latencies, q) for q in (50, 95, 99)]
        worst = 1000 * max(self.latencies, default=0.0)
        errors = ", ".join(f"{k} {v}" for k, v in sorted(self.errors.items())) or "none"
        return [
            f"seedbed server under load: {c.tables} tables x {c.players} human seats of "
            f"{c.game}, think {c.think:g} s, {self.storage}, after {c.warmup:g} s of warm-up"
            + (f", {c.processes} processes (--cluster)" if c.processes > 1 else ""),
            f"  actions      {self.actions:,} in {self.seconds:.1f} s: "
            f"{self.actions_per_second:,.1f} actions/s",
            f"  round trip   p50 {ms[0]:.1f} ms   p95 {ms[1]:.1f} ms   p99 {ms[2]:.1f} ms"
            f"   max {worst:.1f} ms",
            f"  tables       {self.finished} finished of {self.started} started",
            f"  errors       {errors}",
        ]


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank percentile (0.0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


# -------------------------------------------------------------------- the server process


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


BENCH_FLAGS = (
    "--allow-chosen-seeds",
    "--tables-per-minute",
    "1000000",
    "--sockets-per-address",
    "1000000",
    "--ws-connects-per-minute",
    "1000000",
    "--http-connections-per-address",
    "1000000",
    "--moves-per-second",
    "1000000",
    "--address-moves-per-second",
    "1000000",
)
"""Every simulated player connects from 127.0.0.1, so the per-address limits a public server
keeps would stop the load at once; seeded deals keep runs comparable."""


@contextmanager
def running_server(
    database_url: str | None, extra: tuple[str, ...] = ()
) -> Iterator[tuple[str, str]]:
    """``seedbed serve`` in a subprocess on a free port (a temporary SQLite file unless a URL
    is given), with the flags ``extra`` besides ``BENCH_FLAGS``; yields (base URL, storage
    label) once it answers; stops it at the end."""
    with running_servers(database_url, 1, extra) as (bases, label):
        yield bases[0], label


@contextmanager
def running_servers(
    database_url: str | None, processes: int, extra: tuple[str, ...] = ()
) -> Iterator[tuple[list[str], str]]:
    """``processes`` servers on one database (``--cluster`` when more than one); yields
    (their base URLs, the storage label) once every one answers; stops them at the end."""
    with tempfile.TemporaryDirectory(prefix="seedbed-bench-") as folder:
        url = database_url or f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        label = "temporary SQLite" if database_url is None else url.split("://")[0]
        more = ("--cluster", *extra) if processes > 1 else extra
        procs: list[tuple[subprocess.Popen[bytes], str, Path]] = []
        try:
            for k in range(processes):
                port = free_port()
                command = [sys.executable, "-c", "from seedbed.cli.main import app; app()"]
                command += ["serve", "--port", str(port), "--database-url", url]
                command += [*BENCH_FLAGS, *more]
                log_path = Path(folder) / f"server-{k}.log"
                with log_path.open("wb") as log:
                    proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
                procs.append((proc, f"http://127.0.0.1:{port}", log_path))
            for proc, base, log_path in procs:
                wait_ready(proc, base, log_path)
            yield [base for _, base, _ in procs], label
        finally:
            for proc, _, _ in procs:
                stop(proc)


def wait_ready(proc: subprocess.Popen[bytes], base: str, log: Path) -> None:
    deadline = time.monotonic() + READY_SECONDS
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            tail = log.read_text(errors="replace").strip().splitlines()[-1:]
            raise ValueError(f"the server exited: {' '.join(tail) or proc.returncode}")
        try:
            if httpx.get(f"{base}/api/tables", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise ValueError(f"the server did not answer within {READY_SECONDS:g} s")


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


# -------------------------------------------------------------------- the players


class Pace:
    """A token bucket: at most RATE messages per second, bursts of BURST."""

    def __init__(self) -> None:
        self.level = BURST
        self.when = time.monotonic()

    async def take(self) -> None:
        now = time.monotonic()
        self.level = min(BURST, self.level + (now - self.when) * RATE)
        self.when = now
        if self.level < 1:
            await asyncio.sleep((1 - self.level) / RATE)
            self.level, self.when = 1.0, time.monotonic()
        self.level -= 1


async def seat_player(
    ws_url: str, rng: random.Random, think: float, tally: Tally, deadline: float
) -> bool:
    """Play one seat until the game ends (True) or the time is up (False)."""
    pace = Pace()
    async with websockets.connect(ws_url, max_size=2**22, open_timeout=RECV_SECONDS) as ws:
        pending: tuple[int, float] | None = None
        while time.monotonic() < deadline:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.05, deadline - time.monotonic()))
            except TimeoutError:
                return False
            msg: Message = orjson.loads(raw)
            if msg["type"] == "error":
                tally.errors[str(msg["code"])] += 1
                pending = None
                continue
            if msg["type"] != "view":  # the history and the chat a connection opens with
                continue
            now = time.perf_counter()
            if pending is not None and msg["version"] > pending[0]:
                if pending[1] >= tally.measure_from:
                    tally.latencies.append(now - pending[1])
                pending = None
            if msg["status"] == "finished":
                return True
            if msg["legal_actions"] and msg["to_move"][0] == msg["seat"]:
                if think > 0:  # jittered, so that 100 tables do not act in lockstep waves
                    await asyncio.sleep(think * (0.5 + rng.random()))
                await pace.take()
                act = {"type": "act", "version": msg["version"]}
                act["action"] = rng.choice(msg["legal_actions"])
                pending = (msg["version"], time.perf_counter())
                await ws.send(orjson.dumps(act).decode())
    return False


async def create(client: httpx.AsyncClient, url: str, body: Message) -> httpx.Response:
    """POST a table, again on a fresh connection when a kept-alive one was closed by the
    server meanwhile (idle past uvicorn's keep-alive while its last table was played)."""
    for _ in range(2):
        try:
            return await client.post(url, json=body)
        except (httpx.ReadError, httpx.RemoteProtocolError):
            continue
    return await client.post(url, json=body)


async def table_slot(
    client: httpx.AsyncClient, bases: list[str], config: BenchConfig, slot: int, tally: Tally,
    deadline: float,
) -> None:  # fmt: skip
    """Keep one table in play until the deadline: create it, play it, start another. With
    several processes: created through process ``slot mod N``, seat ``k`` connected through
    the ``k``-th after it (round-robin)."""
    base = bases[slot % len(bases)]
    ws_bases = [b.replace("http://", "ws://") for b in bases]
    round_ = 0
    # the tables start spread over the warm-up: a thousand at once is a burst of handshakes
    # that no steady load has (and that outlasts the opening handshake's timeout)
    await asyncio.sleep(config.warmup * slot / config.tables)
    while time.monotonic() < deadline:
        seed = config.seed + slot * 100_003 + round_
        body = {
            "game": config.game,
            "num_players": config.players,
            "options": {},
            "seats": [{"human": {"name": f"p{k}"}} for k in range(config.players)],
            "seed": seed,
        }
        r = await create(client, f"{base}/api/tables", body)
        if r.status_code != 201:
            raise ValueError(f"POST /api/tables: {r.status_code} {r.text[:200]}")
        created = r.json()
        tally.started += 1
        table = created["table_id"]
        players = [
            seat_player(
                f"{ws_bases[(slot + int(s['seat'])) % len(bases)]}/ws/tables/{table}"
                f"?token={s['token']}",
                random.Random(seed * 31 + int(s["seat"])),
                config.think,
                tally,
                deadline,
            )
            for s in created["seats"]
            if s.get("token")
        ]
        done = await asyncio.gather(*players)
        if all(done):
            tally.finished += 1
        round_ += 1


async def drive(
    bases: list[str], config: BenchConfig, tally: Tally, tick: Callable[[float], None]
) -> float:
    """Run every table slot for ``config.seconds``; returns the seconds measured."""
    limits = httpx.Limits(max_connections=config.tables)
    async with httpx.AsyncClient(timeout=30, limits=limits) as client:
        start = time.monotonic() + config.warmup
        tally.measure_from = time.perf_counter() + config.warmup
        deadline = start + config.seconds
        slots = [
            table_slot(client, bases, config, k, tally, deadline) for k in range(config.tables)
        ]
        everything = asyncio.gather(*slots)
        while not everything.done():
            await asyncio.wait([everything], timeout=0.25)
            tick(max(0.0, min(config.seconds, time.monotonic() - start)))
        everything.result()
        return min(time.monotonic() - start, config.seconds + RECV_SECONDS)


def check(config: BenchConfig) -> None:
    """One-line errors for impossible settings (before anything starts)."""
    import seedbed

    if config.tables < 1:
        raise ValueError(f"--tables must be at least 1, not {config.tables}")
    if config.think < 0:
        raise ValueError(f"--think must be >= 0, not {config.think}")
    if config.seconds <= 0:
        raise ValueError(f"--seconds must be > 0, not {config.seconds}")
    if config.warmup < 0:
        raise ValueError(f"--warmup must be >= 0, not {config.warmup}")
    if not 1 <= config.processes <= MAX_PROCESSES:
        raise ValueError(f"--processes must be 1 to {MAX_PROCESSES}, not {config.processes}")
    if config.processes > 1 and not (config.database_url or "").startswith("postgresql"):
        raise ValueError(
            "--processes needs --database-url postgresql+psycopg://...: several processes "
            "cannot share an SQLite file"
        )
    game = seedbed.game(config.game)
    if config.players not in game.player_counts({}):
        counts = game.player_counts({})
        raise ValueError(
            f"{config.game} takes {counts.start}-{counts.stop - 1} players, not {config.players}"
        )


def run(config: BenchConfig, show_progress: bool = True) -> BenchResult:
    """Start the server, load it for ``config.seconds``, stop it; the figures."""
    check(config)
    tally = Tally()
    with running_servers(config.database_url, config.processes) as (bases, storage):
        bar = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            TimeElapsedColumn(),
            console=Console(stderr=True),
            disable=not show_progress,
        )
        with bar:
            task = bar.add_task(f"{config.tables} tables", total=config.seconds)

            def tick(elapsed: float) -> None:
                p99 = 1000 * percentile(tally.latencies[-2000:], 99)
                text = f"{len(tally.latencies):,} acts, p99 {p99:.0f} ms"
                bar.update(task, completed=elapsed, description=text)

            seconds = asyncio.run(drive(bases, config, tally, tick))
    return BenchResult(
        config,
        storage,
        len(tally.latencies),
        seconds,
        tally.latencies,
        tally.finished,
        tally.started,
        dict(tally.errors),
    )
