"""Client addresses behind a reverse proxy (``--trust-proxy-headers``): uvicorn's
``ProxyHeadersMiddleware`` with the configured proxies only (never ``*``), so the address is
the rightmost ``X-Forwarded-For`` entry that is not a trusted proxy — each proxy appends the
peer it saw, everything left of that was written by the client and proves nothing (issue 37,
item 8). It runs in the app, not in uvicorn's configuration, so the in-process tests go
through it too, and it marks the requests that came through a trusted proxy: only those may
name invite links with ``X-Forwarded-Host``/``-Proto``.

>>> from seedbed.server.forwarded import check_proxies
>>> check_proxies(" 10.0.0.0/8, ::1 ")
('10.0.0.0/8', '::1')
>>> check_proxies("*")
Traceback (most recent call last):
...
ValueError: --trusted-proxies takes IP addresses or networks (10.0.0.0/8), not '*'
"""

from __future__ import annotations

import ipaddress
from collections.abc import MutableMapping
from typing import Any, cast

from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from seedbed.server.guard import ASGIApp, Receive, Scope, Send

VIA_TRUSTED_PROXY = "seedbed.via_trusted_proxy"
"""Set (True) in the ASGI scope of a request whose peer is a trusted proxy."""


def check_proxies(text: str) -> tuple[str, ...]:
    """The comma-separated addresses and networks of ``--trusted-proxies``; ValueError with
    one line for anything else (a host name, ``*``, an empty list)."""
    return tuple(_proxy(part.strip()) for part in text.split(","))


def _proxy(entry: str) -> str:
    """An address, or a network written with its host bits cleared (``10.1.2.3/8`` is
    ``10.0.0.0/8``: uvicorn would take the first spelling for a name and match nothing)."""
    try:
        if "/" in entry:
            return str(ipaddress.ip_network(entry, strict=False))
        return str(ipaddress.ip_address(entry))
    except ValueError:
        raise ValueError(
            f"--trusted-proxies takes IP addresses or networks (10.0.0.0/8), not {entry!r}"
        ) from None


class TrustedProxies:
    """``X-Forwarded-For``/``-Proto`` applied from the trusted proxies only (by uvicorn's
    middleware), the request marked with :data:`VIA_TRUSTED_PROXY` when they were."""

    def __init__(self, app: ASGIApp, proxies: tuple[str, ...]) -> None:
        self.inner = ProxyHeadersMiddleware(cast(Any, app), trusted_hosts=list(proxies))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            peer = scope.get("client")
            scope[VIA_TRUSTED_PROXY] = peer is not None and peer[0] in self.inner.trusted_hosts
        await self.inner(cast(Any, scope), cast(Any, receive), cast(Any, send))


def via_trusted_proxy(scope: MutableMapping[str, Any]) -> bool:
    """Whether the request came through a trusted proxy (its forwarded headers count)."""
    return bool(scope.get(VIA_TRUSTED_PROXY))
