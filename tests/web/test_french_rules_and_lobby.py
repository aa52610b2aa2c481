"""The rules pages and the lobby's game options and bots in French (issue 36 items 2 and 3):
each game's guide at /rules/{game} in French with the language switch, no sentence of the
English guide left, no text cut at 1280×800 and 390×844; the switch's choice is followed by
the rules page; the lobby's option labels and bot presets in French; the switch names the
pseudo-locale en-XA when it is in use. Screenshots in screenshots/<test>/."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .browser import WebServer
from .rules_checks import english_left as guide_english_left
from .screen_checks import clipped, english_left, in_language

GAMES = ["bohnanza", "stalk_exchange", "fields_of_green"]
SIZES = ["desktop", "phone"]
SWITCH = "[data-testid=language-switch]"


def open_rules(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(SWITCH)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_the_rules_page_in_french(
    web_server: WebServer, new_page: Any, shot: Any, game: str, size: str
) -> None:
    """issue 36 item 3: the switch's French, the guide French (the catalog's messages and the
    guide's sentences), its clause ids linking to the English full rules, nothing cut."""
    page = in_language(new_page(size), "fr")
    open_rules(page, f"{web_server.url}/rules/{game}")
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert page.locator(SWITCH).input_value() == "fr"
    body = page.locator("body").inner_text()
    assert "Comment jouer à" in body and "Les règles complètes" in body
    assert guide_english_left(body, game) == []
    assert english_left(page) == []
    clause = page.locator("a.clause").first
    assert clause.get_attribute("href").startswith(f"/rules/{game}/full#")
    shot(page, "rules")
    assert clipped(page) == []


def test_the_rules_page_follows_the_switch(web_server: WebServer, new_page: Any) -> None:
    """issue 36 item 3: the choice made with the switch (kept in the browser) wins over the
    browser's language, on the guide and on the full rules, and is remembered."""
    page = new_page("desktop")  # an English browser
    open_rules(page, f"{web_server.url}/rules/stalk_exchange")
    assert "How to play Stalk Exchange" in page.locator("body").inner_text()
    page.select_option(SWITCH, "fr")
    page.wait_for_url("**/rules/stalk_exchange?lang=fr")
    page.wait_for_selector(SWITCH)
    assert "Comment jouer à Stalk Exchange" in page.locator("body").inner_text()
    clause = page.locator("a.clause").first  # a clause id opens the rules at that clause
    target = clause.inner_text()
    clause.click()
    page.wait_for_url(re.compile(rf"/rules/stalk_exchange/full\?lang=fr#{target}$"))
    page.wait_for_selector(SWITCH)
    assert page.locator(f"[id='{target}']").count() == 1
    page.go_back()
    page.wait_for_selector(SWITCH)
    page.click("[data-testid=full-rules-link]")
    page.wait_for_url("**/rules/stalk_exchange/full?lang=fr")
    page.wait_for_selector(SWITCH)
    title = page.locator("header .title").inner_text()
    assert title == "Stalk Exchange\u00a0: les règles complètes"
    assert page.locator("[data-testid=guide-link]").inner_text() == "Règles du jeu"
    page.select_option(SWITCH, "en")
    page.wait_for_url("**/rules/stalk_exchange/full?lang=en")
    page.wait_for_selector(SWITCH)
    assert page.locator("header .title").inner_text() == "Stalk Exchange: the full rules"


LONGEST_BOT = """(testid) => {
    const select = document.querySelector(`[data-testid=${testid}]`);
    let longest = 0;
    [...select.options].forEach((o, i) => {
        if (o.text.length > select.options[longest].text.length) longest = i;
    });
    select.selectedIndex = longest;
    return [select.options[longest].text, select.scrollWidth, select.clientWidth];
}"""
"""Chooses the longest label of a seat's bot menu: its text, the width it needs, the width
shown (as tests/web/test_play_test_words.py does in English)."""

FRENCH_OPTIONS = {
    "bohnanza": ["Édition", "Thunes gagnées", "Offres par joueur et par phase d’échange"],
    "stalk_exchange": ["Rayon du Jardin", "Cases de la Bourse", "Actions de base par tour"],
    "fields_of_green": ["Pioches d’initiation (répartitions fixes)", "Jeu de cartes"],
}


@pytest.mark.parametrize("size", SIZES)
def test_the_lobby_options_and_bots_in_french(
    web_server: WebServer, new_page: Any, shot: Any, size: str
) -> None:
    """issue 36 item 2: each game's option labels, choices and tooltips, the bots' menu and
    what was measured of them, in French; no English message left, nothing cut."""
    page = in_language(new_page(size), "fr")
    page.goto(web_server.url + "/")
    page.wait_for_selector("[data-testid=create-table]")
    for game, labels in FRENCH_OPTIONS.items():
        page.select_option("[data-testid=lobby-game]", game)
        page.select_option("[data-testid=lobby-players]", "3")
        page.select_option("[data-testid=seat-kind-1]", "bot")
        page.select_option("[data-testid=seat-kind-2]", "bot")
        page.evaluate("() => { document.querySelector('details.advanced').open = true; }")
        body = page.locator("body").inner_text()
        for label in labels:
            assert label in body, (game, label)
        bots = page.locator("[data-testid=seat-bot-1] option").all_inner_texts()
        assert bots[0] == "Bot aléatoire (coups au hasard)", bots
        assert bots[1].startswith("Bot glouton\u00a0: ") and "contre l’aléatoire" in bots[1], bots
        assert "Bot chercheur" in bots[2] and "contre le glouton" in bots[2], bots
        for seat_menu in ("seat-bot-1", "seat-bot-2"):  # the longest label is whole
            text, needed, shown = page.evaluate(LONGEST_BOT, seat_menu)
            assert needed <= shown, f"{game}: {text!r} needs {needed} px, the menu {shown}"
        strength = page.locator("[data-testid=bot-strength] li").all_inner_texts()
        assert strength[0].startswith("Bot glouton a gagné"), strength
        assert "parties à 4 joueurs contre 3 bots aléatoires" in strength[0], strength
        assert "par coup (le temps de réflexion de ce serveur)" in strength[1], strength
        assert "Bot glouton" in page.locator("[data-testid=bot-ratings]").inner_text()
        assert english_left(page) == [], game
        page.evaluate("() => window.scrollTo(0, 0)")
        shot(page, f"lobby-{game}")
        assert clipped(page) == [], game
    bohnanza = page.locator("[data-testid=option-edition] option")
    page.select_option("[data-testid=lobby-game]", "bohnanza")
    assert bohnanza.all_inner_texts()[0].startswith("Standard\u00a0: 154 cartes")


def test_the_switch_names_the_pseudo_locale(web_server: WebServer, new_page: Any) -> None:
    """issue 36 (D-74): in en-XA the switch said "English"; it shows the pseudo-locale's tag,
    and a person's switch (any other language) does not list it."""
    page = in_language(new_page("desktop"), "en-XA")
    page.goto(web_server.url + "/")
    page.wait_for_selector(SWITCH)
    assert page.locator(SWITCH).input_value() == "en-XA"
    chosen = page.locator(f"{SWITCH} option:checked").inner_text()
    assert chosen == "en-XA (pseudo)"
    other = new_page("desktop")
    other.goto(web_server.url + "/")
    other.wait_for_selector(SWITCH)
    codes = other.locator(f"{SWITCH} option").evaluate_all("os => os.map((o) => o.value)")
    assert "en-XA" not in codes and "fr" in codes


@pytest.mark.parametrize("size", SIZES)
def test_the_rules_page_in_the_pseudo_locale(
    web_server: WebServer, new_page: Any, shot: Any, size: str
) -> None:
    """issue 36 items 3 and 5: a language without a guide of its own (en-XA) gets the English
    guide under its own title and links; nothing cut."""
    page = in_language(new_page(size), "en-XA")
    open_rules(page, f"{web_server.url}/rules/bohnanza")
    page.wait_for_url("**/rules/bohnanza?lang=en-XA")
    page.wait_for_selector(SWITCH)
    assert page.evaluate("document.documentElement.lang") == "en-XA"
    assert page.locator("[data-testid=rules-page]").get_attribute("lang") == "en"
    assert "⟦" in page.locator("header .title").inner_text()
    needed, shown = page.eval_on_selector(SWITCH, "s => [s.scrollWidth, s.clientWidth]")
    assert needed <= shown, "the switch cuts the pseudo-locale's name"
    shot(page, "rules")
    assert clipped(page) == []
