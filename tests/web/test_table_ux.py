"""A table people enjoy (issue 17), in Debian's Chromium against a real ``seedbed serve``:
destructive moves ask first (item 5), the tab and a chime call you back (item 6), what just
happened is shown where it happened (item 1, with prefers-reduced-motion), hints (item 9),
the rules pages and card numbers on long press (item 10) and the phone's trading sheet
(item 12). Each test plays a few moves only; the complete games are in the games' own tests."""

from __future__ import annotations

import re
from typing import Any

from .browser import WebServer, version, wait_for_view
from .test_bohnanza_ui import act, hand_varieties, plant_button, settle


def open_seat(page: Any, url: str) -> None:
    page.goto(url)
    wait_for_view(page)
    page.wait_for_selector("[data-testid=bn-table]")


# ------------------------------------------------------------------ item 5: misclicks


def test_a_misclick_cannot_wipe_a_field(web_server: WebServer, new_page: Any, shot: Any) -> None:
    """ "Harvest & plant X here" (B-21) is a secondary button beside the primary "Plant X here";
    it and a harvest worth 0 coins (B-8, B-23) ask first, in place, with Cancel focused (the safe
    move is the default): the field's key, then Enter, changes nothing."""
    page = new_page("desktop")
    for seed in range(1, 40):
        table = web_server.create_table("bohnanza", ["human:Ann", "greedy", "greedy"], seed=seed)
        open_seat(page, table.play_url(0))
        hand = hand_varieties(page)
        if hand[0] != hand[1]:
            break
    act(page, "[data-testid=bn-plant-0]")  # the front card into the empty field 1
    harvest_plant = page.locator("[data-testid=bn-plant-0]")
    plain = page.locator("[data-testid=bn-plant-1]")
    assert plain.inner_text().startswith("Plant ") and "btn-primary" in str(
        plain.get_attribute("class")
    )
    assert harvest_plant.inner_text().startswith("Harvest & plant")
    assert "btn-primary" not in str(harvest_plant.get_attribute("class"))
    assert harvest_plant.get_attribute("data-guarded") == "true"

    # the field's shortcut only asks; Cancel has the focus, so Enter keeps the field
    before = version(page)
    page.keyboard.press("1")
    ask = page.locator("[data-testid=bn-plant-0-ask]")
    ask.wait_for()
    assert "Harvest field 1" in ask.inner_text()
    page.wait_for_selector("[data-testid=bn-plant-0-cancel]:focus")
    shot(page, "asks-first")
    page.keyboard.press("Enter")
    page.locator("[data-testid=bn-plant-0]").wait_for()
    assert version(page) == before
    assert page.locator("[data-testid^=bn-field-0-0] .bn-card").count() == 1

    # a harvest worth 0 coins asks too; "Yes" plays it
    zero = page.locator("[data-testid=bn-harvest-0]")
    assert zero.inner_text().startswith("Harvest: 0 coins")
    assert zero.get_attribute("data-guarded") == "true"
    zero.click()
    assert "for nothing" in page.locator("[data-testid=bn-harvest-0-ask]").inner_text()
    settle(page)
    assert act(page, "[data-testid=bn-harvest-0-confirm]")
    page.wait_for_selector("[data-testid=bn-field-0-0].bn-is-empty")


# ------------------------------------------------------------------ items 1 and 6

MARKED = """([selector, label]) => {
    const el = document.querySelector(selector);
    if (!el || !el.classList.contains('just-changed')) return false;
    return [...document.querySelectorAll('[data-testid=change-tag]')]
        .some((tag) => tag.target === el && tag.textContent === label);
}"""
"""Whether the element glows with its tag ``label``: on its top edge, or on the enclosing
panel's where the tag would cover the element's text (changes.js ``place``; which one depends
on the layout of the moment, e.g. whether the page's fonts had loaded)."""


def test_turns_and_offers_call_you_back_and_changes_show(
    web_server: WebServer, new_page: Any, shot: Any
) -> None:
    """Ann's tab title and icon say "Your turn"; Bob's offer to her marks the tab "Offer for
    you" and chimes (sound on, remembered after a reload; nothing with sound off). The field
    Ann planted glows with a tag, and so does the accepted offer on both pages; with
    prefers-reduced-motion the mark is a still outline."""
    table = web_server.create_table("bohnanza", ["human:Ann", "human:Bob", "greedy"], seed=3)
    ann = new_page("desktop")
    bob = new_page("desktop")
    bob.emulate_media(reduced_motion="reduce")
    open_seat(ann, table.play_url(0))
    open_seat(bob, table.play_url(1))

    # Ann: sound on, remembered per browser
    assert ann.get_attribute("[data-testid=sound-toggle]", "aria-pressed") == "false"
    ann.locator("[data-testid=sound-toggle]").click()
    ann.reload()
    wait_for_view(ann)
    assert ann.get_attribute("[data-testid=sound-toggle]", "aria-pressed") == "true"
    assert ann.title().startswith("● Your turn")
    assert ann.get_attribute("link[rel=icon]", "data-state") == "turn"
    assert bob.title() == "Bohnanza — seedbed"
    assert bob.get_attribute("link[rel=icon]", "data-state") == "idle"

    # item 1: the plant shows on Ann's field 1, with its tag, on both pages
    act(ann, plant_button(ann, "plant"))
    field = ann.locator("[data-testid=bn-field-0-0]")
    assert "just-changed" in str(field.get_attribute("class"))
    assert field.locator("[data-testid=change-tag]").inner_text().startswith("+ ")
    bob.wait_for_selector("[data-testid=bn-field-0-0].just-changed")
    animation = bob.evaluate(
        "getComputedStyle(document.querySelector('[data-testid=bn-field-0-0]')).animationName"
    )
    assert animation == "change-still", animation  # reduced motion: no glow, no rise
    assert (
        ann.evaluate(
            "getComputedStyle(document.querySelector('[data-testid=bn-field-0-0]')).animationName"
        )
        == "change-glow"
    )
    # marks never take the pointer
    assert (
        field.locator("[data-testid=change-tag]").evaluate(
            "el => getComputedStyle(el).pointerEvents"
        )
        == "none"
    )

    act(ann, "[data-testid=bn-end-planting]", key="e")
    ann.wait_for_selector("[data-testid=bn-compose]")
    bob.wait_for_selector("[data-phase=trade]")
    chimes = int(ann.evaluate("Number(document.body.dataset.chimes || 0)"))

    # Bob offers Ann a bean of his hand for nothing: Ann's tab and chime
    settle(bob)
    bob.locator("[data-testid=bn-to-0]").click()
    bob.locator("[data-testid^=bn-give-hand-]").first.click()
    while not act(bob, "[data-testid=bn-offer-submit]"):
        settle(bob)
    offer = bob.locator(".bn-offer-mine").first
    offer_id = str(offer.get_attribute("data-testid")).rsplit("-", 1)[1]
    ann.wait_for_selector(f"[data-testid=bn-offer-{offer_id}]")
    ann.wait_for_function("() => document.title.startsWith('✉ Offer for you')", polling=50)
    assert ann.get_attribute("link[rel=icon]", "data-state") == "offer"
    ann.wait_for_function(
        "n => Number(document.body.dataset.chimes || 0) > n", arg=chimes, polling=50
    )
    assert ann.evaluate("document.body.dataset.lastChime") == "offer"
    assert bob.evaluate("document.body.dataset.chimes") is None  # sound off: never a chime
    shot(ann, "offer-for-you")

    # Ann accepts: the offer is marked "accepted" on both pages
    settle(ann)
    while not act(ann, f"[data-testid=bn-accept-{offer_id}]"):
        settle(ann)
    for page in (ann, bob):
        page.wait_for_function(
            MARKED, arg=[f"[data-testid=bn-offer-{offer_id}]", "accepted"], polling=50
        )
    shot(ann, "accepted")


# ------------------------------------------------------------------ item 9: hints


def hint_post(web_server: WebServer, table: Any, seat: int) -> Any:
    return web_server.client.post(
        f"{web_server.url}/api/tables/{table.table_id}/hint", json={"token": table.tokens[seat]}
    )


def test_hints_at_a_table_that_allows_them(web_server: WebServer, new_page: Any, shot: Any) -> None:
    """Without the table option no hint is given (403) and no button is shown; with it, the
    seat on the move asks "What would the bot do?" and gets the greedy bot's move for its seat
    with one line of reason; the summary says hints are on; a seat not on the move gets 409."""
    plain = web_server.create_table("stalk_exchange", ["human:Ann", "greedy"], seed=11)
    assert hint_post(web_server, plain, 0).status_code == 403
    assert plain.summary()["table_options"] == {"hints": False}

    table = web_server.create_table(
        "stalk_exchange", ["human:Ann", "human:Bob"], seed=11, table_options={"hints": True}
    )
    assert table.summary()["table_options"] == {"hints": True}
    assert hint_post(web_server, table, 1).status_code == 409  # Bob is not on the move
    answer = hint_post(web_server, table, 0)
    assert answer.status_code == 200, answer.text
    hint = answer.json()
    assert hint["action"]["type"] in {"plant", "swap", "flush", "end"} and hint["reason"]

    page = new_page("desktop")
    page.goto(table.play_url(0))
    wait_for_view(page)
    assert page.locator("[data-testid=hints-on]").count() == 1
    page.locator("[data-testid=hint-button]").click()
    page.locator("[data-testid=hint-reason]").wait_for()
    assert page.locator("[data-testid=hint-reason]").inner_text() == hint["reason"]
    assert page.locator("[data-testid=hint-move]").inner_text()
    # the move's places are marked on the table, never given as coordinates to read
    marked = {str(el.get_attribute("data-testid")) for el in page.locator(".hint-target").all()}
    action = hint["action"]
    if action["type"] in {"plant", "swap"}:
        assert f"se-slot-{action['slot']}" in marked, marked
    if action["type"] == "plant":
        assert f"se-space-{action['space'][0]}_{action['space'][1]}" in marked, marked
        assert "(" not in page.locator("[data-testid=hint-move]").inner_text()
    shot(page, "hint")
    page.locator("[data-testid=se-slot-0]").click()  # a redraw keeps the marks
    assert page.locator(".hint-target").count() == len(marked)

    other = new_page("phone")
    other.goto(plain.play_url(0))
    wait_for_view(other)
    assert other.locator("[data-testid=hint-button]").count() == 0
    assert other.locator("[data-testid=hints-on]").count() == 0


def test_a_bohnanza_hint_marks_the_field(web_server: WebServer, new_page: Any) -> None:
    """At the start of her turn Ann must plant her front card (B-20): the hint names the field
    in words and marks it on her farm."""
    table = web_server.create_table(
        "bohnanza", ["human:Ann", "greedy", "greedy"], seed=5, table_options={"hints": True}
    )
    page = new_page("desktop")
    open_seat(page, table.play_url(0))
    hint = hint_post(web_server, table, 0).json()
    assert hint["action"]["type"] == "plant", hint
    page.locator("[data-testid=hint-button]").click()
    page.locator("[data-testid=hint-move]").wait_for()
    field = hint["action"]["field"]
    assert f"field {field + 1}" in page.locator("[data-testid=hint-move]").inner_text()
    marked = [el.get_attribute("data-testid") for el in page.locator(".hint-target").all()]
    assert marked == [f"bn-field-0-{field}"], marked


def test_a_fields_of_green_hint_names_the_card(web_server: WebServer, new_page: Any) -> None:
    """The hint names the card by the name the table shows, never by its number ("build 17
    at 0,1"), and marks the cell it goes on (F-27) or the card in hand (F-40)."""
    table = web_server.create_table(
        "fields_of_green",
        ["human:Ann", "greedy"],
        seed=4,
        options={"introductory": True},  # the splits are dealt: the game opens on a card
        table_options={"hints": True},
    )
    page = new_page("desktop")
    page.goto(table.play_url(0))
    wait_for_view(page)
    page.wait_for_selector("[data-testid=fog-prompt][data-my-turn=true]")
    hint = hint_post(web_server, table, 0).json()
    action = hint["action"]
    assert action["type"] in {"build", "commit"}, hint
    page.locator("[data-testid=hint-button]").click()
    words = page.locator("[data-testid=hint-move]")
    words.wait_for()
    catalog = web_server.client.get(f"{web_server.url}/api/tables/{table.table_id}/catalog")
    names = {card["name"] for card in catalog.json()["catalog"]["locations"]}
    said = words.inner_text()
    assert any(f"the {name} " in said for name in names), said
    assert said != hint["text"]
    if action["type"] == "build":
        x, y = action["cell"]
        cell = page.locator(f'[data-testid=fog-farm-mine] [data-cell="{x},{y}"]')
        assert "hint-target" in str(cell.get_attribute("class"))
    else:
        card = page.locator(f"[data-testid=fog-hand-{action['card']}]")
        assert "hint-target" in str(card.get_attribute("class"))


def test_the_replay_says_hints_were_on(web_server: WebServer, new_page: Any) -> None:
    """A finished table that allowed hints says so in its replay (bots only: it ends alone)."""
    table = web_server.create_table(
        "stalk_exchange", ["greedy", "greedy"], seed=2, table_options={"hints": True}
    )
    page = new_page("desktop")
    page.goto(table.watch_url)
    page.wait_for_selector("[data-testid=end-screen]", timeout=60_000)
    page.goto(table.replay_url)
    page.locator("[data-testid=hints-on]").wait_for()


# ------------------------------------------------------------------ item 10: how to play


def test_rules_pages_from_the_lobby_and_the_table(
    web_server: WebServer, new_page: Any, shot: Any
) -> None:
    """The lobby and the table link each game's how-to-play page; its clause ids open the full
    rules at that clause."""
    page = new_page("desktop")
    page.goto(web_server.url)
    page.locator("[data-testid=lobby-rules-link]").wait_for()
    for game, clause in (
        ("bohnanza", "B-21"),
        ("stalk_exchange", "S-24"),
        ("fields_of_green", "F-61"),
    ):
        page.goto(f"{web_server.url}/rules/{game}")
        assert page.locator("h1").inner_text().startswith("How to play")
        link = page.locator(f"a.clause[href$='#{clause}']").first
        link.click()
        page.wait_for_url(re.compile(f"/rules/{game}/full#{clause}$"))
        assert page.locator(f"[id='{clause}']").is_visible()
        shot(page, f"full-{game}")
    table = web_server.create_table("fields_of_green", ["human:Ann", "greedy"], seed=1)
    page.goto(table.play_url(0))
    wait_for_view(page)
    assert page.get_attribute("[data-testid=rules-link]", "href") == "/rules/fields_of_green"
    assert web_server.client.get(f"{web_server.url}/rules/nope").status_code == 404


def test_card_numbers_on_long_press(browser: Any, web_server: WebServer, shot: Any) -> None:
    """On a touch screen, holding a finger on a bean card shows its copies and bean-o-meter
    (the card's title) in a tip until the finger lifts."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    try:
        page = context.new_page()
        table = web_server.create_table("bohnanza", ["human:Ann", "greedy", "greedy"], seed=3)
        open_seat(page, table.play_url(0))
        card = page.locator("[data-testid=bn-hand-0] .bn-card")
        title = str(card.get_attribute("title"))
        assert "in the game" in title and "coin" in title
        box = card.bounding_box()
        touch = {"identifier": 1, "clientX": box["x"] + 10, "clientY": box["y"] + 10}
        card.dispatch_event("touchstart", {"touches": [touch], "changedTouches": [touch]})
        tip = page.locator("[data-testid=card-tip]")
        tip.wait_for()
        assert tip.inner_text() == title
        shot(page, "long-press")
        card.dispatch_event("touchend", {"touches": [], "changedTouches": [touch]})
        tip.wait_for(state="detached")
    finally:
        context.close()


# ------------------------------------------------------------------ item 12: the phone


def test_phone_trading_sheet(web_server: WebServer, new_page: Any, shot: Any) -> None:
    """At 390×844 your farm comes first; trading is a sheet at the bottom that opens and
    closes by its handle (by itself only for an offer to you, issue 38); hand cards show their
    bean-o-meter and a field's count no longer covers its bean."""
    table = web_server.create_table("bohnanza", ["human:Ann", "greedy", "greedy"], seed=3)
    page = new_page("phone")
    open_seat(page, table.play_url(0))
    me = page.locator("[data-testid=bn-me]").bounding_box()
    centre = page.locator("[data-testid=bn-deck]").bounding_box()
    assert me["y"] < centre["y"], "your farm comes before the table centre on a phone"
    assert page.locator("[data-testid=bn-hand-0] .bn-card-meter").count() == 1
    act(page, plant_button(page, "plant"))
    stack = page.locator("[data-testid=bn-field-0-0] .bn-stack")
    bean = stack.locator(".bn-bean").bounding_box()
    count = stack.locator(".bn-stack-n").bounding_box()
    assert count["y"] >= bean["y"] + bean["height"] - 1, "the ×N count covers the bean"
    act(page, "[data-testid=bn-end-planting]")
    page.wait_for_selector("[data-phase=trade]")
    watcher = new_page("phone")  # a spectator makes no offer: the handle does not invite one
    watcher.goto(table.watch_url)
    watcher.wait_for_selector("[data-phase=trade] [data-testid=bn-sheet-handle]")
    assert "make an offer" not in watcher.locator("[data-testid=bn-sheet-handle]").inner_text()
    sheet = page.locator(".bn-sheet")
    handle = page.locator("[data-testid=bn-sheet-handle]")
    # closed when trading starts (issue 38 item 10: it covered "End trading"); the handle opens it
    assert handle.get_attribute("aria-expanded") == "false"
    handle.click()
    page.wait_for_selector("[data-testid=bn-sheet-handle][aria-expanded=true]")
    sheet.wait_for(state="visible")
    box = sheet.bounding_box() or sheet.bounding_box()  # once more if a bot's move redrew it
    assert box is not None
    assert box["y"] + box["height"] <= 844 + 1 and box["height"] <= 0.62 * 844
    assert page.locator("[data-testid=bn-compose]").is_visible()
    shot(page, "sheet-open")
    handle.click()
    page.wait_for_selector("[data-testid=bn-sheet-handle][aria-expanded=false]")
    assert page.locator(".bn-sheet").bounding_box()["height"] <= 60
    shot(page, "sheet-closed")
    page.locator("[data-testid=bn-sheet-handle]").click()
    page.wait_for_selector("[data-testid=bn-sheet-handle][aria-expanded=true]")
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < 3569, height
