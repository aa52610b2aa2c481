"""Issue 17, "A table people enjoy", in Chromium: the whole log on a new device (the server's
history), the log grouped by turn with no-op moves folded, the replay's jumps by turn and
phase, the turn timer's countdown, the table chat, the lobby's finished and own tables, and
the small things (last game, invite panel, names, reveal progress, spacing, the offer
composer). Screenshots: screenshots/<test>/*.png at 1280×800 and 390×844."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from seedbed.server.storage import NewTable, Store

from .browser import Table, WebServer, click_and_wait, version, wait_for_turn_or_end, wait_for_view


def plant_once(page: Any) -> None:
    """Stalk Exchange: the first legal Exchange token on the first + space."""
    page.locator(".se-slot.legal").first.click()
    click_and_wait(page, page.locator("[data-testid=se-garden] [data-action=plant]").first)


def wait_for_history(page: Any) -> None:
    """The log shows what the server's history holds (or says that nothing happened)."""
    page.wait_for_selector("[data-testid=log-turn], [data-testid=log-empty]", state="attached")


def bot_table(web_server: WebServer, game: str, seats: list[str], seed: int) -> Table:
    return web_server.create_table(game, seats, seed=seed)


def wait_until(check: Any, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.2)


# ------------------------------------------------------------------ 3. history on a new device


def test_a_new_device_shows_the_whole_log(web_server: WebServer, new_page: Any, shot: Any) -> None:
    """Item 3: the same seat opened on a phone after several moves shows every line the
    first device showed (from the server's history, not this browser's storage)."""
    table = web_server.create_table("stalk_exchange", ["human:Ann", "greedy"], seed=21)
    desk = new_page("desktop")
    desk.goto(table.play_url(0))
    wait_for_view(desk)
    for _ in range(2):
        plant_once(desk)
    click_and_wait(desk, "[data-testid=se-end]")
    assert wait_for_turn_or_end(desk) == "turn"
    plant_once(desk)
    desk.click("[data-testid=log-open-all]")
    lines = desk.locator("[data-testid=game-log] .log-lines li").all_inner_texts()
    assert len(lines) > 5
    phone = new_page("phone")
    phone.goto(table.play_url(0))
    wait_for_view(phone)
    wait_for_history(phone)
    assert phone.locator("[data-testid=log-empty]").count() == 0
    phone.click("[data-testid=log-open-all]")
    assert phone.locator("[data-testid=game-log] .log-lines li").all_inner_texts() == lines
    shot(desk, "first-device-desktop")
    phone.locator("[data-testid=game-log]").scroll_into_view_if_needed()
    shot(phone, "new-device-phone")


# ------------------------------------------------------------------ 2. the log and the replay


@pytest.fixture(scope="module")
def bohnanza_bots(web_server: WebServer) -> Table:
    """A Bohnanza game of three greedy bots, played to its end."""
    table = bot_table(web_server, "bohnanza", ["greedy", "greedy", "greedy"], seed=5)
    wait_until(lambda: table.summary()["status"] == "finished", 240, "the bots did not finish")
    return table


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_log_groups_turns_and_folds_passes(
    bohnanza_bots: Table, new_page: Any, shot: Any, size: str
) -> None:
    """Item 2: a turn's lines under its heading (the last turns open, older ones closed),
    runs of passes folded into one line that opens to show them."""
    page = new_page(size)
    page.goto(bohnanza_bots.watch_url)
    wait_for_view(page)
    wait_for_history(page)
    turns = page.locator("[data-testid=log-turn]")
    assert turns.count() > 10
    headings = page.locator("[data-testid=log-turn] > summary").all_inner_texts()
    assert all(re.match(r"#\d+ Turn \d+: ", h) for h in headings[1:]), headings[:3]
    opened = page.evaluate(
        "() => [...document.querySelectorAll('[data-testid=log-turn]')].map(d => d.open)"
    )
    assert opened[-2:] == [True, True] and not any(opened[:-2])
    shot(page, f"log-closed-{size}")
    page.click("[data-testid=log-open-all]")
    folds = page.locator("[data-testid=log-fold]")
    assert folds.count() > 10
    fold = folds.first
    summary = fold.locator("summary").inner_text()
    assert re.search(r"\d+ moves that changed nothing \(", summary), summary
    assert not fold.locator(".log-lines").is_visible()  # folded
    fold.locator("summary").click()
    assert fold.locator(".log-lines").is_visible() and "passed." in fold.inner_text()
    passes = page.locator("[data-testid=game-log] .log-lines > li:not(.log-fold-item)")
    unfolded = [t for t in passes.all_inner_texts() if t.endswith("passed.")]
    folded = page.evaluate(
        "() => [...document.querySelectorAll('[data-testid=log-fold] li')].length"
    )
    assert folded > len(unfolded), (folded, len(unfolded))  # most passes are folded
    lines = page.locator("[data-testid=game-log] .log-lines > li:not(.log-fold-item)")
    for text in [t for t in lines.all_inner_texts() if t][:50]:
        assert re.match(r"#\d+ \S", text), text  # "#1466 Game over", not "#1466Game over"
    page.locator("[data-testid=game-log]").scroll_into_view_if_needed()
    shot(page, f"log-{size}")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_replay_jumps_by_turn_and_by_phase(
    bohnanza_bots: Table, new_page: Any, shot: Any, size: str
) -> None:
    page = new_page(size)
    page.goto(bohnanza_bots.replay_url)
    position = page.locator("[data-testid=replay-position]")
    stage = page.locator("[data-testid=replay-stage]")
    position.wait_for()
    page.wait_for_function("() => document.querySelector('[data-testid=replay-stage]').textContent")
    assert stage.inner_text() == "Turn 1 · Plant"

    def step() -> int:
        return int(position.inner_text().split()[1])

    page.click("[data-testid=replay-next-phase]")
    assert stage.inner_text() != "Turn 1 · Plant" and stage.inner_text().startswith("Turn 1 ·")
    phase_step = step()
    assert phase_step > 0
    page.click("[data-testid=replay-next-turn]")
    assert stage.inner_text().startswith("Turn 2 ·")
    turn_step = step()
    assert turn_step > phase_step
    page.click("[data-testid=replay-next-turn]")
    assert stage.inner_text().startswith("Turn 3 ·")
    shot(page, f"turn-3-{size}")
    page.click("[data-testid=replay-prev-turn]")  # to the start of turn 2
    assert step() == turn_step and stage.inner_text().startswith("Turn 2 ·")
    page.keyboard.press("PageDown")
    assert stage.inner_text().startswith("Turn 3 ·")
    page.keyboard.press("Shift+ArrowLeft")  # back a phase: the last phase of turn 2
    assert stage.inner_text().startswith("Turn 2 ·")


def test_reveal_every_view_shows_its_progress(
    bohnanza_bots: Table, new_page: Any, shot: Any
) -> None:
    """Item 13: "Reveal every view" says how far it got, then shows the three views, each
    named as a seat with its name ("View of Greedy bot (seat 1)")."""
    page = new_page("desktop")
    page.goto(bohnanza_bots.replay_url)
    page.locator("[data-testid=replay-position]").wait_for()
    names = page.locator("[data-testid=replay-viewer] option").all_inner_texts()
    assert names[1] == "View of Greedy bot (seat 1)"
    page.check("[data-testid=reveal-all]")
    progress = page.locator("[data-testid=reveal-progress]")
    page.wait_for_function(
        "() => /Loading every view: \\d of 3/.test("
        "document.querySelector('[data-testid=reveal-progress]').textContent)"
    )
    page.locator("[data-testid=replay-view-2]").wait_for(timeout=60_000)
    progress.wait_for(state="hidden")
    assert progress.text_content() == "Loading every view: 3 of 3…"
    page.click("[data-testid=replay-next-turn]")
    shot(page, "revealed")


# ------------------------------------------------------------------ 4. the turn timer


def test_everyone_sees_the_turn_timer_and_the_player_is_warned(
    web_server: WebServer, new_page: Any, shot: Any
) -> None:
    table = web_server.create_table(
        "stalk_exchange", ["human:Ann", "greedy"], seed=22, turn_seconds=14
    )
    ann = new_page("phone")
    ann.goto(table.play_url(0))
    watcher = new_page("desktop")
    watcher.goto(table.watch_url)
    for page in (ann, watcher):
        wait_for_view(page)
        page.locator("[data-testid=turn-timer]").wait_for()
    assert "for you" in ann.locator("[data-testid=turn-timer]").inner_text()
    assert "for Ann" in watcher.locator("[data-testid=turn-timer]").inner_text()
    clock = watcher.locator("[data-testid=timer-clock]").inner_text()
    assert re.fullmatch(r"0:1[0-4]", clock), clock
    assert ann.locator("[data-testid=timer-warning]").is_hidden()
    shot(watcher, "timer-spectator-desktop")
    ann.locator("[data-testid=timer-warning]").wait_for(timeout=10_000)
    warning = ann.locator("[data-testid=timer-warning]").inner_text()
    assert re.match(r"Hurry: \d+ s left", warning), warning
    assert watcher.locator("[data-testid=timer-warning]").is_hidden()
    assert "urgent" in str(ann.locator("[data-testid=turn-timer]").get_attribute("class"))
    shot(ann, "timer-warning-phone")


# ------------------------------------------------------------------ 8. chat


def test_the_table_chat_between_people_and_a_spectator(
    web_server: WebServer, new_page: Any, shot: Any
) -> None:
    table = web_server.create_table("stalk_exchange", ["human:Ann", "human:Bob"], seed=23)
    ann, bob, watcher = new_page("desktop"), new_page("phone"), new_page("desktop")
    ann.goto(table.play_url(0))
    bob.goto(table.play_url(1))
    watcher.goto(table.watch_url)
    for page in (ann, bob, watcher):
        wait_for_view(page)
        page.locator("[data-testid=chat-note]").wait_for()
    assert watcher.locator("[data-testid=chat-input]").is_hidden()
    assert "Spectators read the chat" in watcher.locator("[data-testid=chat-note]").inner_text()
    evil = '<img src=x onerror="window.pwned=1">good luck & have fun'
    ann.fill("[data-testid=chat-input]", evil)
    ann.press("[data-testid=chat-input]", "Enter")
    for page in (ann, bob, watcher):
        line = page.locator("[data-testid=chat-line]").first
        line.wait_for()
        assert line.inner_text() == f"Ann: {evil}"
        assert page.locator("[data-testid=chat] img").count() == 0
        assert page.evaluate("() => window.pwned === undefined")
    # on the phone the chat is far below the table: the top bar says a message came
    badge = bob.locator("[data-testid=chat-unread]")
    assert badge.inner_text() == "Chat: 1 new"
    shot(bob, "chat-unread-phone")
    badge.click()
    badge.wait_for(state="hidden")
    assert bob.locator("[data-testid=chat]").is_visible()
    bob.fill("[data-testid=chat-input]", "thanks!")
    bob.click("[data-testid=chat-send]")
    ann.wait_for_function("() => document.querySelectorAll('[data-testid=chat-line]').length === 2")
    assert bob.locator("[data-testid=chat-input]").input_value() == ""
    for i in range(6):  # past the burst: the server refuses, the page says so
        bob.fill("[data-testid=chat-input]", f"spam {i}")
        bob.press("[data-testid=chat-input]", "Enter")
    bob.locator("[data-testid=toast-error]").first.wait_for()
    assert "chat messages" in bob.locator("[data-testid=toast-error]").first.inner_text()
    late = new_page("phone")  # a device that opens later reads what was said
    late.goto(table.watch_url)
    wait_for_view(late)
    late.wait_for_function("() => document.querySelectorAll('[data-testid=chat-line]').length >= 2")
    shot(ann, "chat-desktop")
    bob.locator("[data-testid=chat]").scroll_into_view_if_needed()
    shot(bob, "chat-phone")


def test_a_table_created_without_chat_has_none(
    web_server: WebServer, new_page: Any, shot: Any
) -> None:
    page = new_page("desktop")
    page.goto(web_server.url)
    page.locator("[data-testid=lobby-game]").wait_for()
    page.select_option("[data-testid=lobby-game]", "stalk_exchange")
    page.click("details.advanced summary")
    page.uncheck("[data-testid=lobby-chat]")
    page.click("[data-testid=create-table]")
    page.click("[data-testid=open-my-seat]")
    wait_for_view(page)
    note = page.locator("[data-testid=chat-note]")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=chat-note]').textContent.includes('off')"
    )
    assert note.inner_text() == "Chat is off at this table."
    assert page.locator("[data-testid=chat-input]").is_hidden()
    table_id = page.url.split("/play/")[1].split("?")[0]
    assert web_server.summary(table_id)["chat"] is False


# ------------------------------------------------------------------ 7 and 13. the lobby


def test_the_lobby_lists_finished_tables_with_results_and_my_tables_first(
    web_server: WebServer, new_page: Any, shot: Any
) -> None:
    store = Store(web_server.database_url)
    try:
        for i in range(12):
            seating = [
                {"kind": "human", "name": f"{who}{i}", "token_sha256": "0" * 64} for who in "AB"
            ]
            table_id = f"ffff{i:012x}"
            store.create_table(NewTable(table_id, "stalk_exchange", 2, {}, i, seating, None))
            outcome = {"scores": [30 + i, 20], "ranks": [1, 2], "winners": [0], "tiebreak": []}
            store.finish(table_id, outcome)
    finally:
        store.close()
    for size in ("phone", "desktop"):
        page = new_page(size)
        page.goto(web_server.url)
        if size == "desktop":  # before any table of this browser: the first game
            page.locator("[data-testid=lobby-game]").wait_for()
            assert page.locator("[data-testid=lobby-game]").input_value() == "bohnanza"
        finished = page.locator("[data-testid=finished-list] li")
        finished.first.wait_for()
        assert finished.count() == 10
        where = page.locator("[data-testid=finished-where]").inner_text()
        total = int(where.split(" of ")[1])
        assert where.startswith("1–10 of ") and total >= 12
        newest = page.locator("[data-testid=result-ffff00000000000b]")
        assert newest.inner_text() == "A11 wins · A11 41, B11 20"
        assert page.locator("[data-testid=replay-ffff00000000000b]").get_attribute("href") == (
            "/replay/ffff00000000000b"
        )
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= page.viewport_size["width"], f"the lobby is {width} px wide"
        page.click("[data-testid=finished-older]")
        page.wait_for_function(
            "() => document.querySelector('[data-testid=finished-where]').textContent"
            ".startsWith('11–')"
        )
        assert page.locator("[data-testid=finished-newer]").is_enabled()
        shot(page, f"finished-{size}")

    # my tables: one made here, at the top of the lists, with its seat's link
    page.select_option("[data-testid=lobby-game]", "stalk_exchange")
    page.fill("[data-testid=seat-name-0]", "Me")
    page.click("[data-testid=create-table]")
    page.locator("[data-testid=table-created]").wait_for()
    mine = page.locator("[data-testid=my-tables]")
    mine.wait_for()
    assert page.locator("[data-testid^=mine-play-]").first.inner_text() == "Play as Me"
    page.reload()
    page.locator("[data-testid=my-tables]").wait_for()
    lists = page.evaluate(
        "() => [...document.querySelectorAll('.lobby-lists > section:not([hidden])')]"
        ".map(s => s.dataset.testid)"
    )
    assert lists[0] == "my-tables"
    assert page.locator("[data-testid=lobby-game]").input_value() == "stalk_exchange"
    shot(page, "my-tables-desktop")


def test_the_invite_panel_scrolls_into_view_on_a_phone(
    web_server: WebServer, new_page: Any, shot: Any
) -> None:
    page = new_page("phone")
    page.goto(web_server.url)
    page.locator("[data-testid=lobby-game]").wait_for()
    page.select_option("[data-testid=seat-kind-1]", "human")
    page.fill("[data-testid=seat-name-1]", "Bob")
    page.click("[data-testid=create-table]")
    panel = page.locator("[data-testid=table-created]")
    panel.wait_for()
    page.wait_for_function(
        "() => { const r = document.querySelector('[data-testid=table-created]')"
        ".getBoundingClientRect(); return r.top >= -1 && r.top < innerHeight / 2; }"
    )
    page.screenshot(path=str(shot(page, "created-phone").parent / "viewport.png"))


def test_names_read_as_names(web_server: WebServer, new_page: Any, shot: Any) -> None:
    """Item 13: a player called "Me": "Waiting for Me" shows Me as a name (a dot, bold)."""
    table = web_server.create_table("stalk_exchange", ["human:Me", "human:Bob"], seed=24)
    bob = new_page("desktop")
    bob.goto(table.play_url(1))
    wait_for_view(bob)
    waiting = bob.locator("[data-testid=waiting-for]")
    assert waiting.inner_text() == "Waiting for Me to join the table"  # issue 38 item 8
    assert waiting.locator(".name-chip .name").inner_text() == "Me"
    assert waiting.locator(".name-chip .seat-dot").count() == 1
    shot(bob, "waiting-for-me")


# ------------------------------------------------------------------ 13. the offer composer


def test_the_composer_offers_to_anyone_and_says_when_trading_ends_discard_it(
    web_server: WebServer, new_page: Any, shot: Any
) -> None:
    table = web_server.create_table("bohnanza", ["human:Ann", "human:Bob", "human:Cy"], seed=3)
    ann = new_page("desktop")
    ann.goto(table.play_url(0))
    wait_for_view(ann)
    ann.wait_for_selector("[data-testid=bn-table]")
    plant = ann.locator("[data-testid=bn-table] [data-action=plant]").first
    click_and_wait(ann, plant)
    click_and_wait(ann, "[data-testid=bn-end-planting]")
    ann.wait_for_selector("[data-testid=bn-compose]")
    assert ann.locator("[data-testid=bn-to-any]").get_attribute("aria-pressed") == "true"
    ann.locator("[data-testid^=bn-give-hand-]").last.click()
    assert ann.locator("[data-testid=bn-compose-summary]").inner_text().startswith("To anyone")
    shot(ann, "composer-anyone")
    click_and_wait(ann, "[data-testid=bn-end-trading]")
    toast = ann.locator("[data-testid=toast-info]")
    toast.wait_for()
    assert "unfinished offer was discarded" in toast.inner_text()
    shot(ann, "offer-discarded")
    assert version(ann) > 0
