"""A game the client has no module of (issue 13, item 3): the toy game of tests/toy_game,
registered from outside seedbed, is listed by the lobby with its title, player counts and
options from ``GET /api/games``, and played to its end through the generic view (the view as
text, one button per legal action), then replayed."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .browser import REPO, WebServer, click_and_wait, wait_for_turn_or_end, wait_for_view

TESTS = REPO / "tests"


@pytest.fixture(scope="module")
def toy_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    """A server whose process registers the toy game (``SEEDBED_GAMES``, ``PYTHONPATH``)."""
    saved = {key: os.environ.get(key) for key in ("PYTHONPATH", "SEEDBED_GAMES")}
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(TESTS), saved["PYTHONPATH"]]))
    os.environ["SEEDBED_GAMES"] = ",".join(filter(None, [saved["SEEDBED_GAMES"], "toy_game.spec"]))
    try:
        server = WebServer(Path(tmp_path_factory.mktemp("toy-web"))).start()
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    try:
        yield server
    finally:
        server.close()


def test_the_lobby_lists_and_plays_a_game_without_a_module(
    toy_server: WebServer, page: Any, shot: Any
) -> None:
    games = toy_server.client.get(f"{toy_server.url}/api/games").json()["games"]
    info = {g["name"]: g for g in games}
    assert info["high_card"]["title"] == "High Card" and info["high_card"]["view_module"] is None
    page.goto(toy_server.url + "/")
    page.wait_for_selector("[data-testid=create-table]")
    assert "High Card" in page.locator("[data-testid=lobby-game] option").all_inner_texts()
    page.select_option("[data-testid=lobby-game]", "high_card")
    assert page.locator("[data-testid=lobby-players] option").all_inner_texts() == ["2"]
    page.select_option("[data-testid=option-rounds]", label="short (3)")
    assert page.locator("[data-testid=option-top_card]").input_value() == "13"
    page.fill("[data-testid=seat-name-0]", "Ann")
    shot(page, "form")
    page.click("[data-testid=create-table]")
    page.locator("[data-testid=table-created]").wait_for()
    link = page.input_value("[data-testid=invite-0]")
    table_id = link.split("/play/")[1].split("?")[0]
    assert toy_server.summary(table_id)["options"] == {"rounds": 3, "top_card": 13}

    page.click("[data-testid=open-my-seat]")
    wait_for_view(page)
    assert page.locator(".topbar .title").inner_text() == "High Card"
    page.locator("[data-testid=generic-view]").wait_for()
    shot(page, "table")
    for _ in range(10):
        if wait_for_turn_or_end(page) == "end":
            break
        click_and_wait(page, "[data-testid=generic-action-0]")
    page.locator("[data-testid=end-screen]").wait_for()
    assert page.locator("[data-testid=game-log] li").count() > 3
    shot(page, "end")

    page.click("[data-testid=open-replay]")
    page.locator("[data-testid=replay-views] [data-testid=generic-view]").wait_for()
    assert page.locator("[data-testid=replay-views] [data-testid^=generic-action]").count() == 0
