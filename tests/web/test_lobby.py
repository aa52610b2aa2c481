"""The lobby in the browser (issue 7): create a table through the UI at 1280×800 and at
390×844 (game, player count, seats as people or bots with a strength, a seeded deal), see and
open the invite links, find the table in the list of running tables and watch it; a refused
request shows the server's message. Also ``GET /api/games`` and the client's routes."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from seedbed.bots.strength import measured, table_search

from .browser import WebServer, wait_for_view

SEARCH = table_search("stalk_exchange")


def fill_stalk_exchange_form(page: Any, *, bob_is_human: bool, seed: str) -> None:
    page.select_option("[data-testid=lobby-game]", "stalk_exchange")
    page.select_option("[data-testid=lobby-players]", "3")
    page.fill("[data-testid=seat-name-0]", "Ann")
    if bob_is_human:
        page.select_option("[data-testid=seat-kind-1]", "human")
        page.fill("[data-testid=seat-name-1]", "Bob")
    else:
        page.select_option("[data-testid=seat-bot-1]", "random")
    page.select_option("[data-testid=seat-kind-2]", "bot")
    page.select_option("[data-testid=seat-bot-2]", SEARCH)
    page.locator("details.advanced summary").click()
    page.fill("[data-testid=lobby-seed]", seed)
    # done typing: the phone's page settles before the tap on Create (in the phone emulation
    # a tap right after typing could land on the field once its blur moved the page)
    page.locator("[data-testid=lobby-seed]").blur()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_create_a_table_in_the_lobby(
    web_server: WebServer, new_page: Any, shot: Any, size: str
) -> None:
    page = new_page(size)
    page.goto(web_server.url + "/")
    page.wait_for_selector("[data-testid=create-table]")
    games = page.locator("[data-testid=lobby-game] option").all_inner_texts()
    assert games == ["Bohnanza", "Fields of Green", "Stalk Exchange"]
    fill_stalk_exchange_form(page, bob_is_human=True, seed="21")
    assert page.locator("[data-testid=option-garden_radius]").count() == 1
    strength = page.locator("[data-testid=bot-strength] li").all_inner_texts()
    assert strength[0].startswith("Greedy bot won") and len(strength) == 2
    shot(page, "form")
    page.click("[data-testid=create-table]")
    page.click("[data-testid=create-table]")
    created = page.locator("[data-testid=table-created]")
    created.wait_for()
    ann_link = page.input_value("[data-testid=invite-0]")
    bob_link = page.input_value("[data-testid=invite-1]")
    assert "/play/" in ann_link and "token=" in ann_link and ann_link != bob_link
    assert page.locator("[data-testid=invite-2]").count() == 0  # bots get no link
    table_id = ann_link.split("/play/")[1].split("?")[0]
    summary = web_server.summary(table_id)
    assert [s["name"] for s in summary["seats"]] == ["Ann", "Bob", SEARCH]
    assert summary["game"] == "stalk_exchange" and summary["num_players"] == 3
    page.locator(f"[data-testid=watch-{table_id}]").wait_for()
    shot(page, "created")

    page.click("[data-testid=open-my-seat]")
    wait_for_view(page)
    assert page.locator("[data-testid=who-am-i]").inner_text() == "You are Ann"
    assert page.locator("[data-testid=your-turn]").count() == 1
    shot(page, "table")

    bob = new_page(size)
    bob.goto(bob_link)
    wait_for_view(bob)
    assert bob.locator("[data-testid=who-am-i]").inner_text() == "You are Bob"
    assert "Waiting for Ann" in bob.locator("[data-testid=turn-banner]").inner_text()

    page.goto(web_server.url + "/")  # back in the lobby: rejoin or watch the table
    page.locator(f"[data-testid=rejoin-{table_id}-0]").wait_for()
    page.click(f"[data-testid=watch-{table_id}]")
    wait_for_view(page)
    assert page.locator("[data-testid=who-am-i]").inner_text() == "Watching"
    assert page.locator(".se-slot.legal").count() == 0


def test_a_refused_table_shows_the_server_message(web_server: WebServer, page: Any) -> None:
    page.goto(web_server.url + "/")
    page.wait_for_selector("[data-testid=create-table]")
    fill_stalk_exchange_form(page, bob_is_human=False, seed="-5")
    page.click("[data-testid=create-table]")
    error = page.locator("[data-testid=lobby-error]")
    error.wait_for()
    assert "seed" in error.inner_text() and "greater than or equal to 0" in error.inner_text()
    assert page.locator("[data-testid=table-created]").count() == 0


def test_all_bot_table_offers_watching(web_server: WebServer, page: Any) -> None:
    page.goto(web_server.url + "/")
    page.wait_for_selector("[data-testid=create-table]")
    page.select_option("[data-testid=lobby-game]", "stalk_exchange")
    page.select_option("[data-testid=lobby-players]", "2")
    page.select_option("[data-testid=seat-kind-0]", "bot")
    page.click("[data-testid=create-table]")
    page.locator("[data-testid=table-created]").wait_for()
    assert page.locator("[data-testid=open-my-seat]").count() == 0
    page.click("[data-testid=watch-created]")
    wait_for_view(page)
    assert page.locator("[data-testid=who-am-i]").inner_text() == "Watching"


def test_games_endpoint_and_client_routes(web_server: WebServer) -> None:
    client, url = web_server.client, web_server.url
    games = client.get(f"{url}/api/games").json()
    by_name = {g["name"]: g for g in games["games"]}
    assert sorted(by_name) == ["bohnanza", "fields_of_green", "stalk_exchange"]
    assert by_name["stalk_exchange"]["player_counts"] == [2, 3, 4, 5]
    assert by_name["stalk_exchange"]["default_options"]["garden_radius"] == 3
    assert [g["title"] for g in games["games"]] == ["Bohnanza", "Fields of Green", "Stalk Exchange"]
    by_choice = {
        c["value"]: c["player_counts"] for c in by_name["bohnanza"]["player_counts_by_choice"]
    }
    assert by_choice == {"standard": [2, 3, 4, 5, 6, 7], "classic": [3, 4, 5]}
    options = {o["name"]: o for o in by_name["bohnanza"]["options"]}
    assert options["offer_menu.positions"]["label"] and not options["offer_menu.max_give"]["label"]
    assert by_name["fields_of_green"]["data_files"] == [
        {
            "option": "cards",
            "key": "card_set",
            "url": "/api/games/fields_of_green/files/card_set",
            "formats": ["json", "toml"],
            "max_bytes": 1024 * 1024,
        }
    ]
    assert by_name["bohnanza"]["view_module"] == "/static/games/bohnanza/index.js"
    for name, game in by_name.items():  # issue 16: labelled by what was measured there
        specs = [b["spec"] for b in game["bots"]]
        assert specs == ["random", "greedy", table_search(name)]
    bots = {b["spec"]: b for b in by_name["stalk_exchange"]["bots"]}
    found = measured("stalk_exchange", SEARCH)
    assert found is not None and bots[SEARCH]["label"].endswith(found.short())
    assert re.fullmatch(r"Search bot won \d+% of [\d,]+ four-player games "
                        r"against 3 greedy bots \(95% interval \d+–\d+%\)\. It tries up to "
                        r"4,000 rollouts a move and stops at [\d.]+ s a move "
                        r"\(this server's think budget\)\.",
                        bots[SEARCH]["detail"])  # fmt: skip
    assert bots["random"]["detail"] is None
    for path in ("/", "/play/abc", "/watch/abc", "/replay/abc"):
        page = client.get(url + path)
        assert page.status_code == 200 and '<div id="app"' in page.text, path
    assert (
        client.get(f"{url}/static/app.js")
        .headers["content-type"]
        .startswith(("text/javascript", "application/javascript"))
    )
    assert client.get(f"{url}/static/nope.js").status_code == 404


def test_catalog_endpoint(web_server: WebServer) -> None:
    client, url = web_server.client, web_server.url
    fog = web_server.create_table("fields_of_green", ["human:Ann", "greedy"], seed=1)
    answer = client.get(f"{url}/api/tables/{fog.table_id}/catalog").json()
    assert answer["game"] == "fields_of_green"
    names = {loc["name"] for loc in answer["catalog"]["locations"]}
    assert len(names) > 10 and all(isinstance(n, str) and n for n in names)
    se = web_server.create_table("stalk_exchange", ["human:Ann", "greedy"], seed=1)
    answer = client.get(f"{url}/api/tables/{se.table_id}/catalog").json()
    assert answer == {"game": "stalk_exchange", "catalog": None}
    assert client.get(f"{url}/api/tables/nosuchtable/catalog").status_code == 404


def test_a_public_server_deals_on_its_own(tmp_path: Path, new_page: Any, shot: Any) -> None:
    """Issue 12, defect 7: on a server without ``--allow-chosen-seeds`` the lobby offers no
    seed; on one with it, a table whose creator chose the deal is labelled so."""
    public = WebServer(tmp_path, chosen_seeds=False).start()
    try:
        page = new_page("desktop")
        page.goto(public.url + "/")
        page.wait_for_selector("[data-testid=create-table]")
        page.locator("details.advanced summary").click()
        assert page.locator("[data-testid=lobby-turn-seconds]").is_visible()
        assert page.locator("[data-testid=lobby-seed]").count() == 0
        page.click("[data-testid=create-table]")
        page.locator("[data-testid=table-created]").wait_for()
        shot(page, "public-lobby")
    finally:
        public.close()


def test_a_chosen_seed_is_labelled_in_the_lobby(web_server: WebServer, page: Any) -> None:
    table = web_server.create_table("stalk_exchange", ["human:Ann", "greedy"], seed=5)
    page.goto(web_server.url + "/")
    label = page.locator(f"[data-testid=seed-chosen-{table.table_id}]")
    label.wait_for()
    assert label.inner_text() == "seed chosen by the creator"


def test_the_option_form_comes_from_the_declarations(web_server: WebServer, page: Any) -> None:
    """Issue 13, item 3: the lobby's options, labels and player counts are the games'
    declarations (``GET /api/games``): a choice that changes the player counts changes the
    select, and the request carries the same option JSON as before (dotted names nested)."""
    page.goto(web_server.url + "/")
    page.wait_for_selector("[data-testid=create-table]")
    page.select_option("[data-testid=lobby-game]", "bohnanza")
    players = "[data-testid=lobby-players] option"
    assert page.locator(players).all_inner_texts() == ["2", "3", "4", "5", "6", "7"]
    page.select_option("[data-testid=lobby-players]", "7")
    page.select_option("[data-testid=option-edition]", label="Classic: 104 cards, 3–5 players")
    assert page.locator(players).all_inner_texts() == ["3", "4", "5"]
    assert page.input_value("[data-testid=lobby-players]") == "5"
    page.select_option("[data-testid='option-offer_menu.positions']", label="any card of a variety")
    page.select_option("[data-testid=seat-kind-0]", "bot")
    with page.expect_request("**/api/tables") as sent:
        page.click("[data-testid=create-table]")
    assert sent.value.post_data_json["options"] == {
        "edition": "classic",
        "treasury_visibility": "secret",
        "max_offers": 6,
        "offer_menu": {"positions": "all"},
    }
    page.locator("[data-testid=table-created]").wait_for()
    page.select_option("[data-testid=lobby-game]", "fields_of_green")
    assert page.locator("[data-testid=option-introductory]").get_attribute("type") == "checkbox"
    assert page.locator("[data-testid=option-cards-file]").count() == 1
