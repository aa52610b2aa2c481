"""The FastAPI application: the REST endpoints and the WebSocket of docs/protocol.md.

:func:`create_app` builds an app from :class:`~seedbed.server.config.ServerSettings`; its
lifespan opens the store, applies the migrations, starts the bot pool and resumes every
unfinished table, and undoes all that on shutdown. WebSocket handling is thin: size limit,
rate limit and schema validation here; everything about the game in the table's actor.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import orjson
from fastapi import FastAPI, HTTPException, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from starlette.websockets import WebSocketDisconnect

from seedbed.server.bot_pool import BotPool
from seedbed.server.card_sets import read_card_set
from seedbed.server.config import ServerSettings
from seedbed.server.hub import Hub, TableRequestError, seat_for_token, summary
from seedbed.server.limits import TokenBucket, install_redaction
from seedbed.server.protocol import (
    ActMessage,
    CardSetRequest,
    CardSetResponse,
    Catalog,
    CreateTableRequest,
    CreateTableResponse,
    ErrorCode,
    GameList,
    Replay,
    TableList,
    TableSummary,
    error_text,
)
from seedbed.server.storage import AsyncStore, Store, migrate
from seedbed.server.table import Act, Connection, Join, Leave, TableActor
from seedbed.server.web import WEB_DIR, catalog_of, game_list, replay_of

log = logging.getLogger("seedbed.server")

CLOSE_UNKNOWN_TABLE = 4404
CLOSE_BAD_TOKEN = 4403
CLOSE_TOO_SLOW = 4408


class Runtime:
    """What the lifespan opens: the hub of tables (None outside the lifespan)."""

    hub: Hub | None = None

    def tables(self) -> Hub:
        if self.hub is None:
            raise RuntimeError("the server is not running")
        return self.hub


def create_app(settings: ServerSettings | None = None) -> FastAPI:
    """The server application for ``settings`` (defaults: the user's SQLite file)."""
    settings = settings or ServerSettings()
    runtime = Runtime()
    install_redaction()

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        store = Store(settings.resolved_database_url())
        await asyncio.to_thread(migrate, store.engine)
        async_store = AsyncStore(store)
        bots = BotPool(settings.bot_workers, settings.bot_seconds)
        runtime.hub = Hub(async_store, bots)
        resumed = await runtime.hub.resume_all()
        log.info("seedbed server ready; %d unfinished tables resumed", resumed)
        try:
            yield
        finally:
            await runtime.hub.close()
            runtime.hub = None
            bots.close()
            async_store.close()

    app = FastAPI(title="seedbed", version="1", lifespan=lifespan)
    app.add_exception_handler(RequestValidationError, _one_line_422)
    _add_rest(app, runtime)
    _add_lobby_helpers(app, runtime, settings)
    _add_websocket(app, runtime, settings)
    _add_client(app)
    return app


async def _one_line_422(_: Request, exc: Exception) -> Response:
    """Body errors as ``{"detail": "<one line>"}``, like the other 422 answers."""
    detail = "invalid request"
    if isinstance(exc, RequestValidationError) and exc.errors():
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        detail = f"{where}: {first.get('msg', 'invalid')}" if where else str(first.get("msg"))
    return JSONResponse({"detail": detail}, status_code=422)


def _add_rest(app: FastAPI, runtime: Runtime) -> None:
    async def table_or_404(table_id: str) -> TableActor:
        actor = await runtime.tables().get(table_id)
        if actor is None:
            raise HTTPException(404, f"no table {table_id!r}")
        return actor

    @app.post("/api/tables", status_code=201)
    async def create_table(req: CreateTableRequest, request: Request) -> CreateTableResponse:
        """Create a table and start it; tokens for the human seats are in this answer only."""
        try:
            return await runtime.tables().create(req, str(request.base_url))
        except TableRequestError as exc:
            raise HTTPException(422, str(exc)) from None

    @app.get("/api/tables")
    async def list_tables() -> TableList:
        """Every running table of this server."""
        return TableList(tables=[summary(a) for a in runtime.tables().running()])

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str) -> TableSummary:
        """One table's public summary."""
        return summary(await table_or_404(table_id))

    @app.get("/api/tables/{table_id}/record")
    async def get_record(table_id: str) -> Response:
        """The game record as JSON Lines, once the game is over (409 before)."""
        actor = await table_or_404(table_id)
        if not actor.finished:
            raise HTTPException(409, "the game is still running")
        return Response(actor.record().to_jsonl(), media_type="application/x-ndjson")


def _add_lobby_helpers(app: FastAPI, runtime: Runtime, settings: ServerSettings) -> None:
    """What the browser client needs besides the protocol (docs/protocol.md, Lobby helpers)."""

    @app.get("/api/games")
    async def list_games() -> GameList:
        """The games, their player counts and default options, and the lobby's bot presets."""
        return game_list(settings.bot_seconds)

    @app.get("/api/tables/{table_id}/catalog")
    async def get_catalog(table_id: str) -> Catalog:
        """The table's public card data (Fields of Green's card set; null for other games)."""
        actor = await runtime.tables().get(table_id)
        if actor is None:
            raise HTTPException(404, f"no table {table_id!r}")
        return await asyncio.to_thread(catalog_of, actor)

    @app.post("/api/card-sets")
    async def post_card_set(req: CardSetRequest) -> CardSetResponse:
        """Read a Fields of Green card-set file (TOML or JSON) for the lobby: its card data
        for ``options.cards``, or 422 naming ``file:line`` (413 above 1 MiB)."""
        return await asyncio.to_thread(read_card_set, req)

    @app.get("/api/tables/{table_id}/replay")
    async def get_replay(table_id: str, seat: str = "spectator") -> Replay:
        """Once the game is over: the views of ``seat`` (a seat number or ``spectator``)
        after every move, rebuilt from the record (409 before, 404 unknown, 422 bad seat)."""
        actor = await runtime.tables().get(table_id)
        if actor is None:
            raise HTTPException(404, f"no table {table_id!r}")
        viewer = _replay_viewer(seat, actor.table.num_players)
        if not actor.finished:
            raise HTTPException(409, "the game is still running")
        seats = summary(actor).seats
        return await asyncio.to_thread(replay_of, actor, seats, viewer)


def _replay_viewer(seat: str, num_players: int) -> int | None:
    """The viewer named by the ``seat`` query parameter; 422 for anything else."""
    if seat == "spectator":
        return None
    if seat.isdigit() and int(seat) < num_players:
        return int(seat)
    raise HTTPException(422, f"seat must be spectator or 0-{num_players - 1}, not {seat!r}")


class _Revalidated(StaticFiles):
    """Static files the browser must revalidate (ETag) before reuse: after an upgrade of the
    server, a page never mixes old and new modules."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["cache-control"] = "no-cache"
        return response


def _add_client(app: FastAPI) -> None:
    """The static browser client: its files under /static, index.html for its pages."""
    app.mount("/static", _Revalidated(directory=WEB_DIR), name="static")
    index = WEB_DIR / "index.html"

    async def page() -> FileResponse:
        return FileResponse(index, headers={"cache-control": "no-cache"})

    app.get("/", include_in_schema=False)(page)
    for prefix in ("play", "watch", "replay"):
        app.get(f"/{prefix}/{{table_id}}", include_in_schema=False)(page)


def _add_websocket(app: FastAPI, runtime: Runtime, settings: ServerSettings) -> None:
    @app.websocket("/ws/tables/{table_id}")
    async def play(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
        """A seat (with its token) or a spectator (without)."""
        actor = await runtime.tables().get(table_id)
        if actor is None:
            await websocket.close(code=CLOSE_UNKNOWN_TABLE)
            return
        seat = None if token is None else seat_for_token(actor, token)
        if token is not None and seat is None:
            await websocket.close(code=CLOSE_BAD_TOKEN)
            return
        await websocket.accept()
        bucket = TokenBucket(settings.rate_per_second, settings.rate_burst)
        conn = Connection(seat, settings.outbox_limit, bucket)
        writer = asyncio.create_task(_write(websocket, conn))
        actor.submit(Join(conn))
        try:
            await _read(websocket, conn, actor, settings, bucket)
        except WebSocketDisconnect:
            pass
        finally:
            actor.submit(Leave(conn))
            writer.cancel()
            await asyncio.gather(writer, return_exceptions=True)


async def _write(websocket: WebSocket, conn: Connection) -> None:
    """Send the connection's outbox in order; close a connection that stopped reading."""
    while True:
        text = await conn.outbox.get()
        if text is None or conn.dropped:
            await websocket.close(code=CLOSE_TOO_SLOW)
            return
        await websocket.send_text(text)


async def _read(
    websocket: WebSocket,
    conn: Connection,
    actor: TableActor,
    settings: ServerSettings,
    bucket: TokenBucket,
) -> None:
    """Check each incoming message and hand acts to the table; refusals go to the sender."""
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        raw: Any = message.get("text")
        if raw is None:
            raw = (message.get("bytes") or b"").decode("utf-8", "replace")
        refusal, act = _parse(str(raw), settings, bucket)
        if refusal is not None:
            conn.send(error_text(*refusal))
        elif act is not None:
            actor.submit(Act(conn, act.version, act.action))


def _parse(
    raw: str, settings: ServerSettings, bucket: TokenBucket
) -> tuple[tuple[ErrorCode, str] | None, ActMessage | None]:
    """The act in ``raw``, or why it is refused (size, rate, JSON, schema)."""
    if len(raw.encode()) > settings.max_message_bytes:
        return (
            ErrorCode.TOO_LARGE,
            f"messages are limited to {settings.max_message_bytes} bytes",
        ), None
    if not bucket.allow():
        return (ErrorCode.RATE_LIMITED, "too many messages; slow down"), None
    try:
        return None, ActMessage.model_validate(orjson.loads(raw))
    except orjson.JSONDecodeError as exc:
        return (ErrorCode.MALFORMED, f"not JSON: {exc.msg}"), None
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "message"
        return (ErrorCode.MALFORMED, f"{where}: {first['msg']}"), None
