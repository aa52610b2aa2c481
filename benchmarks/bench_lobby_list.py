"""The lobby's default request with many tables of custom card sets (issue 37, item 6).

Creates TABLES running Fields of Green tables (two people each, so they stay running), each
with its own card set of about 1.2 MB of JSON (the original cards, padded to MAX_CARD_SET
cards with 1,000-character texts), on an in-process server with an SQLite file, then
prints the bytes of ``GET /api/tables`` (what every open lobby asks every 5 s), the time of
that request (best of a few), and the bytes of the same request revalidated with its ETag.
Printed, never asserted. Runs against any version of the server: one that embeds whole
options shows what the lobby paid before.

    .venv/bin/python benchmarks/bench_lobby_list.py [TABLES]
"""

from __future__ import annotations

import copy
import json
import sys
import tempfile
import time
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from seedbed.games.fields_of_green.card_text import parse_card_data
from seedbed.server.app import create_app
from seedbed.server.config import ServerSettings

MAX_CARD_SET = 1000
"""Cards of the padded card set, copies counted (the card-set limit)."""
TEXT = ("Harvest: pay 1 water to gain 1 food. " * 30)[:1000]


def card_set(name: str) -> dict[str, Any]:
    """The original card set under another name, padded to MAX_CARD_SET entries."""
    folder = resources.files("seedbed.games.fields_of_green") / "data"
    data: dict[str, Any] = parse_card_data((folder / "original.toml").read_text(), "x.toml")
    data["name"] = name
    locations = data["locations"]
    pads = MAX_CARD_SET - sum(c.get("copies", 1) for c in [*locations, *data["equipment"]])
    for i in range(pads):
        card = copy.deepcopy(locations[i % len(locations)])
        card.update(id=f"pad_{i}", copies=1)
        locations.append(card)
    for card in [*data["locations"], *data["equipment"]]:
        card["text"] = TEXT
    return data


def best_of(runs: int, fn: Any) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main(tables: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        settings = ServerSettings(database_url=url, bot_workers=1, tables_per_minute=10_000)
        with TestClient(create_app(settings)) as client:
            option_bytes = 0
            for i in range(tables):
                cards = card_set(f"farm {i}")
                option_bytes = len(json.dumps(cards))
                body = {
                    "game": "fields_of_green",
                    "num_players": 2,
                    "options": {"cards": cards},
                    "seats": [{"human": {"name": "Ann"}}, {"human": {"name": "Bob"}}],
                }
                answer = client.post("/api/tables", json=body)
                assert answer.status_code == 201, answer.text[:200]
            first = client.get("/api/tables")
            seconds = best_of(5, lambda: client.get("/api/tables"))
            etag = first.headers.get("etag")
            again = client.get("/api/tables", headers={"if-none-match": etag or ""})
    print(f"{tables} running tables, each with a card set of {option_bytes / 1e6:.2f} MB of JSON")
    print(f"GET /api/tables: {len(first.content):,} bytes ({len(first.content) / 1e6:.2f} MB)")
    print(f"GET /api/tables: {seconds * 1000:.1f} ms (best of 5, in process)")
    if etag:
        print(f"again with If-None-Match: HTTP {again.status_code}, {len(again.content)} bytes")
    else:
        print("no ETag: every poll costs the whole list again")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 60)
