"""A lobby user plays their own Fields of Green card set: the lobby's file input (offered for
the game's declared data file) sends the file to ``POST /api/games/fields_of_green/files/
card_set``; a malformed file shows the server's one-line message beside the input, a good one
becomes the chosen "… (your file, FILE)" set, and the table created with it shows the file's
card names (from ``GET /api/tables/{id}/catalog``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .browser import REPO, WebServer, wait_for_view

ORIGINAL = REPO / "src/seedbed/games/fields_of_green/data/original.toml"


def moon_cards() -> bytes:
    """The shipped set with every location card renamed "Moon …" (ids unchanged)."""
    text = ORIGINAL.read_text(encoding="utf-8")
    text = text.replace('name = "original"', 'name = "moon farm"', 1)
    in_location = False
    lines = []
    for line in text.splitlines():
        if line.startswith("[["):
            in_location = line.strip() == "[[locations]]"
        elif in_location and line.startswith('name = "'):
            line = line.replace('name = "', 'name = "Moon ', 1)
        lines.append(line)
    return ("\n".join(lines) + "\n").encode()


def test_play_your_own_card_set(web_server: WebServer, page: Any, shot: Any) -> None:
    page.goto(web_server.url + "/")
    page.wait_for_selector("[data-testid=create-table]")
    page.select_option("[data-testid=lobby-game]", "fields_of_green")
    page.select_option("[data-testid=lobby-players]", "3")
    page.fill("[data-testid=seat-name-0]", "Ann")
    file_input = "[data-testid=option-cards-file]"

    broken = ORIGINAL.read_text(encoding="utf-8").replace("copies = 3", 'copies = "three"', 1)
    page.set_input_files(
        file_input, {"name": "broken.toml", "mimeType": "text/plain", "buffer": broken.encode()}
    )
    error = page.locator("[data-testid=option-cards-file-error]")
    error.wait_for()
    assert error.inner_text().startswith('broken.toml:19: locations[0] (id "turnip_rows").copies')
    shot(page, "refused")

    page.set_input_files(
        file_input, {"name": "moon.toml", "mimeType": "text/plain", "buffer": moon_cards()}
    )
    chosen = "[data-testid=option-cards] option:checked"
    page.wait_for_function(
        "s => document.querySelector(s)?.textContent.includes('your file')", arg=chosen
    )
    assert page.locator(chosen).inner_text() == "moon farm (your file, moon.toml)"
    assert page.locator("[data-testid=option-cards-file-error]").count() == 0
    shot(page, "form")

    page.click("[data-testid=create-table]")
    page.locator("[data-testid=table-created]").wait_for()
    link = page.input_value("[data-testid=invite-0]")
    table_id = link.split("/play/")[1].split("?")[0]
    cards = web_server.client.get(f"{web_server.url}/api/tables/{table_id}/options").json()["cards"]
    assert cards["name"] == "moon farm"

    page.click("[data-testid=open-my-seat]")
    wait_for_view(page)
    page.locator("[data-testid=fog-draw-confirm]:not([disabled])").click()
    hand = page.locator(".fog-hand")
    hand.wait_for()
    page.wait_for_function(
        "() => /Moon /.test(document.querySelector('.fog-hand')?.textContent || '')"
    )
    shown = re.findall(r"Moon [A-Z][a-z]+", hand.inner_text())
    assert shown, hand.inner_text()
    path: Path = shot(page, "table")
    assert path.exists()
