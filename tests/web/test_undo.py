"""Undo in the browser (issue 38 item 11): the play test's slip — a Stalk Exchange token
planted by the wrong slot key — taken back with the *Undo* button (or its key, U), which the
table shows only while the server says an undo is possible (``can_undo``).

Screenshots: screenshots/<test>/{planted,undone}.png."""

from __future__ import annotations

from typing import Any

import pytest

from .browser import WebServer, click_and_wait, version, wait_for_view


def slot_text(page: Any, slot: int) -> str:
    return str(page.locator(f"[data-testid=se-slot-{slot}]").get_attribute("aria-label"))


def plant_from(page: Any, slot: int) -> None:
    """Pick the slot by its key, then plant on the first empty space offered."""
    page.keyboard.press(str(slot + 1))
    page.wait_for_selector("[data-testid=se-swap-picker]")
    click_and_wait(page, page.locator("[data-testid=se-garden] [data-action=plant]").first)


def log_text(page: Any) -> str:
    return str(page.locator("[data-testid=game-log]").inner_text())


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_plant_then_undo_puts_the_token_back(
    web_server: WebServer, new_page: Any, shot: Any, size: str
) -> None:
    table = web_server.create_table("stalk_exchange", ["human:Ann", "greedy"], seed=11)
    page = new_page(size)
    page.goto(table.play_url(0))
    wait_for_view(page)
    undo = page.locator("[data-testid=undo]")
    assert undo.count() == 0  # nothing to take back yet
    before, log_before = slot_text(page, 2), log_text(page)
    plant_from(page, 2)  # meant slot 4
    assert version(page) == 1 and slot_text(page, 2) == "Slot 3: empty"
    assert undo.count() == 1 and "U" in undo.inner_text()
    shot(page, "planted")
    click_and_wait(page, undo)
    assert version(page) == 0 and slot_text(page, 2) == before
    assert page.locator("[data-testid=se-garden] [data-flower]").count() == 0
    assert log_text(page) == log_before
    assert undo.count() == 0
    shot(page, "undone")

    plant_from(page, 3)  # the slot meant, then the key U takes that back too
    assert undo.count() == 1
    seen = version(page)
    page.keyboard.press("u")
    page.wait_for_function("v => Number(document.body.dataset.version) !== v", arg=seen)
    assert version(page) == 0 and undo.count() == 0
    assert page.locator("[data-testid=toast-error]").count() == 0

    plant_from(page, 3)
    swap = page.locator(".se-slot.legal").first
    swap.click()
    page.wait_for_selector("[data-testid=se-swap-picker]")
    click_and_wait(page, page.locator("[data-testid=se-swap-picker] [data-action=swap]").first)
    assert undo.count() == 0  # a swap shows a portfolio token: it stands (S-25, S-48)
    assert page.locator("[data-testid=toast-error]").count() == 0
