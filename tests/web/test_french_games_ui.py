"""Stalk Exchange and Fields of Green played to the end in French in the browser (issue 36
item 3 acceptance, this part's two games): a person against bots at 1280×800 and 390×844,
every click on what the page offers; at each of the person's turns the page shows none of the
English texts of the translated files (tests/web/screen_checks.py) and cuts no text. The
screenshots (screenshots/<test>/) are looked at by the session that changes these views."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from seedbed.i18n import messages

from . import test_fields_of_green_ui as fog
from .browser import WebServer, click_and_wait, wait_for_turn_or_end
from .screen_checks import clipped, english_left, in_language

READY = (
    "() => { const b = document.querySelector('[data-testid=turn-banner]');"
    " return b && b.textContent && !b.textContent.startsWith('Connexion')"
    " && !b.textContent.startsWith('Connecting'); }"
)


def problems_now(page: Any, where: str, data: tuple[str, ...] = ()) -> list[str]:
    """English left and cut texts on the page now, each with where it was seen."""
    return [f"{where}: English {x!r}" for x in english_left(page, data=data)] + [
        f"{where}: {x}" for x in clipped(page)
    ]


def se_action(page: Any, rng: random.Random) -> str:
    """One Stalk Exchange action: a random token of the Exchange planted (or swapped), or the
    end of the actions once no basic action is left ("en perdre" says some are left)."""
    slots = page.locator(".se-slot.legal")
    end = page.locator("[data-testid=se-end]")
    basic_left = end.count() == 0 or "en perdre" in end.inner_text()
    if not basic_left or slots.count() == 0:
        click_and_wait(page, "[data-testid=se-end]")
        return "end"
    slots.nth(rng.randrange(slots.count())).click()
    page.wait_for_selector("[data-testid=se-swap-picker]")
    spaces = page.locator("[data-testid=se-garden] [data-action=plant]")
    swaps = page.locator("[data-testid=se-swap-picker] [data-action=swap]")
    if spaces.count() and (not swaps.count() or rng.random() < 0.75):
        click_and_wait(page, spaces.nth(rng.randrange(spaces.count())))
        return "plant"
    click_and_wait(page, swaps.nth(rng.randrange(swaps.count())))
    return "swap"


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_stalk_exchange_game_in_french(
    web_server: WebServer, new_page: Any, shot: Any, size: str
) -> None:
    """issue 36 item 3: a whole game, French everywhere, nothing cut."""
    table = web_server.create_table("stalk_exchange", ["human:Anne", "greedy"], seed=11)
    page = in_language(new_page(size), "fr")
    page.goto(table.play_url(0))
    page.wait_for_function(READY)
    garden = page.locator("[data-testid=se-garden]").evaluate(
        "e => e.closest('section').textContent"
    )
    assert "Le Jardin" in garden, garden
    rng = random.Random(5)
    found: list[str] = []
    done: dict[str, int] = {}
    started = time.monotonic()
    while wait_for_turn_or_end(page) == "turn":
        assert time.monotonic() - started < 120, f"game too long: {done}"
        found += problems_now(page, f"turn {done.get('end', 0)}")
        if done.get("plant") == 1 and "picked" not in done:
            page.locator(".se-slot.legal").first.click()
            found += problems_now(page, "a token picked")
            shot(page, "picked")
            done["picked"] = 1
            page.locator("[data-testid=se-cancel]").click()
        what = se_action(page, rng)
        done[what] = done.get(what, 0) + 1
        if done.get("end") == 4 and what == "end":
            shot(page, "mid")
    page.wait_for_selector("[data-testid=result-0]")
    end = page.locator("[data-testid=end-screen]").inner_text()
    assert "Partie finie" in end or "Fin de la partie" in end or "terminée" in end, end[:200]
    page.evaluate("() => window.scrollTo(0, 0)")
    found += problems_now(page, "end")
    shot(page, "end")
    assert table.summary()["status"] == "finished"
    assert done.get("plant", 0) > 0 and done.get("end", 0) >= 3, done
    assert not found, sorted(set(found))[:30]


@pytest.mark.parametrize(
    ("size", "players", "seed"),
    [("desktop", ["human:Anne", "greedy", "random"], 11), ("phone", ["human:Bea", "greedy"], 4)],
)
def test_a_fields_of_green_game_in_french(
    web_server: WebServer,
    new_page: Any,
    shot: Any,
    monkeypatch: pytest.MonkeyPatch,
    size: str,
    players: list[str],
    seed: int,
) -> None:
    """issue 36 item 3: a whole game (3 players on a desktop, the duel on a phone) played as
    tests/web/test_fields_of_green_ui.py plays it, checked at every decision."""
    stale = (
        "Someone moved first, so your action was not played ({reason})."
        " The table is up to date now."
    )
    monkeypatch.setattr(fog, "STALE", messages("fr").get(stale, stale).split("(")[0].strip())
    found: list[str] = []
    original = fog.play_turn
    table = web_server.create_table("fields_of_green", players, seed=seed)

    def checked_turn(page: Any, built: dict[str, int], keys: bool) -> None:
        found.extend(problems_now(page, f"{fog.phase(page)} of year {fog.year(page)}"))
        original(page, built, keys)

    monkeypatch.setattr(fog, "play_turn", checked_turn)
    page = in_language(new_page(size), "fr")
    page.goto(table.play_url(0))
    page.wait_for_function(READY)
    moves = fog.play_game(page, None, shot, "fr-", limit=400.0)  # checked at every turn
    assert moves > 12
    page.evaluate("() => window.scrollTo(0, 0)")
    pad = page.locator("[data-testid=fog-score-pad]").text_content() or ""
    assert "Feuille de score" in pad and "Pièces (1 pour 3)" in pad, pad[:200]
    found += problems_now(page, "end")  # the card set's texts too: translated (D-75)
    assert table.summary()["status"] == "finished"
    assert not found, sorted(set(found))[:30]
