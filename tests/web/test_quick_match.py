"""Issue 30 items 2 and 5 in the browser: Play now (a second person's browser joins the first
one's table; a lone person's table is filled by bots after a short wait, counted down on the
table) and the end screen's Rematch (the asker goes to the new table, the other person sees
"Rematch: join" and lands in their own seat there)."""

from __future__ import annotations

from typing import Any

from .browser import WebServer, wait_for_view


def play_now(page: Any, server: WebServer, name: str, game: str, players: str, wait: str) -> None:
    page.goto(server.url + "/")
    page.fill("[data-testid=play-now-name]", name)
    page.select_option("[data-testid=play-now-game]", game)
    page.select_option("[data-testid=play-now-players]", players)
    page.select_option("[data-testid=play-now-wait]", wait)
    page.click("[data-testid=play-now]")
    page.wait_for_url("**/play/*?token=*")
    wait_for_view(page)


def test_quick_match_the_second_person_joins_the_first_ones_table(
    web_server: WebServer, new_page: Any, shot: Any
) -> None:
    """Issue 30 item 2: Ann's Play now opens a table that waits (with its countdown); Bo, in
    another browser, sees it in the lobby's waiting list, and his Play now sits him there."""
    ann, bo = new_page(), new_page()
    play_now(ann, web_server, "Ann", "bohnanza", "2", "60")
    banner = ann.locator("[data-testid=waiting-for-players]")
    assert "a bot fills each empty seat in" in banner.inner_text()
    table_id = ann.url.split("/play/")[1].split("?")[0]
    shot(ann, "waiting")
    bo.goto(web_server.url + "/")
    bo.locator(f"[data-testid=waiting-{table_id}]").wait_for()
    shot(bo, "lobby")
    play_now(bo, web_server, "Bo", "bohnanza", "2", "60")
    assert bo.url.split("/play/")[1].split("?")[0] == table_id
    assert bo.locator("[data-testid=who-am-i]").inner_text() == "You are Bo"
    ann.locator("[data-testid=waiting-for-players]").wait_for(state="detached")
    ann.locator("[data-testid=players]", has_text="Bo").wait_for()
    assert web_server.summary(table_id)["waiting"] is None
    shot(ann, "playing")


def test_a_lone_persons_table_is_filled_by_bots_after_the_wait(
    web_server: WebServer, new_page: Any, shot: Any
) -> None:
    """Issue 30 item 2: nobody joins; the countdown runs down and named bots take the empty
    seats, then play starts."""
    page = new_page()
    play_now(page, web_server, "Cy", "fields_of_green", "3", "5")
    banner = page.locator("[data-testid=waiting-for-players]")
    assert "a bot fills each empty seat in" in banner.inner_text()
    shot(page, "countdown")
    banner.wait_for(state="detached", timeout=30_000)
    players = page.locator("[data-testid=players]")
    players.filter(has_text="Greedy bot").wait_for()
    table_id = page.url.split("/play/")[1].split("?")[0]
    labels = [s["label"] for s in web_server.summary(table_id)["seats"]]
    assert labels == ["Cy", "Greedy bot", "Greedy bot"]
    shot(page, "filled")


def test_rematch_from_the_end_screen(web_server: WebServer, new_page: Any, shot: Any) -> None:
    """Issue 30 item 5: at the end, Ann's Rematch opens the new table (her seat moved round
    by one); Bo's end screen says "Rematch: join" and takes him to his own seat there."""
    table = web_server.create_table(
        "stalk_exchange", ["human:Ann", "human:Bo", "greedy"], turn_seconds=0.05
    )
    ann, bo = new_page(), new_page()
    ann.goto(table.play_url(0))
    bo.goto(table.play_url(1))
    for page in (ann, bo):
        page.locator("[data-testid=rematch]").wait_for(timeout=120_000)
    shot(ann, "end")
    ann.click("[data-testid=rematch]")
    ann.wait_for_url(lambda url: "/play/" in url and table.table_id not in url)
    new_id = ann.url.split("/play/")[1].split("?")[0]
    assert new_id != table.table_id
    wait_for_view(ann)
    join = bo.locator("[data-testid=rematch-join]")
    join.wait_for()
    assert join.inner_text() == "Rematch: join"
    shot(bo, "asked")
    join.click()
    bo.wait_for_url(f"**/play/{new_id}?token=*")
    wait_for_view(bo)
    assert bo.locator("[data-testid=who-am-i]").inner_text() == "You are Bo"
    labels = [s["label"] for s in web_server.summary(new_id)["seats"]]
    assert labels == ["Greedy bot", "Ann", "Bo"]
    assert web_server.summary(table.table_id)["rematch_table_id"] == new_id
