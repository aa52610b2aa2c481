"""No password or session id in any log line (issue 30 item 1, attack): a real ``seedbed
serve`` (on SQLite and PostgreSQL) signs people up, in (rightly and wrongly) and out, makes a
table for a signed-in creator and lists it; then its whole log is read."""

from __future__ import annotations

import re

import httpx

from .wire import Server

PASSWORD = "never-log-me-1234"
WRONG = "nor-me-either-5678"


def test_no_password_or_session_id_reaches_the_log(server: Server) -> None:
    origin = {"origin": server.url}
    secrets_seen: list[str] = [PASSWORD, WRONG]
    with httpx.Client(base_url=server.url, headers=origin, timeout=15) as laptop:
        answer = laptop.post("/api/accounts", json={"name": "Logan", "password": PASSWORD})
        assert answer.status_code == 201, answer.text
        secrets_seen.append(laptop.cookies["seedbed_session"])
        bad = laptop.post("/api/session", json={"name": "Logan", "password": WRONG})
        assert bad.status_code == 401
        seats = [{"human": {"name": "Logan"}}, {"bot": "random"}, {"bot": "random"}]
        table = {"game": "bohnanza", "num_players": 3, "seats": seats}
        created = laptop.post("/api/tables", json=table)
        assert created.status_code == 201, created.text
        with httpx.Client(base_url=server.url, headers=origin, timeout=15) as phone:
            answer = phone.post("/api/session", json={"name": "logan", "password": PASSWORD})
            assert answer.status_code == 200
            secrets_seen.append(phone.cookies["seedbed_session"])
            assert phone.get("/api/me").json()["tables"][0]["table_id"]
            assert phone.delete("/api/session").status_code == 204
        too_long = laptop.post("/api/session", json={"name": "Logan", "password": PASSWORD * 20})
        assert too_long.status_code == 422 and PASSWORD not in too_long.text
        assert laptop.delete("/api/sessions").status_code == 200
    server.client.get(f"{server.url}/api/tables")  # the log is flushed past our requests
    log = server.log_path.read_text(errors="replace")
    assert re.search(r"account \d+ created", log)  # the server logged the sign-up
    for secret in secrets_seen:
        assert secret not in log
