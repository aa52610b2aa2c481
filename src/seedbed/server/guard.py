"""The HTTP guard in front of every REST endpoint and page (a plain ASGI middleware):

- a request body longer than ``max_body_bytes`` gets 413 before any endpoint or parser sees it:
  a ``Content-Length`` over the limit before a byte is read, a chunked body as its chunks
  arrive (counted, whatever ``Content-Length`` claims); the connection is closed after a
  refusal, so the rest of the body is never read. A client that leaves mid-body is not
  served (its deadlines are :mod:`seedbed.server.connections`'s);
- a JSON body nested deeper than ``max_json_depth`` gets 422 before it is parsed (a parser
  would recurse once per level);
- every response carries the hardening headers: a Content-Security-Policy allowing only this
  origin, no framing, no referrer, no MIME sniffing.

Errors have the protocol's one error body, ``{"detail": "..."}``. WebSockets pass untouched
(their messages have limits of their own in :mod:`seedbed.server.app`).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from seedbed.server.config import ServerSettings
from seedbed.server.limits import json_too_deep

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
)


class Guard:
    """Body limit, JSON depth limit and security headers for every HTTP request."""

    def __init__(self, app: ASGIApp, settings: ServerSettings) -> None:
        self.app = app
        self.max_body = settings.max_body_bytes
        self.max_depth = settings.max_json_depth

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        send = _with_headers(send)
        body, refusal = await self._read(scope, receive)
        if body is None:
            return  # the client left (or its body deadline passed) before the body was whole
        if refusal is not None:
            await _refuse(send, *refusal)
            return
        await self.app(scope, _replay(body, receive), send)

    async def _read(
        self, scope: Scope, receive: Receive
    ) -> tuple[bytes | None, tuple[int, str] | None]:
        """The whole body (bounded; None if the client left first), or the status and reason
        it is refused with."""
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length", b"0")
        if declared.isdigit() and len(declared) < 19 and int(declared) > self.max_body:
            return b"", (413, self._too_long())
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return None, None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                return b"", (413, self._too_long())
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if b"json" in headers.get(b"content-type", b"") and json_too_deep(body, self.max_depth):
            return b"", (422, f"JSON nested deeper than {self.max_depth} levels")
        return body, None

    def _too_long(self) -> str:
        return f"request bodies are limited to {self.max_body} bytes"


def _replay(body: bytes, receive: Receive) -> Receive:
    """A receive that hands the app the body already read, then waits as usual."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


def _with_headers(send: Send) -> Send:
    """A send that adds each security header the response does not set itself."""

    async def send_with_headers(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = list(message.get("headers") or [])
            present = {name.lower() for name, _ in headers}
            headers += [(k, v) for k, v in SECURITY_HEADERS if k not in present]
            message["headers"] = headers
        await send(message)

    return send_with_headers


async def _refuse(send: Send, status: int, detail: str) -> None:
    body = json.dumps({"detail": detail}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
