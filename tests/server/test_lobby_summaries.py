"""Issue 37 item 6: ``GET /api/tables`` embedded every table's full options, a custom Fields of
Green card set included (up to 1.29 MB each): 60 such tables made the lobby's default request
63 MB, asked every 5 s by every open lobby. Summaries now leave bulky options out (named, with
a digest of the whole options and the link to them), pages stay bounded, and the list and the
summaries carry an ETag (``If-None-Match`` gets 304)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest
from fastapi.testclient import TestClient

from seedbed.games.fields_of_green.card_text import parse_card_data
from seedbed.server.app import create_app
from seedbed.server.config import ServerSettings
from seedbed.server.storage import NewTable, Store, migrate

ORIGINAL = (
    Path(__file__).resolve().parents[2] / "src/seedbed/games/fields_of_green/data/original.toml"
).read_text(encoding="utf-8")
TABLES = 6
ENTRY_BYTES = 2048
"""More than a summary without bulky options takes."""


def card_set(name: str) -> dict[str, Any]:
    data: dict[str, Any] = parse_card_data(ORIGINAL, "original.toml")
    data["name"] = name
    return data


def custom_table(name: str) -> dict[str, Any]:
    return {
        "game": "fields_of_green",
        "num_players": 2,
        "options": {"cards": card_set(name)},
        "seats": [{"human": {"name": "Ann"}}, {"human": {"name": "Bob"}}],
    }


@pytest.fixture(scope="module")
def lobby(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, list[str]]]:
    """A server with TABLES running Fields of Green tables, each with its own card set."""
    url = f"sqlite:///{tmp_path_factory.mktemp('lobby') / 'seedbed.sqlite3'}"
    settings = ServerSettings(database_url=url, bot_workers=1, tables_per_minute=1000)
    with TestClient(create_app(settings)) as client:
        ids = []
        for i in range(TABLES):
            response = client.post("/api/tables", json=custom_table(f"farm {i}"))
            assert response.status_code == 201, response.text
            ids.append(response.json()["table_id"])
        yield client, ids


def canonical_sha256(options: dict[str, Any]) -> str:
    return hashlib.sha256(orjson.dumps(options, option=orjson.OPT_SORT_KEYS)).hexdigest()


def test_the_list_leaves_bulky_options_out(lobby: tuple[TestClient, list[str]]) -> None:
    client, ids = lobby
    response = client.get("/api/tables")
    assert response.status_code == 200
    tables = response.json()["tables"]
    assert {t["table_id"] for t in tables} >= set(ids)
    card_bytes = len(json.dumps(card_set("farm 0")))
    assert card_bytes > 5 * ENTRY_BYTES  # the test means something
    # before: every entry held its whole card set (TABLES * 19 KB here, 63 MB for 60 big ones)
    assert len(response.content) < TABLES * ENTRY_BYTES, len(response.content)
    for entry in tables:
        assert "cards" not in entry["options"]
        assert entry["options_elided"] == ["cards"]
        assert entry["options"]["ruleset"]  # the small options stay
        assert entry["options_url"] == f"/api/tables/{entry['table_id']}/options"


def test_the_full_options_are_one_link_away(lobby: tuple[TestClient, list[str]]) -> None:
    client, ids = lobby
    brief = client.get(f"/api/tables/{ids[2]}").json()
    assert "cards" not in brief["options"]
    full = client.get(brief["options_url"])
    assert full.status_code == 200
    options = full.json()
    assert options["cards"]["name"] == "farm 2"
    assert options["ruleset"] == brief["options"]["ruleset"]
    assert brief["options_sha256"] == canonical_sha256(options)
    assert client.get("/api/tables/0123456789abcdef/options").status_code == 404


def test_small_options_are_whole_in_the_list(lobby: tuple[TestClient, list[str]]) -> None:
    client, _ = lobby
    body = {
        "game": "stalk_exchange",
        "num_players": 2,
        "seats": [{"human": {"name": "Cy"}}, {"bot": "random"}],
    }
    table_id = client.post("/api/tables", json=body).json()["table_id"]
    entry = client.get(f"/api/tables/{table_id}").json()
    assert entry["options_elided"] == []
    assert entry["options"] == client.get(entry["options_url"]).json()


@pytest.mark.parametrize("path", ["/api/tables", "/api/tables?status=running&limit=3"])
def test_an_unchanged_list_is_answered_304(lobby: tuple[TestClient, list[str]], path: str) -> None:
    client, _ = lobby
    first = client.get(path)
    etag = first.headers["etag"]
    again = client.get(path, headers={"if-none-match": etag})
    assert again.status_code == 304 and again.content == b""
    assert again.headers["etag"] == etag
    other = client.get(path, headers={"if-none-match": '"not-it"'})
    assert other.status_code == 200 and other.content == first.content


def test_options_answer_304_too(lobby: tuple[TestClient, list[str]]) -> None:
    client, ids = lobby
    first = client.get(f"/api/tables/{ids[0]}/options")
    again = client.get(
        f"/api/tables/{ids[0]}/options", headers={"if-none-match": first.headers["etag"]}
    )
    assert again.status_code == 304


def test_pages_are_bounded(lobby: tuple[TestClient, list[str]]) -> None:
    client, _ = lobby
    assert client.get("/api/tables?limit=101").status_code == 422
    assert client.get("/api/tables?offset=1000001").status_code == 422
    page = client.get("/api/tables?limit=2&offset=1").json()
    assert (len(page["tables"]), page["limit"], page["offset"]) == (2, 2, 1)


def test_a_list_reads_no_options_from_storage(tmp_path: Path) -> None:
    """The list's query leaves the options column out; they are read once per table."""
    store = Store(f"sqlite:///{tmp_path / 'seedbed.sqlite3'}")
    migrate(store.engine)
    try:
        cards = {"cards": card_set("farm")}
        store.create_table(NewTable("t1", "fields_of_green", 2, cards, 7, [], None))
        (listed,) = store.list_tables(with_options=False).items
        assert (listed.options_whole, listed.table.options) == (False, {})
        assert store.options_of(["t1", "nope"]) == {"t1": cards}
        (whole,) = store.list_tables().items
        assert whole.options_whole and whole.table.options == cards
    finally:
        store.close()
