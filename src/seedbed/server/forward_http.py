"""A table's REST calls relayed to the process that owns it (issue 32 item 1, D-72).

The calls under ``/api/tables/{id}/...`` that need the table's actor (taking an open seat, a
hint, the record of a running table) are answered by its owner: a process that does not own
the table and cannot claim it passes the request on (method, path, query, headers, body) to
the owner's internal address and returns the owner's answer as it is. It runs inside the
guard (body limits, Origin checks, deadlines happen first, here) and only with ``--cluster``.
A relayed request carries :data:`~seedbed.server.forward.HOP` and is never relayed again.
"""

from __future__ import annotations

import re
from typing import Protocol

import httpx
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from seedbed.server.cluster import Cluster
from seedbed.server.forward import DROPPED, HOP, client_header

TABLE_CALL = re.compile(r"/api/tables/([0-9a-f]{16})/.+")
"""A call about one table beyond its summary (which any process reads from storage)."""


ANSWER_DROPPED = {"content-length", "transfer-encoding", "connection", "content-encoding"}
"""Answer headers not passed back (the body is passed decoded, with its own length)."""

RELAY_SECONDS = 30.0


class HasCluster(Protocol):
    cluster: Cluster | None


class OwnerProxy:
    """ASGI middleware: relays a table's calls to its owner when that is another process."""

    def __init__(self, app: ASGIApp, runtime: HasCluster) -> None:
        self.app = app
        self.runtime = runtime
        self.client: httpx.AsyncClient | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        cluster = self.runtime.cluster
        if scope["type"] != "http" or cluster is None:
            await self.app(scope, receive, send)
            return
        found = TABLE_CALL.fullmatch(scope["path"])
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        owner = None
        if found is not None and HOP not in headers:
            owner = await cluster.owner_elsewhere(found.group(1))
        if owner is None:
            await self.app(scope, receive, send)
            return
        await self._relay(owner, scope, headers, receive, send)

    async def _relay(
        self, owner: str, scope: Scope, headers: dict[str, str], receive: Receive, send: Send
    ) -> None:
        body = bytearray()
        while True:
            message: Message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        if self.client is None:
            self.client = httpx.AsyncClient(timeout=RELAY_SECONDS)
        query = scope.get("query_string", b"").decode("latin-1")
        url = owner.rstrip("/") + scope["path"] + (f"?{query}" if query else "")
        passed = {k: v for k, v in headers.items() if k not in DROPPED}
        client = scope.get("client")
        passed.update(client_header(client[0] if client else "unknown"))
        try:
            answer = await self.client.request(
                scope["method"], url, content=bytes(body), headers=passed
            )
        except httpx.HTTPError:
            await _plain(send, 503, b'{"detail":"the table\'s server does not answer; retry"}')
            return
        kept = [
            (k.encode("latin-1"), v.encode("latin-1"))
            for k, v in answer.headers.multi_items()
            if k.lower() not in ANSWER_DROPPED
        ]
        kept.append((b"content-length", str(len(answer.content)).encode()))
        await send({"type": "http.response.start", "status": answer.status_code, "headers": kept})
        await send({"type": "http.response.body", "body": answer.content})


async def _plain(send: Send, status: int, body: bytes) -> None:
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
