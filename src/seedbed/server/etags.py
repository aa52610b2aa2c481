"""Conditional GETs for what the lobby polls (issue 37, item 6): each answer carries an
``ETag`` (a digest of its body) and ``Cache-Control: no-cache``, so a browser asks again with
``If-None-Match`` every time and an unchanged answer costs a 304 without a body.

>>> tag = etag_of(b'{"tables": []}')
>>> tag, matches(tag, f'W/{tag}, "other"'), matches(tag, '"other"'), matches(tag, "*")
('"58ff153dab89134e5a0a4f788e497a12"', True, False, True)
"""

from __future__ import annotations

import hashlib
from typing import Any

from fastapi import Request
from fastapi.responses import Response
from pydantic import BaseModel

NOT_MODIFIED_DOC: dict[int | str, dict[str, Any]] = {
    304: {"description": "Not modified: the `If-None-Match` ETag still holds."}
}
"""The OpenAPI ``responses`` entry of a conditional GET."""


def etag_of(body: bytes) -> str:
    return '"' + hashlib.blake2b(body, digest_size=16).hexdigest() + '"'


def matches(etag: str, if_none_match: str) -> bool:
    """Whether an ``If-None-Match`` header names ``etag`` (weak or strong) or is ``*``."""
    tags = {t.strip().removeprefix("W/") for t in if_none_match.split(",")}
    return etag in tags or "*" in tags


def conditional_json(request: Request, answer: BaseModel | bytes) -> Response:
    """``answer`` as JSON with its ETag, or 304 when the request's ``If-None-Match`` names
    it."""
    body = answer if isinstance(answer, bytes) else answer.model_dump_json().encode()
    etag = etag_of(body)
    headers = {"etag": etag, "cache-control": "no-cache"}
    if matches(etag, request.headers.get("if-none-match", "")):
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)
