"""Bohnanza through the browser only (issue 7 acceptance), in Debian's Chromium against a real
``seedbed serve``: a complete 3-player game of a human against two bots, a trade between two
browser contexts (two humans and a bot at one table: an offer, a counter-offer, an accept),
and a complete bean duel (2 players: the four duel steps, buying the third field).

Tables are created over REST (seeded); every move is a click or a key press on what the
page offers. Screenshots: screenshots/<test>/*.png at 1280×800 and 390×844."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from .browser import WebServer, change_tag_problems, version, wait_for_turn_or_end, wait_for_view

GAME_SECONDS = 90
PLAIN_PLANT = re.compile(r"^Plant ")  # not "Harvest & plant …" (B-21)
GOOD_HARVEST = re.compile(r"^Harvest: [234] coins")


# ------------------------------------------------------------------ helpers


def act(page: Any, target: Any, key: str | None = None, timeout: float = 30_000) -> bool:
    """Click ``target`` (or press ``key``) and wait for the next view. False when the server
    refused the action (a bot moved first: stale version); the toast is closed."""
    locator = page.locator(target) if isinstance(target, str) else target
    if key is None and locator.count() and locator.first.get_attribute("data-guarded"):
        # a destructive move asks first (issue 17): the button arms, "Yes, …" plays it
        testid = locator.first.get_attribute("data-testid")
        locator.first.click()
        locator = page.locator(f"[data-testid={testid}-confirm]")
    before = version(page)
    changed = (
        "v => Number(document.body.dataset.version ?? -1) !== v"
        " || document.querySelector('[data-testid=toast-error]')"
    )
    if key:
        # shortcuts are ignored while a form field has the focus (the offer composer's)
        page.evaluate("document.activeElement && document.activeElement.blur()")
        page.keyboard.press(key)
        try:
            page.wait_for_function(changed, arg=before, timeout=5_000)
        except PlaywrightTimeoutError:
            # a re-render (a bot's move) may have replaced the button as the key went in
            if version(page) != before or not locator.count():
                return False
            locator.first.click(timeout=5_000)
    else:
        try:
            locator.click(timeout=5_000)
        except PlaywrightTimeoutError:
            # the table moved on (a bot ended trading, say) and the control went away before
            # the click: nothing was sent; the caller looks at the page again
            assert version(page) != before or not locator.count(), "a control stayed unclickable"
            return False
    page.wait_for_function(changed, arg=before, timeout=timeout)
    errors = page.locator("[data-testid=toast-error]")
    if errors.count():
        text = errors.first.inner_text()
        assert "stale" in text or "moved first" in text or "not on the move" in text, text
        for close in page.locator("[data-testid=toast-close]").all():
            close.click()
        return False
    return True


def settle(page: Any, quiet: float = 0.6, timeout: float = 15.0) -> None:
    """Wait until the table's version has not changed for ``quiet`` seconds (bots done)."""
    deadline = time.monotonic() + timeout
    last, since = version(page), time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.1)
        now = version(page)
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            return


def phase(page: Any) -> str:
    return str(page.get_attribute("[data-testid=bn-table]", "data-phase"))


def wait_drawn(page: Any, timeout: float = 10_000) -> None:
    """Wait for the table to play a person's draw (issue 31 item 4: nobody clicks *Draw*).
    A move the table plays for a person may be queued behind the view that shows its phase
    (a loaded machine widens that moment); a draw still shown after ``timeout`` ms fails."""
    page.wait_for_function(
        "() => document.querySelector('[data-testid=end-screen]')"
        " || document.querySelector('[data-testid=bn-table]')?.dataset.phase !== 'draw'",
        timeout=timeout,
    )


def present(page: Any, selector: str, text: re.Pattern[str] | None = None) -> Any:
    """The first enabled element matching ``selector`` (and ``text``), or None."""
    locator = page.locator(selector)
    if text is not None:
        locator = locator.filter(has_text=text)
    for i in range(locator.count()):
        item = locator.nth(i)
        if item.is_enabled():
            return item
    return None


def varieties(page: Any, selector: str) -> list[str]:
    """The bean varieties of the elements (cards, hand slots) matching ``selector``."""
    return [str(e.get_attribute("data-variety")) for e in page.locator(selector).all()]


def hand_varieties(page: Any) -> list[str]:
    return varieties(page, "[data-testid=bn-hand] [data-variety].bn-hand-card")


def trade_area(page: Any, seat: int) -> list[str]:
    return sorted(varieties(page, f"[data-testid=bn-trade-area-{seat}] .bn-card"))


def text_of(item: Any) -> str:
    """The element's text with runs of white space as single spaces."""
    return " ".join(str(item.inner_text()).split())


def offer_id(item: Any) -> int:
    """The id of an offer item of the offers panel (data-testid bn-offer-<id>)."""
    return int(str(item.get_attribute("data-testid")).rsplit("-", 1)[1])


WANT_A_VARIETY = "[data-testid^=bn-want-]:not([data-testid*=-less-]):not([data-testid*=-faceup-])"


def plant_button(page: Any, action: str) -> Any:
    """A field button for ``action``: a plain plant first, a harvest-and-plant only if needed."""
    return present(page, f"[data-action={action}]", PLAIN_PLANT) or present(
        page, f"[data-action={action}]"
    )


def plain_plant_of_any(page: Any, zone: str, action: str) -> Any:
    """Pick the cards of a zone one by one (a local choice, no server round trip) until one
    can go into a field without harvesting; its field button, or None."""
    picks = page.locator(f"[data-testid^=bn-pick-{zone}-]")
    for i in range(picks.count()):
        pick = picks.nth(i)
        if pick.get_attribute("aria-pressed") != "true":
            pick.click()
            page.locator(f"[data-testid^=bn-pick-{zone}-] >> nth={i}").and_(
                page.locator("[aria-pressed=true]")
            ).wait_for()
        button = present(page, f"[data-action={action}]", PLAIN_PLANT)
        if button:
            return button
    return None


# ------------------------------------------------------------------ a whole game, one human


class Human:
    """Plays seat 0 by what the page offers; counts what it did."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.offers = 0
        self.accepts = 0
        self.keys = 0
        self.turn = 0
        self.protected = 0
        self.done: dict[str, int] = {}

    def note(self, what: str) -> None:
        self.done[what] = self.done.get(what, 0) + 1

    def step(self) -> bool:
        """One action (or one refused try). False once the game is over."""
        page = self.page
        if wait_for_turn_or_end(page) == "end":
            return False
        now = phase(page)
        self.check_protection()
        harvest = present(page, "[data-action=harvest]", GOOD_HARVEST)
        if harvest:
            self.note("harvest")
            act(page, harvest)
            return True
        if now in ("plant", "duel-plant"):
            return self.plant_from_hand()
        if now == "trade":
            return self.trade()
        if now == "plant-traded":
            return self.plant_traded()
        if now == "draw":  # the table draws for her (issue 31 item 4); a view may show it first
            wait_drawn(page)
            return True
        raise AssertionError(f"unexpected phase {now}: the table draws for Ann (issue 31 item 4)")

    def check_protection(self) -> None:
        """A single bean next to a field of 2+ is marked protected, the rule is spelled out,
        and the page offers no harvest of it (B-24)."""
        protected = self.page.locator("[data-testid^=bn-protected-0-]")
        if not protected.count():
            return
        self.protected += 1
        assert "B-24" in self.page.locator("[data-testid=bn-protection-rule]").inner_text()
        for item in protected.all():
            field = str(item.get_attribute("data-testid")).rsplit("-", 1)[1]
            assert self.page.locator(f"[data-testid=bn-harvest-{field}]").count() == 0

    def plant_from_hand(self) -> bool:
        page = self.page
        button = plant_button(page, "plant")
        end = present(page, "[data-testid=bn-end-planting]")
        if button and (not end or "Harvest" not in button.inner_text()):
            self.note("plant")
            act(page, button)
        else:
            self.turn += 1
            use_key = self.turn % 2 == 0
            self.keys += use_key
            self.note("end-planting")
            act(page, "[data-testid=bn-end-planting]", key="e" if use_key else None)
        return True

    def plant_traded(self) -> bool:
        page = self.page
        picks = page.locator("[data-testid^=bn-pick-trade-]")
        if picks.count() > 1 and self.turn % 3 == 1:  # pick the last card first, by its button
            picks.last.click()
            page.wait_for_selector("[data-testid^=bn-pick-trade-][aria-pressed=true] >> nth=0")
        button = plant_button(page, "plant-traded")
        if button is None and picks.count() == 0:
            settle(page)  # a view from before the others' plantings ended the phase: wait
            return True
        assert button is not None, (
            "a trade area card must be plantable",
            picks.count(),
            page.locator("[data-action]").evaluate_all("els => els.map(e => e.dataset.action)"),
            page.locator("[data-testid=turn-banner]").inner_text(),
        )
        self.note("plant-traded")
        act(page, button)
        return True

    def trade(self) -> bool:
        page = self.page
        table = page.locator("[data-testid=bn-table]")
        active = page.locator("[data-testid=bn-whose]").inner_text().endswith("your turn")
        if active:
            if self.offers == 0 and present(page, "[data-testid=bn-compose]"):
                return self.make_offer()
            self.note("end-trading")
            act(page, "[data-testid=bn-end-trading]", key="e" if self.turn % 2 else None)
            return True
        accept = present(page, "[data-action=accept]")
        if accept and self.accepts == 0:
            self.accepts += 1
            self.note("accept")
            act(page, accept)
            return True
        decline = present(page, "[data-action=decline]")
        if decline:
            self.note("decline")
            act(page, decline)
            return True
        assert table.count() == 1
        self.note("pass")
        act(page, "[data-testid=bn-pass]")
        return True

    def make_offer(self) -> bool:
        """Give a face-up card (or the back card of the hand) to anyone, for one bean."""
        page = self.page
        give = (
            present(page, "[data-testid^=bn-give-faceup-]")
            or page.locator("[data-testid^=bn-give-hand-]").last
        )
        give.click()
        page.locator("[data-testid=bn-to-any]").click()
        wanted = present(page, WANT_A_VARIETY)
        wanted.click()
        summary = page.locator("[data-testid=bn-compose-summary]").inner_text()
        assert summary.startswith("To anyone: you give"), summary
        if act(page, "[data-testid=bn-offer-submit]"):
            self.offers += 1
            self.note("offer")
            mine = page.locator(".bn-offer-mine")
            assert mine.count() >= 1
            assert "Ann (you) → anyone" in text_of(mine.first)
        return True


def phone_shot(new_page: Any, shot: Any, url: str, name: str) -> None:
    """The same seat at 390×844 (a second connection of the seat), screenshotted."""
    phone = new_page("phone")
    phone.goto(url)
    wait_for_view(phone)
    phone.wait_for_selector("[data-testid=bn-table]")
    time.sleep(0.3)
    shot(phone, name)
    phone.context.close()


def test_complete_game_against_two_bots(web_server: WebServer, new_page: Any, shot: Any) -> None:
    table = web_server.create_table(
        "bohnanza", ["human:Ann", "greedy", "random"], seed=11, options={"max_offers": 1}
    )
    url = table.play_url(0)
    page = new_page("desktop")
    page.goto(url)
    wait_for_view(page)
    page.wait_for_selector("[data-testid=bn-table]")
    assert page.locator("[data-testid=bn-hand] .bn-front-tag").inner_text().startswith("FRONT")
    assert page.locator("[data-testid=bn-passes]").inner_text().startswith("Deck pass 1 of 2")
    assert "coins secret" in page.locator("[data-testid=bn-player-1]").inner_text()  # B-71
    shot(page, "start-desktop")
    phone_shot(new_page, shot, url, "start-phone")

    human = Human(page)
    started = time.monotonic()
    steps = 0
    tag_problems: list[str] = []
    while human.step():
        steps += 1
        tag_problems += change_tag_problems(page)  # issue 17, item 1
        if steps == 60:
            shot(page, "mid-desktop")
            phone_shot(new_page, shot, url, "mid-phone")
        assert time.monotonic() - started < GAME_SECONDS * 2, f"too slow: {human.done}"
    assert page.locator("[data-testid=end-screen]").count() == 1
    assert not tag_problems, tag_problems[:10]
    rows = page.locator("[data-testid=results] tbody tr")
    assert rows.count() == 3
    assert "cards in hand" in rows.first.inner_text()  # the tie-break (B-65)
    assert human.offers == 1, human.done
    assert human.done.get("plant", 0) > 5 and human.done.get("plant-traded", 0) > 5, human.done
    assert human.keys > 0
    assert human.protected > 0, "the single-bean protection never showed"
    page.click("[data-testid=log-open-all]")  # older turns are closed headings (issue 17)
    log = page.locator("[data-testid=game-log]").inner_text()
    assert "Offer #" in log and "Game over" in log
    assert "Played for Ann: no other move." in log  # the draws (issue 31 item 4)
    assert table.summary()["status"] == "finished"
    shot(page, "end-desktop")
    phone_shot(new_page, shot, url, "end-phone")
    print(f"bohnanza game: {steps} steps in {time.monotonic() - started:.1f} s: {human.done}")


# ------------------------------------------------------------------ a trade between two people


def test_offer_counter_accept_between_two_browsers(
    web_server: WebServer, new_page: Any, shot: Any
) -> None:
    table = web_server.create_table("bohnanza", ["human:Ann", "human:Bob", "greedy"], seed=3)
    ann = new_page("desktop")
    bob = new_page("phone")
    ann.goto(table.play_url(0))
    bob.goto(table.play_url(1))
    for page in (ann, bob):
        wait_for_view(page)
        page.wait_for_selector("[data-testid=bn-table]")

    # Ann plants her front card and ends planting: two cards are revealed, trading opens.
    act(ann, plant_button(ann, "plant"))
    act(ann, "[data-testid=bn-end-planting]", key="e")
    ann.wait_for_selector("[data-testid=bn-compose]")
    bob.wait_for_selector("[data-phase=trade]")
    faceup = sorted(varieties(ann, "[data-testid^=bn-faceup-] .bn-card"))
    bob_hand = hand_varieties(bob)
    wanted = bob_hand[0]

    # 1. Ann offers Bob her first face-up card for one of the beans Bob holds.
    settle(ann)
    ann.locator("[data-testid=bn-to-1]").click()
    ann.locator("[data-testid=bn-give-faceup-0]").click()
    ann.locator(f"[data-testid=bn-want-{wanted}]").click()
    assert "To Bob: you give" in ann.locator("[data-testid=bn-compose-summary]").inner_text()
    assert act(ann, "[data-testid=bn-offer-submit]")
    first_id = offer_id(ann.locator(".bn-offer-mine").first)

    # 2. Bob sees it (accept, decline or counter) and counters: his bean for BOTH face-up cards.
    incoming = bob.locator(f"[data-testid=bn-offer-{first_id}]")
    incoming.wait_for()
    assert "Ann → Bob (you)" in text_of(incoming)
    assert bob.locator(f"[data-testid=bn-accept-{first_id}]").count() == 1
    assert bob.locator(f"[data-testid=bn-decline-{first_id}]").count() == 1
    shot(bob, "offer-received-phone")
    bob.locator(f"[data-testid=bn-counter-{first_id}]").click()
    bob.locator("[data-testid=bn-want-faceup-0][aria-pressed=true]").wait_for()
    bob.locator("[data-testid=bn-want-faceup-1]").click()
    summary = bob.locator("[data-testid=bn-compose-summary]").inner_text()
    assert summary.startswith("To Ann:") and "(face-up)" in summary, summary
    settle(bob)
    while not act(bob, "[data-testid=bn-offer-submit]"):
        settle(bob)  # the bot moved first; the composed offer is still there
    counter_id = offer_id(bob.locator(".bn-offer-mine").first)
    assert counter_id > first_id

    # 3. Ann accepts Bob's counter-offer.
    answer = ann.locator(f"[data-testid=bn-offer-{counter_id}]")
    answer.wait_for()
    assert "Bob → Ann (you)" in text_of(answer)
    shot(ann, "counter-received-desktop")
    settle(ann)
    while not act(ann, f"[data-testid=bn-accept-{counter_id}]"):
        settle(ann)

    # The trade happened, as both pages show: statuses, trade areas, the log.
    for page in (ann, bob):
        page.wait_for_selector(f"[data-testid=bn-offer-{counter_id}][data-status=accepted]")
        first = page.locator(f"[data-testid=bn-offer-{first_id}]")
        assert first.get_attribute("data-status") == "unavailable"  # its face-up card is gone
        counter = page.locator(f"[data-testid=bn-offer-{counter_id}]")
        assert "accepted by Ann" in counter.inner_text()
        log = page.locator("[data-testid=game-log]").inner_text()
        assert f"accepted offer #{counter_id}" in log
        assert trade_area(page, 0) == [wanted]
        assert trade_area(page, 1) == faceup
    assert len(hand_varieties(bob)) == len(bob_hand) - 1
    shot(ann, "traded-desktop")
    shot(bob, "traded-phone")

    # Ann ends trading; both plant what they received (phase 3, at the same time).
    settle(ann)
    while not act(ann, "[data-testid=bn-end-trading]"):
        settle(ann)
    for page, count in ((bob, 2), (ann, 1)):
        for _ in range(count):
            page.wait_for_selector("[data-action=plant-traded]")
            act(page, plant_button(page, "plant-traded"))
    ann.wait_for_function("() => !document.querySelector('[data-phase=plant-traded]')")
    planted = varieties(ann, "[data-testid^=bn-field-1-] .bn-card")
    assert sorted(planted) == faceup or len(set(faceup)) == 1  # one field per variety


# ------------------------------------------------------------------ the bean duel


def test_bean_duel_against_a_bot(web_server: WebServer, new_page: Any, shot: Any) -> None:
    """2 players: the duel's four steps (B-53 … B-58) and buying the third field (B-26)."""
    table = web_server.create_table(
        "bohnanza", ["human:Ann", "greedy"], seed=5, options={"treasury_visibility": "open"}
    )
    page = new_page("desktop")
    page.goto(table.play_url(0))
    wait_for_view(page)
    page.wait_for_selector("[data-testid=bn-table]")
    assert "Opponent's offer" in page.locator(".bn-steps").inner_text()
    assert "Last pass" in page.locator("[data-testid=bn-passes]").inner_text()
    assert page.locator("[data-testid=bn-coins-1]").inner_text().startswith("0")  # open (B-71)
    done: dict[str, int] = {}
    started = time.monotonic()
    shot_taken = False
    while wait_for_turn_or_end(page) == "turn":
        assert time.monotonic() - started < GAME_SECONDS * 2, done
        now = phase(page)
        buy = present(page, "[data-testid=bn-buy-field]")
        harvest = present(page, "[data-action=harvest]", GOOD_HARVEST)
        if buy:
            what, target = "buy-field", buy
        elif harvest:
            what, target = "harvest", harvest
        elif now == "duel-offered":
            plant = plain_plant_of_any(page, "offered", "plant-offered")
            what, target = (
                ("plant-offered", plant)
                if plant
                else ("discard-offered", "[data-action=discard-offered] >> nth=0")
            )
        elif now == "duel-plant":
            plant = plant_button(page, "plant")
            discard = present(page, "[data-action=discard]")
            if plant and "Harvest" not in plant.inner_text():
                what, target = "plant", plant
            elif discard and done.get("discard", 0) < 3:
                what, target = "discard", page.locator("[data-action=discard]").last
            elif present(page, "[data-testid=bn-end-planting]"):
                what, target = "end-planting", "[data-testid=bn-end-planting]"
            else:
                what, target = "plant", plant
        elif now == "duel-revealed":
            plant = plain_plant_of_any(page, "revealed", "plant-revealed")
            what, target = (
                ("plant-revealed", plant)
                if plant
                else ("leave-offer", "[data-testid=bn-leave-offer]")
            )
        else:  # the table draws for Ann (issue 31 item 4)
            raise AssertionError(f"unexpected phase {now}")
        if (
            now == "duel-revealed"
            and not shot_taken
            and page.locator("[data-testid=bn-revealed] .bn-card").count() >= 3
        ):
            shot(page, "duel-step3-desktop")
            shot_taken = True
        done[what] = done.get(what, 0) + 1
        act(page, target)
    assert page.locator("[data-testid=results] tbody tr").count() == 2
    duel_moves = ("plant-offered", "plant", "plant-revealed", "leave-offer")
    for kind in (*duel_moves, "harvest", "buy-field"):
        assert done.get(kind, 0) > 0, done
    page.click("[data-testid=log-open-all]")
    assert "Played for Ann: no other move." in page.locator("[data-testid=game-log]").inner_text()
    shot(page, "end-desktop")
    print(f"duel: {sum(done.values())} actions in {time.monotonic() - started:.1f} s: {done}")


def test_accept_choosing_which_cards_to_hand_over(
    web_server: WebServer, new_page: Any, shot: Any
) -> None:
    """Bob holds two beans of the wanted variety: he picks the back one, not the front-most
    one the menu lists, and the hand keeps its order otherwise (B-17, B-39, B-50)."""
    table = web_server.create_table("bohnanza", ["human:Ann", "human:Bob", "greedy"], seed=7)
    ann = new_page("desktop")
    bob = new_page("desktop")
    ann.goto(table.play_url(0))
    bob.goto(table.play_url(1))
    for page in (ann, bob):
        wait_for_view(page)
        page.wait_for_selector("[data-testid=bn-table]")
    act(ann, plant_button(ann, "plant"))
    act(ann, "[data-testid=bn-end-planting]")
    bob.wait_for_selector("[data-phase=trade]")
    hand = hand_varieties(bob)
    doubled = next(v for v in hand if hand.count(v) >= 2)
    front, back = [i for i, v in enumerate(hand) if v == doubled][:2]

    settle(ann)
    ann.locator("[data-testid=bn-to-1]").click()
    ann.locator("[data-testid=bn-give-faceup-1]").click()
    ann.locator(f"[data-testid=bn-want-{doubled}]").click()
    while not act(ann, "[data-testid=bn-offer-submit]"):
        settle(ann)
    made = offer_id(ann.locator(".bn-offer-mine").first)

    # Ann makes a second offer (a request for nothing given) and withdraws it.
    ann.locator("[data-testid=bn-to-1]").click()
    ann.locator(WANT_A_VARIETY).first.click()
    while not act(ann, "[data-testid=bn-offer-submit]"):
        settle(ann)
    request = offer_id(ann.locator(".bn-offer-mine").first)
    assert "a request" in ann.locator(f"[data-testid=bn-offer-{request}]").inner_text()
    while not act(ann, f"[data-testid=bn-withdraw-{request}]"):
        settle(ann)
    bob.wait_for_selector(f"[data-testid=bn-offer-{request}][data-status=withdrawn]")

    # Bob's page preselects the front-most card; he swaps it for the later one.
    first_pick = bob.locator(f"[data-testid=bn-accept-pick-{made}-{front}]")
    second_pick = bob.locator(f"[data-testid=bn-accept-pick-{made}-{back}]")
    assert first_pick.get_attribute("aria-pressed") == "true"
    assert second_pick.get_attribute("aria-pressed") == "false"
    first_pick.click()
    assert bob.locator(f"[data-testid=bn-accept-{made}]").is_disabled()  # nothing picked now
    bob.locator(f"[data-testid=bn-accept-pick-{made}-{back}][aria-pressed=false]").click()
    bob.locator(f"[data-testid=bn-accept-pick-{made}-{back}][aria-pressed=true]").wait_for()
    shot(bob, "accept-pick")
    settle(bob)
    while not act(bob, f"[data-testid=bn-accept-{made}]"):
        settle(bob)
    bob.wait_for_selector(f"[data-testid=bn-offer-{made}][data-status=accepted]")
    assert hand_varieties(bob) == hand[:back] + hand[back + 1 :]
