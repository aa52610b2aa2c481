"""The FastAPI application: the REST endpoints and the WebSocket of docs/protocol.md.

:func:`create_app` builds an app from :class:`~seedbed.server.config.ServerSettings`; its
lifespan opens the store, applies the migrations, starts the bot pool, resumes every
unfinished table and sweeps for abandoned ones, and undoes all that on shutdown. Every HTTP
request passes the :class:`~seedbed.server.guard.Guard` (body size, JSON depth, security
headers). WebSocket handling is thin: address limits, size limit, rate limit and schema
validation here; everything about the game in the table's actor.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager, suppress
from typing import Annotated, Any, Literal
from urllib.parse import unquote

import orjson
from fastapi import FastAPI, HTTPException, Path, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    Response,
    StreamingResponse,
)
from pydantic import Field, TypeAdapter, ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match
from starlette.websockets import WebSocketDisconnect

from seedbed import engines
from seedbed.server.accounts import add_account_routes, remember_seat, signed_in
from seedbed.server.api_docs import add_api_docs
from seedbed.server.api_document import RECORD_ANSWER, create_table_document, errors
from seedbed.server.bot_pool import BotPool
from seedbed.server.cluster import Cluster
from seedbed.server.config import ServerSettings
from seedbed.server.etags import NOT_MODIFIED_DOC, conditional_json
from seedbed.server.forward import FRAME_FACTOR, relay
from seedbed.server.forward_http import OwnerProxy
from seedbed.server.forwarded import TrustedProxies, via_trusted_proxy
from seedbed.server.guard import Guard
from seedbed.server.health import add_health_routes
from seedbed.server.hints import HintAnswer, HintCache, HintRequest
from seedbed.server.hub import Hub, TableRequestError, seat_for_token, summary
from seedbed.server.i18n_routes import add_i18n_routes
from seedbed.server.ladder_routes import add_ladder_routes, with_bot_ratings
from seedbed.server.limits import (
    AddressBuckets,
    AddressLimits,
    MoveLimits,
    TokenBucket,
    install_redaction,
)
from seedbed.server.notify import Notifier, add_notify_routes, notifier_of
from seedbed.server.open_seats import add_seat_routes
from seedbed.server.origin import check_origin
from seedbed.server.protocol import (
    ActMessage,
    Catalog,
    CreateTableRequest,
    CreateTableResponse,
    DataFileRequest,
    DataFileResponse,
    ErrorCode,
    GameList,
    Metrics,
    Replay,
    SayMessage,
    SettingsMessage,
    TableList,
    TableSummary,
    UndoMessage,
    error_text,
)
from seedbed.server.replays import ReplayCache, replay_chunks
from seedbed.server.rules_pages import full_rules_page, guide_page, page_language
from seedbed.server.shared_limits import SharedCounts, share
from seedbed.server.storage import AsyncStore, Store, migrate
from seedbed.server.table import (
    Act,
    Configure,
    Connection,
    Join,
    Leave,
    Say,
    TableActor,
    Undo,
)
from seedbed.server.upload_rate import UploadRate
from seedbed.server.uploads import UploadReader
from seedbed.server.web import WEB_DIR, Revalidated, catalog_of, game_list
from seedbed.server.your_turn import add_your_turn_routes

log = logging.getLogger("seedbed.server")

CLOSE_UNKNOWN_TABLE = 4404
CLOSE_BAD_TOKEN = 4403
CLOSE_TOO_MANY = 4429

TABLE_ID = re.compile(r"[0-9a-f]{16}")
"""Table ids are 16 hex digits (``secrets.token_hex(8)``); anything else is unknown at once."""
ClientMessage = ActMessage | UndoMessage | SayMessage | SettingsMessage
CLIENT_MESSAGE: TypeAdapter[ClientMessage] = TypeAdapter(
    Annotated[ClientMessage, Field(discriminator="type")]
)
"""What a client may send: an ``act``, or a ``chat`` message."""

SEAT = re.compile(r"0|[1-9][0-9]?")
"""A seat number in a query: a canonical integer (no leading zero: ``00`` is refused like
fifteen zeros) of ASCII digits only ("²" and "١" are digits to ``str.isdigit``)."""


class Runtime:
    """What the lifespan opens: the hub of tables (None outside the lifespan)."""

    hub: Hub | None = None
    cluster: Cluster | None = None
    """This process's part of a cluster (``--cluster``, issue 32, D-72)."""
    notifier: Notifier | None = None
    """E-mail for the tables' ``on_turn`` hook (issue 31 item 3)."""

    def __init__(self) -> None:
        self.buckets: list[AddressBuckets] = []
        """The per-address allowances a cluster counts in its shared store (issue 32)."""

    def tables(self) -> Hub:
        if self.hub is None:
            raise RuntimeError("the server is not running")
        return self.hub

    async def table_or_404(self, table_id: str) -> TableActor:
        """The running or finished table; 404 for an unknown (or aborted) one, and for an id
        that cannot be one, without asking storage."""
        actor = await self.tables().get(table_id) if TABLE_ID.fullmatch(table_id) else None
        if actor is None:
            raise HTTPException(404, f"no table {table_id[:40]!r}")
        return actor


def create_app(settings: ServerSettings | None = None) -> FastAPI:
    """The server application for ``settings`` (defaults: the user's SQLite file)."""
    settings = settings or ServerSettings()
    if settings.engine is not None:
        engines.use(settings.engine)  # this process and the bot workers it starts
    runtime = Runtime()
    install_redaction()

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        store = Store(settings.resolved_database_url())
        await asyncio.to_thread(migrate, store.engine)
        async_store = AsyncStore(store)
        bots = BotPool(
            settings.bot_workers,
            settings.bot_seconds,
            address_share=settings.bot_address_share,
            turn_seconds=settings.bot_turn_seconds,
            table_share=settings.bot_table_share,
        )
        runtime.hub = Hub(async_store, bots, settings)
        runtime.notifier = notifier_of(runtime, settings)
        runtime.hub.on_turn = runtime.notifier.on_turn
        if settings.cluster:  # before any table is resumed: each is claimed first
            runtime.cluster = Cluster(runtime.hub, settings)
            await runtime.cluster.start()
            share(runtime.buckets, SharedCounts(async_store))
        resumed = await runtime.hub.resume_all()
        sweeps = asyncio.create_task(runtime.hub.run_sweeps(), name="seedbed-sweeps")
        digests = asyncio.create_task(runtime.notifier.run_digests(), name="seedbed-digests")
        log.info(
            "seedbed server ready; %d unfinished tables resumed; %s",
            resumed,
            engines.describe(),
        )
        try:
            yield
        finally:
            sweeps.cancel()
            digests.cancel()
            with suppress(asyncio.CancelledError):
                await sweeps
            with suppress(asyncio.CancelledError):
                await digests
            await runtime.notifier.close()
            bots.retire()  # the tables' cancelled moves start no new worker
            await runtime.hub.close()
            if runtime.cluster is not None:  # every move is stored: free the tables
                await runtime.cluster.close()
                runtime.cluster = None
            runtime.hub = None
            bots.close()
            async_store.close()

    app = FastAPI(
        title="seedbed",
        version="1",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        responses=errors(413, 422),
    )
    limits = AddressLimits(
        settings.tables_per_minute,
        settings.sockets_per_address,
        settings.sockets_per_table,
        uploads_per_minute=settings.uploads_per_minute,
    )
    runtime.buckets.extend(limits.buckets())
    if settings.cluster:  # inside the guard: a relayed call passed its checks here
        app.add_middleware(OwnerProxy, runtime=runtime)
    app.add_middleware(Guard, settings=settings)
    # outside the guard: an upload over its address's rate is refused before its body is read
    app.add_middleware(UploadRate, limits=limits, per_minute=settings.uploads_per_minute)
    if settings.trust_proxy_headers:  # outermost: the guard and the limits see the client
        app.add_middleware(TrustedProxies, proxies=settings.trusted_proxies)
    app.add_exception_handler(RequestValidationError, _one_line_422)
    app.add_exception_handler(StarletteHTTPException, _error_body)
    app.add_exception_handler(Exception, _internal)
    _add_rest(app, runtime, settings, limits)
    _add_lobby_helpers(app, runtime, settings)
    add_account_routes(app, runtime, settings)
    add_seat_routes(
        app, runtime, settings, limits, lambda r: invite_base(r, settings), client_address
    )
    _add_websocket(app, runtime, settings, limits)
    add_ladder_routes(app, runtime, settings)
    add_i18n_routes(app)
    add_your_turn_routes(app, runtime, settings)
    add_notify_routes(app, runtime, settings)
    add_health_routes(app, runtime)
    if settings.api_docs:
        add_api_docs(app)
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


async def _error_body(request: Request, exc: Exception) -> Response:
    """Every HTTP error as the one documented body (a string ``detail``), headers kept; a 405
    allows every method of the path (Starlette names those of the first route only)."""
    assert isinstance(exc, StarletteHTTPException)
    headers = dict(exc.headers or {})
    if exc.status_code == 405:
        headers["Allow"] = ", ".join(_methods_of(request))
    return JSONResponse({"detail": str(exc.detail)}, status_code=exc.status_code, headers=headers)


def _methods_of(request: Request) -> list[str]:
    """The methods the app answers on the request's path, across all of its routes."""
    methods: set[str] = set()
    for route in request.app.router.routes:
        found = getattr(route, "methods", None)
        if found and route.matches(request.scope)[0] != Match.NONE:
            methods.update(found)
    return sorted(methods)


async def _internal(_: Request, exc: Exception) -> Response:
    """A bug: logged with its trace, answered with the error body and nothing of the trace."""
    log.error("internal error", exc_info=exc)
    return JSONResponse({"detail": "internal error"}, status_code=500)


def client_address(request: Request | WebSocket) -> str:
    """The peer's address; behind a trusted proxy, the client's (the rightmost untrusted
    ``X-Forwarded-For`` entry, :mod:`seedbed.server.forwarded`)."""
    return request.client.host if request.client is not None else "unknown"


def invite_base(request: Request, settings: ServerSettings) -> str:
    """Where invite links point: the configured public URL, never a request header unless
    the operator said the proxy in front may be trusted, and the request came through it."""
    if settings.public_url or not via_trusted_proxy(request.scope):
        return settings.base_url()
    host = request.headers.get("x-forwarded-host") or request.headers.get("host")
    scheme = request.headers.get("x-forwarded-proto") or request.url.scheme
    return f"{scheme}://{host}" if host else settings.base_url()


def _add_rest(
    app: FastAPI, runtime: Runtime, settings: ServerSettings, limits: AddressLimits
) -> None:
    @app.post(
        "/api/tables",
        status_code=201,
        responses=errors(400, 403, 429),
        openapi_extra=create_table_document(),
    )
    async def create_table(req: CreateTableRequest, request: Request) -> CreateTableResponse:
        """Create a table and start it; tokens for the human seats are in this answer only.
        Each client address may create ``tables_per_minute`` tables a minute (429 past it).
        A signed-in creator's account remembers the first human seat (issue 30 item 1; 403
        when the session cookie comes from another site's page)."""
        check_origin(request, settings.public_url)
        address = client_address(request)
        await limits.check_create(address, settings.tables_per_minute)
        account = await signed_in(request)
        try:
            created = await runtime.tables().create(
                req,
                invite_base(request, settings),
                address,
                None if account is None else account.id,
            )
        except TableRequestError as exc:
            raise HTTPException(422, str(exc)) from None
        if account is not None and created.seats:
            first = created.seats[0]
            await remember_seat(runtime, account.id, created.table_id, first.seat, first.token)
        return created

    @app.get("/api/tables", response_model=TableList, responses=NOT_MODIFIED_DOC)
    async def list_tables(
        request: Request,
        status: Literal["running", "finished", "aborted"] | None = "running",
        game: Annotated[str | None, Query(max_length=64)] = None,
        limit: Annotated[int, Query(ge=1, le=100)] = 50,
        offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
    ) -> Response:
        """One page of tables, newest first: running ones by default; ``status`` and ``game``
        filter, ``limit`` and ``offset`` page (``total`` counts every match). Bulky options
        are left out (``options_url`` has them); 304 for an unchanged page (``ETag``)."""
        page = await runtime.tables().page(status, game, limit, offset)
        return conditional_json(request, page)

    @app.get(
        "/api/tables/{table_id}",
        response_model=TableSummary,
        responses={**NOT_MODIFIED_DOC, **errors(404)},
    )
    async def get_table(table_id: str, request: Request) -> Response:
        """One table's public summary (the seed once the game is over; bulky options at
        ``options_url``); 304 when unchanged (``ETag``)."""
        found = (
            None if not TABLE_ID.fullmatch(table_id) else await runtime.tables().summary(table_id)
        )
        if found is None:
            raise HTTPException(404, f"no table {table_id[:40]!r}")
        return conditional_json(request, found)

    @app.get(
        "/api/tables/{table_id}/options",
        response_model=dict[str, Any],
        responses={**NOT_MODIFIED_DOC, **errors(404)},
    )
    async def get_options(table_id: str, request: Request) -> Response:
        """The table's whole game options, the bulky ones too (a custom card set); 304 when
        the ``ETag`` is known (options never change)."""
        found = (
            None if not TABLE_ID.fullmatch(table_id) else await runtime.tables().options(table_id)
        )
        if found is None:
            raise HTTPException(404, f"no table {table_id[:40]!r}")
        return conditional_json(request, await asyncio.to_thread(orjson.dumps, found))

    @app.get(
        "/api/tables/{table_id}/record",
        response_class=Response,
        responses={200: RECORD_ANSWER, **errors(404, 409)},
    )
    async def get_record(table_id: str) -> Response:
        """The game record as JSON Lines (with the seed), once the game's end is stored (409
        before): it is never served short of its last move."""
        actor = await runtime.table_or_404(table_id)
        if not actor.finished:
            raise HTTPException(409, "the game is still running")
        return Response(actor.record().to_jsonl(), media_type="application/x-ndjson")

    @app.get("/api/metrics")
    async def metrics() -> Metrics:
        """Counters since the server started (bot fallbacks are errors: each is logged)."""
        hub = runtime.tables()
        stats = hub.bots.stats
        return Metrics(
            tables_in_memory=len(hub.live) + len(hub.done),
            tables_running=len(hub.live),
            bot_moves=hub.counters.bot_moves,
            bot_fallbacks=hub.counters.bot_fallbacks,
            bot_overruns=stats.overruns,
            tables_aborted=hub.counters.tables_aborted,
        )


def _add_lobby_helpers(app: FastAPI, runtime: Runtime, settings: ServerSettings) -> None:
    """What the browser client needs besides the protocol (docs/protocol.md, Lobby helpers)."""

    @app.get("/api/games")
    async def list_games() -> GameList:
        """The games as declared (titles, player counts, default options, the options' schema,
        the data files the lobby may upload) and the lobby's bot presets with their ladder
        ratings."""
        return await with_bot_ratings(
            runtime, game_list(settings.bot_seconds, settings.allow_chosen_seeds)
        )

    @app.get("/api/tables/{table_id}/catalog", responses=errors(404))
    async def get_catalog(table_id: str) -> Catalog:
        """The table's static client data (names and texts its views give by id only), as
        its game declares it; null for games whose views describe themselves."""
        info = None if not TABLE_ID.fullmatch(table_id) else await runtime.tables().info(table_id)
        if info is None:
            raise HTTPException(404, f"no table {table_id[:40]!r}")
        return await asyncio.to_thread(catalog_of, info.table)

    uploads = UploadReader(settings.upload_parses)

    @app.post("/api/games/{game}/files/{key}", responses=errors(400, 404, 413, 422, 429))
    async def post_data_file(
        game: Annotated[str, Path(max_length=64)],
        key: Annotated[str, Path(max_length=64)],
        req: DataFileRequest,
    ) -> DataFileResponse:
        """Read a data file (TOML or JSON) of one of the game's data options for the lobby:
        the option's value, or 422 naming ``file:line`` (413 past the file's limit, 404 for a
        game or key that takes no file). Each client address may upload
        ``uploads_per_minute`` files a minute (429 past it, before the body is read:
        :mod:`seedbed.server.upload_rate`)."""
        return await uploads.read(game, key, req)

    hints = HintCache()  # one greedy move per seat and view, computed off the event loop
    replays = ReplayCache(int(settings.replay_cache_mb * 1024 * 1024))

    @app.post("/api/tables/{table_id}/hint", responses=errors(400, 403, 404, 409))
    async def post_hint(table_id: str, req: HintRequest) -> HintAnswer:
        """What the greedy bot would play for the seat of ``token``, from that seat's view
        only, with one line on why: at a table that allows hints (table option ``hints``,
        403 otherwise, at a rated table, or for a wrong token), while the seat is on the move
        (409 otherwise). Worked out once per seat and view, off the event loop; asking again
        is free."""
        actor = await runtime.table_or_404(table_id)
        seat = seat_for_token(actor, req.token)
        if seat is None:
            raise HTTPException(403, "that token is no seat of this table")
        if actor.table.rated:
            raise HTTPException(403, "rated tables give no hints (the ladder's rules)")
        if not actor.table.table_options.get("hints"):
            raise HTTPException(403, "this table does not allow hints")
        if actor.finished or seat not in actor.state.to_move():
            raise HTTPException(409, "hints are given to a seat on the move")
        options = actor.table.table_options
        version = actor.version
        return await hints.answer(table_id, actor.state, seat, version, options, actor.undos)

    @app.get(
        "/api/tables/{table_id}/replay", response_model=Replay, responses=errors(404, 409, 422)
    )
    async def get_replay(
        table_id: str, seat: Annotated[str, Query(max_length=16)] = "spectator"
    ) -> Response:
        """Once the game is over: the views of ``seat`` (a seat number or ``spectator``)
        after every move, rebuilt from the record (409 before, 404 unknown, 422 bad seat).
        Streamed, written step by step in worker threads; kept for a second visit only if
        small (``--replay-cache-mb``)."""
        actor = await runtime.table_or_404(table_id)
        viewer = _replay_viewer(seat, actor.table.num_players)
        if not actor.finished:
            raise HTTPException(409, "the game is still running")
        key = (actor.id, viewer)
        text = replays.get(key)
        if text is not None:
            return Response(text, media_type="application/json")
        chunks = replays.stream(key, replay_chunks(actor, summary(actor).seats, viewer))
        return StreamingResponse(chunks, media_type="application/json")


def _replay_viewer(seat: str, num_players: int) -> int | None:
    """The viewer named by the ``seat`` query parameter; 422 for anything else."""
    if seat == "spectator":
        return None
    if SEAT.fullmatch(seat) and int(seat) < num_players:
        return int(seat)
    raise HTTPException(422, f"seat must be spectator or 0-{num_players - 1}, not {seat[:16]!r}")


def _add_client(app: FastAPI) -> None:
    """The static browser client: its files under /static, index.html for its pages."""
    app.mount("/static", Revalidated(directory=WEB_DIR), name="static")
    index = WEB_DIR / "index.html"

    async def page() -> FileResponse:
        return FileResponse(index, headers={"cache-control": "no-cache"})

    app.get("/", include_in_schema=False)(page)
    for prefix in ("play", "watch", "replay", "players", "ladder"):
        app.get(f"/{prefix}/{{table_id}}", include_in_schema=False)(page)

    @app.get("/rules/{game}", include_in_schema=False)
    async def rules_guide(
        request: Request,
        game: Annotated[str, Path(max_length=64)],
        lang: Annotated[str | None, Query(max_length=16)] = None,
    ) -> HTMLResponse:
        """How to play a game, for players, in the reader's language (issue 36 item 3), its
        clause ids linking to the full rules."""
        chosen = page_language(lang, request.headers.get("accept-language", ""))
        return _html_or_404(guide_page(game, chosen), game, chosen)

    @app.get("/rules/{game}/full", include_in_schema=False)
    async def rules_full(
        request: Request,
        game: Annotated[str, Path(max_length=64)],
        lang: Annotated[str | None, Query(max_length=16)] = None,
    ) -> HTMLResponse:
        """The full rules of a game (docs/rules/<game>.md), each clause id an anchor."""
        chosen = page_language(lang, request.headers.get("accept-language", ""))
        return _html_or_404(full_rules_page(game, chosen), game, chosen)


def _html_or_404(text: str | None, game: str, lang: str = "en") -> HTMLResponse:
    if text is None:
        raise HTTPException(404, f"no rules for {game[:40]!r}")
    headers = {"cache-control": "no-cache", "vary": "Accept-Language", "content-language": lang}
    return HTMLResponse(text, headers=headers)


def seat_token(query_string: bytes) -> tuple[bool, str | None]:
    """The ``token`` of a WebSocket URL's query, taken only from a parameter spelled exactly
    ``token``: (False, None) when another spelling decodes to it (``%74oken=``), which would
    slip past log redaction; (True, None) without a token.

    >>> seat_token(b"token=abc&x=1"), seat_token(b"%74oken=abc"), seat_token(b"")
    ((True, 'abc'), (False, None), (True, None))
    """
    token = None
    for part in query_string.split(b"&"):
        name, _, value = part.partition(b"=")
        if name == b"token":
            token = unquote(value.decode("ascii", "replace"))
        elif unquote(name.decode("ascii", "replace").replace("+", " ")).strip() == "token":
            return False, None
    return True, token


MOVES_REFUSED = "too many moves; slow down (a move rate per connection and per address)"


def _add_websocket(
    app: FastAPI, runtime: Runtime, settings: ServerSettings, limits: AddressLimits
) -> None:
    moves = MoveLimits(settings.moves_per_second, settings.address_moves_per_second)

    @app.websocket("/ws/tables/{table_id}")
    async def play(websocket: WebSocket, table_id: str) -> None:
        """A seat (with its token) or a spectator (without). Past an address's limits of
        open sockets the socket is accepted, then closed with 4429, as documented (a close
        before accepting is an HTTP 403 to the client, which says nothing of why). New
        sockets a minute are limited below the app (:mod:`seedbed.server.connections`)."""
        address = client_address(websocket)
        if runtime.cluster is not None and TABLE_ID.fullmatch(table_id):
            owner = await runtime.cluster.upstream(table_id, websocket)
            if owner is not None:  # another process runs the table (issue 32 item 1)
                if not limits.open(address, table_id):  # this process counts its clients
                    await websocket.accept()
                    await websocket.close(code=CLOSE_TOO_MANY, reason="too many connections")
                    return
                try:
                    await relay(websocket, owner, settings.max_message_bytes * FRAME_FACTOR)
                finally:
                    limits.close(address, table_id)
                return
        actor = None if not TABLE_ID.fullmatch(table_id) else await runtime.tables().get(table_id)
        if actor is None:
            await websocket.close(code=CLOSE_UNKNOWN_TABLE)
            return
        plain, token = seat_token(websocket.scope.get("query_string", b""))
        seat = None if token is None else seat_for_token(actor, token)
        if not plain or (token is not None and seat is None):
            await websocket.close(code=CLOSE_BAD_TOKEN)
            return
        mine = moves.connection()
        if not limits.open(address, table_id):
            await websocket.accept()
            await websocket.close(code=CLOSE_TOO_MANY, reason="too many connections")
            return
        try:
            await _serve(websocket, actor, seat, settings, lambda: moves.allow(address, mine))
        finally:
            limits.close(address, table_id)


async def _serve(
    websocket: WebSocket,
    actor: TableActor,
    seat: int | None,
    settings: ServerSettings,
    may_move: Callable[[], bool],
) -> None:
    await websocket.accept()
    bucket = TokenBucket(settings.rate_per_second, settings.rate_burst)
    conn = Connection(seat, settings.outbox_limit, bucket)
    writer = asyncio.create_task(_write(websocket, conn))
    actor.submit(Join(conn))
    try:
        await _read(websocket, conn, actor, settings, bucket, may_move)
    except WebSocketDisconnect:
        pass
    finally:
        actor.submit(Leave(conn))
        writer.cancel()
        await asyncio.gather(writer, return_exceptions=True)


async def _write(websocket: WebSocket, conn: Connection) -> None:
    """Send the connection's outbox in order; close a connection that stopped reading, or
    that its table closed."""
    while True:
        text = await conn.outbox.get()
        if text is None or conn.dropped:
            await websocket.close(code=conn.close_code, reason=conn.close_reason)
            return
        await websocket.send_text(text)


async def _read(
    websocket: WebSocket,
    conn: Connection,
    actor: TableActor,
    settings: ServerSettings,
    bucket: TokenBucket,
    may_move: Callable[[], bool],
) -> None:
    """Check each incoming message and hand acts to the table (within the connection's and
    the address's move rates); refusals go to the sender, but only the first of a run of
    ``rate_limited`` ones (answering each would let a flood cost as much as the messages it is
    refused)."""
    limited = False
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        raw: Any = message.get("text")
        if raw is None:
            raw = (message.get("bytes") or b"").decode("utf-8", "replace")
        refusal, said = _parse(str(raw), settings, bucket)
        was_limited = limited
        limited = refusal is not None and refusal[0] == ErrorCode.RATE_LIMITED
        if limited and was_limited:
            continue
        if refusal is not None:
            conn.send(error_text(*refusal))
        elif isinstance(said, ActMessage | UndoMessage) and not may_move():
            conn.send(error_text(ErrorCode.RATE_LIMITED, MOVES_REFUSED))
        elif isinstance(said, ActMessage):
            actor.submit(Act(conn, said.version, said.action))
        elif isinstance(said, UndoMessage):
            actor.submit(Undo(conn, said.version))
        elif isinstance(said, SayMessage):
            actor.submit(Say(conn, said.text))
        elif isinstance(said, SettingsMessage):
            actor.submit(Configure(conn, said.auto_pass))


def _parse(
    raw: str, settings: ServerSettings, bucket: TokenBucket
) -> tuple[tuple[ErrorCode, str] | None, ClientMessage | None]:
    """The act or chat message in ``raw``, or why it is refused (size, rate, depth, JSON,
    schema)."""
    data = raw.encode()
    if len(data) > settings.max_message_bytes:
        return (
            ErrorCode.TOO_LARGE,
            f"messages are limited to {settings.max_message_bytes} bytes",
        ), None
    if not bucket.allow():
        return (ErrorCode.RATE_LIMITED, "too many messages; slow down"), None
    try:
        return None, CLIENT_MESSAGE.validate_python(orjson.loads(data))
    except orjson.JSONDecodeError as exc:
        return (ErrorCode.MALFORMED, f"not JSON: {exc.msg}"), None
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "message"
        return (ErrorCode.MALFORMED, f"{where}: {first['msg']}"), None
