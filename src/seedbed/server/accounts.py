"""Optional accounts (issue 30 item 1): sign up, sign in, sign out (here or everywhere), and
"my tables". Guest play with invite links is untouched: an account only remembers the
tokens of its seats, so that another device reopens them; the token stays the seat's key.

Passwords are hashed with argon2id (``argon2-cffi``), never stored or logged in clear.
A session is a random id (``secrets.token_urlsafe(32)``) in the ``seedbed_session`` cookie
(``HttpOnly``, ``SameSite=Lax``, ``Path=/``, ``Secure`` over HTTPS), stored server-side as
its SHA-256 digest, so signing out, or the operator, ends it everywhere. Sign-in attempts are
limited per address and per account name (429 with ``retry-after``), and an unknown name, a
wrong password and a disabled or deleted account get one and the same answer (a hash is
checked in every case, so the time says nothing either). State-changing requests carrying
the cookie obey the Origin rule (:mod:`seedbed.server.origin`).

The other parts call :func:`signed_in` (who the request's cookie signs in) and
:func:`remember_seat` (an account remembers a seat's token).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import logging
import secrets
from typing import TYPE_CHECKING, Annotated

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import FastAPI, HTTPException, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from seedbed.server.account_names import (
    MAX_NAME_CHARS,
    MAX_PASSWORD_CHARS,
    MIN_PASSWORD_CHARS,
    check_name,
    check_password,
    name_key,
)
from seedbed.server.account_store import Account, AccountStore
from seedbed.server.api_document import errors
from seedbed.server.config import ServerSettings
from seedbed.server.limits import AddressBuckets
from seedbed.server.origin import SESSION_COOKIE, check_origin
from seedbed.server.protocol import TableSummary

if TYPE_CHECKING:
    from seedbed.server.app import Runtime

log = logging.getLogger("seedbed.server.accounts")

__all__ = ["Account", "add_account_routes", "remember_seat", "signed_in"]

WRONG = "wrong name or password"
"""The one answer to a failed sign-in, whatever failed (unknown name, wrong password, an
account disabled or deleted)."""
MAX_SESSION_ID_CHARS = 128
MY_TABLES = 50
"""Seats "my tables" lists, newest first."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True, strict=True)


class NewAccount(_Model):
    """``POST /api/accounts``: a name (unique after NFKC case-folding; see
    docs/protocol.md for what is refused) and a password."""

    name: Annotated[str, Field(min_length=1, max_length=MAX_NAME_CHARS)]
    password: Annotated[
        str, Field(min_length=MIN_PASSWORD_CHARS, max_length=MAX_PASSWORD_CHARS, repr=False)
    ]


class SignIn(_Model):
    """``POST /api/session``: the account's name (any spelling that folds to it) and its
    password."""

    name: Annotated[str, Field(min_length=1, max_length=200)]
    password: Annotated[str, Field(min_length=1, max_length=MAX_PASSWORD_CHARS, repr=False)]


class SignedIn(_Model):
    """Who is signed in now (the answer carries the session cookie)."""

    name: str


class SignedOut(_Model):
    """``DELETE /api/sessions``: how many sessions of the account were ended."""

    ended: int


class MyTable(_Model):
    """A seat the account remembers: the table, the seat and its invite URL (with the
    seat's token), and the table's public summary."""

    table_id: str
    seat: int
    invite_url: str
    table: TableSummary


class Me(_Model):
    """``GET /api/me``: the signed-in account's name (null for a guest) and its tables,
    newest first (empty for a guest)."""

    name: str | None
    tables: list[MyTable]


def digest(session_id: str) -> str:
    return hashlib.sha256(session_id.encode()).hexdigest()


def account_store(runtime: Runtime) -> AccountStore:
    """The accounts of the running server's database."""
    return AccountStore(runtime.tables().store.store.engine)


async def signed_in(request: Request) -> Account | None:
    """The account the request's session cookie signs in, or None (no cookie, an unknown,
    ended or expired session, a disabled or deleted account). Read from storage every time,
    so a sign-out anywhere counts at once."""
    session_id = request.cookies.get(SESSION_COOKIE)
    runtime = getattr(request.app.state, "seedbed_runtime", None)
    if not session_id or len(session_id) > MAX_SESSION_ID_CHARS or runtime is None:
        return None
    return await asyncio.to_thread(account_store(runtime).session_account, digest(session_id))


async def remember_seat(
    runtime: Runtime, account_id: int, table_id: str, seat: int, token: str
) -> None:
    """The account remembers the seat's token (its "my tables" reopen it on any device)."""
    await asyncio.to_thread(account_store(runtime).remember_seat, account_id, table_id, seat, token)


class Throttles:
    """Sign-ins per address and per name, sign-ups per address (:class:`AddressBuckets`)."""

    def __init__(self, settings: ServerSettings) -> None:
        self.sign_in_address = AddressBuckets(settings.sign_ins_per_minute, name="sign-in")
        self.sign_in_name = AddressBuckets(settings.sign_ins_per_name_per_minute, name="name")
        self.sign_up_address = AddressBuckets(settings.accounts_per_minute, name="sign-up")

    def buckets(self) -> list[AddressBuckets]:
        """The allowances a cluster counts in its shared store (issue 32 item 3)."""
        return [self.sign_in_address, self.sign_in_name, self.sign_up_address]

    async def sign_in(self, address: str, key: str) -> None:
        # both buckets are charged: spraying names from one address, or one name from many
        by_address = await self.sign_in_address.take(address)
        if not (await self.sign_in_name.take(key[: MAX_NAME_CHARS * 4]) and by_address):
            raise HTTPException(
                429, "too many sign-in attempts; wait a minute", headers={"retry-after": "60"}
            )

    async def sign_up(self, address: str) -> None:
        if not await self.sign_up_address.take(address):
            raise HTTPException(
                429,
                "too many new accounts from this address; wait a minute",
                headers={"retry-after": "60"},
            )


class Passwords:
    """argon2id hashes (the library's defaults); a dummy hash checked for unknown names so
    a failed sign-in takes the same time whatever failed."""

    def __init__(self) -> None:
        self.hasher = PasswordHasher()
        self.dummy = self.hasher.hash(secrets.token_urlsafe(16))

    def hash(self, password: str) -> str:
        return self.hasher.hash(password)

    def verify(self, password_hash: str | None, password: str) -> bool:
        try:
            return self.hasher.verify(password_hash or self.dummy, password) and bool(password_hash)
        except (VerificationError, InvalidHashError):
            return False


def add_account_routes(app: FastAPI, runtime: Runtime, settings: ServerSettings) -> None:
    """The account endpoints (docs/protocol.md, Accounts)."""
    from seedbed.server.app import client_address, invite_base

    app.state.seedbed_runtime = runtime
    app.state.seedbed_public_url = settings.public_url
    throttles = Throttles(settings)
    runtime.buckets.extend(throttles.buckets())
    passwords = Passwords()
    lifetime = dt.timedelta(days=settings.session_days)

    async def start_session(request: Request, response: Response, account_id: int) -> None:
        """A new session in the answer's cookie; the browser's previous one, if any, ends
        (its cookie is overwritten, so nothing would ever end it otherwise)."""
        session_id = secrets.token_urlsafe(32)
        store = account_store(runtime)
        previous = request.cookies.get(SESSION_COOKIE)
        if previous and len(previous) <= MAX_SESSION_ID_CHARS:
            await asyncio.to_thread(store.end_session, digest(previous))
        await asyncio.to_thread(store.start_session, account_id, digest(session_id), lifetime)
        response.set_cookie(
            SESSION_COOKIE,
            session_id,
            max_age=int(lifetime.total_seconds()),
            path="/",
            httponly=True,
            samesite="lax",
            secure=secure(request, settings),
        )

    @app.post("/api/accounts", status_code=201, responses=errors(400, 403, 409, 422, 429))
    async def create_account(req: NewAccount, request: Request, response: Response) -> SignedIn:
        """Create an account and sign in (the answer sets the session cookie). Each client
        address may create ``accounts_per_minute`` accounts a minute (429 past it); 409 for a
        name taken (after NFKC case-folding), 422 for a name or password refused."""
        check_origin(request, settings.public_url, always=True)
        await throttles.sign_up(client_address(request))
        try:
            key = check_name(req.name)
            check_password(req.password)
        except ValueError as exc:
            raise HTTPException(422, str(exc)) from None
        password_hash = await asyncio.to_thread(passwords.hash, req.password)
        store = account_store(runtime)
        account_id = await asyncio.to_thread(store.create, req.name, key, password_hash)
        if account_id is None:
            raise HTTPException(409, "that name is taken")
        await start_session(request, response, account_id)
        log.info("account %d created", account_id)
        return SignedIn(name=req.name)

    @app.post("/api/session", responses=errors(400, 401, 403, 429))
    async def sign_in(req: SignIn, request: Request, response: Response) -> SignedIn:
        """Sign in (the answer sets the session cookie). 401 with one answer for an unknown
        name, a wrong password, a disabled or deleted account; attempts are limited per
        address (``sign_ins_per_minute``) and per name (``sign_ins_per_name_per_minute``),
        429 past either."""
        check_origin(request, settings.public_url, always=True)
        key = name_key(req.name)
        await throttles.sign_in(client_address(request), key)
        store = account_store(runtime)
        found = await asyncio.to_thread(store.by_key, key)
        stored_hash = found.password_hash if found is not None and found.usable else None
        if found is None or not await asyncio.to_thread(
            passwords.verify, stored_hash, req.password
        ):
            raise HTTPException(401, WRONG)
        await start_session(request, response, found.id)
        return SignedIn(name=found.name)

    @app.delete("/api/session", status_code=204, responses=errors(403))
    async def sign_out(request: Request) -> Response:
        """Sign out this browser: its session ends on the server and the cookie is cleared
        (204 also without a session)."""
        check_origin(request, settings.public_url)
        session_id = request.cookies.get(SESSION_COOKIE)
        if session_id and len(session_id) <= MAX_SESSION_ID_CHARS:
            await asyncio.to_thread(account_store(runtime).end_session, digest(session_id))
        answer = Response(status_code=204)
        answer.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax")
        return answer

    @app.delete("/api/sessions", responses=errors(401, 403))
    async def sign_out_everywhere(request: Request, response: Response) -> SignedOut:
        """Sign out everywhere: every session of the signed-in account ends (401 when the
        request signs nobody in)."""
        check_origin(request, settings.public_url)
        account = await signed_in(request)
        if account is None:
            raise HTTPException(401, "not signed in")
        ended = await asyncio.to_thread(account_store(runtime).end_sessions, account.id)
        response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax")
        return SignedOut(ended=ended)

    @app.get("/api/me")
    async def me(request: Request, response: Response) -> Me:
        """Who is signed in (``name`` null for a guest) and "my tables": the seats the
        account remembers, newest first, each with its invite URL (holding the seat's token)
        and the table's summary. Never cached (``cache-control: no-store``)."""
        response.headers["cache-control"] = "no-store"
        account = await signed_in(request)
        if account is None:
            return Me(name=None, tables=[])
        seats = await asyncio.to_thread(account_store(runtime).seats, account.id, MY_TABLES)
        base = invite_base(request, settings).rstrip("/")
        tables = []
        for seat in seats:
            found = await runtime.tables().summary(seat.table_id)
            if found is not None:
                url = f"{base}/play/{seat.table_id}?token={seat.token}"
                tables.append(
                    MyTable(table_id=seat.table_id, seat=seat.seat, invite_url=url, table=found)
                )
        return Me(name=account.name, tables=tables)


def secure(request: Request, settings: ServerSettings) -> bool:
    """Whether the cookie is ``Secure``: the request came over HTTPS (behind a trusted
    proxy, as its ``X-Forwarded-Proto`` says), or the public URL is an HTTPS one."""
    public = (settings.public_url or "").lower().startswith("https://")
    return request.url.scheme == "https" or public
