"""The ladder in the browser (issue 30 items 3 and 4): the lobby labels each running table
rated or unrated before anyone joins, shows the bot presets' ratings in the bot menu and links
each game's ladder; the ladder page lists people and bots together; a profile (a person's and
a bot's) shows each game's rating with its history plotted as an image that rendered, and the
recent rated games with replay links.

The rated games are written through the ladder's own storage (a finished rated table and its
update), as the server stores them: the accounts that own seats are another part's (item 1)."""

from __future__ import annotations

import secrets
from typing import Any

from seedbed.server.ladder_store import LadderStore
from seedbed.server.storage import NewTable, Store

from .browser import WebServer

GAME = "stalk_exchange"
PEOPLE = [("Ann", 7001), ("Bob", 7002)]


def rated_games(server: WebServer, results: list[list[int]]) -> list[str]:
    """Finished rated tables of Ann, Bob and two bots, each with its ratings update."""
    store = Store(server.database_url)
    ladder = LadderStore(store.engine)
    ids = []
    try:
        for ranks in results:
            seating = [
                {"kind": "human", "name": name, "token_sha256": "0" * 64, "account": account}
                for name, account in PEOPLE
            ]
            seating += [{"kind": "bot", "spec": "greedy"}, {"kind": "bot", "spec": "random"}]
            table_id = secrets.token_hex(8)
            store.create_table(NewTable(table_id, GAME, 4, {}, 1, seating, None, rated=True))
            store.finish(table_id, {"scores": [0] * 4, "ranks": ranks, "winners": [0]})
            assert ladder.apply(table_id)
            ids.append(table_id)
    finally:
        store.close()
    return ids


def plot_rendered(page: Any, testid: str) -> bool:
    found: bool = page.locator(f"[data-testid={testid}]").evaluate(
        "img => img.complete && img.naturalWidth > 0"
    )
    return found


def test_the_lobby_ladder_and_profiles(web_server: WebServer, page: Any, shot: Any) -> None:
    tables = rated_games(web_server, [[1, 2, 3, 4], [2, 1, 4, 3], [1, 3, 2, 4], [1, 2, 4, 3]])
    body = {"game": GAME, "num_players": 2, "options": {}}
    seats = [{"human": {"name": "Cy"}}, {"bot": "greedy"}]
    rated = web_server.client.post(f"{web_server.url}/api/tables", json={**body, "seats": seats})
    unrated = web_server.client.post(
        f"{web_server.url}/api/tables", json={**body, "seats": seats, "rated": False}
    )
    rated_id, unrated_id = rated.json()["table_id"], unrated.json()["table_id"]

    page.goto(f"{web_server.url}/")
    page.locator("[data-testid=lobby-game]").select_option(GAME)
    assert page.locator(f"[data-testid=rated-{rated_id}]").inner_text() == "rated"
    assert page.locator(f"[data-testid=rated-{unrated_id}]").inner_text() == "unrated"
    page.locator("[data-testid=seat-kind-1]").select_option("bot")
    labels = page.locator("[data-testid=seat-bot-1] option").all_inner_texts()
    assert "Greedy bot: won 81% vs random" in labels, labels  # short: the ratings are below
    ratings = page.locator("[data-testid=bot-ratings]").inner_text()
    assert "Greedy bot" in ratings and "4 games, provisional" in ratings, ratings
    shot(page, "lobby")

    token = rated.json()["seats"][0]["token"]
    page.goto(f"{web_server.url}/play/{rated_id}?token={token}")
    assert page.locator(f"header [data-testid=rated-{rated_id}]").inner_text() == "rated"
    assert page.locator("[data-testid=hint-panel]").is_hidden()  # no hints at a rated table
    shot(page, "rated-table")

    page.goto(f"{web_server.url}/")
    page.locator("[data-testid=lobby-game]").select_option(GAME)
    page.locator("[data-testid=lobby-ladder-link]").click()
    page.wait_for_selector("[data-testid=ladder-table]")
    rows = page.locator("[data-testid=ladder-table] tbody tr").all_inner_texts()
    assert len(rows) == 4 and any("Ann" in r for r in rows) and any("Greedy bot" in r for r in rows)
    assert all("provisional" in r for r in rows)
    shot(page, "ladder")

    page.locator("[data-testid='player-link-Ann']").click()
    page.wait_for_selector(f"[data-testid=plot-{GAME}]")
    page.wait_for_function(
        f"() => document.querySelector('[data-testid=plot-{GAME}]').naturalWidth > 0"
    )
    assert plot_rendered(page, f"plot-{GAME}")
    assert "4 games" in page.locator(f"[data-testid=profile-rating-{GAME}]").inner_text()
    for table_id in tables:
        link = page.locator(f"[data-testid=recent-replay-{table_id}]")
        assert link.get_attribute("href") == f"/replay/{table_id}"
    shot(page, "profile-person")

    page.goto(f"{web_server.url}/players/Greedy%20bot")
    page.wait_for_selector(f"[data-testid=plot-{GAME}]")
    page.wait_for_function(
        "() => [...document.querySelectorAll('img.rating-plot')]"
        ".every((i) => i.complete && i.naturalWidth > 0)"
    )
    assert page.locator("img.rating-plot").count() == 3  # a bot is rated in every game
    shot(page, "profile-bot")


def test_the_ladder_and_a_profile_in_french(web_server: WebServer, browser: Any, shot: Any) -> None:
    """issue 36: the ladder page and a profile speak French (their texts were English)."""
    from .screen_checks import clipped, english_left, in_language

    rated_games(web_server, [[1, 2, 3, 4], [2, 1, 4, 3]])
    for size in ({"width": 1280, "height": 800}, {"width": 390, "height": 844}):
        context = browser.new_context(viewport=size, device_scale_factor=1)
        context.set_default_timeout(15_000)
        page = in_language(context.new_page(), "fr")
        page.goto(f"{web_server.url}/ladder/{GAME}")
        page.wait_for_selector("[data-testid=ladder-table]")
        heading = page.locator("thead").inner_text()
        assert "Cote" in heading and "Parties" in heading, heading
        rows = page.locator("[data-testid=ladder-table] tbody").inner_text()
        assert "provisoire" in rows and "Bot glouton" in rows, rows
        assert not english_left(page) and not clipped(page), (english_left(page), clipped(page))
        shot(page, f"ladder-fr-{size['width']}")
        page.goto(f"{web_server.url}/players/Ann")
        page.wait_for_selector(f"[data-testid=plot-{GAME}]")
        page.wait_for_function(
            f"() => document.querySelector('[data-testid=plot-{GAME}]').naturalWidth > 0"
        )
        profile = page.locator("[data-testid=profile]").inner_text()
        assert "humain" in profile and "Dernières parties classées" in profile, profile
        assert not english_left(page) and not clipped(page), (english_left(page), clipped(page))
        shot(page, f"profile-fr-{size['width']}")
        context.close()
    plot = web_server.client.get(f"{web_server.url}/api/players/Ann/ratings/{GAME}.svg?lang=fr")
    assert "parties classées" in plot.text and "Ann à Stalk Exchange" in plot.text
    english = web_server.client.get(f"{web_server.url}/api/players/Ann/ratings/{GAME}.svg")
    assert "rated games" in english.text and "parties" not in english.text
