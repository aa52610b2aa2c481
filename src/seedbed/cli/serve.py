"""``seedbed serve``: its options, checked with one-line errors, become the server's
:class:`~seedbed.server.config.ServerSettings` (every limit documented in docs/protocol.md)."""

from __future__ import annotations

import ipaddress
import math
from typing import Annotated
from urllib.parse import urlsplit

import typer

from seedbed.cli.errors import EngineOption, fail, select_engine, user_errors

MAX_BOT_SECONDS = 60.0
"""The longest think budget a server may give a bot move."""
LONGEST = {"idle-hours": 876_000.0, "session-days": 36_500.0}
"""The longest durations (a century): beyond, a limit means nothing, and far beyond it the
server's time arithmetic overflows (issue 37, item 13: every sweep failed)."""

MAX_DEADLINE_SECONDS = 3600.0

MAX_WORKERS = 64
WORKERS_NEED_POSTGRESQL = (
    "--workers needs PostgreSQL (--database-url postgresql+psycopg://...): several processes "
    "cannot share an SQLite file; without --workers one process serves it"
)
"""The longest header, body or send deadline (``--header-seconds`` and the like)."""


def _check(
    port: int, bot_seconds: float, public_url: str | None, numbers: dict[str, float]
) -> None:
    if not 0 < port < 65536:
        fail(f"--port must be 1-65535, not {port}")
    if not (math.isfinite(bot_seconds) and 0 < bot_seconds <= MAX_BOT_SECONDS):
        fail(f"--bot-seconds must be above 0 and at most {MAX_BOT_SECONDS:g}, not {bot_seconds}")
    for name, value in numbers.items():
        if not (math.isfinite(value) and value > 0):
            fail(f"--{name} must be a positive number, not {value}")
        most = LONGEST.get(name)
        if most is not None and value > most:
            fail(f"--{name} must be above 0 and at most {most:g}, not {value:g}")
    if public_url is not None:
        parts = urlsplit(public_url)
        if parts.scheme not in ("http", "https") or not parts.netloc or parts.query:
            fail(f"--public-url must look like https://games.example.org, not {public_url!r}")


def _check_links(host: str, port: int, public_url: str | None, trust_proxy_headers: bool) -> None:
    """Invite links need an address people can reach: a wildcard bind address is none
    (issue 37, item 15: links read http://0.0.0.0:8000/...)."""
    if public_url is None and not trust_proxy_headers and _wildcard(host):
        fail(
            f"--host {host} listens on every address, so invite links need the one people "
            f"reach: add --public-url http://THIS-MACHINE:{port} (or --trust-proxy-headers "
            "behind a proxy that sets X-Forwarded-Host)"
        )


def _wildcard(host: str) -> bool:
    try:
        return ipaddress.ip_address(host.strip("[]")).is_unspecified
    except ValueError:
        return False


def _check_shares(shares: dict[str, float]) -> None:
    """Parts of a whole: above 0 and at most 1."""
    for name, value in shares.items():
        if not (math.isfinite(value) and 0 < value <= 1):
            fail(f"--{name} must be above 0 and at most 1, not {value}")


def serve(
    host: Annotated[
        str, typer.Option(help="Address to bind; 127.0.0.1 keeps the server on this machine.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port for HTTP and WebSocket.")] = 8000,
    database_url: Annotated[
        str | None,
        typer.Option(
            help="sqlite:///PATH or postgresql+psycopg://USER@HOST/DB; default: an SQLite file "
            "in the user's data directory, created on first run."
        ),
    ] = None,
    bot_seconds: Annotated[
        float,
        typer.Option(help="Think budget of one bot move in seconds (caps ismcts:seconds; <= 60)."),
    ] = 2.0,
    bot_turn_seconds: Annotated[
        float,
        typer.Option(
            help="Think budget a bot's turn of several moves shares: each move searches at most "
            "half of what is left (at least 0.2 s, at most --bot-seconds; <= 600)."
        ),
    ] = 4.0,
    bot_address_share: Annotated[
        float,
        typer.Option(
            help="Part of the bot workers the tables of one client address may hold at once "
            "(at least one worker; 0-1)."
        ),
    ] = 0.5,
    bot_table_share: Annotated[
        float,
        typer.Option(
            help="Part of the bot workers one table may hold at once (at least one; 0-1)."
        ),
    ] = 0.25,
    compress: Annotated[
        bool,
        typer.Option(
            help="Compress WebSocket messages (per-message deflate): less bandwidth on slow "
            "links, more CPU per move."
        ),
    ] = False,
    public_url: Annotated[
        str | None,
        typer.Option(
            help="The address people reach this server at, for invite links (e.g. "
            "https://games.example.org); default http://HOST:PORT."
        ),
    ] = None,
    trust_proxy_headers: Annotated[
        bool,
        typer.Option(
            help="Behind a reverse proxy: trust X-Forwarded-For for client addresses and, "
            "without --public-url, X-Forwarded-Proto/Host for invite links, on requests "
            "from --trusted-proxies only."
        ),
    ] = False,
    trusted_proxies: Annotated[
        str,
        typer.Option(
            help="With --trust-proxy-headers: the proxies whose X-Forwarded-* headers count, "
            "comma-separated addresses or networks (10.0.0.0/8); the client is the rightmost "
            "X-Forwarded-For entry that is not one of them."
        ),
    ] = "127.0.0.1,::1",
    allow_chosen_seeds: Annotated[
        bool,
        typer.Option(
            help="Accept a seed in POST /api/tables (tests, reproductions); such tables say "
            "'seed chosen by the creator'. Off: the server deals from its own randomness."
        ),
    ] = False,
    api_docs: Annotated[
        bool, typer.Option(help="Serve the interactive API documentation at /docs.")
    ] = False,
    tables_per_minute: Annotated[
        float, typer.Option(help="New tables one client address may create per minute.")
    ] = 20.0,
    sockets_per_address: Annotated[
        int, typer.Option(help="WebSockets one client address may hold open.")
    ] = 32,
    sockets_per_table: Annotated[
        int, typer.Option(help="WebSockets one client address may hold open on one table.")
    ] = 8,
    ws_connects_per_minute: Annotated[
        float,
        typer.Option(
            help="WebSockets one client address may open per minute (HTTP 429 past it; not "
            "applied with --trust-proxy-headers)."
        ),
    ] = 60.0,
    flood_factor: Annotated[
        float,
        typer.Option(
            help="Close a WebSocket (code 1008) sending faster than this multiple of the "
            "message rate (30/s, bursts of 60); at least 1."
        ),
    ] = 4.0,
    send_seconds: Annotated[
        float,
        typer.Option(
            help="Cut a client that reads nothing of what is sent to it for this long "
            "(a WebSocket is closed with 4408)."
        ),
    ] = 10.0,
    header_seconds: Annotated[
        float,
        typer.Option(help="An HTTP request's headers must arrive within this long (else 408)."),
    ] = 10.0,
    body_seconds: Annotated[
        float,
        typer.Option(help="An HTTP request's body must arrive within this long (else 408)."),
    ] = 30.0,
    http_connections_per_address: Annotated[
        int,
        typer.Option(
            help="HTTP connections one client address may hold open (429 past it; not "
            "applied with --trust-proxy-headers)."
        ),
    ] = 64,
    uploads_per_minute: Annotated[
        float,
        typer.Option(help="Data files (card sets) one client address may upload per minute."),
    ] = 10.0,
    upload_parses: Annotated[
        int, typer.Option(help="Uploaded data files parsed at once; the others wait.")
    ] = 1,
    sign_ins_per_minute: Annotated[
        float, typer.Option(help="Sign-in attempts one client address may make per minute.")
    ] = 10.0,
    sign_ins_per_name_per_minute: Annotated[
        float,
        typer.Option(help="Sign-in attempts for one account name per minute, from anywhere."),
    ] = 5.0,
    accounts_per_minute: Annotated[
        float, typer.Option(help="Accounts one client address may create per minute.")
    ] = 3.0,
    session_days: Annotated[
        float, typer.Option(help="Days a sign-in lasts (the session cookie's lifetime).")
    ] = 30.0,
    smtp_url: Annotated[
        str | None,
        typer.Option(
            help="Send e-mail notifications through this SMTP server: "
            "smtp://[user:password@]host[:port][?starttls=1&from=seedbed@example.org] or "
            "smtps://...; without it, no e-mail (docs/operating.md).",
        ),
    ] = None,
    idle_hours: Annotated[
        float,
        typer.Option(help="Abort a running table after this long without a move (<= 876000)."),
    ] = 24.0,
    tables_in_memory: Annotated[
        int, typer.Option(help="Finished tables kept in memory for fast replays.")
    ] = 200,
    finished_tables_mb: Annotated[
        float,
        typer.Option(help="Memory (MB, estimated) the finished tables kept in memory may take."),
    ] = 256.0,
    replay_cache_mb: Annotated[
        float,
        typer.Option(
            help="Memory (MB) for replays kept for a second visit; larger replays are streamed "
            "each time."
        ),
    ] = 64.0,
    max_moves: Annotated[
        int,
        typer.Option(help="Moves a table may reach: it is aborted on this move ('move limit')."),
    ] = 5000,
    moves_per_second: Annotated[
        float,
        typer.Option(help="Moves one connection may send per second (bursts of 3 s' worth)."),
    ] = 10.0,
    address_moves_per_second: Annotated[
        float,
        typer.Option(
            help="Moves all connections of one client address may send per second together "
            "(bursts of 3 s' worth)."
        ),
    ] = 20.0,
    min_move_deadline_seconds: Annotated[
        float,
        typer.Option(
            help="The shortest deadline per move a turn-based table may ask for (1 to 3600 "
            "seconds; tests and demos lower it from the hour people get)."
        ),
    ] = 3600.0,
    cluster: Annotated[
        bool,
        typer.Option(
            help="One of several processes on one PostgreSQL database: each table runs in the "
            "process that owns it, the others relay its sockets there, and a process that "
            "dies has its tables taken over (docs/operating.md, 'Several processes')."
        ),
    ] = False,
    cluster_address: Annotated[
        str | None,
        typer.Option(
            help="With --cluster: where the other processes reach this one "
            "(http://HOST:PORT); default http://127.0.0.1:PORT (all on one machine)."
        ),
    ] = None,
    takeover_seconds: Annotated[
        float,
        typer.Option(
            help="With --cluster: how often this process takes over the running tables no "
            "process owns (a process died); 0.2 to 60 seconds."
        ),
    ] = 1.0,
    workers: Annotated[
        int,
        typer.Option(
            help="Start this many --cluster processes behind --port on this machine (the "
            "kernel spreads connections, SO_REUSEPORT); PostgreSQL only. 1: one process."
        ),
    ] = 1,
    reuse_port: Annotated[bool, typer.Option(hidden=True)] = False,
    cluster_port: Annotated[int | None, typer.Option(hidden=True)] = None,
    engine: EngineOption = None,
    fault: Annotated[str | None, typer.Option(hidden=True)] = None,
) -> None:
    """Serve tables over HTTP and WebSocket: create them with POST /api/tables, play with
    WS /ws/tables/ID?token=TOKEN (protocol and every limit: docs/protocol.md). Unfinished
    tables resume on start; abandoned ones are aborted after --idle-hours.

    Example: seedbed serve --port 8000 --database-url sqlite:///tables.sqlite3
    """
    with user_errors():
        numbers = {
            "tables-per-minute": tables_per_minute,
            "sockets-per-address": sockets_per_address,
            "sockets-per-table": sockets_per_table,
            "ws-connects-per-minute": ws_connects_per_minute,
            "send-seconds": send_seconds,
            "header-seconds": header_seconds,
            "body-seconds": body_seconds,
            "http-connections-per-address": http_connections_per_address,
            "uploads-per-minute": uploads_per_minute,
            "upload-parses": upload_parses,
            "sign-ins-per-minute": sign_ins_per_minute,
            "sign-ins-per-name-per-minute": sign_ins_per_name_per_minute,
            "accounts-per-minute": accounts_per_minute,
            "session-days": session_days,
            "idle-hours": idle_hours,
            "tables-in-memory": tables_in_memory,
            "finished-tables-mb": finished_tables_mb,
            "replay-cache-mb": replay_cache_mb,
            "max-moves": max_moves,
            "moves-per-second": moves_per_second,
            "address-moves-per-second": address_moves_per_second,
        }
        _check(port, bot_seconds, public_url, numbers)
        if not (math.isfinite(bot_turn_seconds) and 0 < bot_turn_seconds <= 600):
            fail(f"--bot-turn-seconds must be above 0 and at most 600, not {bot_turn_seconds}")
        _check_links(host, port, public_url, trust_proxy_headers)
        if smtp_url is not None:
            from seedbed.server.mailer import check_smtp_url

            check_smtp_url(smtp_url)
        if not (
            math.isfinite(min_move_deadline_seconds) and 1 <= min_move_deadline_seconds <= 3600
        ):
            fail(f"--min-move-deadline-seconds must be 1 to 3600, not {min_move_deadline_seconds}")
        if not (math.isfinite(flood_factor) and flood_factor >= 1):
            fail(f"--flood-factor must be a number of at least 1, not {flood_factor}")
        deadlines = {"send": send_seconds, "header": header_seconds, "body": body_seconds}
        for name, seconds in deadlines.items():
            if seconds > MAX_DEADLINE_SECONDS:  # a timer that far off overflows the event loop
                fail(f"--{name}-seconds must be at most {MAX_DEADLINE_SECONDS:g}, not {seconds}")
        _check_shares({"bot-address-share": bot_address_share, "bot-table-share": bot_table_share})
        select_engine(engine)
        from seedbed.server.config import ServerSettings
        from seedbed.server.forwarded import check_proxies
        from seedbed.server.serve import serve as run_server
        from seedbed.server.storage import check_url, ensure_database

        if database_url is not None:
            check_url(database_url)
        settings = ServerSettings(
            host,
            port,
            database_url,
            bot_seconds,
            bot_turn_seconds=bot_turn_seconds,
            bot_address_share=bot_address_share,
            bot_table_share=bot_table_share,
            compress=compress,
            public_url=public_url,
            trust_proxy_headers=trust_proxy_headers,
            trusted_proxies=check_proxies(trusted_proxies),
            allow_chosen_seeds=allow_chosen_seeds,
            api_docs=api_docs,
            tables_per_minute=tables_per_minute,
            sockets_per_address=sockets_per_address,
            sockets_per_table=sockets_per_table,
            ws_connects_per_minute=ws_connects_per_minute,
            flood_factor=flood_factor,
            send_seconds=send_seconds,
            header_seconds=header_seconds,
            body_seconds=body_seconds,
            http_connections_per_address=http_connections_per_address,
            uploads_per_minute=uploads_per_minute,
            upload_parses=upload_parses,
            sign_ins_per_minute=sign_ins_per_minute,
            sign_ins_per_name_per_minute=sign_ins_per_name_per_minute,
            accounts_per_minute=accounts_per_minute,
            session_days=session_days,
            smtp_url=smtp_url,
            idle_hours=idle_hours,
            tables_in_memory=tables_in_memory,
            finished_tables_mb=finished_tables_mb,
            replay_cache_mb=replay_cache_mb,
            max_moves=max_moves,
            min_move_deadline_seconds=min_move_deadline_seconds,
            moves_per_second=moves_per_second,
            address_moves_per_second=address_moves_per_second,
            engine=engine,
            fault=fault,
            cluster=cluster,
            cluster_address=cluster_address,
            takeover_seconds=takeover_seconds,
            reuse_port=reuse_port,
            cluster_port=cluster_port,
        )
        if not 1 <= workers <= MAX_WORKERS:
            fail(f"--workers must be 1 to {MAX_WORKERS}, not {workers}")
        from sqlalchemy.engine import make_url

        backend = make_url(settings.resolved_database_url()).get_backend_name()
        if workers > 1 and backend != "postgresql":
            fail(WORKERS_NEED_POSTGRESQL)
        if not (math.isfinite(takeover_seconds) and 0.2 <= takeover_seconds <= 60):
            fail(f"--takeover-seconds must be 0.2 to 60, not {takeover_seconds}")
        from seedbed.server.cluster import check_cluster

        try:
            check_cluster(settings)
        except ValueError as exc:
            fail(str(exc))
        if database_url is not None:  # once every setting is checked
            created = ensure_database(database_url)
            if created:
                typer.echo(created, err=True)
    if workers > 1:
        import sys

        from seedbed.server.workers import Workers

        raise typer.Exit(Workers(workers, sys.argv[1:]).run())
    run_server(settings)
