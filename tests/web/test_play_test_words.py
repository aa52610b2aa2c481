"""The play test of issue 38, its web-client items, in Debian's Chromium against a real
``seedbed serve``: whose turn the banner names (item 3), the page staying where it was after
an offer or a hint (item 5), the table's words (item 12) and the phone's rough edges (item 10).
The layout at 1280×800 (item 4) is in ``test_play_test_layout.py``."""

from __future__ import annotations

from typing import Any

from .browser import WebServer, wait_for_view
from .test_bohnanza_ui import act, plant_button


def open_bohnanza(page: Any, url: str) -> None:
    page.goto(url)
    wait_for_view(page)
    page.wait_for_selector("[data-testid=bn-table]")


def start_trading(web_server: WebServer, new_page: Any) -> tuple[Any, Any]:
    """Ann's and Bob's pages at a Bohnanza table (with a bot) where Ann, the active player,
    has planted and ended planting: trading is open, both may trade."""
    table = web_server.create_table("bohnanza", ["human:Ann", "human:Bob", "greedy"], seed=3)
    ann, bob = new_page("desktop"), new_page("desktop")
    open_bohnanza(ann, table.play_url(0))
    open_bohnanza(bob, table.play_url(1))
    act(ann, plant_button(ann, "plant"))
    act(ann, "[data-testid=bn-end-planting]", key="e")
    ann.wait_for_selector("[data-testid=bn-compose]")
    bob.wait_for_selector("[data-phase=trade]")
    bob.wait_for_selector("[data-testid=your-turn]")
    return ann, bob


# ------------------------------------------------------------------ item 3: whose turn


def test_trading_in_another_players_turn_is_not_your_turn(
    web_server: WebServer, new_page: Any, shot: Any
) -> None:
    """Issue 38 item 3: during Ann's trading Bob may trade, but the banner says "You may trade"
    (not "Your turn", not yellow) and names whose turn it is; the players list marks Ann "to
    move" and Bob "may trade"; the tab says "You may trade". Ann's own page says "Your turn"."""
    ann, bob = start_trading(web_server, new_page)
    banner = bob.locator("[data-testid=turn-banner]")
    assert bob.locator("[data-testid=your-turn]").inner_text() == "You may trade"
    assert "Your turn" not in banner.inner_text()
    assert "Ann's turn" in " ".join(banner.inner_text().split())
    assert "yours" not in str(banner.get_attribute("class"))
    assert "▶ to move" in bob.locator("[data-testid=player-0]").inner_text()
    assert "may trade" in bob.locator("[data-testid=player-1]").inner_text()
    assert "▶" not in bob.locator("[data-testid=player-1]").inner_text()
    assert bob.title().startswith("● You may trade")
    shot(bob, "bob-may-trade")

    assert ann.locator("[data-testid=your-turn]").inner_text() == "Your turn"
    assert "yours" in str(ann.locator("[data-testid=turn-banner]").get_attribute("class"))
    assert "may trade" in ann.locator("[data-testid=player-1]").inner_text()
    assert ann.title().startswith("● Your turn")


# ------------------------------------------------------------------ item 5: the page stays

TOP = (
    "s => { const e = document.querySelector(s); return e ? e.getBoundingClientRect().top : null; }"
)


def top_of(page: Any, selector: str) -> float:
    value = page.evaluate(TOP, selector)
    assert value is not None, f"{selector} is not on the page"
    return float(value)


def test_sending_an_offer_keeps_the_builder_in_view(
    web_server: WebServer, new_page: Any, shot: Any
) -> None:
    """Issue 38 item 5: after "Send offer" the offer builder's button stays where it was on
    the screen, in a short desktop window and on a phone (where the trading sheet scrolls by
    itself and used to open at its top again after every redraw)."""
    ann, bob = start_trading(web_server, new_page)
    sizes = ({"width": 1280, "height": 600}, {"width": 390, "height": 844})
    for page, to, size in (
        (ann, "[data-testid=bn-to-1]", sizes[0]),
        (bob, "[data-testid=bn-to-0]", sizes[1]),
    ):
        page.set_viewport_size(size)
        page.locator(to).click()
        page.locator("[data-testid^=bn-want-]:not([disabled])").first.click()
        page.locator("[data-testid=bn-offer-submit]").scroll_into_view_if_needed()
        before = top_of(page, "[data-testid=bn-offer-submit]")
        assert 0 <= before <= size["height"] - 30
        assert act(page, "[data-testid=bn-offer-submit]")
        page.wait_for_timeout(300)
        after = top_of(page, "[data-testid=bn-offer-submit]")
        assert abs(after - before) <= 4, f"the builder moved from y={before:.0f} to y={after:.0f}"
    shot(bob, "after-offer-phone")


def test_asking_for_a_hint_keeps_the_page_still(
    web_server: WebServer, new_page: Any, shot: Any
) -> None:
    """Issue 38 item 5: the hint's answer appears without moving what the player looks at
    (the hand stays where it was on the screen)."""
    table = web_server.create_table(
        "bohnanza", ["human:Ann", "greedy", "greedy"], seed=5, table_options={"hints": True}
    )
    page = new_page({"width": 1280, "height": 600})
    open_bohnanza(page, table.play_url(0))
    page.locator("[data-testid=bn-hand]").scroll_into_view_if_needed()
    before = top_of(page, "[data-testid=bn-hand]")
    page.keyboard.press("h")  # the key: a click would scroll the button into view first
    page.wait_for_selector("[data-testid=hint-move]")
    page.wait_for_timeout(300)
    after = top_of(page, "[data-testid=bn-hand]")
    assert abs(after - before) <= 4, f"the hand moved from y={before:.0f} to y={after:.0f}"
    answer = page.locator("[data-testid=hint-answer]").bounding_box()
    assert answer and answer["y"] >= 0 and answer["y"] + answer["height"] <= 600  # in sight
    shot(page, "after-hint")
