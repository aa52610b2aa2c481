"""One name per bot (issue 38 item 6): a table's summary names each bot seat by
:func:`seedbed.bots.names.bot_name` (``label``), the name the lobby's menu gives it, so the
table, its log and its replay say "Search bot" where the lobby said "Search bot" (they said
"Rollout bot" and "Search (500 rollouts)")."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from seedbed.bots.names import table_search
from seedbed.server.app import create_app
from seedbed.server.config import ServerSettings


def test_a_tables_seats_carry_the_lobbys_bot_names(tmp_path: Path) -> None:
    """Issue 38 item 6: the seats' labels are the lobby's names, a person's label their name."""
    url = f"sqlite:///{tmp_path / 'seedbed.sqlite3'}"
    search = table_search("bohnanza")
    seats = [{"human": {"name": "Ann"}}, {"bot": "greedy"}, {"bot": search}, {"bot": "random"}]
    with TestClient(create_app(ServerSettings(database_url=url, bot_workers=1))) as client:
        lobby = {g["name"]: g for g in client.get("/api/games").json()["games"]}
        offered = [b["label"].split(":")[0].split(" (")[0] for b in lobby["bohnanza"]["bots"]]
        made = client.post(
            "/api/tables", json={"game": "bohnanza", "num_players": 4, "seats": seats}
        )
        assert made.status_code == 201, made.text
        summary = client.get(f"/api/tables/{made.json()['table_id']}").json()
    labels = [s["label"] for s in summary["seats"]]
    assert labels == ["Ann", "Greedy bot", "Search bot", "Random bot"]
    assert sorted(labels[1:]) == sorted(offered)
    assert [s["name"] for s in summary["seats"]][1:] == ["greedy", search, "random"]
