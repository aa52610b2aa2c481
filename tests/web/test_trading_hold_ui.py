"""A person trades on a bot's turn (issue 38 item 1 acceptance), in Debian's Chromium against a
real ``seedbed serve``: a 4-player Bohnanza table, Ann and three greedy bots, ``offer_hold``
6 s. On the old server the active bot ended its trading phase the moment it opened, so a person
never traded on a bot's turn.

Turn 1 is Ann's (she trades with nobody). Turn 2 is the first bot's: the banner says "Trading
closes in N s"; Ann gives the bot a bean its fields hold, the bot accepts at once, and Ann
then lets the hold run out. Turns 3 and 4: she waits for the hold, then passes. The table's stored
moves (their commit times in the server's database, replayed for their events) show that no
bot ended trading less than the hold after the reveal or the last new offer while Ann had not
passed. Screenshots: screenshots/<test>/*.png at 1280×800."""

from __future__ import annotations

import datetime as dt
import json
import re
import sqlite3
import time
from typing import Any

from seedbed.engine.record import GameRecord
from server.test_trading_hold import waited_ends  # tests/ is on sys.path

from .browser import WebServer, wait_for_view
from .test_bohnanza_ui import act, offer_id, phase, plant_button, present, settle, text_of

HOLD = 6
SEED = 7
"""A deal whose first bot, on turn 2, would end trading at once and accepts a bean that extends
one of its fields (found by simulating the turn with greedy bots)."""
CLOSES = re.compile(r"^Trading closes in \d+ s$")


def whose(page: Any) -> str:
    return str(page.locator("[data-testid=bn-whose]").inner_text())


def my_turn(page: Any) -> bool:
    own = page.locator("[data-testid=your-turn][data-own=true]")
    return bool(own.count())


def wait_for_bot_trading(page: Any, seconds: float = 30) -> None:
    """Until a bot's trading phase is open with Ann on the move."""
    page.wait_for_function(
        "() => document.querySelector('[data-phase=trade]')"
        " && document.querySelector('[data-testid=your-turn][data-own=false]')",
        timeout=seconds * 1000,
    )


def wait_for_trading_to_end(page: Any) -> None:
    page.wait_for_function(
        "() => !document.querySelector('[data-phase=trade]')", timeout=(HOLD * 4 + 20) * 1000
    )


def play_my_turn(page: Any) -> None:
    """Ann's turn: plant the front card, end planting, end trading, plant what is in her trade
    area (the table draws for her)."""
    act(page, plant_button(page, "plant"))
    act(page, "[data-testid=bn-end-planting]")
    page.wait_for_selector("[data-testid=bn-end-trading]")
    settle(page)
    while not act(page, "[data-testid=bn-end-trading]"):
        settle(page)
    while phase(page) == "plant-traded" and present(page, "[data-action=plant-traded]"):
        act(page, plant_button(page, "plant-traded"))
    # the table draws for her (issue 31 item 4)


def give_a_bean_the_bot_grows(page: Any, bot: int) -> int:
    """Offer the active bot, for nothing, a hand card of a variety one of its fields holds;
    the offer's id."""
    grown = {
        str(e.get_attribute("data-variety"))
        for e in page.locator(f"[data-testid^=bn-field-{bot}-] .bn-card").all()
    }
    hand = [
        str(e.get_attribute("data-variety"))
        for e in page.locator("[data-testid=bn-hand] [data-variety].bn-hand-card").all()
    ]
    position = next(i for i, v in enumerate(hand) if v in grown)
    page.locator(f"[data-testid=bn-give-hand-{position}]").click()
    summary = page.locator("[data-testid=bn-compose-summary]").inner_text()
    assert summary.startswith("To Greedy"), summary
    while not act(page, "[data-testid=bn-offer-submit]"):
        settle(page)
    return offer_id(page.locator(".bn-offer-mine").first)


def stored_moves(server: WebServer, table_id: str) -> tuple[GameRecord, list[float]]:
    """The table's record as stored (its moves, in order) and each move's commit time."""
    path = server.database_url.removeprefix("sqlite:///")
    with sqlite3.connect(path) as db:
        (options, seating, seed) = db.execute(
            "SELECT options, seating, seed FROM tables WHERE id = ?", (table_id,)
        ).fetchone()
        rows = db.execute(
            "SELECT seat, action, created_at FROM moves WHERE table_id = ? ORDER BY idx",
            (table_id,),
        ).fetchall()
    labels = [str(s.get("spec", "human")) for s in json.loads(seating)]
    moves = [(seat, json.loads(action)) for seat, action, _ in rows]
    times = [dt.datetime.fromisoformat(at).timestamp() for _, _, at in rows]
    record = GameRecord("bohnanza", len(labels), int(seed), json.loads(options), labels, moves)
    return record, times


def test_a_person_trades_during_a_bots_trading_phase(
    web_server: WebServer, new_page: Any, shot: Any
) -> None:
    seats = ["human:Ann", "greedy", "greedy", "greedy"]
    table = web_server.create_table(
        "bohnanza", seats, seed=SEED, table_options={"offer_hold": HOLD}
    )
    page = new_page("desktop")
    page.goto(table.play_url(0))
    wait_for_view(page)
    page.wait_for_selector("[data-testid=bn-table]")
    play_my_turn(page)

    # turn 2, the first bot's: trading stays open, the banner counts down
    wait_for_bot_trading(page)
    assert "Turn 2" in whose(page) and "Greedy" in whose(page), whose(page)
    clock = page.locator("[data-testid=hold-clock]")
    clock.wait_for(state="visible", timeout=HOLD * 1000)
    assert CLOSES.match(clock.inner_text()), clock.inner_text()
    banner = page.locator("[data-testid=turn-banner]").inner_text()
    assert "You may trade" in banner and "Trading closes in" in banner, banner
    given = give_a_bean_the_bot_grows(page, 1)
    page.wait_for_selector(f"[data-testid=bn-offer-{given}][data-status=accepted]", timeout=5_000)
    assert "accepted by Greedy" in text_of(page.locator(f"[data-testid=bn-offer-{given}]"))
    assert CLOSES.match(clock.inner_text()), clock.inner_text()  # Ann's offer started it again
    shot(page, "trading-closes-in")  # the countdown and the trade on the bot's turn
    started = time.monotonic()
    wait_for_trading_to_end(page)  # Ann does not pass: the hold runs out
    waited = time.monotonic() - started

    # turns 3 and 4: Ann lets each bot's trading run for the hold and a second more (a bot
    # with an offer of its own open passes rather than end), then passes when on the move
    passes = 0
    opened: float | None = None
    deadline = time.monotonic() + 90
    while not my_turn(page):
        assert time.monotonic() < deadline, "Ann's turn 5 never came"
        if phase(page) != "trade":
            opened = None
        elif opened is None:
            opened = time.monotonic()
        elif time.monotonic() - opened > HOLD + 1 and present(page, "[data-testid=bn-pass]"):
            passes += act(page, "[data-testid=bn-pass]")
            continue
        time.sleep(0.1)
    assert passes >= 1
    page.click("[data-testid=log-open-all]")
    log = page.locator("[data-testid=game-log]").inner_text()
    assert f"accepted offer #{given}" in log, log

    record, times = stored_moves(web_server, table.table_id)
    ends = waited_ends(record, times, {0})
    print(
        f"bots' ends of trading with Ann on the move (move, seconds after the reveal or the "
        f"last offer): {ends}; turn 2 went on {waited:.1f} s after the trade"
    )
    assert ends and ends[0][1] >= HOLD, ends  # turn 2's, after the hold
    assert [(v, t) for v, t in ends if t < HOLD] == [], ends
