"""Fields of Green in the browser (issue 7): complete games played through the UI only
(clicks and keys on what games/fields_of_green/ offers, which it derives from the server's
legal actions) against bots, with screenshots at 1280×800 and 390×844 into screenshots/
(gitignored).

The human player prefers building on the highlighted cell nearest the farm's start (so
placement cells, water choices, equipment and harvests all come up), then a Water Tower
once a year, then the market; every follow-up decision takes the first choice offered.
"""

from __future__ import annotations

import time
from typing import Any

from .browser import (
    change_tag_problems,
    click_and_wait,
    version,
    wait_for_turn_or_end,
    wait_for_view,
)

GAME = "fields_of_green"
STALE = "Someone moved first"
TARGET = ".fog-cell.is-target"
NEXT_VIEW = (
    "v => Number(document.body.dataset.version) !== v"
    " || document.querySelector('[data-testid=toast-error], [data-testid=fog-water-choice]')"
)

# Buttons that act at once, in order of preference, for the other prompts.
DECISIONS = [
    "[data-testid=fog-draw-confirm]:not([disabled])",
    "[data-testid^=fog-place-water-]",
    "[data-testid^=fog-keep-]",
    "[data-testid^=fog-attach-]",
    "[data-testid=fog-skip-attach]",
    "[data-testid^=fog-choose-]",
    "[data-testid=fog-pay-0]",
    "[data-testid^=fog-pay-harvest-]",
    "[data-testid=fog-end-harvest]",
    "[data-testid^=fog-pay-end-]",
    "[data-testid=fog-end-scoring]",
]
CARD_PROMPT = (
    "[data-testid=fog-mode-build], [data-testid^=fog-market-], button[data-testid^=fog-display-]"
)
# The first time one of these prompts shows, both pages are photographed.
FIRSTS = {
    "equipment-keep": "[data-testid^=fog-keep-]",
    "equipment-place": "[data-testid=fog-set-aside]",
    "choose-effect": "[data-testid=fog-choose-0]",
    "place-water": "[data-testid=fog-place-water-0]",
}


FIRST_USABLE = """selector => [...document.querySelectorAll(selector)].findIndex(
    el => !el.disabled && el.getClientRects().length > 0)"""


def first(page: Any, selector: str) -> Any | None:
    """The first visible, enabled element matching ``selector`` inside the table, or None
    (found in one round trip to the page)."""
    scoped = ", ".join(f"[data-testid=game-root] {part}" for part in selector.split(", "))
    index = page.evaluate(FIRST_USABLE, scoped)
    return None if index < 0 else page.locator(scoped).nth(index)


def dismiss_stale(page: Any) -> None:
    """A stale version (a bot acted at the same moment) is dismissed and the turn goes on;
    any other refusal of an action the table offered fails the test."""
    error = page.locator("[data-testid=toast-error]")
    if error.count():
        text = error.first.inner_text()
        assert STALE in text, f"the server refused an action the UI offered: {text}"
        page.locator("[data-testid=toast-close]").first.click()


def act(page: Any, target: Any) -> None:
    """Click an element that sends an action and wait for the next view; a destructive move
    asks first (issue 17): its button arms and "Yes, …" plays it."""
    locator = page.locator(target) if isinstance(target, str) else target
    if locator.get_attribute("data-guarded"):
        testid = locator.get_attribute("data-testid")
        locator.click()
        locator = page.locator(f"[data-testid={testid}-confirm]")
    click_and_wait(page, locator)
    dismiss_stale(page)


def press(page: Any, target: Any | None, key: str) -> None:
    """Press ``key`` (on ``target``, focused first, or on the page: a shortcut) and wait for
    the next view."""
    before = version(page)
    if target is not None:
        target.focus()
    page.keyboard.press(key)
    page.wait_for_function(NEXT_VIEW, arg=before)
    dismiss_stale(page)


def central_target(page: Any) -> Any | None:
    """The highlighted farm cell nearest to the farm's start: keeps the farm compact."""
    cells = page.locator(f"[data-testid=fog-farm-mine] {TARGET}")
    best, best_d = None, 10**9
    for i in range(cells.count()):
        x, y = map(int, str(cells.nth(i).get_attribute("data-cell")).split(","))
        if abs(x) + abs(y - 1) < best_d:
            best, best_d = cells.nth(i), abs(x) + abs(y - 1)
    return best


def build_on(page: Any, mode: str, keys: bool) -> bool:
    """Choose the action ``mode`` (build, tower, silo) and a highlighted cell; answer the
    water choice if the cell can be watered in several ways."""
    button = first(page, f"[data-testid=fog-mode-{mode}]")
    if button is None:
        return False
    if button.get_attribute("aria-pressed") != "true":
        button.click()
    cell = central_target(page)
    if cell is None:
        return False
    before = version(page)
    if keys:
        cell.focus()
        page.keyboard.press("Enter")
    else:
        cell.click()
    page.wait_for_function(NEXT_VIEW, arg=before)
    dismiss_stale(page)
    choice = first(page, "[data-testid=fog-water-0]")
    if choice is not None and version(page) == before:
        act(page, choice)
    return True


def pick_display_card(page: Any, keys: bool) -> None:
    """2 players: select the first display card that can be built, if any."""
    cards = page.locator("[data-testid=game-root] button[data-testid^=fog-display-]")
    for i in range(cards.count()):
        card = cards.nth(i)
        if not card.is_enabled():
            continue
        if keys:
            card.focus()
            page.keyboard.press("Enter")
        else:
            card.click()
        if first(page, "[data-testid=fog-mode-build]") is not None:
            return


def play_card_action(page: Any, built: dict[str, int], keys: bool) -> bool:
    """Resolve / pick: build the card, else a Water Tower (once a year), else go to the
    market. True if something was sent."""
    if first(page, "[data-testid=fog-mode-build]") is None:
        pick_display_card(page, keys)
    if build_on(page, "build", keys):
        built["build"] += 1
        return True
    if built["tower"] < year(page) and build_on(page, "tower", keys):
        built["tower"] += 1
        return True
    market = first(page, "[data-testid=fog-market-1]") or first(page, "[data-testid=fog-market-0]")
    if market is None:
        return False
    act(page, market)
    built["market"] += 1
    return True


def play_commit(page: Any, keys: bool) -> bool:
    """Select a card of the hand and commit it (by keyboard: Enter on the card, then the
    commit button's shortcut C)."""
    card = first(page, "button[data-testid^=fog-hand-]")
    if card is None:
        return False
    if keys:
        card.focus()
        page.keyboard.press("Enter")
        page.wait_for_selector("[data-testid=fog-commit]:not([disabled])")
        press(page, None, "c")
    else:
        card.click()
        act(page, "[data-testid=fog-commit]")
    return True


def play_by_keys(page: Any) -> bool:
    """The draw by its shortcut D; ending a harvest with nothing left to pay by Space."""
    if first(page, "[data-testid=fog-draw-confirm]:not([disabled])") is not None:
        press(page, None, "d")
        return True
    end = first(page, "[data-testid=fog-end-harvest]")
    if end is not None and first(page, "[data-testid^=fog-pay-harvest-]") is None:
        if end.get_attribute("data-guarded"):  # unpaid cards: Space asks, Enter on "Yes" plays
            end.focus()
            page.keyboard.press("Space")
            page.wait_for_selector("[data-testid=fog-end-harvest-cancel]:focus")
            press(page, page.locator("[data-testid=fog-end-harvest-confirm]"), "Enter")
        else:
            press(page, end, "Space")
        return True
    return False


def play_turn(page: Any, built: dict[str, int], keys: bool) -> None:
    """One decision of the human seat, by what the table offers (with ``keys``, the draw,
    commits, picks, builds and the harvest's end by keyboard)."""
    if first(page, "button[data-testid^=fog-hand-]") is not None and play_commit(page, keys):
        return
    if keys and play_by_keys(page):
        return
    place = first(page, "[data-testid=fog-set-aside]")
    if place is not None:  # an equipment tile: on a highlighted card if one fits
        act(page, first(page, TARGET) or place)
        built["equipment"] += 1
        return
    if first(page, CARD_PROMPT) is not None and play_card_action(page, built, keys):
        return
    for selector in DECISIONS:
        button = first(page, selector)
        if button is not None:
            act(page, button)
            return
    raise AssertionError("it is our turn but the table offers nothing to click")


def phase(page: Any) -> str:
    return str(page.locator("[data-testid=fog-table]").get_attribute("data-phase"))


def year(page: Any) -> int:
    return int(page.locator("[data-testid=fog-year] b").inner_text())


def play_game(
    page: Any,
    mirror: Any | None,
    shot: Any,
    prefix: str,
    *,
    keys: bool = False,
    reload: bool = False,
    limit: float = 150.0,
) -> int:
    """Play until the end screen; screenshots of the page(s) (same seat) at the start, at
    the first commit or pick, at the first build choice, at the first decision of each kind,
    at the year-2 harvest (then, with ``reload``, the page is reloaded) and at the end.
    Returns the number of human decisions."""
    pages = [page] if mirror is None else [page, mirror]
    for p in pages:
        wait_for_view(p)
    moves = 0
    taken: set[str] = set()
    built = {"build": 0, "tower": 0, "market": 0, "equipment": 0}

    def both(name: str) -> None:
        if name in taken:
            return
        taken.add(name)
        if mirror is not None:
            time.sleep(0.15)  # let the mirror page draw the same view
        for p in pages:
            size = "phone" if p.viewport_size["width"] < 500 else "desktop"
            shot(p, f"{prefix}{size}-{name}")

    both("start")
    deadline = time.monotonic() + limit
    tag_problems: list[str] = []
    while wait_for_turn_or_end(page) == "turn":
        assert time.monotonic() < deadline, "the game took too long"
        page.wait_for_selector("[data-testid=fog-prompt][data-my-turn=true]")
        tag_problems += change_tag_problems(page)  # issue 17, item 1
        now = phase(page)
        if now in ("commit", "pick"):
            both("choose-card")
        building = "build-targets" not in taken and first(page, "[data-testid=fog-mode-build]")
        if building and first(page, TARGET) is not None:
            both("build-targets")
        if now == "harvest" and year(page) >= 2 and "mid-harvest" not in taken:
            both("mid-harvest")
            if reload:  # a reload in the middle of the game restores the table
                page.reload()
                wait_for_view(page)
                page.wait_for_selector("[data-testid=fog-prompt][data-my-turn=true]")
                assert phase(page) == "harvest"
        for name, selector in FIRSTS.items():
            if name not in taken and first(page, selector) is not None:
                both(name)
        play_turn(page, built, keys)
        moves += 1
    page.wait_for_selector("[data-testid=result-0]")
    for p in pages:
        p.wait_for_selector("[data-testid=end-screen]")
    both("end")
    assert not tag_problems, tag_problems[:10]
    print("human actions:", built)
    assert built["build"] >= 3, "the human should have built cards on highlighted cells"
    return moves


def no_render_error(page: Any) -> None:
    errors = page.locator("[data-testid=render-error]")
    assert not errors.count(), errors.first.inner_text()


def check_score_pad(page: Any) -> None:
    """The end screen's score pad (issue 17): each player's score by the seven parts of F-73,
    the parts adding up to the score of the results table."""
    pad = page.locator("[data-testid=fog-score-pad]")
    assert pad.count() == 1
    assert pad.locator("tbody tr").count() == 7
    assert "Cards (printed VP)" in pad.inner_text() and "Coins (1 per 3)" in pad.inner_text()
    parts = [
        [int(x) for x in row.locator("td").all_inner_texts()]
        for row in pad.locator("tbody tr").all()
    ]
    totals = [int(x) for x in pad.locator("[data-testid=fog-pad-total] td").all_inner_texts()]
    assert [sum(col) for col in zip(*parts, strict=True)] == totals
    for seat, total in enumerate(totals):
        assert page.locator(f"[data-testid=result-{seat}] td").all_inner_texts()[2] == str(total)


def test_three_player_game(web_server: Any, new_page: Any, shot: Any) -> None:
    """Ann against two bots: draw splits, hidden commits, passing hands, the reveal, builds
    on highlighted cells, harvests and the end screen; a phone page follows the same seat,
    the player's page is reloaded in the middle of the game; afterwards a spectator's page
    and the replay show every farm. Ann uses the keyboard
    where it matters most: the draw (shortcut D), choosing a card (Enter) and committing it
    (shortcut C), the cell to build on (focus + Enter), ending a harvest (focus + Space)."""
    table = web_server.create_table(GAME, ["human:Ann", "greedy", "random"], seed=11)
    desktop, phone = new_page("desktop"), new_page("phone")
    desktop.goto(table.play_url(0))
    phone.goto(table.play_url(0))
    started = time.monotonic()
    moves = play_game(desktop, phone, shot, "", keys=True, reload=True)
    assert moves > 20
    results = desktop.locator("[data-testid=results] tbody tr")
    assert results.count() == 3
    # the tie-break column (F-75) fills in once the record's outcome is fetched
    desktop.wait_for_function(
        "() => document.querySelector('[data-testid=results]').textContent.includes('locations')"
    )
    assert table.summary()["status"] == "finished"
    print(f"3-player game: {moves} human moves in {time.monotonic() - started:.1f} s")
    check_score_pad(desktop)

    watcher = new_page("desktop")  # a spectator: every farm at full size
    watcher.goto(table.watch_url)
    watcher.wait_for_selector("[data-testid=end-screen]")
    no_render_error(watcher)
    assert watcher.locator("[data-testid^=fog-farm-panel-]").count() == 3
    shot(watcher, "spectator-end")

    replay = new_page("desktop")
    replay.goto(table.replay_url)
    replay.wait_for_selector("[data-testid=fog-table]")
    replay.locator("[data-testid=replay-slider]").click()  # the middle of the game
    replay.locator("[data-testid=reveal-all]").check()
    replay.wait_for_function("() => document.querySelectorAll('.fog').length > 2")
    no_render_error(replay)
    shot(replay, "replay-mid")


def test_two_player_game_on_a_phone(web_server: Any, new_page: Any, shot: Any) -> None:
    """The 2-player rules: picks from the shared display, played on a phone by mouse."""
    table = web_server.create_table(GAME, ["human:Bea", "greedy"], seed=4)
    phone = new_page("phone")
    phone.goto(table.play_url(0))
    started = time.monotonic()
    moves = play_game(phone, None, shot, "duel-")
    assert moves > 12
    assert phone.locator("[data-testid=results] tbody tr").count() == 2
    check_score_pad(phone)
    print(f"2-player game: {moves} human moves in {time.monotonic() - started:.1f} s")
