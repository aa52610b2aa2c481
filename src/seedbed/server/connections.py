"""The server's connections below the application: uvicorn's HTTP and WebSocket protocols,
subclassed and given to ``uvicorn.Config(http=..., ws=...)`` by :func:`protocols`. These limits
must hold before a request or a message reaches the app, because a peer that sends nothing,
sends slowly or stops reading costs a file descriptor and memory without ever calling it
(issue 37, items 4, 7 and 10).

HTTP (:class:`GuardedHttp`, on uvicorn's httptools protocol, which has no header timeout: a
connection that sends nothing was held forever):

- a request's line and headers must arrive within ``header_seconds`` of the connection (or of
  the request's first byte on a kept-alive one), its body within ``body_seconds`` of its
  headers; past either, 408 and the connection is closed;
- at most ``http_connections_per_address`` connections per peer address; past it, 429 and
  closed before anything is read (a WebSocket upgrade stops counting here: the app counts
  sockets);
- at most ``ws_connects_per_minute`` WebSocket upgrades per peer address; past it, 429 with
  ``Retry-After`` and closed, before any handshake or the app (a flooder closed for its flood
  would otherwise cost a handshake per reconnect, hundreds a second);
- a response the peer leaves unread for ``send_seconds`` is abandoned: the connection is cut.

WebSocket (:class:`GuardedWebSocket`, on uvicorn's websockets-sansio protocol):

- messages are counted as their frames arrive, before the app or any JSON parser sees them:
  past ``flood_factor`` times the message rate (and the burst) the socket is closed with 1008,
  the messages it queued are dropped unread and nothing more is read from it; every message
  sent earns one back, like the app's rate limit. Frames are parsed :data:`SLICE` bytes at a
  time, so a flood is noticed within a slice rather than after a whole read (256 KiB of small
  frames, thousands of them, parsed in one go);
- the kernel's send buffer of a WebSocket is fixed at :data:`WS_SEND_BUFFER` (Linux would grow it
  to 4 MiB for a peer that does not read: a whole game's messages held for a stalled reader,
  which then never looks stalled);
- a peer that takes nothing for ``send_seconds`` is closed with 4408: the app hears of it at
  once (the socket's slot is freed), the close frame waits ``send_seconds`` more for the peer
  to read it, then the connection is cut (uvicorn's own close waits for a flush that never
  comes).
"""

from __future__ import annotations

import asyncio
import json
import socket
from dataclasses import dataclass
from typing import Any, ClassVar

from uvicorn._types import ASGISendEvent
from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol
from uvicorn.protocols.utils import ClientDisconnected
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState

from seedbed.server.config import ServerSettings
from seedbed.server.guard import SECURITY_HEADERS
from seedbed.server.limits import AddressBuckets, PeerCounts, TokenBucket
from seedbed.server.table import CLOSE_TOO_SLOW

CLOSE_FLOOD = 1008
"""Close code (policy violation) of a socket sending past ``flood_factor`` times its rate."""
SLICE = 16 * 1024
"""Bytes of WebSocket frames parsed at a time (a flood's rest is dropped unparsed)."""
WS_SEND_BUFFER = 64 * 1024
"""The kernel send buffer of a WebSocket, in bytes (Linux doubles it): about forty views of a
five-player table, so a peer that stops reading is noticed after a few moves, not a game."""


@dataclass(frozen=True)
class ConnectionRules:
    """The settings the protocols read, and the per-address count of HTTP connections."""

    header_seconds: float
    body_seconds: float
    send_seconds: float
    flood_rate: float
    flood_burst: int
    http_peers: PeerCounts
    ws_connects: AddressBuckets | None

    @classmethod
    def of(cls, settings: ServerSettings) -> ConnectionRules:
        # behind a proxy every connection comes from the proxy: a per-address limit there
        # would be one limit for everyone
        proxied = settings.trust_proxy_headers
        ceiling = None if proxied else settings.http_connections_per_address
        return cls(
            header_seconds=settings.header_seconds,
            body_seconds=settings.body_seconds,
            send_seconds=settings.send_seconds,
            flood_rate=settings.rate_per_second * settings.flood_factor,
            flood_burst=max(1, int(settings.rate_burst * settings.flood_factor)),
            http_peers=PeerCounts(ceiling),
            ws_connects=None if proxied else AddressBuckets(settings.ws_connects_per_minute),
        )

    def may_upgrade(self, peer: str) -> bool:
        return self.ws_connects is None or self.ws_connects.allow(peer)


def protocols(settings: ServerSettings) -> tuple[type[GuardedHttp], type[GuardedWebSocket]]:
    """The HTTP and WebSocket protocol classes for ``uvicorn.Config(http=..., ws=...)``, sharing
    one set of rules (uvicorn builds a protocol per connection from the class alone)."""
    shared = ConnectionRules.of(settings)

    class Http(GuardedHttp):
        rules = shared

    class WebSocket(GuardedWebSocket):
        rules = shared

    return Http, WebSocket


class GuardedHttp(HttpToolsProtocol):
    """uvicorn's HTTP/1.1 protocol with header and body deadlines, a per-address ceiling and
    a deadline on responses the peer stops reading."""

    rules: ClassVar[ConnectionRules]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.deadline: asyncio.TimerHandle | None = None
        self.stall: asyncio.TimerHandle | None = None
        self.peer = ""
        self.counted = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.peer = self.client[0] if self.client else ""
        self.counted = self.rules.http_peers.enter(self.peer)
        if not self.counted:
            self._answer(429, "too many connections from one address")
            return
        self._arm(self.rules.header_seconds, "request headers")

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self.stall is not None:
            self.stall.cancel()
            self.stall = None
        self._uncount()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self.deadline is None:  # the next request on a kept-alive connection
            self._arm(self.rules.header_seconds, "request headers")

    def on_headers_complete(self) -> None:
        self._disarm()
        self._arm(self.rules.body_seconds, "request body")
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        """The transport becomes a WebSocket's (the app counts it from here), unless the
        address opened too many this minute."""
        self._disarm()
        if not self.rules.may_upgrade(self.peer):
            retry = [(b"retry-after", b"60")]
            self._answer(429, "too many new WebSockets a minute from one address", retry)
            return
        self._uncount()
        super().handle_websocket_upgrade()

    def pause_writing(self) -> None:
        super().pause_writing()
        if self.stall is None:
            self.stall = self.loop.call_later(self.rules.send_seconds, self.transport.abort)

    def resume_writing(self) -> None:
        super().resume_writing()
        if self.stall is not None:
            self.stall.cancel()
            self.stall = None

    def _arm(self, seconds: float, what: str) -> None:
        self.deadline = self.loop.call_later(seconds, self._expire, seconds, what)

    def _disarm(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def _uncount(self) -> None:
        if self.counted:
            self.counted = False
            self.rules.http_peers.leave(self.peer)

    def _expire(self, seconds: float, what: str) -> None:
        """The deadline passed: 408 unless a response has begun, and the connection closed;
        the app, if it is reading the body, hears a disconnect."""
        self.deadline = None
        if self.transport.is_closing():
            return
        cycle = self.cycle
        if cycle is None or not cycle.response_started:
            self._answer(408, f"{what} must arrive within {seconds:g} s")
        else:
            self.transport.close()
        if cycle is not None:
            cycle.disconnected = True
            cycle.message_event.set()

    def _answer(
        self, status: int, detail: str, extra: list[tuple[bytes, bytes]] | None = None
    ) -> None:
        """A whole response written by the protocol itself, then the connection closed."""
        body = json.dumps({"detail": detail}).encode()
        headers = [
            *(extra or []),
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"connection", b"close"),
            *SECURITY_HEADERS,
        ]
        head = b"".join(name + b": " + value + b"\r\n" for name, value in headers)
        self.transport.write(STATUS_LINE[status] + head + b"\r\n" + body)
        self.transport.close()


class GuardedWebSocket(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol closing flooders unparsed and peers that stop reading."""

    rules: ClassVar[ConnectionRules]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.flood = TokenBucket(self.rules.flood_rate, self.rules.flood_burst)
        self.stall: asyncio.TimerHandle | None = None
        self.flooded = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        sock = transport.get_extra_info("socket")
        if sock is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, WS_SEND_BUFFER)
        super().connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if len(data) <= SLICE:
            if not self.flooded:
                super().data_received(data)
            return
        for start in range(0, len(data), SLICE):
            if self.flooded:
                return
            super().data_received(data[start : start + SLICE])

    def send_receive_event_to_app(self) -> None:
        if not self.close_sent and not self.flood.allow():
            self.frames = []
            self.flooded = True
            self._shut(CLOSE_FLOOD, "too many messages")
            self.transport.pause_reading()  # what it sends now waits in its own buffers
            return
        super().send_receive_event_to_app()

    async def send(self, message: ASGISendEvent) -> None:
        if message["type"] in ("websocket.send", "websocket.close") and self.close_sent:
            raise ClientDisconnected  # closed under the app (flood, too slow)
        if message["type"] == "websocket.send":
            self.flood.credit()
        await super().send(message)

    def pause_writing(self) -> None:
        super().pause_writing()
        if self.stall is None:
            self.stall = self.loop.call_later(self.rules.send_seconds, self._too_slow)

    def resume_writing(self) -> None:
        super().resume_writing()
        if self.stall is not None:
            self.stall.cancel()
            self.stall = None

    def connection_lost(self, exc: Exception | None) -> None:
        if self.stall is not None:
            self.stall.cancel()
            self.stall = None
        super().connection_lost(exc)

    def _too_slow(self) -> None:
        self.stall = None
        if self.close_sent or not self.handshake_complete:
            self.transport.abort()  # a close already waits behind the unread data
            return
        self._shut(CLOSE_TOO_SLOW, "messages left unread")

    def _shut(self, code: int, reason: str) -> None:
        """Close now, whatever the app is doing: it hears a disconnect at once (what the socket
        queued for it is dropped); the peer gets the close frame if it reads within
        ``send_seconds``, what it sends meanwhile is dropped undelivered until its own close
        frame ends the connection (closing the socket on unread data would reset it, and
        the close frame with it), and the connection is cut after that. A flooder is not
        read at all meanwhile (:meth:`send_receive_event_to_app`)."""
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait({"type": "websocket.disconnect", "code": code, "reason": reason})
        self.close_sent = True
        self.stop_keepalive()
        try:
            self.conn.send_close(code, reason)
            self.transport.write(b"".join(self.conn.data_to_send()))
        except InvalidState:
            pass
        if self.read_paused:
            self.read_paused = False
            self.transport.resume_reading()
        self.close_timer = self.loop.call_later(self.rules.send_seconds, self.transport.abort)
