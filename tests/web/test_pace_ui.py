"""Issue 31 items 1 and 5 in Chromium: the lobby's Pace choice makes a turn-based table (24 h per
move), the lobby labels it, and the table says in words when the person's move is due
("Your move is due in 24 h", not a clock of 1440 minutes)."""

from __future__ import annotations

import random
from typing import Any

from .browser import WebServer, wait_for_view
from .test_stalk_exchange_ui import one_action


def test_a_turn_based_table_from_the_lobby(web_server: WebServer, new_page: Any, shot: Any) -> None:
    page = new_page("desktop")
    page.goto(web_server.url + "/")
    page.wait_for_selector("[data-testid=create-table]")
    page.select_option("[data-testid=lobby-game]", "stalk_exchange")
    page.select_option("[data-testid=lobby-players]", "2")
    page.fill("[data-testid=seat-name-0]", "Ann")
    page.select_option("[data-testid=seat-kind-1]", "bot")
    page.select_option("[data-testid=lobby-pace]", "86400")  # in sight, not a "more" setting
    page.locator("details.advanced summary").click()
    assert page.locator("[data-testid=lobby-turn-seconds]").count() == 0  # no timer too
    shot(page, "form")
    page.click("[data-testid=create-table]")
    page.locator("[data-testid=table-created]").wait_for()
    link = page.input_value("[data-testid=invite-0]")
    table_id = link.split("/play/")[1].split("?")[0]
    summary = web_server.summary(table_id)
    assert summary["pace"] == "turn-based" and summary["move_deadline_seconds"] == 86400
    label = page.locator(f"[data-testid=pace-{table_id}]")
    label.wait_for()
    assert label.inner_text() == "turn-based · 24 h per move"
    page.goto(link)
    wait_for_view(page)
    clock = page.locator("[data-testid=timer-clock]")
    clock.wait_for()
    assert clock.inner_text() == "Your move is due in 24 h"
    assert page.locator("[data-testid=timer-warning]").is_hidden()
    shot(page, "table")


def test_since_your_last_move_at_a_turn_based_table(
    web_server: WebServer, new_page: Any, shot: Any
) -> None:
    """Issue 31 item 5: Ann plays her turn at a turn-based Stalk Exchange table, the greedy
    bot plays its own, and when Ann opens the table again a summary above the log says what
    happened since her last move (the bot's moves in the game log's words)."""
    table = web_server.create_table(
        "stalk_exchange",
        ["human:Ann", "greedy"],
        seed=5,
        pace={"pace": "turn-based", "move_deadline_seconds": 86400},
    )
    page = new_page("desktop")
    page.goto(table.play_url(0))
    wait_for_view(page)
    assert page.locator("[data-testid=since-last-move]").count() == 0  # nothing played yet
    rng = random.Random(3)
    for _ in range(10):  # Ann's turn: basic actions, then the end of her actions
        if one_action(page, rng, 0, False, True) == "end":
            break
    page.locator("[data-testid=your-turn]").wait_for(timeout=30_000)  # the bot played
    page.reload()
    wait_for_view(page)
    since = page.locator("[data-testid=since-last-move]")
    since.wait_for()
    text = since.inner_text()
    assert text.startswith("Since your last move:") and "Greedy bot planted" in text, text
    assert "Greedy bot: Greedy bot" not in text
    shot(page, "since")
