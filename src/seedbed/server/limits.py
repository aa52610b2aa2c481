"""Guards: a token-bucket rate limit, limits per client address (tables created, sockets
open), move rates per connection and per address, and a logging filter that keeps seat
tokens out of every log line: uvicorn logs WebSocket paths with their query string, so every
query string is hidden whole (a token could hide behind any spelling of its name,
``%74oken=``).

>>> bucket = TokenBucket(rate=30, burst=2, clock=lambda: 0.0)
>>> bucket.allow(), bucket.allow(), bucket.allow()
(True, True, False)
>>> redact("GET /ws/tables/ab?token=s3cret&x=1 HTTP/1.1")
'GET /ws/tables/ab?[redacted] HTTP/1.1'
>>> redact("a token=s3cret in a message")
'a token=[redacted] in a message'
"""

from __future__ import annotations

import logging
import re
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import TypeVar

from fastapi import HTTPException

K = TypeVar("K")

_QUERY = re.compile(r"\?[^\s\"']+")
_TOKEN = re.compile(r"(token=)[^&\s\"']*", re.IGNORECASE)


class TokenBucket:
    """``rate`` messages per second on average, bursts of ``burst``."""

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.clock = clock
        self.tokens = float(burst)
        self.last = clock()

    def allow(self) -> bool:
        """Take one token if there is one."""
        t = self.clock()
        self.tokens = min(self.burst, self.tokens + (t - self.last) * self.rate)
        self.last = t
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def credit(self) -> None:
        """Give back one message (up to the burst): the server sent something to answer."""
        self.tokens = min(self.burst, self.tokens + 1.0)


def redact(text: str) -> str:
    """``text`` with every query string and every ``token=…`` value hidden."""
    return _TOKEN.sub(r"\1[redacted]", _QUERY.sub("?[redacted]", text))


class RedactTokens(logging.Filter):
    """Rewrites a record's whole message (arguments merged in) so no query string or seat
    token reaches a handler, whatever the argument types."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a malformed record: keep its template only
            message = str(record.msg)
        record.msg, record.args = redact(message), None
        return True


LOGGERS = ("", "uvicorn", "uvicorn.error", "uvicorn.access", "seedbed", "websockets")


def install_redaction() -> None:
    """Attach the filter to the server's loggers and to every handler they have (a logger's
    filter does not see records propagated from its children; a handler's does). Call it
    again after a logging configuration adds handlers."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        for target in [logger, *logger.handlers]:
            if not any(isinstance(f, RedactTokens) for f in target.filters):
                target.addFilter(RedactTokens())


Shared = Callable[[str, str, float], Awaitable[bool]]
"""Takes one from an allowance in the shared store: (limit name, address, per minute)."""


class AddressBuckets:
    """A token bucket per client address, ``per_minute`` takes a minute in bursts of as many
    (at least one). Memory stays bounded: at most ``max_addresses`` buckets are kept (the
    least recently used is forgotten; at worst a forgotten address gets a fresh burst).

    >>> uploads = AddressBuckets(per_minute=2, clock=lambda: 0.0)
    >>> [uploads.allow("1.2.3.4") for _ in range(3)], uploads.allow("5.6.7.8")
    ([True, True, False], True)
    """

    def __init__(
        self,
        per_minute: float,
        max_addresses: int = 10_000,
        clock: Callable[[], float] = time.monotonic,
        name: str = "",
    ) -> None:
        self.per_minute = per_minute
        self.max_addresses = max_addresses
        self.clock = clock
        self.name = name
        """The limit's name in the shared store (``tables``, ``sign-in``...)."""
        self.shared: Shared | None = None
        """Set in a cluster (issue 32 item 3): the takes are counted in the shared database
        (:class:`~seedbed.server.shared_limits.SharedCounts`), not in this process."""
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    async def take(self, address: str) -> bool:
        """:meth:`allow`, counted across the cluster's processes when there is one."""
        if self.shared is not None:
            return await self.shared(self.name, address, self.per_minute)
        return self.allow(address)

    def allow(self, address: str) -> bool:
        """Take one from the address's allowance, if it has one left."""
        bucket = self._buckets.get(address)
        if bucket is None:
            burst = max(1, int(self.per_minute))
            bucket = TokenBucket(self.per_minute / 60.0, burst, self.clock)
            self._buckets[address] = bucket
            while len(self._buckets) > self.max_addresses:
                self._buckets.popitem(last=False)
        self._buckets.move_to_end(address)
        return bucket.allow()


class AddressLimits:
    """Per client address: tables created and card-file uploads (:class:`AddressBuckets`),
    and WebSockets open, overall and per table.

    >>> limits = AddressLimits(tables_per_minute=2, sockets=3, sockets_per_table=2)
    >>> [limits.may_create("1.2.3.4") for _ in range(3)]
    [True, True, False]
    >>> [b.name for b in limits.buckets()]
    ['tables', 'uploads']
    >>> limits.open("1.2.3.4", "t"), limits.open("1.2.3.4", "t"), limits.open("1.2.3.4", "t")
    (True, True, False)
    >>> limits.open("1.2.3.4", "u"), limits.open("1.2.3.4", "v")
    (True, False)
    """

    def __init__(
        self,
        tables_per_minute: float,
        sockets: int,
        sockets_per_table: int,
        max_addresses: int = 10_000,
        clock: Callable[[], float] = time.monotonic,
        uploads_per_minute: float = 10.0,
    ) -> None:
        self.tables_per_minute = tables_per_minute
        self.sockets = sockets
        self.sockets_per_table = sockets_per_table
        self._tables = AddressBuckets(tables_per_minute, max_addresses, clock, "tables")
        self._uploads = AddressBuckets(uploads_per_minute, max_addresses, clock, "uploads")
        self._open: dict[str, int] = {}
        self._open_on: dict[tuple[str, str], int] = {}

    def may_create(self, address: str) -> bool:
        """Take one table creation from the address's allowance, if it has one left."""
        return self._tables.allow(address)

    def buckets(self) -> list[AddressBuckets]:
        """The allowances a cluster counts in its shared store (issue 32 item 3)."""
        return [self._tables, self._uploads]

    async def check_create(self, address: str, per_minute: float) -> None:
        """:meth:`may_create` (across a cluster's processes), or a 429 with Retry-After for
        a client past its allowance (a table made by ``POST /api/tables`` or by quick match
        counts alike)."""
        if not await self._tables.take(address):
            raise HTTPException(
                429,
                f"at most {per_minute:g} new tables a minute from one address",
                headers={"retry-after": "60"},
            )

    def may_upload(self, address: str) -> bool:
        """Take one data-file upload from the address's allowance (issue 37 item 9)."""
        return self._uploads.allow(address)

    async def take_upload(self, address: str) -> bool:
        """:meth:`may_upload`, across a cluster's processes."""
        return await self._uploads.take(address)

    def open(self, address: str, table_id: str) -> bool:
        """Count a socket opening; False (nothing counted) when a limit is reached."""
        here = (address, table_id)
        if self._open.get(address, 0) >= self.sockets:
            return False
        if self._open_on.get(here, 0) >= self.sockets_per_table:
            return False
        self._open[address] = self._open.get(address, 0) + 1
        self._open_on[here] = self._open_on.get(here, 0) + 1
        return True

    def close(self, address: str, table_id: str) -> None:
        """Count a socket closing (one that :meth:`open` counted)."""
        _decrement(self._open, address)
        _decrement(self._open_on, (address, table_id))


MOVE_BURST_SECONDS = 3.0
"""Move buckets hold three seconds' worth of moves."""


class MoveLimits:
    """Moves (acts) per connection and per client address (issue 37 item 5), apart from the
    message rate: views credit a connection's messages, so a client holding every seat of a
    table, answering each view at once, was never refused however fast it played. Bursts of
    :data:`MOVE_BURST_SECONDS`; at most ``max_addresses`` address buckets are kept (the least
    recently used forgotten).

    >>> moves = MoveLimits(per_connection=1, per_address=2, clock=lambda: 0.0)
    >>> one, two = moves.connection(), moves.connection()
    >>> [moves.allow("1.2.3.4", one) for _ in range(4)]
    [True, True, True, False]
    >>> [moves.allow("1.2.3.4", two) for _ in range(4)]
    [True, True, True, False]
    >>> moves.allow("5.6.7.8", moves.connection())
    True
    """

    def __init__(
        self,
        per_connection: float,
        per_address: float,
        max_addresses: int = 10_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.per_connection = per_connection
        self.per_address = per_address
        self.max_addresses = max_addresses
        self.clock = clock
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def _bucket(self, rate: float) -> TokenBucket:
        return TokenBucket(rate, max(1, int(rate * MOVE_BURST_SECONDS)), self.clock)

    def connection(self) -> TokenBucket:
        """A new connection's move bucket."""
        return self._bucket(self.per_connection)

    def allow(self, address: str, connection: TokenBucket) -> bool:
        """Take one move from the connection's and the address's allowances, if both have
        one left."""
        bucket = self._buckets.get(address)
        if bucket is None:
            bucket = self._buckets[address] = self._bucket(self.per_address)
            while len(self._buckets) > self.max_addresses:
                self._buckets.popitem(last=False)
        self._buckets.move_to_end(address)
        return connection.allow() and bucket.allow()


class PeerCounts:
    """Connections open per peer address, with a ceiling (None: counted, never refused). The
    count of an address that has none open is dropped, so memory follows open connections.

    >>> peers = PeerCounts(2)
    >>> peers.enter("a"), peers.enter("a"), peers.enter("a"), peers.enter("b")
    (True, True, False, True)
    >>> peers.leave("a"); peers.enter("a")
    True
    """

    def __init__(self, limit: int | None) -> None:
        self.limit = limit
        self.open: dict[str, int] = {}

    def enter(self, address: str) -> bool:
        """Count a connection opening; False (nothing counted) at the ceiling."""
        held = self.open.get(address, 0)
        if self.limit is not None and held >= self.limit:
            return False
        self.open[address] = held + 1
        return True

    def leave(self, address: str) -> None:
        """Count a connection closing (one that :meth:`enter` counted)."""
        _decrement(self.open, address)


def _decrement(counts: dict[K, int], key: K) -> None:
    left = counts.get(key, 0) - 1
    if left > 0:
        counts[key] = left
    else:
        counts.pop(key, None)


_JSON_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_PARENS = bytes.maketrans(b"[{]}", b"(())")


def json_too_deep(body: bytes, limit: int) -> bool:
    """Whether ``body`` (JSON text) nests arrays and objects deeper than ``limit``, found
    without parsing it, in C loops: strings are blanked, everything but brackets dropped, and
    innermost pairs removed ``limit`` times; pairs still left nest deeper. Malformed text is
    the parser's business (unbalanced brackets are not "too deep").

    >>> json_too_deep(b'{"a": [1, {"b": "[[[["}]}', 3), json_too_deep(b"[[[[]]]]", 3)
    (False, True)
    >>> json_too_deep(b"[" * 100_000 + b"]" * 100_000, 32), json_too_deep(b"[[]", 2)
    (True, False)
    """
    if body.count(b"[") + body.count(b"{") <= limit:
        return False
    nest = _JSON_STRING.sub(b"", body).translate(_PARENS, _NOT_BRACKETS)
    too_deep = b"(" * (limit + 1)
    for _ in range(limit):
        if too_deep in nest:  # the usual bomb, found in one pass
            return True
        shorter = nest.replace(b"()", b"")
        if len(shorter) == len(nest):
            break
        nest = shorter
    return b"()" in nest
