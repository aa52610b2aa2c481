"""Stalk Exchange and Fields of Green played to the end in French in the browser, with a hint,
a chat line and the replay (issue 36 acceptance, item 3 of its last part): a person against a
greedy bot, every click on what the page offers; at the start, in the middle and at the end of
the game, and in the replay, each view is looked at 1280×800 and at 390×844 (the same page
resized) and shows no English text of the catalogs — the card set's names and texts included,
they are translated now (D-75) — no text cut by its box and no change tag out of place
(tests/web/screen_checks.py). Screenshots in screenshots/<test>/; the hint's reason is the
game's codes written in French (D-75), and the checks read it like every other text."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from seedbed.i18n import messages

from . import test_fields_of_green_ui as fog
from .browser import WebServer, wait_for_turn_or_end
from .screen_checks import (
    ask_a_hint,
    in_language,
    problems_at_both_sizes,
    replay_redraw,
    send_chat,
)
from .test_french_games_ui import READY, se_action

CHAT = "Bonjour à tous !"


def hint_and_chat(page: Any, shot: Any, french_words: tuple[str, ...]) -> list[str]:
    """Ask a hint, say a line, and look at the table with both open, at both sizes."""
    reason = ask_a_hint(page)
    assert any(word in reason for word in french_words), reason
    assert "Le bot glouton" in page.locator("[data-testid=hint-answer]").inner_text()
    send_chat(page, CHAT)
    return problems_at_both_sizes(page, shot, "hint-and-chat")


def end_and_replay(page: Any, shot: Any, replay_url: str) -> list[str]:
    """The end screen with every turn of the log open, then the replay at its first move and
    at its end, each at both sizes."""
    page.evaluate("() => window.scrollTo(0, 0)")
    found = problems_at_both_sizes(page, shot, "end")
    page.click("[data-testid=log-open-all]")
    found += problems_at_both_sizes(page, shot, "end-log")
    page.goto(replay_url)
    page.locator("[data-testid=replay-position]").wait_for()
    page.wait_for_function("() => document.querySelector('[data-testid=replay-stage]').textContent")
    page.click("[data-testid=replay-next-turn]")
    page.click("[data-testid=replay-next-turn]")
    found += problems_at_both_sizes(page, shot, "replay", redraw=lambda: replay_redraw(page))
    page.click("[data-testid=replay-last]")
    found += problems_at_both_sizes(page, shot, "replay-end", redraw=lambda: replay_redraw(page))
    return found


def test_a_whole_stalk_exchange_game_in_french(
    web_server: WebServer, new_page: Any, shot: Any
) -> None:
    """issue 36 acceptance: a whole game (10 tokens of each flower, a short game), its hint,
    chat and replay, French and uncut at both sizes."""
    table = web_server.create_table(
        "stalk_exchange",
        ["human:Anne", "greedy"],
        seed=11,
        options={"tokens_per_type": 10},
        table_options={"hints": True},
    )
    page = in_language(new_page("desktop"), "fr")
    page.goto(table.play_url(0))
    page.wait_for_function(READY)
    rng = random.Random(5)
    found: list[str] = []
    done: dict[str, int] = {}
    started = time.monotonic()
    while wait_for_turn_or_end(page) == "turn":
        assert time.monotonic() - started < 120, f"game too long: {done}"
        if not done:
            found += hint_and_chat(page, shot, ("Cette", "Planter", "Aucun", "bulbe", "Bourse"))
        if done.get("end") == 2 and "picked" not in done:
            page.locator(".se-slot.legal").first.click()
            found += problems_at_both_sizes(page, shot, "token-picked")
            page.locator("[data-testid=se-cancel]").click()
            done["picked"] = 1
        what = se_action(page, rng)
        done[what] = done.get(what, 0) + 1
    page.wait_for_selector("[data-testid=result-0]")
    assert table.summary()["status"] == "finished"
    assert done.get("plant", 0) > 0 and done.get("end", 0) >= 3, done
    found += end_and_replay(page, shot, table.replay_url)
    assert not found, sorted(set(found))[:30]


def test_a_whole_fields_of_green_game_in_french(
    web_server: WebServer, new_page: Any, shot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 36 acceptance: a whole duel against the greedy bot, its hint, chat and replay,
    French (the card set's names and texts too) and uncut at both sizes, looked at when each
    phase first comes to the person."""
    stale = (
        "Someone moved first, so your action was not played ({reason})."
        " The table is up to date now."
    )
    monkeypatch.setattr(fog, "STALE", messages("fr").get(stale, stale).split("(")[0].strip())
    table = web_server.create_table(
        "fields_of_green", ["human:Anne", "greedy"], seed=4, table_options={"hints": True}
    )
    found: list[str] = []
    seen: set[str] = set()
    original = fog.play_turn

    def checked_turn(page: Any, built: dict[str, int], keys: bool) -> None:
        now = fog.phase(page)
        if not seen:
            found.extend(hint_and_chat(page, shot, ("Cette", "Ce ", "Plus", "Note", "Des ")))
        if now not in seen:
            seen.add(now)
            found.extend(problems_at_both_sizes(page, shot, f"{now}-year-{fog.year(page)}"))
        original(page, built, keys)

    monkeypatch.setattr(fog, "play_turn", checked_turn)
    page = in_language(new_page("desktop"), "fr")
    page.goto(table.play_url(0))
    page.wait_for_function(READY)
    moves = fog.play_game(page, None, lambda *_: None, "fr-", limit=400.0)
    assert moves > 12 and len(seen) >= 3, (moves, seen)
    assert table.summary()["status"] == "finished"
    found += end_and_replay(page, shot, table.replay_url)
    assert not found, sorted(set(found))[:40]
