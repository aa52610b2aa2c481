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


def test_a_signed_in_person_opts_in_to_e_mail(tmp_path: Any, new_page: Any, shot: Any) -> None:
    """issue 31 item 3: on a server with --smtp-url, a signed-in person gives an address and
    opts in on /your-turn (the browser's request carries the cookie and its Origin); the
    address is refused when malformed. Nothing is sent here (no table waits)."""
    import secrets

    mail = WebServer(tmp_path, ("--smtp-url", "smtp://127.0.0.1:9?from=games@example.org"))
    mail.start()
    try:
        page = new_page("desktop")
        page.goto(f"{mail.url}/your-turn")
        page.wait_for_selector("[data-testid=your-turn-empty]")
        assert page.locator("[data-testid=email-panel]").is_hidden()  # a guest
        name = f"ann{secrets.token_hex(3)}"
        status = page.evaluate(
            "n => fetch('/api/accounts', {method: 'POST', headers: {'content-type':"
            " 'application/json'}, body: JSON.stringify({name: n, password:"
            " 'correct horse battery'})}).then(r => r.status)",
            name,
        )
        assert status == 201
        page.reload()
        page.locator("[data-testid=email-address]").fill("ann@localhost")
        page.locator("[data-testid=email-opt-in]").check()
        page.locator("[data-testid=email-save]").click()
        said = page.locator("[data-testid=email-said]")
        said.wait_for()
        page.wait_for_function(
            "() => document.querySelector('[data-testid=email-said]').textContent !== ''"
        )
        assert "name@example.org" in said.inner_text()
        page.locator("[data-testid=email-address]").fill("ann@example.org")
        page.locator("[data-testid=email-save]").click()
        page.wait_for_function(
            "() => document.querySelector('[data-testid=email-said]').textContent === 'Saved.'"
        )
        shot(page, "e-mail")
        found = page.evaluate("() => fetch('/api/notifications').then(r => r.json())")
        assert found == {
            "email": "ann@example.org",
            "email_opt_in": True,
            "digest": False,
            "email_available": True,
            "lang": None,  # an English page: the e-mails in English (issue 36)
        }
    finally:
        mail.close()
