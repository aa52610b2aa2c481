"""A client's WebSocket relayed to the process that owns its table (issue 32 item 1, D-72).

A process that does not own a table opens the same WebSocket (path and query, so the seat's
token) on the owner's internal address and relays messages both ways, unread: the owner checks
and answers them as for any client. A WebSocket client cannot follow a redirect, so forwarding
is what lets any process accept any table's socket behind a balancer that knows nothing of
tables. The owner's close (code and reason) is passed on; when the owner goes away without
one (killed), the client is closed with 1012 ("service restart") and reconnects, to a process
that by then owns the table or forwards to its new owner.

A relayed socket carries :data:`HOP`: the owner never forwards it again, so a table changing
owners can bounce a client at most once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import websockets
from starlette.websockets import WebSocket, WebSocketDisconnect
from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed, InvalidStatus

log = logging.getLogger(__name__)

HOP = "x-seedbed-forwarded"
"""The header of a relayed socket (a process never relays one again)."""

DROPPED = {"content-length", "connection", "transfer-encoding", "x-forwarded-for", HOP}
"""Request headers not passed on to the owner (httpx sets its own; Host is kept: the owner
checks Origin against it and builds invite links from it)."""

CLOSE_RESTART = 1012
"""The owner went away without a close: reconnect (it is the browser client's default)."""

CLOSE_TRY_AGAIN = 1013
"""The owner does not answer yet: reconnect a little later."""

OPEN_SECONDS = 5.0

FRAME_FACTOR = 4
"""uvicorn's ws_max_size as a multiple of the message size limit (and the relay's)."""


def upstream_url(address: str, path: str, query: bytes) -> str:
    """The owner's URL of the same socket: ``http(s)://`` becomes ``ws(s)://``.

    >>> upstream_url("http://10.0.0.2:8000", "/ws/tables/ab", b"token=x")
    'ws://10.0.0.2:8000/ws/tables/ab?token=x'
    """
    base = "ws" + address.rstrip("/").removeprefix("http")
    return f"{base}{path}" + (f"?{query.decode('ascii', 'replace')}" if query else "")


def client_header(client: str) -> dict[str, str]:
    """The headers that tell the owner who the client is: ``X-Forwarded-For`` with the
    address this process resolved (its peer, or the client behind its trusted proxies). An
    owner started with ``--trust-proxy-headers`` and the other processes among its
    ``--trusted-proxies`` counts the client's own limits (sockets, moves: issue 32 item 3);
    any other owner ignores it and counts the relaying process."""
    return {HOP: "1", "x-forwarded-for": client}


async def relay(websocket: WebSocket, url: str, max_size: int) -> None:
    """Serve ``websocket`` through the owner at ``url`` until either side closes."""
    client = websocket.client.host if websocket.client is not None else "unknown"
    try:
        upstream = await websockets.connect(
            url, additional_headers=client_header(client), max_size=max_size,
            open_timeout=OPEN_SECONDS, compression=None,
        )  # fmt: skip
    except InvalidStatus:  # the owner refused it (unknown table, bad token): so do we
        await websocket.close(code=1008)
        return
    except (OSError, TimeoutError, ConnectionClosed):
        await websocket.accept()
        await websocket.close(code=CLOSE_TRY_AGAIN, reason="the table's server does not answer")
        return
    await websocket.accept()
    up = asyncio.create_task(_down(upstream, websocket))
    try:
        await _up(websocket, upstream)
    finally:
        await upstream.close()
        await asyncio.gather(up, return_exceptions=True)


async def _up(websocket: WebSocket, upstream: ClientConnection) -> None:
    """The client's messages to the owner, until the client leaves or the owner is gone."""
    while True:
        try:
            message = await websocket.receive()
        except (WebSocketDisconnect, RuntimeError):
            return
        if message["type"] == "websocket.disconnect":
            return
        data = message.get("text")
        if data is None:
            data = message.get("bytes") or b""
        try:
            await upstream.send(data)
        except ConnectionClosed:
            return


async def _down(upstream: ClientConnection, websocket: WebSocket) -> None:
    """The owner's messages to the client, then its close (or 1012 when it vanished)."""
    try:
        async for data in upstream:
            if isinstance(data, bytes):
                await websocket.send_bytes(data)
            else:
                await websocket.send_text(data)
    except ConnectionClosed:
        pass
    except Exception:  # the client is gone: its side ends the relay
        return
    code, reason = upstream.close_code, upstream.close_reason or ""
    if code is None or code in (1005, 1006):
        code, reason = CLOSE_RESTART, "the table's server went away"
    with contextlib.suppress(Exception):
        await websocket.close(code=code, reason=reason)
