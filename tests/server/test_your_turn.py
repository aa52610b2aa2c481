"""'Your turn' across tables (issue 31 item 2), in process on SQLite and PostgreSQL: the list
of every table where the asker is on the move, oldest deadline first, with the time left —
for a guest (the seats whose tokens this browser holds, sent in the request) and for an
account (its remembered seats, by the session cookie) — across three tables; nothing is
said about a token that is no seat."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from seedbed.server.app import create_app

from .test_accounts import browser, roomy, running, sign_up, unique

TURNS = (600.0, 300.0, 900.0)
"""The three tables' turn timers: the list is sorted by deadline, so 300, 600, 900."""


@pytest.fixture(scope="module")
def app(database_url: str) -> Iterator[FastAPI]:
    application = create_app(roomy(database_url, allow_chosen_seeds=True))
    with running(application):
        yield application


def three_tables(client: TestClient) -> list[tuple[str, str]]:
    """Three tables (Ann, a person, at seat 0 and first to move; two bots), each seat opened
    once so that its turn timer runs; their (table id, token)."""
    made = []
    for seconds in TURNS:
        body = {
            "game": "bohnanza",
            "num_players": 3,
            "seats": [{"human": {"name": "Ann"}}, {"bot": "random"}, {"bot": "random"}],
            "turn_seconds": seconds,
            "seed": 7,
        }
        answer = client.post("/api/tables", json=body)
        assert answer.status_code == 201, answer.text
        table_id, token = answer.json()["table_id"], answer.json()["seats"][0]["token"]
        with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
            assert ws.receive_json()["type"] == "view"
        made.append((table_id, token))
    return made


def in_order(made: list[tuple[str, str]]) -> list[str]:
    """The tables' ids by their turn timer, shortest first."""
    return [made[i][0] for i in sorted(range(len(made)), key=lambda i: TURNS[i])]


def check_listed(answer: Any, made: list[tuple[str, str]]) -> None:
    assert answer.status_code == 200, answer.text
    assert answer.headers["cache-control"] == "no-store"
    tables = answer.json()["tables"]
    assert [t["table_id"] for t in tables] == in_order(made)
    assert answer.json()["count"] == 3
    now = dt.datetime.now(dt.UTC)
    for t in tables:
        assert t["seat"] == 0 and t["game"] == "bohnanza" and t["name"] == "Ann"
        assert t["play_url"].endswith(f"/play/{t['table_id']}?token={dict(made)[t['table_id']]}")
        assert t["seconds_left"] is not None and 0 < t["seconds_left"] <= 900
        deadline = dt.datetime.fromisoformat(t["deadline"])
        assert abs((deadline - now).total_seconds() - t["seconds_left"]) < 30


def test_a_guest_lists_the_tables_of_the_tokens_it_holds(app: FastAPI) -> None:
    """issue 31 item 2: a guest's three tables, oldest deadline first; a token that is no seat
    (of that table or of any) and an unknown table add nothing and say nothing."""
    guest = browser(app)
    made = three_tables(guest)
    other = three_tables(browser(app))[0]
    seats = [{"table_id": t, "token": k} for t, k in made]
    seats += [
        {"table_id": made[0][0], "token": other[1]},  # another table's token
        {"table_id": "f" * 16, "token": made[0][1]},  # no such table
        {"table_id": made[1][0], "token": "x" * 40},  # no such token
    ]
    answer = browser(app).post("/api/your-turn", json={"seats": seats})
    check_listed(answer, made)
    nothing = browser(app).post("/api/your-turn", json={"seats": seats[3:]})
    assert nothing.status_code == 200 and nothing.json() == {"count": 0, "tables": []}


def test_an_account_lists_its_remembered_seats(app: FastAPI) -> None:
    """issue 31 item 2: a signed-in account's three tables, from its remembered seats (none
    sent by the browser), oldest deadline first; another account sees none of them."""
    ann = browser(app)
    assert sign_up(ann, unique("ann")).status_code == 201
    made = three_tables(ann)
    check_listed(ann.post("/api/your-turn", json={"seats": []}), made)
    both = [{"table_id": t, "token": k} for t, k in made]  # the browser holds them too: once
    check_listed(ann.post("/api/your-turn", json={"seats": both}), made)
    bob = browser(app)
    assert sign_up(bob, unique("bob")).status_code == 201
    assert bob.post("/api/your-turn", json={"seats": []}).json()["tables"] == []


def test_a_seat_no_longer_on_the_move_is_not_listed(app: FastAPI) -> None:
    """issue 31 item 2: a table is listed while the seat is on the move only."""
    guest = browser(app)
    table_id, token = three_tables(guest)[0]
    with guest.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        view = ws.receive_json()
        while view.get("type") != "view":
            view = ws.receive_json()
        assert 0 in view["to_move"]
        ws.send_json(
            {"type": "act", "version": view["version"], "action": view["legal_actions"][0]}
        )
        seen = view
        while seen.get("type") != "view" or seen["version"] == view["version"]:
            seen = ws.receive_json()
        still = 0 in seen["to_move"]
    answer = guest.post("/api/your-turn", json={"seats": [{"table_id": table_id, "token": token}]})
    assert [t["table_id"] for t in answer.json()["tables"]] == ([table_id] if still else [])


def test_the_request_is_bounded(app: FastAPI) -> None:
    """issue 31 item 2: at most 50 seats a request, short table ids and tokens (422)."""
    guest = browser(app)
    many = [{"table_id": "a" * 16, "token": "t"}] * 51
    assert guest.post("/api/your-turn", json={"seats": many}).status_code == 422
    long = [{"table_id": "a" * 16, "token": "t" * 200}]
    assert guest.post("/api/your-turn", json={"seats": long}).status_code == 422


def test_the_page_is_served(app: FastAPI) -> None:
    """issue 31 item 2: /your-turn is a page of the browser client."""
    answer = browser(app).get("/your-turn")
    assert answer.status_code == 200 and "text/html" in answer.headers["content-type"]
