"""The languages' endpoints (issue 36 item 1): the catalogs as JSON with an ETag, and the
language negotiated from ``Accept-Language``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from seedbed.server.app import create_app
from seedbed.server.config import ServerSettings


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    url = f"sqlite:///{tmp_path_factory.mktemp('i18n') / 'seedbed.sqlite3'}"
    with TestClient(create_app(ServerSettings(database_url=url, bot_workers=1))) as test_client:
        yield test_client


@pytest.mark.parametrize(
    ("header", "negotiated"),
    [
        ("fr-FR,fr;q=0.9,en;q=0.8", "fr"),
        ("de-DE, fr-CA;q=0.5", "fr"),
        ("en-GB,fr;q=0.4", "en"),
        ("de", "en"),
        ("", "en"),
        ("fr;q=nonsense, x" * 100, "en"),
    ],
)
def test_the_language_is_negotiated_from_accept_language(
    client: TestClient, header: str, negotiated: str
) -> None:
    """issue 36 item 2: the browser's languages in its order of preference."""
    answer = client.get("/api/i18n", headers={"accept-language": header})
    assert answer.status_code == 200
    body = answer.json()
    assert body["negotiated"] == negotiated
    assert {"code": "fr", "name": "Français"} in body["languages"]
    assert body["languages"][0] == {"code": "en", "name": "English"}


def test_a_catalog_is_served_as_json_with_an_etag(client: TestClient) -> None:
    """issue 36 item 1: the browser reads the same catalog as the server, 304 when unchanged."""
    answer = client.get("/api/i18n/fr")
    assert answer.status_code == 200
    body = answer.json()
    assert body["lang"] == "fr"
    assert body["messages"]["Send"] == "Envoyer"
    again = client.get("/api/i18n/fr", headers={"if-none-match": answer.headers["etag"]})
    assert again.status_code == 304
    assert client.get("/api/i18n/en").json() == {"lang": "en", "messages": {}}


@pytest.mark.parametrize(("lang", "status"), [("xx", 404), ("../etc", 404), ("f" * 40, 422)])
def test_an_unknown_language_is_refused(client: TestClient, lang: str, status: int) -> None:
    answer = client.get(f"/api/i18n/{lang}")
    assert answer.status_code == status
    assert answer.json()["detail"]
