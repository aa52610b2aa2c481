"""Browser notifications (issue 31 item 3): asked for only after the person opts in on
/your-turn; Playwright grants the permission, and an init script wraps
``window.Notification`` to record what the page asks and shows. None before the opt-in; one
per table that newly waits for you after it; a reload repeats none.

Screenshot: screenshots/<test>/opted-in.png."""

from __future__ import annotations

from typing import Any

from .browser import WebServer
from .test_your_turn_ui import hold_seats

RECORD = """(() => {
  const Real = window.Notification;
  window.__notes = [];
  window.__asked = 0;
  class Recorded {
    constructor(title, options) { window.__notes.push({ title, ...(options || {}) }); }
    close() {}
    static get permission() { return Real ? Real.permission : "default"; }
    static requestPermission() {
      window.__asked += 1;
      return Real ? Real.requestPermission() : Promise.resolve("granted");
    }
  }
  window.Notification = Recorded;
})();"""


def notes(page: Any) -> list[dict[str, Any]]:
    return list(page.evaluate("() => window.__notes"))


def test_notifications_only_after_the_opt_in(
    web_server: WebServer, new_page: Any, shot: Any
) -> None:
    """issue 31 item 3."""
    first = web_server.create_table("bohnanza", ["human:Ann", "random", "random"], seed=41)
    page = new_page("desktop")
    page.context.grant_permissions(["notifications"], origin=web_server.url)
    page.context.add_init_script(RECORD)
    hold_seats(page, web_server, [first])
    page.goto(f"{web_server.url}/your-turn")
    page.wait_for_selector(f"[data-testid=waiting-{first.table_id}]")
    page.wait_for_timeout(300)
    assert notes(page) == [] and page.evaluate("() => window.__asked") == 0

    page.locator("[data-testid=notify-toggle]").check()
    page.wait_for_function("() => window.__notes.length === 1")
    assert page.evaluate("() => window.__asked") == 1
    assert notes(page)[0]["title"] == "Your turn at Bohnanza"
    assert notes(page)[0]["tag"] == f"{first.table_id}:0"
    shot(page, "opted-in")

    second = web_server.create_table("bohnanza", ["human:Ann", "random", "random"], seed=42)
    page.evaluate(
        "([id, token]) => { const s = JSON.parse(localStorage.getItem('seedbed.seats'));"
        " s[id] = {0: token}; localStorage.setItem('seedbed.seats', JSON.stringify(s)); }",
        [second.table_id, second.tokens[0]],
    )
    page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_function("() => window.__notes.length === 1 + 0 + 1")
    assert notes(page)[1]["tag"] == f"{second.table_id}:0"

    page.reload()
    page.wait_for_selector(f"[data-testid=waiting-{second.table_id}]")
    page.wait_for_timeout(500)
    assert notes(page) == [] and page.evaluate("() => window.__asked") == 0  # none again
    assert page.locator("[data-testid=notify-toggle]").is_checked()
