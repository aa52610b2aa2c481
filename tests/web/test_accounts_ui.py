"""Accounts in the browser (issue 30 item 1): a person creates an account in the lobby, makes
a table (the seat's name defaults to the account's), and reopens their seat from a SECOND
browser context by signing in there, with no token copied; signing out leaves the guest's
lobby as it was."""

from __future__ import annotations

import secrets
from typing import Any

from .browser import WebServer, wait_for_view

PASSWORD = "a long enough password"


def account_form(page: Any, which: str, name: str) -> None:
    page.click(f"[data-testid=account-open-{which}]")
    page.fill("[data-testid=account-name]", name)
    page.fill("[data-testid=account-password]", PASSWORD)
    page.click("[data-testid=account-submit]")
    page.locator("[data-testid=account-signed-in]").wait_for()


def test_a_signed_in_person_reopens_their_table_on_another_device(
    web_server: WebServer, new_page: Any, shot: Any
) -> None:
    """Issue 30 item 1: sign up in one browser context, create a table there, then sign in
    in a second context (its own cookies and storage) and play the seat from "My account's
    tables"."""
    name = f"Tess {secrets.token_hex(2)}"
    home = new_page("desktop")
    home.goto(web_server.url + "/")
    home.wait_for_selector("[data-testid=create-table]")
    assert home.locator("[data-testid=account-open-sign-in]").count() == 1
    shot(home, "guest")
    account_form(home, "create", name)
    assert home.locator("[data-testid=account-signed-in]").inner_text() == f"Signed in as {name}"
    assert home.input_value("[data-testid=seat-name-0]") == name
    home.click("[data-testid=create-table]")
    home.locator("[data-testid=table-created]").wait_for()
    link = home.input_value("[data-testid=invite-0]")
    table_id = link.split("/play/")[1].split("?")[0]
    home.locator(f"[data-testid=account-play-{table_id}]").wait_for()
    shot(home, "signed-in")

    away = new_page("desktop")  # another browser: no cookie, no token in its storage
    away.goto(web_server.url + "/")
    away.wait_for_selector("[data-testid=account-open-sign-in]")
    assert away.locator(f"[data-testid=rejoin-{table_id}-0]").count() == 0
    account_form(away, "sign-in", name.upper())
    play = away.locator(f"[data-testid=account-play-{table_id}]")
    play.wait_for()
    assert play.inner_text() == f"Play as {name}"
    shot(away, "second-device")
    play.click()
    wait_for_view(away)
    assert away.locator("[data-testid=who-am-i]").inner_text() == f"You are {name}"
    shot(away, "table")

    away.goto(web_server.url + "/")
    away.click("[data-testid=account-sign-out]")
    away.locator("[data-testid=account-open-sign-in]").wait_for()
    assert away.locator(f"[data-testid=account-play-{table_id}]").count() == 0
    home.reload()
    home.locator("[data-testid=account-signed-in]").wait_for()  # only that device signed out
