"""A server open to strangers (issue 12), in-process through FastAPI's TestClient: each defect
found by attacking ``seedbed serve`` has its regression test here (named in the docstring),
beside the limits a public server needs: request size and depth, per-address limits, security
headers, paged listings, retention of finished and abandoned tables, and metrics."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from seedbed.server.app import create_app
from seedbed.server.config import ServerSettings
from seedbed.server.storage import Store

BOTS_ONLY = {
    "game": "stalk_exchange",
    "num_players": 2,
    "seats": [{"bot": "random"}, {"bot": "random"}],
}
HUMANS = {
    "game": "stalk_exchange",
    "num_players": 2,
    "seats": [{"human": {"name": "Ann"}}, {"human": {"name": "Bob"}}],
}


def make_client(tmp_path: Path, **changes: Any) -> TestClient:
    url = f"sqlite:///{tmp_path / 'seedbed.sqlite3'}"
    settings = ServerSettings(database_url=url, bot_workers=1, bot_seconds=1.0, **changes)
    return TestClient(create_app(settings))


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with make_client(tmp_path_factory.mktemp("public"), tables_per_minute=1000) as c:
        yield c


def create(client: TestClient, body: dict[str, Any] = BOTS_ONLY) -> dict[str, Any]:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def finished(client: TestClient, table_id: str, timeout: float = 60.0) -> dict[str, Any]:
    """The table's summary once its (bot-only) game is over."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()
        if found["status"] != "running":
            return found
        time.sleep(0.1)
    raise AssertionError(f"table {table_id} did not finish in {timeout} s")


def refused(response: Any, status: int, *words: str) -> str:
    """The one-line ``detail`` of a refusal with ``status`` that names ``words``."""
    assert response.status_code == status, (response.status_code, response.text[:300])
    detail = response.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail, detail
    for word in words:
        assert word in detail, detail
    return detail


def close_code(client: TestClient, path: str) -> int:
    """The close code of a WebSocket the server refuses (it fails the test if one opens)."""
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(path) as ws:
        ws.receive_json()
    return closed.value.code


# ---------------------------------------------------------------- defects


@pytest.fixture(scope="module")
def done_table(client: TestClient) -> str:
    table_id: str = create(client)["table_id"]
    assert finished(client, table_id)["status"] == "finished"
    return table_id


@pytest.mark.parametrize("seat", ["%C2%B2", "%D9%A1", "1" * 5000, "-1", "+1", " 1", "0x1", "2"])
def test_replay_seat_is_ascii_digits(client: TestClient, done_table: str, seat: str) -> None:
    """Issue 12, defect 2: ``?seat=²`` (a digit to ``str.isdigit``) and 5,000 digits gave 500,
    and ``?seat=١`` (Arabic-Indic one) was taken as seat 1: seats are ASCII digits only."""
    response = client.get(f"/api/tables/{done_table}/replay?seat={seat}")
    assert response.status_code == 422, response.text[:200]
    assert isinstance(response.json()["detail"], str)


def test_replay_seat_accepts_plain_numbers(client: TestClient, done_table: str) -> None:
    for seat in ("0", "1", "spectator"):
        assert client.get(f"/api/tables/{done_table}/replay?seat={seat}").status_code == 200


def test_chosen_seed_refused(client: TestClient) -> None:
    """Issue 12, defect 7: ``seed`` in ``POST /api/tables`` let the creator compute every hand
    and the deck offline; a public server deals from its own secret randomness."""
    response = client.post("/api/tables", json={**BOTS_ONLY, "seed": 42})
    refused(response, 422, "--allow-chosen-seeds")
    assert client.get("/api/games").json()["chosen_seeds"] is False


def test_seed_hidden_while_running_revealed_after(client: TestClient) -> None:
    """Issue 12, defect 7: the seed is shown with the record after the game, never before."""
    running = create(client, HUMANS)["table_id"]
    summary = client.get(f"/api/tables/{running}").json()
    assert summary["seed"] is None and summary["seed_chosen"] is False
    done = create(client)["table_id"]
    after = finished(client, done)
    record = client.get(f"/api/tables/{done}/record").text.splitlines()
    assert after["seed"] is not None and f'"seed": {after["seed"]}' in record[0]


def test_chosen_seed_allowed_by_flag_is_labelled(tmp_path: Path) -> None:
    """Issue 12, defect 7: with ``--allow-chosen-seeds`` a chosen seed is taken and the table
    says so."""
    with make_client(tmp_path, allow_chosen_seeds=True) as c:
        assert c.get("/api/games").json()["chosen_seeds"] is True
        table_id = create(c, {**HUMANS, "seed": 42})["table_id"]
        summary = c.get(f"/api/tables/{table_id}").json()
        assert summary["seed_chosen"] is True and summary["seed"] is None


def test_invite_url_ignores_request_headers(client: TestClient) -> None:
    """Issue 12, defect 9: ``Host: evil.example`` gave an invite link to evil.example carrying
    the seat's token; links come from the configured public URL."""
    headers = {"host": "evil.example", "x-forwarded-host": "evil.example"}
    response = client.post("/api/tables", json=HUMANS, headers=headers)
    for seat in response.json()["seats"]:
        assert seat["invite_url"].startswith("http://127.0.0.1:8000/play/"), seat


def test_invite_url_from_public_url_or_trusted_proxy(tmp_path: Path) -> None:
    """Issue 12, defect 9: ``--public-url`` names the links; forwarded headers only count
    with ``--trust-proxy-headers``."""
    with make_client(tmp_path, public_url="https://games.example.org/") as c:
        seats = c.post("/api/tables", json=HUMANS, headers={"host": "evil.example"}).json()
        assert seats["seats"][0]["invite_url"].startswith("https://games.example.org/play/")
    settings = ServerSettings(
        database_url=f"sqlite:///{tmp_path / 'seedbed.sqlite3'}",
        bot_workers=1,
        trust_proxy_headers=True,
    )  # a proxy on this machine (issue 37 item 8: only a trusted proxy's headers count)
    with TestClient(create_app(settings), client=("127.0.0.1", 40000)) as c:
        headers = {"x-forwarded-host": "proxy.example", "x-forwarded-proto": "https"}
        seats = c.post("/api/tables", json=HUMANS, headers=headers).json()
        assert seats["seats"][0]["invite_url"].startswith("https://proxy.example/play/")


def test_token_only_from_the_exact_parameter(client: TestClient) -> None:
    """Issue 12, defect 8: ``?%74oken=TOKEN`` authenticated the seat but slipped past the log
    redaction; only a parameter spelled ``token`` carries a token."""
    created = create(client, HUMANS)
    table_id, token = created["table_id"], created["seats"][0]["token"]
    assert close_code(client, f"/ws/tables/{table_id}?%74oken={token}") == 4403
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        assert ws.receive_json()["seat"] == 0


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"num_players": "2"}, ["num_players"]),
        ({"num_players": 2.0}, ["num_players"]),
        ({"num_players": True}, ["num_players"]),
        ({"seats": [{"human": {"name": "Ann\x00"}}, {"bot": "random"}]}, ["control"]),
        ({"seats": [{"human": {"name": "\u202eAnn"}}, {"bot": "random"}]}, ["control"]),
        ({"seats": [{"human": {"name": "   "}}, {"bot": "random"}]}, ["blank"]),
        ({"seats": [{"bot": "random"}] * 17}, ["seats"]),
        ({"seats": [{"bot": "random"}] * 3}, ["3 seats", "2 players"]),
        ({"seats": []}, ["seats"]),
        ({"options": {"max_offers": 2**100}}, []),
        ({"options": {"max_offers": None}}, ["no limit"]),
    ],
)
def test_bad_table_requests(client: TestClient, change: dict[str, Any], words: list[str]) -> None:
    """Issue 12, defect 3 (the request side): ``num_players: "3"``, NUL and control characters
    in names, more seats than players and huge numbers are refused with one line."""
    body = {**BOTS_ONLY, **change}
    if "max_offers" in str(change):
        body = {**body, "game": "bohnanza", "num_players": 2}
    refused(client.post("/api/tables", json=body), 422, *words)


# ---------------------------------------------------------------- request limits


@pytest.mark.parametrize("path", ["/api/tables", "/api/games/fields_of_green/files/card_set"])
def test_body_limit_on_every_endpoint(client: TestClient, path: str) -> None:
    """A body over the limit gets 413 before any endpoint reads it, whether or not it says
    its length."""
    big = b'{"text": "' + b"a" * (3 * 1024 * 1024) + b'"}'
    headers = {"content-type": "application/json"}
    refused(client.post(path, content=big, headers=headers), 413, "limited to")

    def chunks() -> Iterator[bytes]:
        for _ in range(48):
            yield b"a" * 65536

    refused(client.post(path, content=chunks(), headers=headers), 413, "limited to")


@pytest.mark.parametrize("depth", [33, 5000, 100_000])
def test_deep_json_is_refused_before_parsing(client: TestClient, depth: int) -> None:
    """JSON nested deeper than the limit gets 422 with the error body (a parser would recurse
    once per level)."""
    options = "[" * depth + "]" * depth
    body = '{"game": "bohnanza", "num_players": 3, "seats": [], "options": {"x": ' + options + "}}"
    response = client.post(
        "/api/tables", content=body, headers={"content-type": "application/json"}
    )
    refused(response, 422, "deeper than 32")


def test_table_creation_limit_per_address(tmp_path: Path) -> None:
    with make_client(tmp_path, tables_per_minute=3) as c:
        for _ in range(3):
            create(c, HUMANS)
        response = c.post("/api/tables", json=HUMANS)
        refused(response, 429, "tables a minute")
        assert response.headers["retry-after"] == "60"


def test_sockets_per_address_and_table(tmp_path: Path) -> None:
    with make_client(tmp_path, sockets_per_table=2, sockets_per_address=3) as c:
        first, second = (create(c, HUMANS)["table_id"] for _ in range(2))
        with (
            c.websocket_connect(f"/ws/tables/{first}") as a,
            c.websocket_connect(f"/ws/tables/{first}") as b,
        ):
            a.receive_json(), b.receive_json()
            assert close_code(c, f"/ws/tables/{first}") == 4429
            with c.websocket_connect(f"/ws/tables/{second}") as d:
                d.receive_json()
                assert close_code(c, f"/ws/tables/{second}") == 4429
        with c.websocket_connect(f"/ws/tables/{first}") as again:  # closed sockets count down
            assert again.receive_json()["type"] == "view"


@pytest.mark.parametrize("table_id", ["x" * 5000, "0123", "ZZZZZZZZZZZZZZZZ", "%00"])
def test_unknown_table_ids(client: TestClient, table_id: str) -> None:
    for suffix in ("", "/record", "/replay", "/catalog"):
        refused(client.get(f"/api/tables/{table_id}{suffix}"), 404, "no table")


# ---------------------------------------------------------------- web hardening


@pytest.mark.parametrize("path", ["/", "/api/games", "/static/app.js", "/api/tables/nope"])
def test_security_headers(client: TestClient, path: str) -> None:
    headers = client.get(path).headers
    policy = headers["content-security-policy"]
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert headers["x-frame-options"] == "DENY"
    assert headers["referrer-policy"] == "no-referrer"
    assert headers["x-content-type-options"] == "nosniff"


def test_api_docs_off_by_default(client: TestClient) -> None:
    assert client.get("/docs").status_code == 404
    assert client.get("/redoc").status_code == 404
    assert client.get("/openapi.json").status_code == 200


def test_api_docs_load_nothing_from_elsewhere(tmp_path: Path) -> None:
    with make_client(tmp_path, api_docs=True) as c:
        page = c.get("/docs")
        assert (
            page.status_code == 200
            and "script-src 'self'" in page.headers["content-security-policy"]
        )
        assert "http" not in page.text and "<script>" not in page.text
        for asset in ("/api-docs/assets/swagger-ui-bundle.js", "/api-docs/assets/swagger-ui.css"):
            assert c.get(asset).status_code == 200
        assert "/openapi.json" in c.get("/api-docs/init.js").text


# ---------------------------------------------------------------- retention


def test_tables_listed_by_page_and_filter(tmp_path: Path) -> None:
    with make_client(tmp_path) as c:
        done = [create(c)["table_id"] for _ in range(3)]
        for table_id in done:
            finished(c, table_id)
        waiting = create(c, HUMANS)["table_id"]
        page = c.get("/api/tables?status=finished&limit=2").json()
        assert page["total"] == 3 and len(page["tables"]) == 2 and page["limit"] == 2
        rest = c.get("/api/tables?status=finished&limit=2&offset=2").json()
        listed = [t["table_id"] for t in page["tables"] + rest["tables"]]
        assert listed == done[::-1], "newest first"
        running = c.get("/api/tables").json()
        assert [t["table_id"] for t in running["tables"]] == [waiting]
        assert c.get("/api/tables?game=bohnanza&status=finished").json()["total"] == 0
        for bad in ("status=over", "limit=0", "limit=101", "offset=-1", "game=" + "x" * 65):
            refused(c.get(f"/api/tables?{bad}"), 422)


def test_finished_tables_leave_memory(tmp_path: Path) -> None:
    with make_client(tmp_path, tables_in_memory=1) as c:
        done = [create(c)["table_id"] for _ in range(3)]
        for table_id in done:
            finished(c, table_id)
        metrics = c.get("/api/metrics").json()
        assert metrics["tables_running"] == 0 and metrics["tables_in_memory"] <= 1
        record = c.get(f"/api/tables/{done[0]}/record")  # rebuilt from storage
        assert record.status_code == 200 and '"outcome"' in record.text


def test_abandoned_tables_are_aborted(tmp_path: Path) -> None:
    with make_client(tmp_path, idle_hours=1 / 3600, sweep_seconds=0.2) as c:
        created = create(c, HUMANS)
        table_id, token = created["table_id"], created["seats"][0]["token"]
        with c.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
            assert ws.receive_json()["type"] == "view"
            assert [ws.receive_json()["type"] for _ in range(2)] == ["history", "chat"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4410
        summary = c.get(f"/api/tables/{table_id}").json()
        assert summary["status"] == "aborted" and "abandoned" in summary["abort_reason"]
        assert summary["seed"] is not None
        assert c.get("/api/metrics").json()["tables_aborted"] == 1
        refused(c.get(f"/api/tables/{table_id}/record"), 404)
        assert c.get("/api/tables?status=aborted").json()["total"] == 1


def test_operator_abort_reaches_the_running_server(tmp_path: Path) -> None:
    with make_client(tmp_path, sweep_seconds=0.2) as c:
        table_id = create(c, HUMANS)["table_id"]
        with c.websocket_connect(f"/ws/tables/{table_id}") as ws:
            assert [ws.receive_json()["type"] for _ in range(3)] == ["view", "history", "chat"]
            store = Store(f"sqlite:///{tmp_path / 'seedbed.sqlite3'}")
            assert store.abort(table_id, "by the operator")
            store.close()
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4410
        assert c.get("/api/metrics").json()["tables_running"] == 0
