"""Issue 31 item 1 in Chromium: the lobby's Pace choice makes a turn-based table (24 h per
move), the lobby labels it, and the table says in words when the person's move is due
("Your move is due in 24 h", not a clock of 1440 minutes)."""

from __future__ import annotations

from typing import Any

from .browser import WebServer, wait_for_view


def test_a_turn_based_table_from_the_lobby(web_server: WebServer, new_page: Any, shot: Any) -> None:
    page = new_page("desktop")
    page.goto(web_server.url + "/")
    page.wait_for_selector("[data-testid=create-table]")
    page.select_option("[data-testid=lobby-game]", "stalk_exchange")
    page.select_option("[data-testid=lobby-players]", "2")
    page.fill("[data-testid=seat-name-0]", "Ann")
    page.select_option("[data-testid=seat-kind-1]", "bot")
    page.locator("details.advanced summary").click()
    page.select_option("[data-testid=lobby-pace]", "86400")
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
