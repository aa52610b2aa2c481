"""``POST /api/card-sets`` over the wire: a card-set file (TOML or JSON) read for the lobby,
its card data accepted as the ``cards`` option of a new Fields of Green table, whose catalog
then names the file's cards; malformed or oversize files refused with one line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from seedbed.server.protocol import MAX_CARD_FILE_BYTES

from .wire import Server, bot, human

ORIGINAL = (
    Path(__file__).resolve().parents[2] / "src/seedbed/games/fields_of_green/data/original.toml"
).read_text(encoding="utf-8")

BAD_JSON = '{"format": "seedbed.fields_of_green.cards",\n "version": 1,,}'


def renamed_toml() -> str:
    text = ORIGINAL.replace('name = "original"', 'name = "moon farm"', 1)
    return text.replace('name = "Turnip Rows"', 'name = "Moon Turnips"', 1)


def renamed_json() -> str:
    from seedbed.card_files import original_card_set

    data = original_card_set().to_json()
    data["name"] = "moon farm json"
    data["locations"][0]["name"] = "Moon Turnips"
    return json.dumps(data, indent=2)


def post(server: Server, name: str, fmt: str, text: str) -> httpx.Response:
    body = {"name": name, "format": fmt, "text": text}
    return server.client.post(f"{server.url}/api/card-sets", json=body)


def accepted(server: Server, name: str, fmt: str, text: str) -> dict[str, Any]:
    r = post(server, name, fmt, text)
    assert r.status_code == 200, r.text
    answer: dict[str, Any] = r.json()
    return answer


def test_a_toml_file_becomes_a_table_with_its_cards(server: Server) -> None:
    answer = accepted(server, "mine.toml", "toml", renamed_toml())
    assert (answer["name"], answer["file"]) == ("moon farm", "mine.toml")
    assert (answer["locations"], answer["equipment"]) == (132, 30)
    assert answer["cards"]["locations"][0]["name"] == "Moon Turnips"

    created = server.create_table(
        "fields_of_green", [human("Ann"), bot("greedy")], seed=3, options={"cards": answer["cards"]}
    )
    table_id = created["table_id"]
    assert server.summary(table_id)["options"]["cards"]["name"] == "moon farm"
    catalog = server.get(f"/api/tables/{table_id}/catalog").json()["catalog"]
    names = {loc["name"] for loc in catalog["locations"]}
    assert "Moon Turnips" in names and "Turnip Rows" not in names


def test_a_json_file_is_accepted(server: Server) -> None:
    answer = accepted(server, "mine.json", "json", renamed_json())
    assert answer["name"] == "moon farm json" and answer["locations"] == 132
    assert answer["cards"]["locations"][0]["name"] == "Moon Turnips"
    created = server.create_table(
        "fields_of_green", [bot("random"), bot("random")], options={"cards": answer["cards"]}
    )
    assert server.summary(created["table_id"])["options"]["cards"]["name"] == "moon farm json"


@pytest.mark.parametrize(
    ("name", "fmt", "text", "detail"),
    [
        (
            "broken.toml",
            "toml",
            ORIGINAL.replace("copies = 3", 'copies = "three"', 1),
            'broken.toml:19: locations[0] (id "turnip_rows").copies: expected an integer',
        ),
        ("broken.toml", "toml", ORIGINAL.replace("[[locations]]", "[[loc", 1), "broken.toml:"),
        ("broken.json", "json", BAD_JSON, "broken.json:2: JSON syntax error"),
        ("list.json", "json", "[]", "list.json:1: the file must hold one object"),
    ],
)  # fmt: skip
def test_a_malformed_file_is_refused_with_its_line(
    server: Server, name: str, fmt: str, text: str, detail: str
) -> None:
    r = post(server, name, fmt, text)
    assert r.status_code == 422, r.text
    message = r.json()["detail"]
    assert isinstance(message, str) and "\n" not in message
    assert message.startswith(detail), message


def test_oversize_and_bad_requests_are_refused(server: Server) -> None:
    too_long = "#" * (MAX_CARD_FILE_BYTES + 1)
    r = post(server, "big.toml", "toml", too_long)
    assert r.status_code == 422 and r.json()["detail"].startswith("text:"), r.text
    wide = "# " + "é" * (MAX_CARD_FILE_BYTES // 2)  # under the limit in characters, not in bytes
    r = post(server, "wide.toml", "toml", wide)
    assert r.status_code == 413, r.text
    assert r.json()["detail"] == f"card-set files are limited to {MAX_CARD_FILE_BYTES} bytes"
    r = post(server, "mine.yaml", "yaml", renamed_toml())
    assert r.status_code == 422 and r.json()["detail"].startswith("format:"), r.text
