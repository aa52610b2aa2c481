"""Issue 30 item 2: open seats and quick match. A table may leave seats open; it does not start
play (no bot asked, no turn timer) until every seat is held; anyone takes an open seat (its
token in the answer only); of two takers of one seat exactly one wins; quick match joins the
oldest fitting open table or opens one; bots fill the seats still open when the wait runs out;
and all of it survives a restart."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from seedbed.server.account_names import name_key
from seedbed.server.account_store import AccountStore
from seedbed.server.app import create_app
from seedbed.server.config import ServerSettings
from seedbed.server.seat_store import Opening, store_table, take_seats
from seedbed.server.storage import NewTable, Store, migrate, now

OPEN: dict[str, Any] = {"open": {}}
GREEDY: dict[str, Any] = {"bot": "greedy"}


def human(name: str) -> dict[str, Any]:
    return {"human": {"name": name}}


def settings(url: str) -> ServerSettings:
    return ServerSettings(database_url=url, bot_workers=1, tables_per_minute=1000)


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'seedbed.sqlite3'}"


@pytest.fixture
def client(url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings(url))) as c:
        yield c


def open_table(client: TestClient, seats: list[dict[str, Any]], **more: Any) -> dict[str, Any]:
    body = {"game": "stalk_exchange", "num_players": len(seats), "seats": seats, **more}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def summary(client: TestClient, table_id: str) -> dict[str, Any]:
    response = client.get(f"/api/tables/{table_id}")
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()
    return found


def until(check: Any, what: str, timeout: float = 30.0) -> Any:
    """Poll ``check`` until it answers something true (a hang guard, not a speed check)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"not {what} within {timeout} s")


def first_view(client: TestClient, table_id: str, token: str | None = None) -> dict[str, Any]:
    query = f"?token={token}" if token else ""
    with client.websocket_connect(f"/ws/tables/{table_id}{query}") as ws:
        view: dict[str, Any] = ws.receive_json()
    return view


def test_a_guest_takes_an_open_seat_and_play_starts_once_all_sit(client: TestClient) -> None:
    """Issue 30 item 2: the bot at seat 0 is not asked while seat 1 is open; the summary and
    the views say which seats are open; a guest takes it (token once), a second taker gets
    409, and then the table plays like any other."""
    created = open_table(
        client, [GREEDY, OPEN, human("Ann")], fill_with_bot_after=None, turn_seconds=0.05
    )
    table_id = created["table_id"]
    assert [s["seat"] for s in created["seats"]] == [2]  # tokens: the person's seat only
    found = summary(client, table_id)
    assert [s["kind"] for s in found["seats"]] == ["bot", "open", "human"]
    assert found["waiting"]["open_seats"] == [1]
    assert found["waiting"]["fill_at"] is None and found["waiting"]["fill_bot"] == "greedy"
    view = first_view(client, table_id, created["seats"][0]["token"])
    assert view["waiting_for_players"] == {"open_seats": [1], "fill_in": None}
    assert view["to_move"] == [] and view["legal_actions"] == []
    assert view.get("timer") is None and view.get("waiting_to_join") is None
    time.sleep(0.2)  # a turn timer of 0.05 s would have had the stand-in move by now
    assert summary(client, table_id)["version"] == 0
    assert client.get("/api/metrics").json()["bot_moves"] == 0

    taken = client.post(f"/api/tables/{table_id}/seats/1", json={"name": "Zoe"})
    assert taken.status_code == 201, taken.text
    seat = taken.json()
    assert seat["seat"] == 1 and seat["table_id"] == table_id
    assert seat["invite_url"].endswith(f"/play/{table_id}?token={seat['token']}")
    again = client.post(f"/api/tables/{table_id}/seats/1", json={"name": "Max"})
    assert again.status_code == 409 and "not open" in again.json()["detail"]
    held = client.post(f"/api/tables/{table_id}/seats/2", json={"name": "Max"})
    assert held.status_code == 409
    assert client.post(f"/api/tables/{table_id}/seats/7", json={"name": "Max"}).status_code == 422

    found = summary(client, table_id)
    assert found["waiting"] is None
    assert [s["label"] for s in found["seats"]] == ["Greedy bot", "Zoe", "Ann"]
    assert first_view(client, table_id, seat["token"])["seat"] == 1
    until(lambda: summary(client, table_id)["version"] > 0, "played by the bot")


def sign_up(client: TestClient, url: str, name: str) -> int:
    """Create an account and sign the client in (its later requests carry the cookie and
    name the server's own origin, as a browser's do); the account's id."""
    client.headers["origin"] = "http://testserver"
    answer = client.post("/api/accounts", json={"name": name, "password": "a fine password"})
    assert answer.status_code == 201, answer.text
    store = Store(url)
    try:
        found = AccountStore(store.engine).by_key(name_key(name))
    finally:
        store.close()
    assert found is not None
    return found.id


def test_a_signed_in_taker_s_account_is_stored_and_remembers_the_seat(
    client: TestClient, url: str
) -> None:
    """Issue 30 items 1 and 2: a seat taken by a signed-in person keeps their account id in
    its seating entry, and their account lists it ("my tables"); a guest's has none."""
    created = open_table(client, [human("Ann"), OPEN, OPEN], fill_with_bot_after=None)
    table_id = created["table_id"]
    assert client.post(f"/api/tables/{table_id}/seats/2", json={"name": "Guest"}).is_success
    kim = sign_up(client, url, "Kim")
    taken = client.post(f"/api/tables/{table_id}/seats/1", json={"name": "Kim"})
    assert taken.is_success, taken.text
    mine = client.get("/api/me").json()["tables"]
    assert [(t["table_id"], t["seat"]) for t in mine] == [(table_id, 1)]
    assert mine[0]["invite_url"].endswith(taken.json()["token"])
    store = Store(url)
    try:
        stored = store.load(table_id)
    finally:
        store.close()
    assert stored is not None
    seating = stored.table.seating
    assert seating[1]["account"] == kim and seating[1]["name"] == "Kim"
    assert "account" not in seating[2] and "account" not in seating[0]


def quick(client: TestClient, name: str, players: int = 2, **more: Any) -> dict[str, Any]:
    body = {"game": "stalk_exchange", "num_players": players, "name": name, **more}
    response = client.post("/api/quick-match", json=body)
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()
    return found


def test_quick_match_opens_a_table_then_the_next_asker_joins_it(
    client: TestClient, url: str
) -> None:
    """Issue 30 item 2: the first asker opens a table (seat 0, the rest open); the second
    joins that one (the oldest fitting: same game and count, default options), not a table
    with other options nor one of another player count; a signed-in asker is not sat twice
    at one table."""
    custom = open_table(
        client, [human("Cy"), OPEN], table_options={"hints": True}, fill_with_bot_after=None
    )
    assert summary(client, custom["table_id"])["waiting"]["default_options"] is False
    first = quick(client, "Ann", fill_with_bot_after=None)
    assert first["opened"] is True and first["seat"] == 0
    other = quick(client, "Bo", players=3, fill_with_bot_after=None)
    assert other["opened"] is True and other["table_id"] != first["table_id"]
    listed = client.get("/api/open-tables", params={"game": "stalk_exchange"}).json()["tables"]
    assert [t["table_id"] for t in listed] == [
        custom["table_id"],
        first["table_id"],
        other["table_id"],
    ]
    assert listed[1]["waiting"]["open_seats"] == [1]
    assert [s["label"] for s in listed[1]["seats"]] == ["Ann", "Open seat"]

    sign_up(client, url, "Lu")
    own = quick(client, "Lu", players=4, fill_with_bot_after=None)
    lus_second = quick(client, "Lu", players=4, fill_with_bot_after=None)["table_id"]
    assert lus_second != own["table_id"]
    assert client.delete("/api/session").status_code == 204
    second = quick(client, "Kim")
    assert second["opened"] is False
    assert (second["table_id"], second["seat"]) == (first["table_id"], 1)
    found = summary(client, first["table_id"])
    assert found["waiting"] is None and [s["name"] for s in found["seats"]] == ["Ann", "Kim"]
    assert first_view(client, first["table_id"], second["token"])["seat"] == 1
    waiting = {t["table_id"] for t in client.get("/api/open-tables").json()["tables"]}
    assert waiting == {custom["table_id"], other["table_id"], own["table_id"], lus_second}


def test_bots_fill_the_open_seats_when_the_wait_runs_out(client: TestClient) -> None:
    """Issue 30 item 2: a lone asker's table gets named bots in its open seats after the
    creator's wait (short here), and play starts."""
    mine = quick(client, "Ann", players=3, fill_with_bot_after=3)  # seen waiting under load
    view = first_view(client, mine["table_id"], mine["token"])
    assert view["waiting_for_players"]["open_seats"] == [1, 2]
    assert 0 <= view["waiting_for_players"]["fill_in"] <= 3
    found = until(
        lambda: (s := summary(client, mine["table_id"]))["waiting"] is None and s,
        "filled with bots",
    )
    assert [s["kind"] for s in found["seats"]] == ["human", "bot", "bot"]
    assert [s["label"] for s in found["seats"]][1:] == ["Greedy bot", "Greedy bot"]
    assert first_view(client, mine["table_id"], mine["token"]).get("waiting_for_players") is None


def test_two_takers_of_one_seat_exactly_one_wins(database_url: str) -> None:
    """Issue 30 item 2: two people take the same open seat at once (SQLite and PostgreSQL):
    one 201, one 409, and the seat is the winner's."""
    with TestClient(create_app(settings(database_url))) as client:
        for _ in range(3):
            created = open_table(client, [human("Ann"), OPEN], fill_with_bot_after=None)
            table_id = created["table_id"]
            barrier = threading.Barrier(2)

            def take(
                name: str, table: str = table_id, both: threading.Barrier = barrier
            ) -> tuple[int, str]:
                both.wait()
                answer = client.post(f"/api/tables/{table}/seats/1", json={"name": name})
                return answer.status_code, name

            with ThreadPoolExecutor(2) as pool:
                results = sorted(pool.map(take, ["Bo", "Cy"]))
            assert [status for status, _ in results] == [201, 409]
            winner = results[0][1]
            assert summary(client, table_id)["seats"][1]["name"] == winner


def test_two_processes_taking_one_seat_in_storage_exactly_one_wins(database_url: str) -> None:
    """Issue 30 item 2: the storage itself lets one taker win (two engines, as two server
    processes would have, race on one seat)."""
    stores = [Store(database_url), Store(database_url)]
    try:
        migrate(stores[0].engine)
        for round_ in range(5):
            table = NewTable(
                f"race{round_}{now().timestamp():.0f}", "stalk_exchange", 2, {}, 1,
                [{"kind": "human", "name": "A", "token_sha256": "0" * 64}, {"kind": "open"}],
                None,
            )  # fmt: skip
            store_table(stores[0], table, Opening(now(), None, "greedy", True))
            barrier = threading.Barrier(2)

            def take(i: int, table_id: str = table.id, both: threading.Barrier = barrier) -> bool:
                both.wait()
                entry = {"kind": "bot", "spec": ["greedy", "random"][i]}
                return take_seats(stores[i], table_id, {1: entry}) is not None

            with ThreadPoolExecutor(2) as pool:
                won = list(pool.map(take, [0, 1]))
            assert sorted(won) == [False, True]
    finally:
        for store in stores:
            store.close()


def test_open_seats_and_their_deadline_survive_a_restart(url: str) -> None:
    """Issue 30 item 2: after a restart a waiting table still waits, with its open seats and
    its fill deadline (bots fill it then); one whose deadline passed while the server was
    down is filled at once."""
    with TestClient(create_app(settings(url))) as client:
        late = open_table(client, [human("Ann"), OPEN], fill_with_bot_after=1.0)["table_id"]
        waits = open_table(client, [human("Bo"), OPEN], fill_with_bot_after=None)["table_id"]
        before = summary(client, waits)["waiting"]
    time.sleep(1.2)  # the server is down when ``late``'s wait runs out
    with TestClient(create_app(settings(url))) as client:
        after = summary(client, waits)["waiting"]
        assert after["open_seats"] == [1] and after["since"] == before["since"]
        assert after["fill_at"] is None
        listed = [t["table_id"] for t in client.get("/api/open-tables").json()["tables"]]
        assert waits in listed
        until(lambda: summary(client, late)["waiting"] is None, "filled after the restart")
        assert summary(client, late)["seats"][1]["kind"] == "bot"
        assert client.post(f"/api/tables/{waits}/seats/1", json={"name": "Cy"}).status_code == 201
        assert summary(client, waits)["waiting"] is None


def test_a_table_whose_open_seats_an_unrated_bot_fills_is_unrated(client: TestClient) -> None:
    """Issue 30 items 2 and 3: the bot that fills open seats counts as one of the table's
    bots for the ladder: the lobby's greedy keeps a table rated, another spec does not."""
    kept = open_table(client, [human("Ann"), OPEN])
    other = open_table(client, [human("Ann"), OPEN], fill_bot="ismcts:iterations=20")
    never = open_table(
        client, [human("Ann"), OPEN], fill_bot="ismcts:iterations=20", fill_with_bot_after=None
    )
    rated = [summary(client, t["table_id"])["rated"] for t in (kept, other, never)]
    assert rated == [True, False, True]
