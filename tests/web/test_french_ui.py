"""seedbed in French in the browser (issue 36 item 5): a browser whose language is French
gets the lobby in French (Accept-Language, negotiated by the server), with no text clipped at
1280×800 and 390×844; the switch on the top bar changes the language and the choice is
remembered after a reload; a Bohnanza table opens in French."""

from __future__ import annotations

from typing import Any

import pytest

from .browser import SIZES, WebServer

TEXTS = "h1, h2, h3, label, button, a, summary, .title, li, p, span"
CLIPPED = f"""() => [...document.querySelectorAll('{TEXTS}')]
  .filter((el) => el.offsetParent !== null && getComputedStyle(el).overflow !== 'visible'
     && el.scrollWidth > el.clientWidth + 1)
  .map((el) => el.textContent.trim().slice(0, 60))"""
"""Texts wider than their box where the box cuts them off (overflow other than visible)."""

FRENCH_LOBBY = ["Salon", "Nouvelle table", "Jeu", "Joueurs", "Places", "Créer la table"]
ENGLISH_LOBBY = ["Lobby", "New table", "Game", "Players", "Seats", "Create table"]


def french_page(browser: Any, size: str) -> Any:
    context = browser.new_context(viewport=SIZES[size], device_scale_factor=1, locale="fr-FR")
    context.set_default_timeout(15_000)
    return context.new_page()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_lobby_speaks_french_to_a_french_browser(
    web_server: WebServer, browser: Any, shot: Any, size: str
) -> None:
    """issue 36 items 2 and 5: Accept-Language fr, no clipped text, <html lang="fr">."""
    page = french_page(browser, size)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(web_server.url + "/")
    page.wait_for_selector("[data-testid=create-table]")
    body = page.locator("body").inner_text()
    for text in FRENCH_LOBBY:
        assert text in body, text
    for text in ("New table", "Create table", "Running tables", "More settings"):
        assert text not in body, text
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert page.locator("[data-testid=language-switch]").input_value() == "fr"
    assert page.evaluate(CLIPPED) == []
    shot(page, f"lobby-fr-{size}")
    assert not errors
    page.context.close()


def test_the_switch_changes_the_language_and_is_remembered(
    web_server: WebServer, browser: Any, shot: Any
) -> None:
    """issue 36 item 2: English chosen on a French browser stays English after a reload."""
    page = french_page(browser, "desktop")
    page.goto(web_server.url + "/")
    page.wait_for_selector("[data-testid=create-table]")
    with page.expect_navigation():
        page.select_option("[data-testid=language-switch]", "en")
    page.wait_for_selector("[data-testid=create-table]")
    page.reload()
    page.wait_for_selector("[data-testid=create-table]")
    body = page.locator("body").inner_text()
    assert all(text in body for text in ENGLISH_LOBBY)
    assert page.evaluate("document.documentElement.lang") == "en"
    with page.expect_navigation():
        page.select_option("[data-testid=language-switch]", "fr")
    page.wait_for_selector("[data-testid=create-table]")
    assert page.evaluate("localStorage.getItem('seedbed.lang')") == "fr"
    assert "Nouvelle table" in page.locator("body").inner_text()
    shot(page, "lobby-back-in-fr")
    page.context.close()


def test_a_bohnanza_table_opens_in_french(web_server: WebServer, browser: Any, shot: Any) -> None:
    """issue 36 item 3: the table shell's texts (chat, auto-pass, switch) in French."""
    table = web_server.create_table("bohnanza", ["human:Anne", "greedy", "greedy"], seed=3)
    page = french_page(browser, "desktop")
    page.goto(table.play_url(0))
    page.wait_for_function(
        "() => { const b = document.querySelector('[data-testid=turn-banner]');"
        " return b && b.textContent && !b.textContent.startsWith('Connexion'); }"
    )
    body = page.evaluate("document.body.textContent")  # not inner_text: titles are upper-cased
    for text in ("Journal de la partie", "Joueurs", "Discussion"):
        assert text in body, text
    for text in ("Game log", "Players", "Connecting"):
        assert text not in body, text
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert page.locator("[data-testid=chat-send]").inner_text() == "Envoyer"
    assert page.locator("[data-testid=language-switch]").input_value() == "fr"
    shot(page, "bohnanza-fr")
    page.context.close()
