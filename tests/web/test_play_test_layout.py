"""Issue 38 item 4, in Debian's Chromium against a real ``seedbed serve``: at 1280×800, mid-turn,
each game's hand and fields (and Bohnanza's trading panel) are inside the window without
scrolling. The boxes are checked; screenshots of the window (not the full page) go to
screenshots/<test>/ for a person to look at."""

from __future__ import annotations

from typing import Any

from .browser import DESKTOP, WebServer, wait_for_view
from .test_bohnanza_ui import act, plant_button, settle

BOXES = """(selectors) => selectors.map((s) => {
    const e = document.querySelector(s);
    if (!e) return [s, null];
    const r = e.getBoundingClientRect();
    return [s, [r.top + window.scrollY, r.bottom + window.scrollY, r.left, r.right]];
})"""


def outside(page: Any, selectors: list[str]) -> list[str]:
    """The selectors whose element is missing or not wholly inside the 1280×800 window when the
    page is at its top (the page's own position after the moves, as a person would see it)."""
    assert page.evaluate("window.scrollY") == 0, "the page scrolled by itself"
    problems = []
    for selector, box in page.evaluate(BOXES, selectors):
        if box is None:
            problems.append(f"{selector}: missing")
            continue
        top, bottom, left, right = box
        if top < 0 or bottom > DESKTOP["height"] or left < 0 or right > DESKTOP["width"]:
            problems.append(f"{selector}: y {top:.0f}–{bottom:.0f}, x {left:.0f}–{right:.0f}")
    return problems


def window_shot(page: Any, shot: Any, name: str) -> None:
    """A screenshot of what the window shows (the shot fixture's folder, not the full page)."""
    path = shot(page, name)
    page.screenshot(path=str(path.with_name(f"{name}-window.png")))


def test_bohnanza_hand_fields_and_trading_fit_the_window(
    web_server: WebServer, new_page: Any, shot: Any
) -> None:
    """Bohnanza, 4 players, turn 1: after planting (the plant phase's fields and hand) and with
    trading open (the offer builder in the trading panel)."""
    table = web_server.create_table("bohnanza", ["human:Me", "greedy", "random", "greedy"], seed=3)
    page = new_page("desktop")
    page.goto(table.play_url(0))
    wait_for_view(page)
    page.wait_for_selector("[data-testid=bn-table]")
    act(page, plant_button(page, "plant"))
    assert (
        outside(
            page,
            ["[data-testid=bn-hand]", "[data-testid=bn-field-0-0]", "[data-testid=bn-third-0]"],
        )
        == []
    )
    window_shot(page, shot, "bohnanza-planted")
    act(page, "[data-testid=bn-end-planting]", key="e")
    page.wait_for_selector("[data-testid=bn-compose]")
    settle(page)
    mine = ["[data-testid=bn-hand]", "[data-testid=bn-field-0-0]", "[data-testid=bn-third-0]"]
    trading = [
        "[data-testid=bn-compose]",
        "[data-testid=bn-offer-submit]",
        "[data-testid=bn-end-trading]",
    ]
    assert outside(page, mine + trading + ["[data-testid=bn-faceup]"]) == []
    window_shot(page, shot, "bohnanza-trading")


def test_stalk_exchange_garden_and_portfolio_fit_the_window(
    web_server: WebServer, new_page: Any, shot: Any
) -> None:
    """Stalk Exchange, 2 players, round 1, a token picked (the Garden's spaces marked, the swap
    choices open): the Garden, the Exchange row and your portfolio."""
    table = web_server.create_table("stalk_exchange", ["human:Me", "greedy"], seed=11)
    page = new_page("desktop")
    page.goto(table.play_url(0))
    wait_for_view(page)
    page.keyboard.press("1")
    page.wait_for_selector("[data-testid=se-slot-0].selected")
    boxes = [
        "svg.se-board",
        "[data-testid=se-portfolio]",
        "[data-testid=se-slot-5]",
        "[data-testid=se-cancel]",
    ]
    assert outside(page, boxes) == []
    window_shot(page, shot, "stalk-exchange-picked")


def test_fields_of_green_hand_and_farm_fit_the_window(
    web_server: WebServer, new_page: Any, shot: Any
) -> None:
    """Fields of Green, 3 players, year 1 after the draw: all six hand cards (both rows) and
    the farm, while choosing the card to play."""
    table = web_server.create_table("fields_of_green", ["human:Me", "greedy", "random"], seed=11)
    page = new_page("desktop")
    page.goto(table.play_url(0))
    wait_for_view(page)
    act(page, "[data-testid=fog-draw-confirm]")
    page.wait_for_selector("[data-testid=fog-commit]")
    cards = page.locator("[data-testid^=fog-hand-]")
    assert cards.count() == 6
    selectors = [f"[data-testid={cards.nth(i).get_attribute('data-testid')}]" for i in range(6)]
    assert (
        outside(page, [*selectors, "[data-testid=fog-my-farm]", "[data-testid=fog-commit]"]) == []
    )
    window_shot(page, shot, "fields-of-green-commit")
