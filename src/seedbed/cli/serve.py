"""``seedbed serve``: its options, checked with one-line errors, become the server's
:class:`~seedbed.server.config.ServerSettings` (every limit documented in docs/protocol.md)."""

from __future__ import annotations

import math
from typing import Annotated
from urllib.parse import urlsplit

import typer

from seedbed.cli.errors import EngineOption, fail, select_engine, user_errors

MAX_BOT_SECONDS = 60.0
"""The longest think budget a server may give a bot move."""


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
    if public_url is not None:
        parts = urlsplit(public_url)
        if parts.scheme not in ("http", "https") or not parts.netloc or parts.query:
            fail(f"--public-url must look like https://games.example.org, not {public_url!r}")


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
            "without --public-url, X-Forwarded-Proto/Host for invite links."
        ),
    ] = False,
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
    uploads_per_minute: Annotated[
        float,
        typer.Option(help="Data files (card sets) one client address may upload per minute."),
    ] = 10.0,
    upload_parses: Annotated[
        int, typer.Option(help="Uploaded data files parsed at once; the others wait.")
    ] = 1,
    idle_hours: Annotated[
        float, typer.Option(help="Abort a running table after this long without a move.")
    ] = 24.0,
    tables_in_memory: Annotated[
        int, typer.Option(help="Finished tables kept in memory for fast replays.")
    ] = 200,
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
            "uploads-per-minute": uploads_per_minute,
            "upload-parses": upload_parses,
            "idle-hours": idle_hours,
            "tables-in-memory": tables_in_memory,
        }
        _check(port, bot_seconds, public_url, numbers)
        _check_shares({"bot-address-share": bot_address_share, "bot-table-share": bot_table_share})
        select_engine(engine)
        from seedbed.server.config import ServerSettings
        from seedbed.server.serve import serve as run_server
        from seedbed.server.storage import check_url, ensure_database

        if database_url is not None:
            check_url(database_url)
            created = ensure_database(database_url)
            if created:
                typer.echo(created, err=True)
        settings = ServerSettings(
            host,
            port,
            database_url,
            bot_seconds,
            bot_address_share=bot_address_share,
            bot_table_share=bot_table_share,
            compress=compress,
            public_url=public_url,
            trust_proxy_headers=trust_proxy_headers,
            allow_chosen_seeds=allow_chosen_seeds,
            api_docs=api_docs,
            tables_per_minute=tables_per_minute,
            sockets_per_address=sockets_per_address,
            sockets_per_table=sockets_per_table,
            uploads_per_minute=uploads_per_minute,
            upload_parses=upload_parses,
            idle_hours=idle_hours,
            tables_in_memory=tables_in_memory,
            engine=engine,
            fault=fault,
        )
    run_server(settings)
