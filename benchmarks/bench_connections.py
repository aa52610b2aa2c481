"""Hostile connections against ``seedbed serve`` (issue 37, items 4 and 7). Printed, never
asserted; loopback only, bounded in count and time.

    .venv/bin/python benchmarks/bench_connections.py [flood|slowloris|all]
        [--seconds 10] [--flooders 32] [--connections 19500] [--addresses 1] [--hold 15]

- ``flood``: one player (from 127.0.0.2) plays a two-seat table, one act at a time, while
  ``--flooders`` sockets from 127.0.0.1 send acts as fast as they can to another table (and
  reconnect when closed, as a hostile client would). Prints the player's ack round trip
  (act sent to the next view) p50/p99 without and under the flood, and what the flooders
  managed.
- ``slowloris``: ``--connections`` sockets from 127.0.0.1 (as many as the file descriptor
  limit allows; this process raises its soft limit to the hard one and the server inherits
  it), from ``--addresses`` source addresses (1: 127.0.0.1; more: 127.1.x.y, past the
  per-address limit, so only the header deadline bounds them), each send part of a
  request's headers and a header line every 5 s. Prints how many
  the server accepted and held, the latency of a normal request from 127.0.0.2 meanwhile,
  and how many connections (file descriptors) the server holds once its header deadline
  has passed.

The server runs with its defaults (only ``--port`` and ``--database-url`` are given), so the
same script measures the code before the change (run it with that checkout on PYTHONPATH).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from seedbed.server.bench import free_port, percentile, stop, wait_ready

VICTIM = "127.0.0.2"
"""The normal client's source address (the whole 127/8 is loopback on Linux), so that the
attacker's per-address limits are not the victim's."""
TWO_HUMANS = {
    "game": "stalk_exchange",
    "num_players": 2,
    "seats": [{"human": {"name": "a"}}, {"human": {"name": "b"}}],
}


@dataclass
class Server:
    base: str
    pid: int

    @property
    def ws(self) -> str:
        return self.base.replace("http://", "ws://")

    def fds(self) -> int:
        """File descriptors the server process holds now."""
        return len(os.listdir(f"/proc/{self.pid}/fd"))


@contextmanager
def running_server() -> Iterator[Server]:
    with tempfile.TemporaryDirectory(prefix="seedbed-conn-") as folder:
        port = free_port()
        command = [sys.executable, "-c", "from seedbed.cli.main import app; app()", "serve"]
        command += ["--port", str(port), "--database-url", f"sqlite:///{folder}/b.sqlite3"]
        log = Path(folder) / "server.log"
        with log.open("wb") as out:
            proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        try:
            base = f"http://127.0.0.1:{port}"
            wait_ready(proc, base, log)
            yield Server(base, proc.pid)
        finally:
            stop(proc)


def new_table(server: Server) -> dict[str, Any]:
    transport = httpx.HTTPTransport(local_address=VICTIM)
    with httpx.Client(transport=transport, timeout=30) as client:
        answer = client.post(f"{server.base}/api/tables", json=TWO_HUMANS)
        answer.raise_for_status()
        created: dict[str, Any] = answer.json()
        return created


# -------------------------------------------------------------------- the flood


async def victim(server: Server, until: float, rng: random.Random) -> list[float]:
    """Play both seats of fresh tables one act at a time; the ack round trips in seconds."""
    latencies: list[float] = []
    while time.monotonic() < until:
        created = await asyncio.to_thread(new_table, server)
        urls = [
            f"{server.ws}/ws/tables/{created['table_id']}?token={s['token']}"
            for s in created["seats"]
        ]
        socks = [await websockets.connect(u, local_addr=(VICTIM, 0), max_size=2**24) for u in urls]
        try:
            views = [await _next_view(ws) for ws in socks]
            while time.monotonic() < until and views[0]["status"] == "running":
                seat = views[0]["to_move"][0]
                view = views[seat]
                act = {"type": "act", "version": view["version"]}
                act["action"] = rng.choice(view["legal_actions"])
                sent = time.perf_counter()
                await socks[seat].send(orjson.dumps(act).decode())
                views = [await _next_view(ws, view["version"]) for ws in socks]
                latencies.append(time.perf_counter() - sent)
                await asyncio.sleep(0.02)
        finally:
            for ws in socks:
                await ws.close()
    return latencies


async def _next_view(ws: Any, after: int = -1) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = orjson.loads(await asyncio.wait_for(ws.recv(), 60))
        if msg["type"] == "view" and msg["version"] > after:
            return msg


@dataclass
class FloodTally:
    sent: int = 0
    connects: int = 0
    closes: int = 0
    refused: int = 0


async def flooder(url: str, until: float, tally: FloodTally) -> None:
    """Send stale acts as fast as possible, reading what comes back; reconnect when closed."""
    text = orjson.dumps({"type": "act", "version": 0, "action": {"type": "pass"}}).decode()
    while time.monotonic() < until:
        try:
            async with websockets.connect(url, open_timeout=10) as ws:
                tally.connects += 1
                reader = asyncio.create_task(_drain(ws))
                try:
                    while time.monotonic() < until and not reader.done():
                        for _ in range(100):
                            await ws.send(text)
                        tally.sent += 100
                        await asyncio.sleep(0)
                finally:
                    reader.cancel()
        except (ConnectionClosed, InvalidHandshake, OSError, TimeoutError):
            tally.closes += 1
            await asyncio.sleep(0.01)


async def _drain(ws: Any) -> None:
    async for _ in ws:
        pass


async def attack(url: str, seconds: float, flooders: int) -> None:
    """The flooders (in a process of their own, so the victim's measure is the server's)."""
    tally = FloodTally()
    until = time.monotonic() + seconds
    await asyncio.gather(*(flooder(url, until, tally) for _ in range(flooders)))
    print(orjson.dumps(tally.__dict__).decode())


async def flood(server: Server, seconds: float, flooders: int) -> None:
    rng = random.Random(1)
    calm = await victim(server, time.monotonic() + seconds, rng)
    target = await asyncio.to_thread(new_table, server)
    url = f"{server.ws}/ws/tables/{target['table_id']}?token={target['seats'][0]['token']}"
    command = [sys.executable, __file__, "attack", url, str(seconds + 2), str(flooders)]
    attacker = await asyncio.create_subprocess_exec(*command, stdout=asyncio.subprocess.PIPE)
    await asyncio.sleep(2)  # the flood is on
    under = await victim(server, time.monotonic() + seconds, rng)
    out, _ = await attacker.communicate()
    tally = FloodTally(**orjson.loads(out.splitlines()[-1]))
    for label, values in (("no flood", calm), (f"{flooders}-socket flood", under)):
        if not values:
            print(f"ack round trip, {label:17}: no act answered within {seconds:g} s")
            continue
        ms = [1000 * percentile(values, q) for q in (50, 99)]
        print(
            f"ack round trip, {label:17}: p50 {ms[0]:7.1f} ms  p99 {ms[1]:7.1f} ms  "
            f"({len(values)} acts in {seconds:g} s)"
        )
    print(
        f"flooders: {tally.sent:,} messages sent in {seconds + 2:g} s, {tally.connects} "
        f"sockets opened, {tally.closes} closed or refused by the server"
    )


# -------------------------------------------------------------------- slowloris


def raise_fd_limit() -> int:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


def open_loris(port: int, count: int, addresses: int) -> list[socket.socket]:
    """``count`` connections (fewer if the system refuses), each with a partial request, from
    ``addresses`` source addresses (127.0.0.1, or 127.1.x.y in turn)."""
    socks: list[socket.socket] = []
    for k in range(count):
        a = k % addresses
        source = "127.0.0.1" if addresses == 1 else f"127.1.{a // 250}.{1 + a % 250}"
        try:
            sock = socket.create_connection(("127.0.0.1", port), 5, (source, 0))
            sock.setblocking(False)
            sock.send(b"GET /api/tables HTTP/1.1\r\nHost: x\r\n")
        except OSError:
            break
        socks.append(sock)
    return socks


def still_open(socks: list[socket.socket], drip: bool) -> int:
    """How many the server has not closed (reading what it sent); ``drip`` a header line."""
    alive = 0
    for sock in socks:
        try:
            data = sock.recv(65536)
            if not data:
                continue
            # an answer (408, 429): closed by the server once read to the end
            while data:
                data = sock.recv(65536)
            continue
        except BlockingIOError:
            pass
        except OSError:
            continue
        if drip:
            try:
                sock.send(b"X-a: b\r\n")
            except OSError:
                continue
        alive += 1
    return alive


def normal_request(server: Server) -> str:
    transport = httpx.HTTPTransport(local_address=VICTIM)
    start = time.perf_counter()
    try:
        with httpx.Client(transport=transport, timeout=30) as client:
            status = client.get(f"{server.base}/api/tables").status_code
    except httpx.HTTPError as exc:
        return f"failed ({type(exc).__name__}) after {time.perf_counter() - start:.1f} s"
    return f"{status} in {1000 * (time.perf_counter() - start):.1f} ms"


def slowloris(server: Server, count: int, hold: float, addresses: int) -> None:
    start = time.monotonic()
    socks = open_loris(int(server.base.rsplit(":", 1)[1]), count, addresses)
    opened = time.monotonic() - start
    time.sleep(1)
    print(
        f"slowloris from {addresses} address(es): {len(socks):,} of {count:,} connections "
        f"opened in {opened:.1f} s; the "
        f"server holds {server.fds():,} file descriptors, "
        f"{still_open(socks, drip=True):,} connections still open"
    )
    print(f"  a normal GET /api/tables meanwhile: {normal_request(server)}")
    until = time.monotonic() + hold
    while time.monotonic() < until:
        time.sleep(5)
        alive = still_open(socks, drip=True)
    print(
        f"  after {hold:g} s more, dripping a header line every 5 s: {alive:,} still open; "
        f"the server holds {server.fds():,} file descriptors"
    )
    print(f"  a normal GET /api/tables then: {normal_request(server)}")
    for sock in socks:
        sock.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", nargs="?", default="all", choices=["flood", "slowloris", "all"])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--flooders", type=int, default=32)
    parser.add_argument("--connections", type=int, default=19_500)
    parser.add_argument("--hold", type=float, default=15.0)
    parser.add_argument("--addresses", type=int, default=1, help="slowloris source addresses")
    if sys.argv[1:2] == ["attack"]:  # the flooders' process
        asyncio.run(attack(sys.argv[2], float(sys.argv[3]), int(sys.argv[4])))
        return
    args = parser.parse_args()
    limit = raise_fd_limit()  # before the server starts: it inherits the limit
    print(f"file descriptor limit (this process and the server): {limit:,}")
    if args.what in ("flood", "all"):
        with running_server() as server:
            asyncio.run(flood(server, args.seconds, args.flooders))
    if args.what in ("slowloris", "all"):
        with running_server() as server:
            slowloris(server, min(args.connections, limit - 100), args.hold, args.addresses)


if __name__ == "__main__":
    main()
