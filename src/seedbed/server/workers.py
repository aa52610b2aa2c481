"""``seedbed serve --workers N``: N cluster processes on one machine behind one port (issue 32
item 4, decision D-79).

The parent starts N ``seedbed serve --cluster`` children with the command's own options. Each
child binds the public port with ``SO_REUSEPORT``, so the kernel spreads new connections over
them (no front process to write, run or lose), and a port of its own on the loopback, its
``--cluster-address``, where the other children relay a table's sockets and calls to its
owner. The parent only supervises: a child that dies is started again (its tables are
taken over meanwhile, D-72); SIGTERM or Ctrl+C stops the children one after the other, so
each hands its tables to the ones still running (a clean shutdown loses nothing).
"""

from __future__ import annotations

import logging
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from types import FrameType

log = logging.getLogger("seedbed.server.workers")

RESTART_SECONDS = 1.0
"""How long the parent waits before starting a child that died again."""
STOP_SECONDS = 30.0
"""How long a child may take to stop cleanly before it is killed."""


def reuse_port_socket(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` shared with the other workers (``SO_REUSEPORT``:
    the kernel balances new connections between the processes bound to it)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def child_args(argv: Sequence[str]) -> list[str]:
    """The command's options without ``--workers`` (the children are single processes).

    >>> child_args(["serve", "--workers", "3", "--port", "80", "--workers=2"])
    ['serve', '--port', '80']
    """
    out: list[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--workers":
            skip = True
        elif not arg.startswith("--workers="):
            out.append(arg)
    return out


class Workers:
    """The children and their supervision."""

    def __init__(self, count: int, argv: Sequence[str]) -> None:
        self.count = count
        self.base = [str(Path(sys.executable).with_name("seedbed")), *child_args(argv)]
        self.ports = [free_port() for _ in range(count)]
        self.procs: list[subprocess.Popen[bytes] | None] = [None] * count
        self.stopping = threading.Event()

    def start(self, k: int) -> None:
        port = self.ports[k]
        args = [*self.base, "--cluster", "--reuse-port", "--cluster-port", str(port)]
        proc = self.procs[k] = subprocess.Popen(args)
        log.info("worker %d started (pid %d, relays on 127.0.0.1:%d)", k, proc.pid, port)

    def run(self) -> int:
        """Start the workers, restart those that die, until SIGTERM or SIGINT."""
        logging.basicConfig(
            level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
        )

        def stop(signum: int, _: FrameType | None) -> None:
            self.stopping.set()

        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        for k in range(self.count):
            self.start(k)
        while not self.stopping.wait(0.2):
            for k, proc in enumerate(self.procs):
                if proc is not None and proc.poll() is not None:
                    if proc.returncode == 2 and all(p is None or p.poll() for p in self.procs):
                        return 2  # refused to start (one line said why): not a crash
                    log.warning("worker %d exited (%s); starting it again", k, proc.returncode)
                    time.sleep(RESTART_SECONDS)
                    self.start(k)
        self.stop_all()
        return 0

    def stop_all(self) -> None:
        """Stop the workers one at a time: each hands its tables over to those left."""
        for proc in self.procs:
            if proc is None or proc.poll() is not None:
                continue
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(STOP_SECONDS)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
