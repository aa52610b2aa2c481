"""'Your turn' in the browser (issue 31 item 2): the page /your-turn lists the three tables
where this browser's seats are on the move, the tab's title and icon count them on every
page (the lobby, the list, a table — which counts the other tables), the lobby links to
the list, and after a move at one table "Next table waiting for you" opens the next one.

Screenshots: screenshots/<test>/{list,lobby,next}.png."""

from __future__ import annotations

import json
from typing import Any

from .browser import WebServer, click_and_wait, wait_for_view


def three_tables(web_server: WebServer) -> list[Any]:
    return [
        web_server.create_table("bohnanza", ["human:Ann", "random", "random"], seed=s)
        for s in (31, 32, 33)
    ]


def hold_seats(page: Any, web_server: WebServer, tables: list[Any]) -> None:
    """This browser keeps the seats' tokens, as the lobby does for the tables it creates."""
    page.goto(f"{web_server.url}/rules/bohnanza")
    seats = {t.table_id: {"0": t.tokens[0]} for t in tables}
    page.evaluate("s => localStorage.setItem('seedbed.seats', s)", json.dumps(seats))


def test_the_list_the_title_count_and_the_next_table(
    web_server: WebServer, new_page: Any, shot: Any
) -> None:
    """issue 31 item 2."""
    tables = three_tables(web_server)
    ids = {t.table_id for t in tables}
    page = new_page("desktop")
    hold_seats(page, web_server, tables)

    page.goto(f"{web_server.url}/your-turn")
    page.wait_for_selector("[data-testid^=waiting-]")
    items = page.locator("[data-testid=your-turn-list] > li")
    assert items.count() == 3
    listed = [
        str(items.nth(i).get_attribute("data-testid")).removeprefix("waiting-") for i in range(3)
    ]
    assert set(listed) == ids
    assert "no deadline" in page.locator("[data-testid=your-turn-list]").inner_text()
    page.wait_for_function("() => document.title === '(3) Your turn — seedbed'")
    assert page.get_attribute("link[rel=icon]", "data-count") == "3"
    shot(page, "list")

    page.goto(f"{web_server.url}/")
    page.wait_for_function("() => document.title === '(3) seedbed — lobby'")
    link = page.locator("[data-testid=your-turn-link]")
    page.wait_for_function(
        "() => (document.querySelector('[data-testid=your-turn-link]')?.textContent ?? '')"
        ".includes('3')"
    )
    assert link.inner_text() == "Your turn: 3 tables"
    assert page.get_attribute("link[rel=icon]", "data-count") == "3"
    shot(page, "lobby")
    link.click()
    page.wait_for_selector("[data-testid^=waiting-]")

    first = listed[0]
    page.locator(f"[data-testid=go-{first}]").click()
    wait_for_view(page)
    assert first in page.url
    page.wait_for_function("() => document.title.startsWith('(2) ')")  # the other two
    button = page.locator("[data-testid=next-table]")
    assert button.is_hidden()  # before a move here
    click_and_wait(page, page.locator("[data-action=plant]").first)
    button.wait_for(state="visible")
    target = str(button.get_attribute("href"))
    assert first not in target and any(f"/play/{i}?token=" in target for i in ids)
    shot(page, "next")
    button.click()
    wait_for_view(page)
    assert first not in page.url and "/play/" in page.url


def test_the_lobby_link_is_readable_with_no_table_waiting(
    web_server: WebServer, new_page: Any
) -> None:
    """The top bar's *Your turn: none* was white on a white button (the bar's link colour won
    over the button's): its text and background differ."""
    page = new_page("desktop")
    page.goto(f"{web_server.url}/")
    link = page.locator("[data-testid=your-turn-link]")
    link.wait_for()
    page.wait_for_function(
        "() => (document.querySelector('[data-testid=your-turn-link]')?.textContent ?? '')"
        ".includes(':')"
    )
    ink, paper = link.evaluate(
        "e => [getComputedStyle(e).color, getComputedStyle(e).backgroundColor]"
    )
    assert ink != paper, f"the link's text is invisible: {ink} on {paper}"
