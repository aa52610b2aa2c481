"""Issue 37 item 16, the HTTP details (in process, through FastAPI's TestClient): the OpenAPI
document declares the 400 every endpoint with a body can answer, a 405 allows every method
of its path, and a seat number in a query is a canonical integer."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from seedbed.server.app import create_app
from seedbed.server.config import ServerSettings

HUMANS = {
    "game": "stalk_exchange",
    "num_players": 2,
    "seats": [{"human": {"name": "Ann"}}, {"human": {"name": "Bob"}}],
}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    url = f"sqlite:///{tmp_path_factory.mktemp('details') / 'seedbed.sqlite3'}"
    settings = ServerSettings(database_url=url, bot_workers=1, bot_seconds=1.0)
    with TestClient(create_app(settings)) as c:
        yield c


def test_every_body_declares_400(client: TestClient) -> None:
    """Issue 37 item 16: a body that is not UTF-8 gets 400 from every endpoint that takes
    one; ``/hint`` did not declare it."""
    table = client.post("/api/tables", json=HUMANS).json()["table_id"]
    answer = client.post(
        f"/api/tables/{table}/hint", content=b"\xff", headers={"content-type": "application/json"}
    )
    assert answer.status_code == 400, answer.text
    paths = client.get("/openapi.json").json()["paths"]
    undeclared = [
        f"{method.upper()} {path}"
        for path, operations in paths.items()
        for method, operation in operations.items()
        if "requestBody" in operation and "400" not in operation["responses"]
    ]
    assert undeclared == []


@pytest.mark.parametrize(
    ("path", "methods"),
    [("/api/tables", {"GET", "POST"}), ("/api/tables/0123456789abcdef/hint", {"POST"})],
)
def test_a_405_allows_every_method_of_the_path(
    client: TestClient, path: str, methods: set[str]
) -> None:
    """Issue 37 item 16: ``OPTIONS /api/tables`` answered ``Allow: POST``, though GET is
    served too (Starlette names the methods of the first route of the path only)."""
    answer = client.options(path)
    assert answer.status_code == 405
    assert set(answer.headers["allow"].split(", ")) == methods
    assert answer.json() == {"detail": "Method Not Allowed"}


@pytest.mark.parametrize(
    ("seat", "status"), [("0", 409), ("1", 409), ("00", 422), ("01", 422), ("0" * 15, 422)]
)
def test_seat_numbers_are_canonical(client: TestClient, seat: str, status: int) -> None:
    """Issue 37 item 16: ``?seat=00`` was taken for seat 0 while fifteen zeros were refused;
    a seat is a canonical integer (409 here: the game still runs)."""
    table = client.post("/api/tables", json=HUMANS).json()["table_id"]
    assert client.get(f"/api/tables/{table}/replay?seat={seat}").status_code == status
