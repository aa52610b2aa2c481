"""Issue 30 item 5: rematch. At a finished table a seat (its token) asks for a rematch: one new
table with the same game, options, people and bots, seats rotated by one, whoever asks and
however often; every connection of the old table is told its seat there, now and when it
connects later (also after a restart), and each person's seat there takes their token."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from seedbed.server.app import create_app
from seedbed.server.config import ServerSettings

from .test_open_seats import first_view, summary, until


def settings(url: str) -> ServerSettings:
    return ServerSettings(database_url=url, bot_workers=1, tables_per_minute=1000)


def finished_table(client: TestClient) -> tuple[str, dict[str, str]]:
    """A game of Ann, Bo and a greedy bot played to its end by the turn timer's stand-in
    (each person's seat opened once): its id and the people's tokens by name."""
    body = {
        "game": "stalk_exchange",
        "num_players": 3,
        "seats": [{"human": {"name": "Ann"}}, {"human": {"name": "Bo"}}, {"bot": "greedy"}],
        "turn_seconds": 0.02,
        "options": {"garden_radius": 2},
        "table_options": {"hints": True},
    }
    created = client.post("/api/tables", json=body).json()
    table_id = created["table_id"]
    tokens = {"Ann": created["seats"][0]["token"], "Bo": created["seats"][1]["token"]}
    for token in tokens.values():
        first_view(client, table_id, token)
    until(lambda: summary(client, table_id)["status"] == "finished", "finished", timeout=240)
    return table_id, tokens


def next_rematch(ws: WebSocketTestSession) -> dict[str, Any]:
    """The first ``rematch`` message of a connection (views, history and chat come first)."""
    for _ in range(200):
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == "rematch":
            return message
    raise AssertionError("no rematch message")


def ask(client: TestClient, table_id: str, token: str) -> Any:
    return client.post(f"/api/tables/{table_id}/rematch", json={"token": token})


def test_a_rematch_rotates_the_seats_invites_everyone_and_is_opened_once(tmp_path: Path) -> None:
    """Issue 30 item 5."""
    url = f"sqlite:///{tmp_path / 'seedbed.sqlite3'}"
    with TestClient(create_app(settings(url))) as client:
        table_id, tokens = finished_table(client)
        assert summary(client, table_id)["rematch_table_id"] is None
        assert ask(client, table_id, "not-a-token").status_code == 403
        with client.websocket_connect(f"/ws/tables/{table_id}?token={tokens['Bo']}") as bo:
            assert bo.receive_json()["type"] == "view"
            asked = ask(client, table_id, tokens["Ann"])
            assert asked.status_code == 200, asked.text
            mine = asked.json()
            told = next_rematch(bo)
        new_id = mine["table_id"]
        assert mine["seat"] == 1 and mine["token"] == tokens["Ann"]
        assert mine["invite_url"].endswith(f"/play/{new_id}?token={tokens['Ann']}")
        assert told == {"type": "rematch", "table_id": new_id, "seat": 2, "asked_by": "Ann"}

        again = ask(client, table_id, tokens["Bo"]).json()
        assert (again["table_id"], again["seat"]) == (new_id, 2)
        assert ask(client, table_id, tokens["Ann"]).json()["table_id"] == new_id

        old, new = summary(client, table_id), summary(client, new_id)
        assert old["rematch_table_id"] == new_id
        assert [s["label"] for s in new["seats"]] == ["Greedy bot", "Ann", "Bo"]
        assert new["status"] == "running" and new["options"] == old["options"]
        assert new["table_options"] == old["table_options"]
        assert new["turn_seconds"] == old["turn_seconds"]
        assert first_view(client, new_id, tokens["Ann"])["seat"] == 1
        assert first_view(client, new_id, tokens["Bo"])["seat"] == 2
        running = ask(client, new_id, tokens["Ann"])
        assert running.status_code == 409

        with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
            assert next_rematch(watcher)["seat"] is None
        page = client.get("/api/tables", params={"status": "finished"}).json()["tables"]
        assert {t["table_id"]: t["rematch_table_id"] for t in page}[table_id] == new_id

    time.sleep(0.1)
    with TestClient(create_app(settings(url))) as client:  # after a restart
        assert summary(client, table_id)["rematch_table_id"] == new_id
        with client.websocket_connect(f"/ws/tables/{table_id}?token={tokens['Ann']}") as ann:
            assert next_rematch(ann)["seat"] == 1
        assert ask(client, table_id, tokens["Bo"]).json()["table_id"] == new_id


def test_a_rematch_is_on_the_signed_in_players_tables(tmp_path: Path) -> None:
    """Issue 30 items 1 and 5: a signed-in creator's account remembers their seat at the
    rematch too (rotated, the same token), so "my tables" on any device opens it."""
    url = f"sqlite:///{tmp_path / 'seedbed.sqlite3'}"
    with TestClient(create_app(settings(url))) as client:
        client.headers["origin"] = "http://testserver"
        signed = client.post("/api/accounts", json={"name": "Ann", "password": "long enough!"})
        assert signed.status_code == 201, signed.text
        table_id, tokens = finished_table(client)
        asked = ask(client, table_id, tokens["Bo"])
        assert asked.status_code == 200, asked.text
        new_id = asked.json()["table_id"]
        mine = {(t["table_id"], t["seat"]): t for t in client.get("/api/me").json()["tables"]}
        assert set(mine) == {(table_id, 0), (new_id, 1)}
        assert mine[(new_id, 1)]["invite_url"].endswith(f"?token={tokens['Ann']}")
