"""Accessibility (issue 17): axe-core (through axe-playwright-python) finds no serious or
critical violation in the lobby, each game's table (desktop and phone), a replay and a rules
page. The tables are seeded and looked at on their first view, a Bohnanza table also while
trading (the offer composer)."""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe

from .browser import WebServer, wait_for_view

SEATS = {
    "bohnanza": ["human:Ann", "greedy", "greedy"],
    "stalk_exchange": ["human:Ann", "greedy"],
    "fields_of_green": ["human:Ann", "greedy"],
}


def serious(page: Any) -> list[str]:
    """The serious and critical violations on the page, one line each."""
    # a change tag (changes.js) is aria-hidden and fades out within 2.4 s: mid-fade its text
    # is low in contrast by design; what it says is in the game log, which is checked
    results = Axe().run(page, context={"exclude": [[".change-tag"]]})
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — "
        + "; ".join(str(n["target"]) for n in v["nodes"][:4])
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_lobby(web_server: WebServer, new_page: Any, size: str) -> None:
    page = new_page(size)
    page.goto(web_server.url)
    page.locator("[data-testid=create-table]").wait_for()
    assert serious(page) == []


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("game", sorted(SEATS))
def test_each_game_table(web_server: WebServer, new_page: Any, game: str, size: str) -> None:
    table = web_server.create_table(game, SEATS[game], seed=5, table_options={"hints": True})
    page = new_page(size)
    page.goto(table.play_url(0))
    wait_for_view(page)
    page.locator("[data-testid=game-root] > *").first.wait_for()
    assert serious(page) == []


def test_bohnanza_trading_and_the_rules(web_server: WebServer, new_page: Any) -> None:
    table = web_server.create_table("bohnanza", SEATS["bohnanza"], seed=5)
    page = new_page("phone")
    page.goto(table.play_url(0))
    wait_for_view(page)
    page.locator("[data-testid=bn-plant-0], [data-testid=bn-plant-1]").first.click()
    page.locator("[data-testid=bn-end-planting]").click()
    page.locator("[data-testid=bn-compose]").wait_for()
    assert serious(page) == []
    page.goto(f"{web_server.url}/rules/bohnanza")
    assert serious(page) == []
