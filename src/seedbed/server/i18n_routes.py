"""The translations' HTTP endpoints (issue 36 item 1; docs/protocol.md, "Languages"):
``GET /api/i18n`` lists the languages offered and the one negotiated from the request's
``Accept-Language``; ``GET /api/i18n/{lang}`` is one language's catalog as JSON (msgid → text)
for the browser, read from the same PO files the server uses. Both carry an ETag."""

from __future__ import annotations

from typing import Annotated

from fastapi import FastAPI, HTTPException, Path, Request
from fastapi.responses import Response

from seedbed.i18n import languages, messages, negotiate
from seedbed.i18n.catalogs import display_name
from seedbed.i18n.pseudo import PSEUDO
from seedbed.server.api_document import errors
from seedbed.server.etags import NOT_MODIFIED_DOC, conditional_json
from seedbed.server.protocol import _Model

LANG = Annotated[
    str, Path(min_length=2, max_length=16, pattern=r"^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})?$")
]
ACCEPT_LANGUAGE_READ = 512
"""Characters of ``Accept-Language`` looked at (the rest is ignored)."""


class Language(_Model):
    """One language offered."""

    code: str
    """Its tag (``en``, ``fr``): the ``{lang}`` of ``GET /api/i18n/{lang}``."""
    name: str
    """How it names itself (``Français``), for the switch."""


class LanguageList(_Model):
    """``GET /api/i18n``: the languages offered and the negotiated one."""

    languages: list[Language]
    negotiated: str
    """The best offered language for the request's ``Accept-Language`` (``en`` when none)."""


class MessageCatalog(_Model):
    """``GET /api/i18n/{lang}``: a language's translated messages."""

    lang: str
    messages: dict[str, str]
    """English text (with ``{name}`` placeholders) → its translation; a message missing here
    is shown in English."""


def add_i18n_routes(app: FastAPI) -> None:
    @app.get("/api/i18n", response_model=LanguageList, responses=NOT_MODIFIED_DOC)
    async def list_languages(request: Request) -> Response:
        """The languages offered (English and one per catalog) and the one negotiated from
        ``Accept-Language``; 304 when unchanged (``ETag``)."""
        header = request.headers.get("accept-language", "")[:ACCEPT_LANGUAGE_READ]
        offered = [Language(code=code, name=display_name(code)) for code in languages()]
        return conditional_json(
            request, LanguageList(languages=offered, negotiated=negotiate(header))
        )

    @app.get(
        "/api/i18n/{lang}",
        response_model=MessageCatalog,
        responses={**NOT_MODIFIED_DOC, **errors(404, 422)},
    )
    async def get_catalog(lang: LANG, request: Request) -> Response:
        """One language's catalog (``en`` is empty: the texts are English); 304 when
        unchanged (``ETag``)."""
        code = lang.lower().replace("_", "-")
        if code.lower() == PSEUDO.lower():
            code = PSEUDO  # generated, not listed: a test selects it (docs/translating.md)
        elif code not in languages():
            raise HTTPException(404, f"no language {lang!r}")
        return conditional_json(request, MessageCatalog(lang=code, messages=messages(code)))
