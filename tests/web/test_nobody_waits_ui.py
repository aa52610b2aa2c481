"""Issue 31 item 4 acceptance, in Debian's Chromium against a real ``seedbed serve``: a
4-player Bohnanza table at turn-based pace (Ann and three greedy bots) played to the end. Ann
plays her own turns and answers the offers addressed to her; she never clicks *Pass* in
another player's turn and never clicks *Draw*: the table passes for her when nothing is
addressed to her (on by default at a turn-based table) and draws for her. From the table's
stored moves (their commit times, replayed for their states) the test measures the wall-clock
time the table spent waiting for Ann outside her own turn, split by whether something was
addressed to her (an accept or a decline in her menu), and asserts that with nothing
addressed it is under half a second in all (the server's own time to play the pass).
Screenshots: screenshots/<test>/*.png."""

from __future__ import annotations

import time
from typing import Any

from seedbed.engine.menu import kind_of
from seedbed.engine.record import GameRecord, steps

from .browser import WebServer, wait_for_view
from .test_bohnanza_ui import GAME_SECONDS, Human, act, present
from .test_trading_hold_ui import stored_moves as stored

SEED = 4
ANN = 0


class Ann(Human):
    """Seat 0: her own turns as the page offers them; in another player's trading only the
    answers to offers addressed to her (never *Pass*)."""

    def __init__(self, page: Any) -> None:
        super().__init__(page)
        self.offers = 1  # she makes no offer of her own: the bots' trading is the subject
        self.waits = 0

    def trade(self) -> bool:
        page = self.page
        if page.locator("[data-testid=bn-whose]").inner_text().endswith("your turn"):
            return super().trade()
        for kind in ("accept", "decline"):
            answer = present(page, f"[data-action={kind}]")
            if answer:
                self.note(kind)
                act(page, answer)
                return True
        assert not present(page, "[data-testid=bn-pass]") or self.waits < 600, "never passed"
        self.waits += 1  # on the move with nothing to answer: the table passes for her
        time.sleep(0.05)
        return True


def waited(record: GameRecord, times: list[float]) -> dict[str, float]:
    """Seconds the table waited for Ann alone outside her own turn: in trading with nothing
    to answer (no accept or decline in her menu), in trading with an offer to answer, and
    planting cards traded to her; and how many waits had nothing to answer."""
    out = {"idle": 0.0, "answer": 0.0, "plant": 0.0, "idle_count": 0.0}
    for i, step in enumerate(steps(record)):
        if i == 0 or i >= len(times) or step.state.is_terminal():
            continue
        view = step.state.observe(ANN)
        if tuple(step.state.to_move()) != (ANN,) or view["active"] == ANN:
            continue
        gap = times[i] - times[i - 1]
        menu = {kind_of(a) for a in step.state.legal_actions(ANN)}
        if view["phase"] != "trade":
            out["plant"] += gap  # cards traded to her to plant: her own decision
        elif menu & {"accept", "decline"}:
            out["answer"] += gap
        else:
            out["idle"] += gap
            out["idle_count"] += 1
    return out


def test_nobody_waits_for_a_person_with_nothing_to_answer(
    web_server: WebServer, new_page: Any, shot: Any
) -> None:
    seats = ["human:Ann", "greedy", "greedy", "greedy"]
    pace = {"pace": "turn-based", "move_deadline_seconds": 3600}
    table = web_server.create_table("bohnanza", seats, seed=SEED, pace=pace)
    page = new_page("desktop")
    page.goto(table.play_url(0))
    wait_for_view(page)
    page.wait_for_selector("[data-testid=bn-table]")
    toggle = page.locator("[data-testid=auto-pass]")
    assert toggle.is_checked(), "on by default at a turn-based table"
    shot(page, "start")
    ann = Ann(page)
    started = time.monotonic()
    while ann.step():
        assert time.monotonic() - started < GAME_SECONDS * 4, f"too slow: {ann.done}"
    played = time.monotonic() - started
    assert page.locator("[data-testid=end-screen]").count() == 1
    page.click("[data-testid=log-open-all]")
    log = page.locator("[data-testid=game-log]").inner_text()
    assert "Played for Ann: no other move." in log and "Passed for Ann" in log
    shot(page, "end")
    assert "pass" not in ann.done and "draw" not in ann.done, ann.done

    record, times = stored(web_server, table.table_id)
    kinds = [a["type"] for s, a in record.moves if s == ANN]
    wait = waited(record, times)
    print(
        f"nobody waits: a game of {len(record.moves)} moves in {played:.1f} s; Ann clicked "
        f"{sum(ann.done.values())} times {ann.done}; the table played for her "
        f"{kinds.count('pass')} passes and {kinds.count('finish-turn')} draws; it waited for "
        f"her alone outside her turn {wait['idle']:.3f} s over {wait['idle_count']:.0f} "
        f"moments with nothing to answer, {wait['answer']:.3f} s with an offer to answer and "
        f"{wait['plant']:.3f} s while she planted cards traded to her"
    )
    assert kinds.count("finish-turn") > 0 and kinds.count("pass") > 0
    assert wait["idle"] < 0.5, wait
