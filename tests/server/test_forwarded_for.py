"""Issue 37 item 8: with ``--trust-proxy-headers`` the client address was the leftmost
``X-Forwarded-For`` entry, which the client writes itself: behind a proxy that appends, every
per-address limit could be dodged by writing a new address each time. Now only the configured
proxies (``--trusted-proxies``, loopback by default) are believed, and the address is the
rightmost entry that is not one of them, for HTTP and WebSockets alike, in uvicorn and in the
app; a peer that is no trusted proxy is taken as it is, its headers ignored."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from seedbed.server.app import create_app
from seedbed.server.config import ServerSettings

from .conftest import sqlite_url
from .wire import Server

HUMANS = {
    "game": "stalk_exchange",
    "num_players": 2,
    "seats": [{"human": {"name": "Ann"}}, {"human": {"name": "Bob"}}],
}
PROXY = ("127.0.0.1", 40000)
"""The peer as a reverse proxy on the same machine is seen."""


def via(*chain: str) -> dict[str, str]:
    return {"x-forwarded-for": ", ".join(chain)}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``seedbed serve --trust-proxy-headers`` (uvicorn as in production), one table a
    minute per address; the test's requests come from loopback, as a local proxy's do."""
    folder = tmp_path_factory.mktemp("forwarded")
    extra = ("--trust-proxy-headers", "--tables-per-minute", "1")
    srv = Server(sqlite_url(folder), folder, extra).start()
    try:
        yield srv
    finally:
        srv.close()


def post(server: Server, headers: dict[str, str]) -> int:
    response = server.client.post(f"{server.url}/api/tables", json=HUMANS, headers=headers)
    return response.status_code


def test_a_client_cannot_choose_its_address_behind_an_appending_proxy(served: Server) -> None:
    # the client wrote the first entry, the proxy appended the address it saw
    assert post(served, via("6.6.6.1", "203.0.113.5")) == 201
    assert post(served, via("6.6.6.2", "203.0.113.5")) == 429  # the same client
    assert post(served, via("6.6.6.3", "203.0.113.5")) == 429
    assert post(served, via("203.0.113.9")) == 201  # another client has its own allowance


def app_client(tmp_path: Path, peer: tuple[str, int] = PROXY, **changes: Any) -> TestClient:
    settings = ServerSettings(
        database_url=sqlite_url(tmp_path), bot_workers=1, trust_proxy_headers=True, **changes
    )
    return TestClient(create_app(settings), client=peer)


def test_a_chain_of_trusted_proxies_is_walked_from_the_right(tmp_path: Path) -> None:
    with app_client(
        tmp_path, tables_per_minute=1, trusted_proxies=("127.0.0.1", "10.0.0.0/8")
    ) as c:
        first = via("6.6.6.1", "203.0.113.5", "10.1.2.3")
        assert c.post("/api/tables", json=HUMANS, headers=first).status_code == 201
        spoofed = via("6.6.6.2", "203.0.113.5", "10.9.9.9")
        assert c.post("/api/tables", json=HUMANS, headers=spoofed).status_code == 429


def test_an_untrusted_peer_is_taken_as_it_is(tmp_path: Path) -> None:
    stranger = ("198.51.100.7", 5555)
    with app_client(tmp_path, peer=stranger, tables_per_minute=1) as c:
        forged = {**via("203.0.113.1"), "x-forwarded-host": "evil.example"}
        answer = c.post("/api/tables", json=HUMANS, headers=forged)
        assert answer.status_code == 201
        assert "evil.example" not in answer.json()["seats"][0]["invite_url"]
        again = c.post("/api/tables", json=HUMANS, headers=via("203.0.113.2"))
        assert again.status_code == 429  # both were the stranger's own address


def test_sockets_count_the_rightmost_untrusted_address(tmp_path: Path) -> None:
    with app_client(tmp_path, sockets_per_address=1) as c:
        table_id = c.post("/api/tables", json=HUMANS).json()["table_id"]
        path = f"/ws/tables/{table_id}"
        with c.websocket_connect(path, headers=via("6.6.6.1", "203.0.113.5")) as ws:
            ws.receive_json()
            with c.websocket_connect(path, headers=via("203.0.113.6")) as other:
                assert other.receive_json()["type"] == "view"  # another client
            with (
                pytest.raises(WebSocketDisconnect) as closed,
                c.websocket_connect(path, headers=via("6.6.6.2", "203.0.113.5")) as spoof,
            ):
                spoof.receive_json()
            assert closed.value.code == 4429
