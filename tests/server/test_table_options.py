"""Table options (issue 16, part 1): the bots' manners a game declares (``GameSpec.manners``:
Bohnanza's ``offer_hold``, ``open_offers`` and ``phase_offers``) are set per table in
``POST /api/tables`` (``table_options``), checked against their bounds, stored beside the
game's options and shown in the table's summary. The hold defaults to 10 s at a table with a
person and is 0 at a bot-only table."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import seedbed
from seedbed.server.storage import NewTable, Store, migrate

from .test_public_server import create, make_client, refused

PERSON = {
    "game": "bohnanza",
    "num_players": 3,
    "seats": [{"human": {"name": "Ann"}}, {"bot": "greedy"}, {"bot": "greedy"}],
}
BOTS = {**PERSON, "seats": [{"bot": "greedy"}] * 3}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with make_client(tmp_path_factory.mktemp("manners"), tables_per_minute=1000) as c:
        yield c


def summary(client: TestClient, body: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = client.get(f"/api/tables/{create(client, body)['table_id']}").json()
    return found


def test_the_declared_defaults() -> None:
    manners = {o.name: (o.default, o.least, o.most) for o in seedbed.spec("bohnanza").manners}
    assert manners == {
        "offer_hold": (10, 0, 600),
        "open_offers": (2, 1, 10),
        "phase_offers": (4, 1, 20),
    }
    assert seedbed.spec("stalk_exchange").manners == ()


def test_defaults_at_a_table_with_a_person(client: TestClient) -> None:
    got = summary(client, PERSON)["table_options"]
    assert got == {"offer_hold": 10, "open_offers": 2, "phase_offers": 4, "hints": False}


def test_no_hold_at_a_bot_only_table(client: TestClient) -> None:
    got = summary(client, {**BOTS, "table_options": {"offer_hold": 30}})["table_options"]
    assert got == {"offer_hold": 0, "open_offers": 2, "phase_offers": 4, "hints": False}


def test_chosen_values_are_kept(client: TestClient) -> None:
    chosen = {"offer_hold": 30, "open_offers": 1, "phase_offers": 3, "hints": True}
    assert summary(client, {**PERSON, "table_options": chosen})["table_options"] == chosen


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"offer_hold": 601}, ["offer_hold", "600"]),
        ({"offer_hold": -1}, ["offer_hold"]),
        ({"open_offers": 0}, ["open_offers"]),
        ({"phase_offers": 21}, ["phase_offers", "20"]),
        ({"phase_offers": "4"}, ["phase_offers"]),
        ({"politeness": 1}, ["politeness"]),
        ({"hints": 1}, ["hints"]),
    ],
)
def test_bad_table_options_are_refused(
    client: TestClient, options: dict[str, Any], words: list[str]
) -> None:
    refused(client.post("/api/tables", json={**PERSON, "table_options": options}), 422, *words)


def test_a_game_without_manners_takes_only_the_options_of_every_table(client: TestClient) -> None:
    """Stalk Exchange declares no manners: its tables have only ``hints`` (issue 17)."""
    body = {"game": "stalk_exchange", "num_players": 2, "seats": [{"bot": "greedy"}] * 2}
    assert summary(client, body)["table_options"] == {"hints": False}
    hinted = {**body, "table_options": {"hints": True}}
    assert summary(client, hinted)["table_options"] == {"hints": True}
    refused(
        client.post("/api/tables", json={**body, "table_options": {"offer_hold": 5}}),
        422,
        "offer_hold",
    )


def test_stored_beside_the_game_options(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 't.sqlite3'}")
    migrate(store.engine)
    manners = {"offer_hold": 12, "open_offers": 1, "phase_offers": 2}
    seating = [{"kind": "bot", "spec": "greedy"}] * 2
    store.create_table(NewTable("t1", "bohnanza", 2, {}, 1, seating, None, False, manners))
    loaded = store.load("t1")
    assert loaded is not None and loaded.table.table_options == manners
