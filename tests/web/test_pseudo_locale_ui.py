"""Every main view in the pseudo-locale en-XA (issue 36 item 5): the lobby, the "your turn"
list and a table of each game on the person's turn, at 1280×800 and 390×844, with every text
accented and about 30 % longer; a text cut by its box (or by a box around it) or a page wider
than the window fails. Screenshots: screenshots/<test>/pseudo.png, to look at."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .browser import WebServer
from .screen_checks import clipped, in_language

GAMES = {
    "bohnanza": ["human:Anne", "greedy", "greedy"],
    "stalk_exchange": ["human:Anne", "greedy"],
    "fields_of_green": ["human:Anne", "greedy", "random"],
}
SIZES = ["desktop", "phone"]


def pseudo_page(new_page: Any, size: str) -> Any:
    return in_language(new_page(size), "en-XA")


def in_pseudo(page: Any) -> None:
    """The page really is in the pseudo-locale (its texts bracketed and accented)."""
    assert page.evaluate("document.documentElement.lang") == "en-XA"
    assert "⟦" in page.locator("body").inner_text()


def check(page: Any, shot: Any) -> None:
    page.evaluate("() => window.scrollTo(0, 0)")
    shot(page, "pseudo")
    in_pseudo(page)
    cut = clipped(page)
    assert not cut, cut[:20]


@pytest.mark.parametrize("size", SIZES)
def test_the_lobby_in_the_pseudo_locale(
    web_server: WebServer, new_page: Any, shot: Any, size: str
) -> None:
    """issue 36 item 5."""
    page = pseudo_page(new_page, size)
    page.goto(web_server.url + "/")
    page.wait_for_selector("[data-testid=create-table]")
    check(page, shot)


@pytest.mark.parametrize("size", SIZES)
def test_the_your_turn_list_in_the_pseudo_locale(
    web_server: WebServer, new_page: Any, shot: Any, size: str
) -> None:
    """issue 36 item 5: one table of each game waiting for this browser's seats."""
    tables = [web_server.create_table(game, seats, seed=3) for game, seats in GAMES.items()]
    page = pseudo_page(new_page, size)
    page.goto(f"{web_server.url}/rules/bohnanza")
    page.wait_for_selector("[data-testid=language-switch]")  # it turned to ?lang=en-XA
    seats = {t.table_id: {"0": t.tokens[0]} for t in tables}
    page.evaluate("s => localStorage.setItem('seedbed.seats', s)", json.dumps(seats))
    page.goto(f"{web_server.url}/your-turn")
    page.wait_for_selector("[data-testid^=waiting-]")
    check(page, shot)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", list(GAMES))
def test_a_table_on_your_turn_in_the_pseudo_locale(
    web_server: WebServer, new_page: Any, shot: Any, game: str, size: str
) -> None:
    """issue 36 item 5: the table at the person's first turn."""
    table = web_server.create_table(game, GAMES[game], seed=3)
    page = pseudo_page(new_page, size)
    page.goto(table.play_url(0))
    page.wait_for_selector("[data-testid=your-turn]", state="attached")
    page.wait_for_timeout(300)  # the change marks and the log settle
    check(page, shot)


def test_the_check_finds_cut_and_overflowing_text(web_server: WebServer, new_page: Any) -> None:
    """The check can fail: a text cut by its box, one running out of a narrow column and a
    page wider than the window are each found."""
    page = new_page("phone")
    page.goto(web_server.url + "/")
    page.wait_for_selector("[data-testid=create-table]")
    assert clipped(page) == []
    page.evaluate(
        """() => {
        // styles set through the CSSOM: the Content-Security-Policy refuses style attributes
        const add = (tag, text, style, parent = document.body) => {
            const el = document.createElement(tag);
            el.textContent = text;
            Object.assign(el.style, style);
            parent.append(el);
            return el;
        };
        const cut = { width: '60px', overflow: 'hidden', whiteSpace: 'nowrap' };
        add('div', 'Çöñšţŕûçţîöñš ẋẋẋ', cut);
        add('b', 'Ŵåţéŕŧöŵéŕšẋẋẋẋẋẋ', {}, add('div', '', { width: '50px' }));
        add('p', 'ẋ', { width: '900px' });
    }"""
    )
    found = " | ".join(clipped(page))
    assert "cut" in found and "runs out of div" in found and "px wide" in found, found
