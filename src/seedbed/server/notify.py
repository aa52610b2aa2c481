"""Notifications by e-mail (issue 31 item 3): a signed-in person gives an address and opts
in (``PUT /api/notifications``: the session cookie and the Origin rule); when a table needs
them — a seat their account remembers became to-move (the table's ``on_turn`` hook) — one
message goes out per table, seat and deadline (the ``notifications_sent`` key), or, for a
daily digest, one message a day listing the tables waiting. Every message has a one-click
unsubscribe link (``/unsubscribe?token=…``, GET or RFC 8058 POST) and its headers.

Without ``--smtp-url`` nothing is sent and the choice is refused (409). Browser
notifications (the Notification API) are the client's own (web/your_turn.js): they need no
server part beyond ``POST /api/your-turn``.

Addresses are checked by a simple rule (:func:`check_email`; email-validator is not a
dependency): one ``@``, a local part of printable ASCII without spaces or ``<>()[],;:\"``,
a domain of dot-separated letters, digits and hyphens with at least one dot, 254 characters
at most. Nothing here logs an address or a token.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import re
from contextlib import suppress
from typing import TYPE_CHECKING, Annotated

from fastapi import FastAPI, HTTPException, Query, Request, Response
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field

from seedbed.engine.api import PlayerId
from seedbed.engine.registry import spec
from seedbed.i18n import SOURCE_LANGUAGE, languages
from seedbed.server.accounts import account_store, signed_in
from seedbed.server.api_document import errors
from seedbed.server.config import ServerSettings
from seedbed.server.mailer import Mailer, Smtp, message
from seedbed.server.notify_store import NotifyStore
from seedbed.server.notify_texts import (
    deadline_words,
    digest_body,
    digest_line,
    digest_subject,
    mail_language,
    turn_mail,
)
from seedbed.server.origin import check_origin
from seedbed.server.table import TableActor
from seedbed.server.your_turn import waiting_anywhere

if TYPE_CHECKING:
    from seedbed.server.app import Runtime

log = logging.getLogger("seedbed.server.notify")

MAX_EMAIL_CHARS = 254
MAX_UNSUBSCRIBE_CHARS = 64
DIGEST_EVERY = dt.timedelta(days=1)
DIGEST_CHECK_SECONDS = 3600.0
_LOCAL = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}")
_DOMAIN = re.compile(r"(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}")


def game_title(game: str) -> str:
    """The game's title as its declaration gives it."""
    return spec(game).title


def check_email(text: str) -> str:
    """The address, trimmed; ValueError with one line on what is wrong.

    >>> check_email(" ann@example.org ")
    'ann@example.org'
    >>> check_email("ann@localhost")
    Traceback (most recent call last):
    ValueError: the address must look like name@example.org
    """
    email = text.strip()
    local, at, domain = email.rpartition("@")
    if len(email) > MAX_EMAIL_CHARS or not at or not _LOCAL.fullmatch(local):
        raise ValueError("the address must look like name@example.org")
    if local.startswith(".") or local.endswith(".") or ".." in local:
        raise ValueError("the address must look like name@example.org")
    if not _DOMAIN.fullmatch(domain):
        raise ValueError("the address must look like name@example.org")
    return email


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True, strict=True)


class NotifyChoice(_Model):
    """``PUT /api/notifications``: the address (null forgets it), whether to get e-mail
    when a table needs you, and whether as one daily digest instead."""

    email: Annotated[str | None, Field(max_length=MAX_EMAIL_CHARS)] = None
    email_opt_in: bool = False
    digest: bool = False
    lang: Annotated[str | None, Field(max_length=16)] = None
    """The language of the e-mails (one of ``GET /api/i18n``'s; null: English). The browser
    sends the language it shows (issue 36)."""


class NotifySettings(_Model):
    """The signed-in account's e-mail choices, and whether this server sends e-mail."""

    email: str | None
    email_opt_in: bool
    digest: bool
    email_available: bool
    lang: str | None = None
    """The language of the e-mails (null: English)."""


class Notifier:
    """The ``on_turn`` hook's e-mail, and the daily digests."""

    def __init__(self, runtime: Runtime, settings: ServerSettings, mailer: Mailer | None):
        self.runtime = runtime
        self.settings = settings
        self.mailer = mailer
        self._tasks: set[asyncio.Task[None]] = set()

    def store(self) -> NotifyStore:
        return NotifyStore(self.runtime.tables().store.store.engine)

    def on_turn(self, actor: TableActor, seats: list[PlayerId]) -> None:
        """A table's people's seats newly on the move: look for their accounts' addresses
        off the event loop and send (the table's turn goes on at once)."""
        if self.mailer is None:
            return
        for seat in seats:
            deadline = actor.deadline(seat)
            key = deadline.isoformat() if deadline is not None else f"move {actor.version}"
            title = game_title(actor.table.game)
            task = asyncio.create_task(self._tell(actor.id, seat, key, title, deadline))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _tell(
        self, table_id: str, seat: int, key: str, title: str, deadline: dt.datetime | None
    ) -> None:
        assert self.mailer is not None
        store = self.store()
        try:
            found = await asyncio.to_thread(store.recipients, table_id, seat)
            for choice, token in found:
                if not await asyncio.to_thread(store.claim, table_id, seat, key, choice.account_id):
                    continue
                base = self.settings.base_url()
                lang = mail_language(choice)
                subject, body = turn_mail(
                    lang,
                    title,
                    deadline_words(lang, deadline),
                    f"{base}/play/{table_id}?token={token}",
                    f"{base}/your-turn",
                )
                unsubscribe = f"{base}/unsubscribe?token={choice.unsubscribe_token}"
                self.mailer.send(
                    message(self.mailer.smtp, choice.email, subject, body, unsubscribe)
                )
        except Exception:
            log.exception("table %s: the turn's e-mail failed", table_id)

    async def send_digests(self, at: dt.datetime | None = None) -> int:
        """One message to each digest account with tables waiting whose last digest is a
        day old (or that never had one); how many went out."""
        if self.mailer is None:
            return 0
        moment = at or dt.datetime.now(dt.UTC)
        store = self.store()
        accounts = account_store(self.runtime)
        sent = 0
        base = self.settings.base_url()
        for choice in await asyncio.to_thread(store.digest_due, moment - DIGEST_EVERY):
            seats = await asyncio.to_thread(accounts.seats, choice.account_id, 200)
            held = [(s.table_id, s.token) for s in seats]
            tables = await waiting_anywhere(self.runtime, held, base)
            if not tables:
                continue
            lang = mail_language(choice)
            lines = [
                digest_line(
                    lang,
                    game_title(t.game),
                    t.name,
                    t.play_url,
                    None if t.deadline is None else t.deadline[:16].replace("T", " "),
                )
                for t in tables
            ]
            subject = digest_subject(lang, len(tables))
            body = digest_body(lang, lines)
            unsubscribe = f"{base}/unsubscribe?token={choice.unsubscribe_token}"
            self.mailer.send(message(self.mailer.smtp, choice.email, subject, body, unsubscribe))
            await asyncio.to_thread(store.digest_sent, choice.account_id, moment)
            sent += 1
        return sent

    async def run_digests(self) -> None:
        """Look for digests due every hour, while the server runs."""
        while True:
            await asyncio.sleep(DIGEST_CHECK_SECONDS)
            try:
                cluster = self.runtime.cluster
                if cluster is None:
                    await self.send_digests()
                else:  # one process of a cluster sends them (issue 32 item 3)
                    async with cluster.alone("digests") as mine:
                        if mine:
                            await self.send_digests()
            except Exception:
                log.exception("the daily digests failed")

    async def idle(self) -> None:
        """Wait until the messages under way were handed over and sent (tests)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)
        if self.mailer is not None:
            await self.mailer.idle()

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        with suppress(Exception):
            await asyncio.gather(*self._tasks, return_exceptions=True)
        if self.mailer is not None:
            await self.mailer.close()


def notifier_of(runtime: Runtime, settings: ServerSettings) -> Notifier:
    mailer = None if settings.smtp_url is None else Mailer(Smtp.parse(settings.smtp_url))
    return Notifier(runtime, settings, mailer)


UNSUBSCRIBED = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Unsubscribed — seedbed</title><link rel="stylesheet" href="/static/style.css"></head>
<body><main class="page"><div class="panel"><h1>{title}</h1><p>{text}</p>
<p><a href="/">seedbed</a></p></div></main></body></html>"""


def add_notify_routes(app: FastAPI, runtime: Runtime, settings: ServerSettings) -> None:
    """``GET``/``PUT /api/notifications`` and ``/unsubscribe`` (docs/protocol.md)."""

    def store() -> NotifyStore:
        return NotifyStore(runtime.tables().store.store.engine)

    @app.get("/api/notifications", responses=errors(401))
    async def get_notifications(request: Request, response: Response) -> NotifySettings:
        """The signed-in account's e-mail choices (401 for a guest)."""
        response.headers["cache-control"] = "no-store"
        account = await signed_in(request)
        if account is None:
            raise HTTPException(401, "not signed in")
        found = await asyncio.to_thread(store().choice, account.id)
        return NotifySettings(
            email=None if found is None else found.email,
            email_opt_in=found is not None and found.opt_in,
            digest=found is not None and found.digest,
            email_available=settings.smtp_url is not None,
            lang=None if found is None else found.lang,
        )

    @app.put("/api/notifications", responses=errors(400, 401, 403, 409, 422))
    async def put_notifications(req: NotifyChoice, request: Request) -> NotifySettings:
        """Set the signed-in account's address and choices (the session cookie and the
        Origin rule; 401 for a guest, 422 for an address refused, 409 for an opt-in on a
        server that sends no e-mail)."""
        check_origin(request, settings.public_url, always=True)
        account = await signed_in(request)
        if account is None:
            raise HTTPException(401, "not signed in")
        email = None
        if req.email is not None and req.email.strip():
            try:
                email = check_email(req.email)
            except ValueError as exc:
                raise HTTPException(422, f"email: {exc}") from None
        if req.email_opt_in and email is None:
            raise HTTPException(422, "email: give an address to get e-mail")
        if req.email_opt_in and settings.smtp_url is None:
            raise HTTPException(409, "this server sends no e-mail (no --smtp-url)")
        if req.lang is not None and req.lang not in languages():
            raise HTTPException(422, f"lang: one of {', '.join(languages())}")
        lang = None if req.lang in (None, SOURCE_LANGUAGE) else req.lang
        await asyncio.to_thread(
            store().choose, account.id, email, req.email_opt_in, req.digest, lang
        )
        log.info("account %d changed its e-mail notifications", account.id)
        return NotifySettings(
            email=email,
            email_opt_in=req.email_opt_in,
            digest=req.digest,
            email_available=settings.smtp_url is not None,
            lang=lang,
        )

    async def unsubscribe(token: str) -> HTMLResponse:
        done = len(token) <= MAX_UNSUBSCRIBE_CHARS and await asyncio.to_thread(
            store().unsubscribe, token
        )
        if not done:
            text = "This unsubscribe link is unknown or out of date; nothing changed."
            page = UNSUBSCRIBED.format(title="Unknown link", text=text)
            return HTMLResponse(page, status_code=404)
        text = "seedbed sends no more e-mail to this address. Sign in to switch it on again."
        return HTMLResponse(UNSUBSCRIBED.format(title="Unsubscribed", text=text))

    @app.get("/unsubscribe", include_in_schema=False)
    async def unsubscribe_link(token: Annotated[str, Query(max_length=200)] = "") -> HTMLResponse:
        """The message's link: one click switches e-mail off."""
        return await unsubscribe(token)

    @app.post("/unsubscribe", include_in_schema=False)
    async def unsubscribe_post(
        token: Annotated[str, Query(max_length=200)] = "",
    ) -> HTMLResponse:
        """RFC 8058 one-click unsubscribe (the mail client POSTs
        ``List-Unsubscribe=One-Click``; no cookie, so no Origin rule)."""
        return await unsubscribe(token)
