"""Server settings: where to listen, where to store, how long bots think and the per-connection
limits. One frozen object built by the CLI (``seedbed serve``) or by tests, passed to
:func:`seedbed.server.app.create_app`; no global state.

>>> settings = ServerSettings(database_url="sqlite:///tables.sqlite3")
>>> settings.host, settings.port, settings.max_message_bytes
('127.0.0.1', 8000, 65536)
"""

from __future__ import annotations

from dataclasses import dataclass, field
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
    bot_turn_seconds: float = 4.0
    """Think budget a bot's turn of several moves shares: each move may search half of what is
    left of it (at least 0.2 s, at most ``bot_seconds``; issue 38 item 9)."""
    bot_workers: int | None = None
    """Processes computing bot moves (None = the number of CPUs)."""
    bot_address_share: float = 0.5
    """Part of the bot workers the tables of one client address may hold at once (at least
    one worker); the rest stay free for other addresses (issue 37 item 3)."""
    bot_table_share: float = 0.25
    """Part of the bot workers one table's bots may hold at once (at least one worker)."""
    max_message_bytes: int = 64 * 1024
    rate_per_second: float = 30.0
    rate_burst: int = 60
    compress: bool = False
    """WebSocket per-message deflate: saves bandwidth on slow links, costs about a sixth of
    the server's CPU per move (docs/server-bench.md), so it is off unless asked for."""
    outbox_limit: int = 256
    min_move_deadline_seconds: float = 3600.0
    """The shortest deadline per move a turn-based table may ask for (issue 31 item 1): an
    hour; tests lower it to run turn-based tables on deadlines of seconds."""
    """Messages queued for a connection that does not read before it is dropped."""

    public_url: str | None = None
    """The server's address as people reach it, for invite links (``--public-url``); None =
    ``http://HOST:PORT`` of the bind address. Request headers never choose it, unless
    ``trust_proxy_headers``."""
    trust_proxy_headers: bool = False
    """Behind a reverse proxy: take the client address from ``X-Forwarded-For`` and, without a
    ``public_url``, invite links from ``X-Forwarded-Proto``/``X-Forwarded-Host`` — only on
    requests from one of ``trusted_proxies``."""
    trusted_proxies: tuple[str, ...] = ("127.0.0.1", "::1")
    """The proxies whose ``X-Forwarded-*`` headers count (addresses or networks such as
    ``10.0.0.0/8``); the client address is the rightmost ``X-Forwarded-For`` entry that is
    not one of them, since everything left of it was written by the client."""
    allow_chosen_seeds: bool = False
    """Take a ``seed`` in ``POST /api/tables`` (tests, reproductions). Otherwise the server
    deals from its own secret randomness, so no creator can know the deck in advance."""
    api_docs: bool = False
    """Serve the interactive API documentation at /docs (assets served locally)."""

    max_body_bytes: int = 2 * 1024 * 1024
    """Any REST request body above this gets 413."""
    max_json_depth: int = 32
    """JSON bodies nested deeper than this get 422 (before they are parsed)."""
    tables_per_minute: float = 20.0
    """Tables one client address may create per minute (bursts of the same size); 429 past it."""
    sockets_per_address: int = 32
    """WebSockets one client address may hold open at once (close code 4429 past it)."""
    sockets_per_table: int = 8
    """WebSockets one client address may hold open on one table at once (4429 past it)."""
    ws_connects_per_minute: float = 60.0
    """WebSockets one client address may open per minute (bursts of the same size); past it
    the upgrade gets HTTP 429 before any handshake, so a closed flooder cannot reconnect at
    once. Not applied with ``trust_proxy_headers`` (every connection comes from the proxy)."""
    flood_factor: float = 4.0
    """A socket sending faster than this multiple of the message rate (and bursts) is closed
    with 1008, its messages dropped unparsed; below it, refused messages get ``rate_limited``."""
    send_seconds: float = 10.0
    """A peer that takes nothing we send for this long (its socket stays full) is cut: a
    WebSocket closed with 4408 (its slot freed at once), an HTTP response abandoned."""
    header_seconds: float = 10.0
    """An HTTP request's line and headers must arrive within this long of the connection (or
    of its first byte after a previous request), else 408 and the connection closed."""
    body_seconds: float = 30.0
    """An HTTP request's whole body must arrive within this long of its headers, else 408."""
    http_connections_per_address: int = 64
    """HTTP connections one client address may hold open at once (WebSockets count apart);
    past it a connection gets 429 and is closed before any request is read. Not applied with
    ``trust_proxy_headers``: every connection then comes from the proxy."""
    uploads_per_minute: float = 10.0
    """Data files (card sets) one client address may upload per minute (bursts of the same
    size); 429 past it (issue 37 item 9)."""
    upload_parses: int = 1
    """Uploaded data files parsed at once; the others wait their turn (issue 37 item 9)."""
    sign_ins_per_minute: float = 10.0
    """Sign-in attempts one client address may make per minute (bursts of the same size);
    429 with ``retry-after`` past it (issue 30 item 1)."""
    sign_ins_per_name_per_minute: float = 5.0
    """Sign-in attempts for one account name per minute, from any address (bursts of the
    same size); 429 with ``retry-after`` past it (issue 30 item 1)."""
    accounts_per_minute: float = 3.0
    """Accounts one client address may create per minute (bursts of the same size); 429
    past it (issue 30 item 1)."""
    session_days: float = 30.0
    """How long a sign-in lasts (the session cookie's lifetime); signing out, or the
    operator's ``seedbed accounts disable|delete``, ends it sooner (issue 30 item 1)."""
    smtp_url: str | None = field(default=None, repr=False)
    """Where e-mail notifications go out (issue 31 item 3):
    ``smtp://[user:password@]host[:port][?starttls=1&from=seedbed@example.org]`` or
    ``smtps://…``; None: no e-mail at all (browser notifications still work). Out of the
    settings' repr: it may hold the mail server's password."""

    idle_hours: float = 24.0
    """A running table with no move for this long is aborted as abandoned."""
    sweep_seconds: float = 60.0
    """How often abandoned tables are looked for (and operator changes to storage picked up)."""
    tables_in_memory: int = 200
    """Finished tables kept in memory for fast replays (least recently used beyond)."""
    finished_tables_mb: float = 256.0
    """Memory the finished tables kept in memory may take together (their histories and
    records, estimated); the least recently used are let go beyond it (issue 37 item 5)."""
    replay_cache_mb: float = 64.0
    """Memory the serialised replays kept for a second visit may take together; a replay
    larger than a quarter of it is streamed every time, never kept (issue 37 item 2)."""
    max_moves: int = 5000
    """Moves a table may reach: a running table is aborted on this move, with the reason
    "move limit: …" (issue 37 item 2)."""
    moves_per_second: float = 10.0
    """Moves (acts) one connection may send per second, bursts of three seconds' worth;
    views received earn messages, never moves (issue 37 item 5)."""
    address_moves_per_second: float = 20.0
    """Moves all the connections of one client address may send per second together,
    bursts of three seconds' worth (issue 37 item 5)."""
    engine: str | None = None
    """The engine the tables and bot workers run (``native`` or ``python``, ``--engine``);
    None: the default, ``SEEDBED_ENGINE`` or else native where a game has one and it is built
    (issue 14; docs/native.md, "Engine selection")."""
    fault: str | None = None
    """Fault injection for the crash tests only (``after-final-move-stored``, and
    ``after-result-stored``: a rated table's end is stored, its ratings not yet updated);
    never set it."""
    cluster: bool = False
    """Several processes on one PostgreSQL database (``--cluster``, issue 32, D-72): each
    table is run by the process owning it, the others relay its sockets there."""
    cluster_address: str | None = None
    """Where the other processes reach this one (``http://HOST:PORT``); None: this machine's
    loopback and ``port`` (one machine), else the bound host."""
    reuse_port: bool = False
    """A worker of ``seedbed serve --workers N``: bind ``port`` with ``SO_REUSEPORT``, shared
    with the other workers (issue 32 item 4)."""
    cluster_port: int | None = None
    """A worker's own loopback port, where the others relay to it (its cluster address)."""
    takeover_seconds: float = 1.0
    """How often a cluster process takes over the running tables nobody owns (failover)."""

    def resolved_database_url(self) -> str:
        return self.database_url or default_database_url()

    def base_url(self) -> str:
        """Where invite links point when no proxy header is trusted."""
        if self.public_url:
            return self.public_url.rstrip("/")
        return f"http://{self.host}:{self.port}"
