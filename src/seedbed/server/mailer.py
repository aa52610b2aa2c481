"""Sending e-mail (issue 31 item 3) through the operator's SMTP server (``--smtp-url``), with
the standard library's :mod:`smtplib` in a worker thread, so a slow or absent mail server
never blocks the event loop. Every message carries the one-click unsubscribe headers of RFC
2369 and RFC 8058 (``List-Unsubscribe`` with the link, ``List-Unsubscribe-Post``).

Nothing here logs an address, a token or the URL's password: a failure is logged with the
exception's type only.

>>> smtp = Smtp.parse("smtp://ann:secret@mail.example.org:2525?starttls=1&from=games@example.org")
>>> smtp.host, smtp.port, smtp.starttls, smtp.user, smtp.sender, "secret" in repr(smtp)
('mail.example.org', 2525, True, 'ann', 'games@example.org', False)
>>> check_smtp_url("http://mail.example.org")
Traceback (most recent call last):
ValueError: --smtp-url must start with smtp:// or smtps://
"""

from __future__ import annotations

import asyncio
import logging
import smtplib
import ssl
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.policy import SMTP as SMTP_POLICY
from urllib.parse import parse_qs, unquote, urlsplit

log = logging.getLogger("seedbed.server.mailer")

TIMEOUT_SECONDS = 20.0
DEFAULT_SENDER = "seedbed@localhost"
POLICY = SMTP_POLICY.clone(max_line_length=998)
"""Long lines allowed (RFC 5322's limit): a long unsubscribe link stays one plain header
instead of being folded into encoded words that mail clients do not read as a URL."""


def check_smtp_url(url: str) -> None:
    """ValueError (naming no password) unless ``url`` is an SMTP URL :class:`Smtp` reads."""
    Smtp.parse(url)


@dataclass(frozen=True)
class Smtp:
    """Where and how to send, read from the ``--smtp-url``."""

    host: str
    port: int
    tls: bool
    starttls: bool
    user: str | None
    sender: str
    password: str | None = field(default=None, repr=False)

    @classmethod
    def parse(cls, url: str) -> Smtp:
        parts = urlsplit(url)
        if parts.scheme not in ("smtp", "smtps"):
            raise ValueError("--smtp-url must start with smtp:// or smtps://")
        try:
            port = parts.port
        except ValueError:
            raise ValueError("--smtp-url has a port that is no number") from None
        if not parts.hostname:
            raise ValueError("--smtp-url names no host")
        query = parse_qs(parts.query)
        tls = parts.scheme == "smtps"
        sender = query.get("from", [DEFAULT_SENDER])[0]
        if "@" not in sender or any(c in sender for c in "\r\n<>"):
            raise ValueError("--smtp-url's from= must be one plain e-mail address")
        return cls(
            host=parts.hostname,
            port=port or (465 if tls else 25),
            tls=tls,
            starttls=query.get("starttls", ["0"])[0] in ("1", "true", "yes"),
            user=unquote(parts.username) if parts.username else None,
            sender=sender,
            password=unquote(parts.password) if parts.password else None,
        )


def message(smtp: Smtp, to: str, subject: str, body: str, unsubscribe_url: str) -> EmailMessage:
    """A plain-text message with the one-click unsubscribe headers (RFC 8058)."""
    mail = EmailMessage(policy=POLICY)
    mail["From"] = smtp.sender
    mail["To"] = to
    mail["Subject"] = subject
    mail["List-Unsubscribe"] = f"<{unsubscribe_url}>"
    mail["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    mail["Auto-Submitted"] = "auto-generated"
    mail.set_content(f"{body}\n\nNo more e-mail from seedbed: {unsubscribe_url}\n")
    return mail


class Mailer:
    """Sends messages in worker threads; :meth:`close` waits for those under way."""

    def __init__(self, smtp: Smtp) -> None:
        self.smtp = smtp
        self.sent = 0
        self.failed = 0
        self._tasks: set[asyncio.Task[None]] = set()

    def send(self, mail: EmailMessage) -> None:
        """Send ``mail`` in the background (never waits on the mail server)."""
        task = asyncio.create_task(self._send(mail))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _send(self, mail: EmailMessage) -> None:
        try:
            await asyncio.to_thread(self._deliver, mail)
            self.sent += 1
        except Exception as exc:  # the address is in the exception's text: its type only
            self.failed += 1
            log.error("an e-mail could not be sent (%s)", type(exc).__name__)

    def _deliver(self, mail: EmailMessage) -> None:
        s = self.smtp
        if s.tls:
            client: smtplib.SMTP = smtplib.SMTP_SSL(
                s.host, s.port, timeout=TIMEOUT_SECONDS, context=ssl.create_default_context()
            )
        else:
            client = smtplib.SMTP(s.host, s.port, timeout=TIMEOUT_SECONDS)
        with client:
            if s.starttls:
                client.starttls(context=ssl.create_default_context())
            if s.user is not None and s.password is not None:
                client.login(s.user, s.password)
            client.send_message(mail)

    async def close(self) -> None:
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    async def idle(self) -> None:
        """Wait until every message handed over so far was sent or failed (tests)."""
        await self.close()
