"""Ctrl+C in the terminal that runs ``seedbed serve`` while bots think (issue 17, item 13):
the terminal signals the whole process group, bot workers included. The server stops cleanly:
no worker dies mid-move (which made tables play fallback moves and the pool start new workers
during shutdown), no traceback, no "leaked semaphore objects" warning, no process left."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import httpx

from .wire import SEEDBED, free_port

BOTS = [{"bot": "ismcts:seconds=0.5"}, {"bot": "greedy"}, {"bot": "random"}]


def group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def test_ctrl_c_while_bots_think_stops_the_server_cleanly(tmp_path: Path) -> None:
    port = free_port()
    log_path = tmp_path / "serve.log"
    args = [str(SEEDBED), "serve", "--port", str(port), "--bot-seconds", "1"]
    args += ["--database-url", f"sqlite:///{tmp_path / 'db.sqlite'}"]
    with log_path.open("wb") as log:
        proc = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        with httpx.Client(timeout=10) as client:
            deadline = time.monotonic() + 40
            while True:
                assert time.monotonic() < deadline, log_path.read_text()
                try:
                    if client.get(f"{url}/api/tables").status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.1)
            body = {"game": "bohnanza", "num_players": 3, "seats": BOTS}
            ids = [client.post(f"{url}/api/tables", json=body).json()["table_id"] for _ in "ab"]
            while client.get(f"{url}/api/tables/{ids[0]}").json()["version"] < 3:
                assert time.monotonic() < deadline, log_path.read_text()
                time.sleep(0.1)
        os.killpg(proc.pid, signal.SIGINT)  # what Ctrl+C in the terminal does
        proc.wait(30)
        gone = time.monotonic() + 10
        while group_alive(proc.pid) and time.monotonic() < gone:
            time.sleep(0.1)
        assert not group_alive(proc.pid), "a worker or the forkserver outlived the server"
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    text = log_path.read_text(errors="replace")
    assert "Application shutdown complete" in text, text[-3000:]
    for sign in ("Traceback", "KeyboardInterrupt", "leaked semaphore", "replaced", "fallback"):
        assert sign not in text, f"{sign!r} at shutdown:\n{text[-3000:]}"
