"""Notifications by e-mail (issue 31 item 3), in process on SQLite and PostgreSQL, through a
local SMTP server started here (aiosmtpd on 127.0.0.1, never the outside): a message when a
table needs a person who opted in, at most one per table and deadline; the daily digest;
one-click unsubscribe (the link and RFC 8058's POST); the address refused when malformed,
changed only with the session cookie and the Origin rule; no address or token in any log;
and the tables' ``on_turn`` hook itself."""

from __future__ import annotations

import datetime as dt
import email
import email.header
import logging
import re
import socket
import time
from collections.abc import Iterator
from email.message import Message
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from fastapi import FastAPI
from fastapi.testclient import TestClient

from seedbed.server.app import create_app
from seedbed.server.config import ServerSettings

from .test_accounts import browser, roomy, running, sign_up, unique


class Inbox:
    """What the local SMTP server received."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.messages.append(email.message_from_bytes(envelope.content))
        return "250 OK"

    def to(self, address: str) -> list[Message]:
        return [m for m in self.messages if m["To"] == address]

    def wait(self, address: str, count: int, seconds: float = 10.0) -> list[Message]:
        end = time.monotonic() + seconds
        while len(self.to(address)) < count and time.monotonic() < end:
            time.sleep(0.05)
        return self.to(address)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def inbox() -> Iterator[tuple[Inbox, int]]:
    box = Inbox()
    port = free_port()
    controller = Controller(box, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield box, port
    finally:
        controller.stop()


@pytest.fixture(scope="module")
def app(database_url: str, inbox: tuple[Inbox, int]) -> Iterator[FastAPI]:
    application = create_app(
        roomy(
            database_url,
            allow_chosen_seeds=True,
            smtp_url=f"smtp://127.0.0.1:{inbox[1]}?from=games@example.org",
        )
    )
    with running(application):
        yield application


def person(app: FastAPI, address: str | None, digest: bool = False) -> TestClient:
    """A signed-in browser whose account opted in to e-mail at ``address``."""
    client = browser(app)
    assert sign_up(client, unique("p")).status_code == 201
    if address is not None:
        choice = {"email": address, "email_opt_in": True, "digest": digest}
        answer = client.put("/api/notifications", json=choice)
        assert answer.status_code == 200, answer.text
    return client


def new_table(client: TestClient, turn_seconds: float | None = None) -> tuple[str, str]:
    body: dict[str, Any] = {
        "game": "bohnanza",
        "num_players": 3,
        "seats": [{"human": {"name": "Ann"}}, {"bot": "random"}, {"bot": "random"}],
        "seed": 5,
    }
    if turn_seconds is not None:
        body["turn_seconds"] = turn_seconds
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()["table_id"], answer.json()["seats"][0]["token"]


def fire(app: FastAPI, table_id: str, times: int = 1) -> None:
    """The table's hook says seat 0 is newly on the move ``times`` times (as it would after
    each change that brought the move back to it); wait for the messages to go."""
    runtime = app.state.seedbed_runtime

    async def run() -> None:
        actor = runtime.tables().live[table_id]
        for _ in range(times):
            runtime.notifier.on_turn(actor, [0])
        await runtime.notifier.idle()

    app.state.test_portal.call(run)


def open_seat(client: TestClient, table_id: str, token: str) -> None:
    """Open the seat once: its turn timer starts, so the move has a deadline."""
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        assert ws.receive_json()["type"] == "view"


def test_one_message_per_table_and_deadline(
    app: FastAPI, inbox: tuple[Inbox, int], caplog: pytest.LogCaptureFixture
) -> None:
    """issue 31 item 3: a table needing the person sends one message (with the seat's link
    and the one-click unsubscribe headers); the same deadline again sends nothing; a new
    deadline sends one more. Neither the address nor a token reaches a log."""
    caplog.set_level(logging.DEBUG)
    box = inbox[0]
    address = f"{unique('ann')}@example.org"
    ann = person(app, address)
    table_id, token = new_table(ann, turn_seconds=600)
    fire(app, table_id, times=3)
    first = box.wait(address, 1)
    assert len(first) == 1  # the table's start, or these three: one deadline, one message
    mail = first[0]
    assert mail["Subject"] == "Your turn at Bohnanza (seedbed)"
    assert mail["From"] == "games@example.org"
    text = mail.get_payload(decode=True).decode()
    assert f"/play/{table_id}?token={token}" in text
    link = re.search(r"(http\S+/unsubscribe\?token=\S+)", text)
    assert link is not None and mail["List-Unsubscribe"] == f"<{link.group(1)}>"
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"

    open_seat(ann, table_id, token)  # the turn timer runs: a deadline
    fire(app, table_id, times=3)
    assert len(box.wait(address, 2)) == 2
    time.sleep(0.3)
    assert len(box.to(address)) == 2
    secret = link.group(1).rsplit("=", 1)[1]
    ours = "\n".join(r.getMessage() for r in caplog.records if not r.name.startswith("mail."))
    assert "table" in ours  # the server's logs were caught (mail.log: the test's SMTP server)
    for needle in (address, token, secret):
        assert needle not in ours


def test_the_mail_is_in_the_language_kept_on_the_account(
    app: FastAPI, inbox: tuple[Inbox, int]
) -> None:
    """issue 36 item 2 and the e-mails: the choice saved from a French page keeps ``lang``
    on the account; the turn's message is in French; a language not offered is refused."""
    box = inbox[0]
    address = f"{unique('anne')}@example.org"
    anne = person(app, None)
    refused = anne.put(
        "/api/notifications", json={"email": address, "email_opt_in": True, "lang": "xx"}
    )
    assert refused.status_code == 422 and "lang" in refused.text
    choice = {"email": address, "email_opt_in": True, "digest": False, "lang": "fr"}
    assert anne.put("/api/notifications", json=choice).json()["lang"] == "fr"
    assert anne.get("/api/notifications").json()["lang"] == "fr"
    table_id, _ = new_table(anne, turn_seconds=600)
    fire(app, table_id)
    mail = box.wait(address, 1)[0]
    subject = email.header.make_header(email.header.decode_header(mail["Subject"]))
    assert str(subject) == "À vous de jouer à Bohnanza (seedbed)"


def test_the_daily_digest(app: FastAPI, inbox: tuple[Inbox, int]) -> None:
    """issue 31 item 3: a digest account gets no message per table, but one a day listing
    every table waiting for it."""
    box = inbox[0]
    address = f"{unique('bob')}@example.org"
    bob = person(app, address, digest=True)
    made = [new_table(bob, turn_seconds=600) for _ in range(2)]
    for table_id, _ in made:
        fire(app, table_id)
    notifier = app.state.seedbed_runtime.notifier
    assert app.state.test_portal.call(notifier.send_digests) >= 1
    digest = box.wait(address, 1)
    assert len(digest) == 1 and digest[0]["Subject"] == "2 tables waiting for you (seedbed)"
    text = digest[0].get_payload(decode=True).decode()
    assert all(f"/play/{t}?token={k}" in text for t, k in made)
    app.state.test_portal.call(notifier.send_digests)  # the same day: nothing more
    time.sleep(0.3)
    assert len(box.to(address)) == 1
    tomorrow = dt.datetime.now(dt.UTC) + dt.timedelta(hours=25)
    app.state.test_portal.call(notifier.send_digests, tomorrow)
    assert len(box.wait(address, 2)) == 2


def test_one_click_unsubscribe(app: FastAPI, inbox: tuple[Inbox, int]) -> None:
    """issue 31 item 3: the message's link (GET) and RFC 8058's POST switch e-mail off."""
    box = inbox[0]
    for how in ("get", "post"):
        address = f"{unique('cy')}@example.org"
        cy = person(app, address)
        table_id, _ = new_table(cy)
        fire(app, table_id)
        mail = box.wait(address, 1)[0]
        url = mail["List-Unsubscribe"].strip("<>")
        path = url[url.index("/unsubscribe") :]
        stranger = TestClient(app)  # a mail client: no cookie, no origin
        stranger.portal = app.state.test_portal
        if how == "get":
            answer = stranger.get(path)
        else:
            answer = stranger.post(path, content=b"List-Unsubscribe=One-Click")
        assert answer.status_code == 200 and "Unsubscribed" in answer.text
        assert cy.get("/api/notifications").json()["email_opt_in"] is False
        open_seat(cy, table_id, _)  # a new deadline: no message any more
        fire(app, table_id)
        time.sleep(0.3)
        assert len(box.to(address)) == 1
    assert TestClient(app).get("/unsubscribe?token=nothing").status_code == 404


def test_the_address_is_checked_and_guarded(app: FastAPI) -> None:
    """issue 31 item 3: a malformed address is refused (422); a guest cannot choose (401);
    another site's page cannot change it with the cookie (403)."""
    ann = person(app, None)
    for bad in (
        "ann",
        "ann@localhost",
        "a b@example.org",
        "ann@@example.org",
        "x" * 250 + "@e.org",
    ):
        choice = {"email": bad, "email_opt_in": True}
        assert ann.put("/api/notifications", json=choice).status_code == 422, bad
    good = {"email": "ann@example.org", "email_opt_in": True}
    guest = browser(app)
    assert guest.put("/api/notifications", json=good).status_code == 401
    ann.headers["origin"] = "https://evil.example"
    assert ann.put("/api/notifications", json=good).status_code == 403
    ann.headers.pop("origin")
    assert ann.put("/api/notifications", json=good).status_code == 403  # no Origin at all
    ann.headers["origin"] = "http://testserver"
    assert ann.put("/api/notifications", json=good).json()["email"] == "ann@example.org"


def test_the_turn_hook_tells_newly_on_the_move(app: FastAPI) -> None:
    """issue 31 item 3: a table's ``on_turn`` hook names the people's seats newly on the
    move (at the start), not again while the seat stays on the move."""
    runtime = app.state.seedbed_runtime
    told: list[tuple[str, list[int]]] = []
    before = runtime.hub.on_turn
    runtime.hub.on_turn = lambda actor, seats: told.append((actor.id, seats))
    try:
        guest = browser(app)
        body = {
            "game": "stalk_exchange",
            "num_players": 2,
            "seats": [{"human": {"name": "Ann"}}, {"bot": "greedy"}],
            "seed": 11,
        }
        answer = guest.post("/api/tables", json=body)
        table_id, token = answer.json()["table_id"], answer.json()["seats"][0]["token"]
        assert told == [(table_id, [0])]
        with guest.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
            view = ws.receive_json()
            plant = next(a for a in view["legal_actions"] if a["type"] == "plant")
            ws.send_json({"type": "act", "version": view["version"], "action": plant})
            seen = view
            while seen.get("type") != "view" or seen["version"] == view["version"]:
                seen = ws.receive_json()
            assert seen["to_move"] == [0]
        assert told == [(table_id, [0])]  # still on the move: not told again
    finally:
        runtime.hub.on_turn = before


def test_no_smtp_url_no_email(tmp_path: Any) -> None:
    """issue 31 item 3: without --smtp-url the server sends nothing and says so (409)."""
    app = create_app(ServerSettings(database_url=f"sqlite:///{tmp_path / 'x.sqlite'}"))
    with running(app):
        ann = person(app, None)
        assert ann.get("/api/notifications").json()["email_available"] is False
        choice = {"email": "ann@example.org", "email_opt_in": True}
        assert ann.put("/api/notifications", json=choice).status_code == 409
