"""Failover time of a ``seedbed serve --cluster`` on PostgreSQL (issue 32 item 2): start
three processes, and N times create a running table through one, ``kill -9`` it, and time
until another process holds the table's advisory lock again (it has replayed the table by
then); the killed process is started again in the background. Prints each time, the median
and the maximum.

Usage: python scripts/cluster_failover.py DATABASE_URL [--rounds 20]

    python scripts/cluster_failover.py postgresql+psycopg://seedbed:seedbed@127.0.0.1/seedbed_x
"""

from __future__ import annotations

import argparse
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import psycopg

from seedbed.server.ownership import key_of

SEEDBED = Path(sys.executable).with_name("seedbed")
SEATS = [{"human": {"name": n}} for n in ("a", "b", "c")]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Proc:
    def __init__(self, url: str, logs: Path, k: int) -> None:
        self.url, self.log, self.port = url, logs / f"p{k}.log", free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    def launch(self) -> None:
        args = [str(SEEDBED), "serve", "--cluster", "--port", str(self.port)]
        with self.log.open("ab") as out:
            args += ["--database-url", self.url]
            self.proc = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT)

    def ready(self) -> bool:
        try:
            got = httpx.get(f"http://127.0.0.1:{self.port}/api/ready", timeout=1)
        except httpx.HTTPError:
            return False
        return got.status_code == 200

    def kill(self) -> None:
        if self.proc is not None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()


def holders(conn: psycopg.Connection, table_id: str) -> set[int]:
    """The PostgreSQL backends holding the table's lock (the owner's session)."""
    key = key_of(table_id) & 0xFFFFFFFFFFFFFFFF
    rows = conn.execute(
        "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted"
        " AND objsubid = 1 AND classid::bigint = %s AND objid::bigint = %s",
        (key >> 32, key & 0xFFFFFFFF),
    ).fetchall()
    return {int(r[0]) for r in rows}


def main(url: str, rounds: int) -> None:
    plain = url.replace("postgresql+psycopg://", "postgresql://", 1)
    logs = Path(tempfile.mkdtemp(prefix="seedbed-failover-"))
    procs = [Proc(url, logs, k) for k in range(3)]
    for p in procs:
        p.launch()
    times: list[float] = []
    with psycopg.connect(plain, autocommit=True) as conn:
        try:
            for _ in range(rounds):
                while sum(p.ready() for p in procs) < 2:
                    time.sleep(0.2)
                owner = next(p for p in procs if p.ready())
                made = httpx.post(
                    f"http://127.0.0.1:{owner.port}/api/tables",
                    json={"game": "stalk_exchange", "num_players": 3, "seats": SEATS},
                    timeout=30,
                )
                table_id = made.json()["table_id"]
                before = holders(conn, table_id)
                lost = time.monotonic()
                owner.kill()
                while not holders(conn, table_id) - before:
                    time.sleep(0.005)
                times.append(time.monotonic() - lost)
                print(f"taken over in {times[-1]:.3f} s", flush=True)
                owner.launch()
        finally:
            for p in procs:
                if p.proc is not None and p.proc.poll() is None:
                    p.proc.terminate()
                    p.proc.wait(30)
    print(f"{len(times)} kills: median {statistics.median(times):.3f} s, max {max(times):.3f} s")


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Time the takeover of a table whose --cluster owner is killed (kill -9)."
    )
    parser.add_argument(
        "url", help="a PostgreSQL database for the three processes (its tables are created)"
    )
    parser.add_argument("--rounds", type=int, default=20, help="kills to time (default 20)")
    return parser.parse_args(argv)


if __name__ == "__main__":
    args = parse()
    main(args.url, args.rounds)
