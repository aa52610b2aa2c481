"""``POST /api/games/fields_of_green/files/card_set`` over the wire: a card-set file (TOML or
JSON) read for the lobby, its card data accepted as the ``cards`` option of a new Fields of
Green table, whose catalog then names the file's cards; malformed or oversize files refused
with one line; the route answers 404 for a game or key that takes no file."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from seedbed.games.fields_of_green.card_file_limits import (
    MAX_KEY_PARTS,
    MAX_NESTING,
    MAX_NUMBER_CHARS,
    MAX_STRING_TEXT_CHARS,
)
from seedbed.games.fields_of_green.card_limits import MAX_COPIES, MAX_STRING_CHARS
from seedbed.server.protocol import MAX_DATA_FILE_BYTES

from .wire import Server, bot, human

MAX_CARD_FILE_BYTES = MAX_DATA_FILE_BYTES
UNLIMITED_UPLOADS = ("--uploads-per-minute", "1000000")
"""This module uploads far more files from one address than a public server allows."""
URL = "/api/games/fields_of_green/files/card_set"

ORIGINAL = (
    Path(__file__).resolve().parents[2] / "src/seedbed/games/fields_of_green/data/original.toml"
).read_text(encoding="utf-8")

NESTED = f"tables/lists nested deeper than the limit of {MAX_NESTING}"
BAD_JSON = '{"format": "seedbed.fields_of_green.cards",\n "version": 1,,}'


def renamed_toml() -> str:
    text = ORIGINAL.replace('name = "original"', 'name = "moon farm"', 1)
    return text.replace('name = "Turnip Rows"', 'name = "Moon Turnips"', 1)


def renamed_json() -> str:
    from seedbed.games.fields_of_green.card_text import parse_card_data

    data = parse_card_data(ORIGINAL, "original.toml")
    data["name"] = "moon farm json"
    data["locations"][0]["name"] = "Moon Turnips"
    return json.dumps(data, indent=2)


@pytest.fixture(scope="module")
def server(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The module's server, with the per-address upload limit lifted."""
    srv = Server(database_url, tmp_path_factory.mktemp("server-log"), UNLIMITED_UPLOADS).start()
    try:
        yield srv
    finally:
        srv.close()


def post(server: Server, name: str, fmt: str, text: str) -> httpx.Response:
    body = {"name": name, "format": fmt, "text": text}
    return server.client.post(f"{server.url}{URL}", json=body)


def accepted(server: Server, name: str, fmt: str, text: str) -> dict[str, Any]:
    r = post(server, name, fmt, text)
    assert r.status_code == 200, r.text
    answer: dict[str, Any] = r.json()
    return answer


def test_a_toml_file_becomes_a_table_with_its_cards(server: Server) -> None:
    answer = accepted(server, "mine.toml", "toml", renamed_toml())
    assert (answer["name"], answer["file"]) == ("moon farm", "mine.toml")
    assert (answer["option"], answer["key"]) == ("cards", "card_set")
    assert answer["value"]["locations"][0]["name"] == "Moon Turnips"

    created = server.create_table(
        "fields_of_green", [human("Ann"), bot("greedy")], seed=3, options={"cards": answer["value"]}
    )
    table_id = created["table_id"]
    assert server.get(f"/api/tables/{table_id}/options").json()["cards"]["name"] == "moon farm"
    catalog = server.get(f"/api/tables/{table_id}/catalog").json()["catalog"]
    names = {loc["name"] for loc in catalog["locations"]}
    assert "Moon Turnips" in names and "Turnip Rows" not in names


def test_a_json_file_is_accepted(server: Server) -> None:
    answer = accepted(server, "mine.json", "json", renamed_json())
    assert answer["name"] == "moon farm json" and len(answer["value"]["locations"]) == 44
    assert answer["value"]["locations"][0]["name"] == "Moon Turnips"
    created = server.create_table(
        "fields_of_green", [bot("random"), bot("random")], options={"cards": answer["value"]}
    )
    options = server.get(f"/api/tables/{created['table_id']}/options").json()
    assert options["cards"]["name"] == "moon farm json"


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
    assert r.json()["detail"] == f"card_set files are limited to {MAX_CARD_FILE_BYTES} bytes"
    r = post(server, "mine.yaml", "yaml", renamed_toml())
    assert r.status_code == 422 and r.json()["detail"].startswith("format:"), r.text


MIB = MAX_CARD_FILE_BYTES


@pytest.mark.parametrize(
    ("name", "fmt", "text", "detail"),
    [
        ("bomb.toml", "toml", "a" + ".a" * 50_000 + " = 1",
         f"bomb.toml:1: a dotted key of more parts than the limit of {MAX_KEY_PARTS}"),
        ("deep.json", "json", "[" * 100_000 + "]" * 100_000, f"deep.json:1: {NESTED}"),
        ("deep.toml", "toml", "a = " + "{b = " * 5000 + "1" + "}" * 5000, f"deep.toml:1: {NESTED}"),
        ("deep.toml", "toml", "a = " + "[" * 5000 + "]" * 5000, f"deep.toml:1: {NESTED}"),
        ("big.json", "json", '{"version": ' + "9" * 5000 + "}",
         f"big.json:1: a number longer than the limit of {MAX_NUMBER_CHARS} characters"),
        ("big.toml", "toml", "version = " + "9" * 5000,
         f"big.toml:1: a number longer than the limit of {MAX_NUMBER_CHARS} characters"),
        ("copies.toml", "toml", ORIGINAL.replace("copies = 3", "copies = 1000000", 1),
         'copies.toml:19: locations[0] (id "turnip_rows").copies: 1000000 copies is more than '
         f"the limit of {MAX_COPIES}"),
        ("brackets.toml", "toml", "[" * MIB, f"brackets.toml:1: {NESTED}"),
        ("string.toml", "toml", 'name = "' + "x" * (MIB - 10) + '"',
         "string.toml:1: a string written in more than the limit of "
         f"{MAX_STRING_TEXT_CHARS} characters"),
        ("name.toml", "toml", 'name = "' + "x" * (MAX_STRING_CHARS + 1) + '"',
         f"name.toml:1: name: a string longer than the limit of {MAX_STRING_CHARS} characters"),
    ],
    ids=["dotted-key bomb", "JSON 100k deep", "TOML tables 5000 deep", "TOML arrays 5000 deep",
         "JSON 5000 digits", "TOML 5000 digits", "copies 1000000", "1 MiB of [", "1 MiB string",
         "long name"],
)  # fmt: skip
def test_an_adversarial_file_is_refused_with_422_naming_the_limit(
    server: Server, name: str, fmt: str, text: str, detail: str
) -> None:
    """Issue 12, defects 1 and 2: a dotted-key bomb (the server went past 14 GB), deep nesting
    and 5,000-digit numbers (500 Internal Server Error) and a huge ``copies`` are refused
    with 422 and one line naming the file, the line and the limit."""
    r = post(server, name, fmt, text)
    assert r.status_code == 422, r.text[:500]
    assert set(r.json()) == {"detail"}
    message = r.json()["detail"]
    assert isinstance(message, str) and "\n" not in message
    assert message.startswith(detail), message


def test_the_upload_limit_is_the_card_file_limit() -> None:
    """The server's 413 bound and the card-file layer's size limit are one number, so an
    upload under the first never meets the second."""
    import seedbed
    from seedbed.games.fields_of_green.card_file_limits import MAX_FILE_BYTES

    assert MAX_CARD_FILE_BYTES == MAX_FILE_BYTES
    assert seedbed.spec("fields_of_green").data_file("card_set").max_bytes == MAX_FILE_BYTES  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "url",
    [
        "/api/games/fields_of_green/files/nope",
        "/api/games/stalk_exchange/files/card_set",
        "/api/games/no_such_game/files/card_set",
    ],
)
def test_a_game_or_key_that_takes_no_file_is_404(server: Server, url: str) -> None:
    body = {"name": "mine.toml", "format": "toml", "text": renamed_toml()}
    r = server.client.post(f"{server.url}{url}", json=body)
    assert r.status_code == 404 and r.json()["detail"].startswith("no data file"), r.text


@pytest.mark.parametrize(
    ("field", "value"),
    [("name", "\udc00"), ("name", "mine\ud800.toml"), ("text", 'name = "\udc00"')],
)
def test_a_lone_surrogate_is_a_clear_422(server: Server, field: str, value: str) -> None:
    """Issue 37 item 12: a JSON ``name`` of ``"\\udc00"`` (a lone surrogate, which JSON may
    spell but UTF-8 cannot hold) was an HTTP 500; now it is refused with a one-line 422
    naming the field, and so is a lone surrogate in the file's text."""
    body = {"name": "mine.toml", "format": "toml", "text": renamed_toml(), field: value}
    raw = json.dumps(body).encode("ascii")  # ensure_ascii: the surrogate as a \\u escape
    r = server.client.post(
        f"{server.url}{URL}", content=raw, headers={"content-type": "application/json"}
    )
    assert r.status_code == 422, r.text[:300]
    detail = r.json()["detail"]
    assert field in detail and "surrogate" in detail, detail


def test_the_reported_dotted_headers_are_refused_before_decoding(server: Server) -> None:
    """Issue 37 item 9: 20,000 ``[kN.a.b.c.d.e.f.g]`` headers passed every shape limit and cost
    ``tomllib`` 3-6 s and over 120 MB before the validator refused them. Now the scanner
    refuses them first, by the count of dots (and a file of plain headers by their count)."""
    dotted = "".join(f"[k{i}.a.b.c.d.e.f.g]\n" for i in range(19_999))
    r = post(server, "bomb.toml", "toml", dotted)
    assert r.status_code == 422 and "more dots in keys than the limit" in r.json()["detail"]
    plain = "".join(f"[k{i}]\n" for i in range(19_999))
    r = post(server, "bomb.toml", "toml", plain)
    assert r.status_code == 422 and "more table headers than the limit" in r.json()["detail"]


def test_uploads_are_rate_limited_per_address(tmp_path: Path) -> None:
    """Issue 37 item 9: uploads had no rate limit (8 uploaders pushed every player's ack p99
    to 986 ms). Past ``--uploads-per-minute`` an address gets 429 with ``retry-after``."""
    url = f"sqlite:///{tmp_path / 'uploads.sqlite'}"
    srv = Server(url, tmp_path, ("--uploads-per-minute", "3")).start()
    try:
        codes = [post(srv, "mine.toml", "toml", "a = 1").status_code for _ in range(4)]
        assert codes == [422, 422, 422, 429], codes
        r = post(srv, "mine.toml", "toml", "a = 1")
        assert r.status_code == 429 and r.headers["retry-after"] == "60"
        assert "uploads a minute" in r.json()["detail"]
    finally:
        srv.close()
