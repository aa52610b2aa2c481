"""The per-address rate limit of data-file uploads (issue 37 item 9), as a plain ASGI
middleware in front of the guard: an address past ``uploads_per_minute`` gets 429 before its
body is read, scanned or parsed, so a refused upload costs next to nothing (8 uploaders had
280 refused 440 KB bodies a second read and scanned, which took most of the event loop). The
answer carries the guard's hardening headers all the same.
"""

from __future__ import annotations

import re

from starlette.requests import Request
from starlette.responses import JSONResponse

from seedbed.server.guard import SECURITY_HEADERS, ASGIApp, Receive, Scope, Send
from seedbed.server.limits import AddressLimits

UPLOAD_PATH = re.compile(r"/api/games/[^/]+/files/[^/]+")


class UploadRate:
    """429 with ``retry-after: 60`` for an upload past its address's allowance."""

    def __init__(self, app: ASGIApp, limits: AddressLimits, per_minute: float) -> None:
        self.app = app
        self.limits = limits
        self.per_minute = per_minute

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self._upload(scope) and not await self._allowed(scope):
            detail = f"at most {self.per_minute:g} uploads a minute from one address"
            headers = {k.decode(): v.decode() for k, v in SECURITY_HEADERS}
            refusal = JSONResponse({"detail": detail}, 429, {**headers, "retry-after": "60"})
            await refusal(scope, receive, send)
            return
        await self.app(scope, receive, send)

    @staticmethod
    def _upload(scope: Scope) -> bool:
        post = scope["type"] == "http" and scope["method"] == "POST"
        return post and UPLOAD_PATH.fullmatch(scope["path"]) is not None

    async def _allowed(self, scope: Scope) -> bool:
        client = Request(scope).client
        return await self.limits.take_upload(client.host if client is not None else "unknown")
