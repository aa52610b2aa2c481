"""Issue 32 item 4: deploy/haproxy.cfg, the deployment's balancer, for real: Debian's HAProxy
in front of three ``seedbed serve --cluster`` processes (the file as shipped, its addresses
replaced by the test's ports). Its health checks find the processes ready, a game's three
seats play through it (WebSockets upgraded through it), and when the table's owner is
stopped mid-game the seats reconnect through it and finish the game. (.ci/run installs
haproxy; the test fails when it is missing in CI.)"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from .test_cluster import CLUSTER, Player, check_record, new_table
from .wire import Server, free_port

CONFIG = Path(__file__).resolve().parents[2] / "deploy" / "haproxy.cfg"


@pytest.fixture
def balanced(pg_database: str, tmp_path: Path) -> Iterator[tuple[Server, list[Server]]]:
    """Three cluster processes and HAProxy in front: (the front, the processes)."""
    haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
    if not Path(haproxy).exists():
        if os.environ.get("CI") == "true":
            pytest.fail("haproxy is not installed (.ci/run installs Debian's package)")
        pytest.skip("haproxy is not installed: apt-get install haproxy (.ci/run does)")
    servers = [Server(pg_database, tmp_path / f"p{k}", CLUSTER) for k in range(3)]
    front = Server(pg_database, tmp_path)
    front.port = free_port()
    text = CONFIG.read_text().replace("127.0.0.1:8080", f"127.0.0.1:{front.port}")
    try:
        for k, server in enumerate(servers):
            server.log_dir.mkdir()
            server.launch()
            text = text.replace(f"127.0.0.1:800{k + 1}", f"127.0.0.1:{server.port}")
        config = tmp_path / "haproxy.cfg"
        config.write_text(text)
        front.proc = subprocess.Popen(
            [haproxy, "-db", "-f", str(config)],
            stdout=(tmp_path / "haproxy.log").open("wb"),
            stderr=subprocess.STDOUT,
        )
        for server in servers:
            server.wait_ready(90)
        yield front, servers
    finally:
        if front.proc is not None:
            front.proc.terminate()
            front.proc.wait(10)
        for server in servers:
            server.close()


def wait_all_up(front: Server, seconds: float = 30) -> None:
    """Until the balancer's health checks passed for every process (ready answers)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{front.url}/api/ready", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise AssertionError("the balancer found no ready process")


def test_a_game_through_haproxy_survives_its_owner_stopping(
    balanced: tuple[Server, list[Server]],
) -> None:
    """Issue 32 item 4: the shipped HAProxy configuration carries the REST calls and the
    WebSockets; the table's owner stopped (SIGTERM) mid-game, the seats reconnect through the
    balancer and the game finishes with every view checked against the record."""
    front, servers = balanced
    wait_all_up(front)
    table_id, seat_tokens = new_table(front)
    players = [Player(front, table_id, t, s) for s, t in seat_tokens.items()]
    stopped: list[Server] = []

    async def stop_owner() -> None:
        while max((p.connections[-1].last_view.get("version", 0) for p in players
                   if p.connections), default=0) < 10:  # fmt: skip
            await asyncio.sleep(0.02)
        for server in servers:  # the owner: the process whose ownership holds the table
            if server.get("/api/metrics").json()["tables_running"]:
                stopped.append(server)
                await asyncio.to_thread(server.stop)
                return

    async def run() -> None:
        await asyncio.gather(stop_owner(), *(p.run() for p in players))

    asyncio.run(asyncio.wait_for(run(), 120))
    assert stopped, "no process ran the table"
    assert any(p.reconnected_at for p in players), "nobody noticed the owner stop"
    check_record(front, table_id, players)
