"""Server settings: where to listen, where to store, how long bots think and the per-connection
limits. One frozen object built by the CLI (``seedbed serve``) or by tests, passed to
:func:`seedbed.server.app.create_app`; no global state.

>>> settings = ServerSettings(database_url="sqlite:///tables.sqlite3")
>>> settings.host, settings.port, settings.max_message_bytes
('127.0.0.1', 8000, 65536)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import platformdirs

DEFAULT_DB_NAME = "seedbed.sqlite3"


def default_database_url() -> str:
    """An SQLite file in the user's data directory, created (with its folder) on first use."""
    folder = Path(platformdirs.user_data_dir("seedbed"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / DEFAULT_DB_NAME}"


@dataclass(frozen=True)
class ServerSettings:
    """Everything the server needs to start. ``database_url`` None = the default SQLite file."""

    host: str = "127.0.0.1"
    port: int = 8000
    database_url: str | None = None
    bot_seconds: float = 2.0
    """Think budget of one bot move: caps ``ismcts:seconds``; a bot past ``3x + 1`` seconds is
    replaced by the first legal action for that move."""
    bot_workers: int | None = None
    """Processes computing bot moves (None = the number of CPUs)."""
    max_message_bytes: int = 64 * 1024
    rate_per_second: float = 30.0
    rate_burst: int = 60
    compress: bool = False
    """WebSocket per-message deflate: saves bandwidth on slow links, costs about a sixth of
    the server's CPU per move (docs/server-bench.md), so it is off unless asked for."""
    outbox_limit: int = 256
    """Messages queued for a connection that does not read before it is dropped."""

    def resolved_database_url(self) -> str:
        return self.database_url or default_database_url()
