"""The words of hints and log lines (issue 38 items 7 and 10): a trading hint names its cards
and partner ("Offer cards for Blue" named neither); Fields of Green hints say what the move
does ("Restore the Duck Pond on the marked cell" discarded the Duck Pond; "Place the water you
gained" and "Choose effect 1" said too little); the log never says "You received 0 cards";
and the Stalk Exchange legend says what a bulb is as the rules do (not "planted this turn")."""

from __future__ import annotations

from typing import Any

from .browser import WebServer, wait_for_view

SEATS = (
    "[{seat: 0, kind: 'human', name: 'Ann', label: 'Ann'},"
    " {seat: 1, kind: 'bot', name: 'greedy', label: 'Greedy bot'}]"
)

BOHNANZA = """async () => {
    const beans = await import('/static/games/bohnanza/beans.js');
    beans.setVarieties([{id: 'wax', name: 'Wax Bean'}, {id: 'chili', name: 'Chili Bean'},
                        {id: 'blue', name: 'Blue Bean'}, {id: 'red', name: 'Red Bean'}]);
    const { describeAction } = await import('/static/games/bohnanza/changes.js');
    const seats = SEATS;
    const view = {viewer: 0, hand: [{id: 1, variety: 'wax'}, {id: 2, variety: 'chili'}],
        faceup: [{id: 5, variety: 'blue'}, null], revealed: [], offer_area: [],
        players: [{trade_area: []}, {trade_area: []}],
        offers: [{offer_id: 3, proposer: 1, to: 0, give_faceup: [], give_hand: ['red'],
                  want: ['wax'], want_faceup: [], status: 'open'},
                 {offer_id: 4, proposer: 0, to: 'any', give_faceup: [{slot: 0, variety: 'blue'}],
                  give_hand: [], want: ['red'], want_faceup: [], status: 'open'}]};
    const say = (a) => describeAction(a, {view}, seats);
    return [
        say({type: 'offer', to: 1, give_hand: [1], give_faceup: [0], want: ['red'],
             want_faceup: []}),
        say({type: 'offer', to: 'any', give_hand: [], give_faceup: [], want: ['blue'],
             want_faceup: []}),
        say({type: 'accept', offer_id: 3, positions: [0]}),
        say({type: 'decline', offer_id: 3}),
        say({type: 'withdraw', offer_id: 4}),
    ];
}""".replace("SEATS", SEATS)


def test_a_trading_hint_names_its_cards_and_partner(web_server: WebServer, page: Any) -> None:
    """Issue 38 item 10: "Offer cards for Blue" named neither the cards given nor the partner;
    an answer to an offer names who made it and what changes hands."""
    page.goto(web_server.url)
    assert page.evaluate(BOHNANZA) == [
        "Offer Chili and Blue (face-up) to Greedy bot for Red",
        "Offer nothing to anyone for Blue",
        "Accept offer #3 from Greedy bot: you get Red, you give Wax",
        "Decline offer #3 from Greedy bot: you get Red, you give Wax",
        "Withdraw your offer #4 to anyone: you give Blue (face-up), you get Red",
    ]


FIELDS_OF_GREEN = """async () => {
    const { storeOf } = await import('/static/games/fields_of_green/store.js');
    const { describeAction } = await import('/static/games/fields_of_green/hints.js');
    const { describe } = await import('/static/games/fields_of_green/log.js');
    const st = storeOf({});
    st.cards.set(40, {design: 'duck_pond'});
    st.cards.set(13, {design: 'duck_pond'});
    st.catalog = {locations: new Map([
        ['duck_pond', {id: 'duck_pond', name: 'Duck Pond', ability: {effects: [{choose: [
            [{gain: 'food', amount: 2}], [{gain: 'coins', amount: 1}]]}]}}],
        ['melon_beds', {id: 'melon_beds', name: 'Melon Beds'}]]), tiles: new Map()};
    const farm = [
        {cell: [0, 0], card: {id: 7, design: 'water_tower', kind: 'water_tower'},
         open_area: false, water: 1, capacity: 3},
        {cell: [2, 0], card: {id: 24, design: 'melon_beds', kind: 'field'}, open_area: true}];
    const view = (decision) => ({viewer: 0, decision, players: [{seat: 0, farm}]});
    const seats = SEATS;
    return {
        restore: describeAction({type: 'restore', card: 40, cell: [2, 0]}, {view: view(null)}),
        water: describeAction({type: 'place-water', water: {'0,0': 2}},
                              {view: view({kind: 'water', player: 0, amount: 2})}),
        choose: describeAction({type: 'choose', index: 1},
                               {view: view({kind: 'choose', player: 0, card: 13, options: 2})}),
        receivedNothing: describe({kind: 'receive', player: 0, count: 0, cards: []},
                                  {viewer: 0}, seats),
    };
}""".replace("SEATS", SEATS)


def test_fields_of_green_hints_say_what_the_move_does(web_server: WebServer, page: Any) -> None:
    """Issue 38 item 10: a restore hint says it discards the card to restore the Open Area;
    a water hint how much water goes where; a choice hint which effect and what it gives; an
    empty hand's pass is not logged ("You received 0 cards: .")."""
    page.goto(web_server.url)
    said = page.evaluate(FIELDS_OF_GREEN)
    assert said["restore"] == "Discard the Duck Pond to restore your Melon Beds on the marked cell"
    assert said["water"] == "Place the 2 water you gained: 2 on T1"
    assert said["choose"] == "Duck Pond: choose “Gain 1 coin”"
    assert said["receivedNothing"] is None


def test_the_bulb_legend_says_what_the_rules_say(web_server: WebServer, new_page: Any) -> None:
    """Issue 38 item 10 (S-33, S-53): an old bulb stays a bulb until a neighbouring space is
    empty; the legend said bulbs were "planted this turn"."""
    table = web_server.create_table("stalk_exchange", ["human:Ann", "greedy"], seed=3)
    page = new_page("desktop")
    page.goto(table.play_url(0))
    wait_for_view(page)
    legend = page.locator(".se-garden").inner_text()
    assert "planted this turn" not in legend
    assert "stays a bulb until then" in legend and "never harvested" in legend
