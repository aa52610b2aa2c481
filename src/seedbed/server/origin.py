"""The Origin rule (issue 30 item 1): a state-changing request that relies on the session
cookie must come from a page of this server. Browsers send the session cookie with a form
another site posts here (``SameSite=Lax`` stops most, not a same-site subdomain's), so such a
request names where it comes from in ``Origin`` (or, failing that, ``Referer``), and that
must be the server's own origin: the configured ``--public-url``, or the scheme and host the
request was sent to (behind a trusted proxy, ``X-Forwarded-Proto``/``-Host``). Refused with
403 and one line otherwise.

Use :func:`check_origin` in a route, or :func:`same_origin` as a FastAPI dependency
(``dependencies=[Depends(same_origin)]``): either checks only POST, PUT, PATCH and DELETE
requests that carry the session cookie (a guest's request has none to abuse).

>>> origin_of("https://Play.Example.org:443/play/x?token=1"), origin_of("null"), origin_of("")
('https://play.example.org', None, None)
"""

from __future__ import annotations

from urllib.parse import urlsplit

from fastapi import HTTPException, Request

from seedbed.server.forwarded import via_trusted_proxy

SESSION_COOKIE = "seedbed_session"
"""The session cookie's name (:mod:`seedbed.server.accounts`)."""
STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
DEFAULT_PORTS = {"http": 80, "https": 443}


def origin_of(url: str) -> str | None:
    """``scheme://host[:port]`` of ``url``, lower case, without a default port; None for
    anything that names no origin (``null``, a relative URL, garbage)."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme, host = parts.scheme.lower(), (parts.hostname or "")
    if scheme not in DEFAULT_PORTS or not host:
        return None
    if ":" in host:  # IPv6
        host = f"[{host}]"
    shown_port = "" if port in (None, DEFAULT_PORTS[scheme]) else f":{port}"
    return f"{scheme}://{host}{shown_port}"


def own_origins(request: Request, public_url: str | None) -> set[str]:
    """The origins of this server for ``request``: the public URL's, and the one the request
    was sent to (the forwarded host only through a trusted proxy)."""
    found = set()
    if public_url:
        found.add(origin_of(public_url))
    forwarded = via_trusted_proxy(request.scope)
    host = (forwarded and request.headers.get("x-forwarded-host")) or request.headers.get("host")
    if host:
        found.add(origin_of(f"{request.url.scheme}://{host.split(',')[0].strip()}"))
    return {o for o in found if o is not None}


def origin_refusal(request: Request, public_url: str | None, *, always: bool = False) -> str | None:
    """Why the request is refused under the Origin rule, or None. Only state-changing
    requests carrying the session cookie are checked, unless ``always`` (sign-in and sign-up,
    which set the cookie: a request without ``Origin`` and ``Referer`` passes there)."""
    has_cookie = SESSION_COOKIE in request.cookies
    if request.method not in STATE_CHANGING or not (has_cookie or always):
        return None
    claimed = request.headers.get("origin")
    source = "Origin"
    if claimed is None:
        claimed, source = request.headers.get("referer"), "Referer"
    if claimed is None:
        if not has_cookie:
            return None
        return "a request with the session cookie must say where it comes from (Origin)"
    if origin_of(claimed) not in own_origins(request, public_url):
        return f"cross-origin request refused ({source} is not this server)"
    return None


def check_origin(request: Request, public_url: str | None, *, always: bool = False) -> None:
    """403 with one line for a request the Origin rule refuses (:func:`origin_refusal`)."""
    reason = origin_refusal(request, public_url, always=always)
    if reason is not None:
        raise HTTPException(403, reason)


async def same_origin(request: Request) -> None:
    """:func:`check_origin` as a FastAPI dependency; the public URL is the one the app was
    built with (``app.state.seedbed_public_url``, set by :func:`add_account_routes`)."""
    check_origin(request, getattr(request.app.state, "seedbed_public_url", None))
