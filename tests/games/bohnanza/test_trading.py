"""The trading protocol of phase 2 (B-34 … B-49, B-77 … B-84, B-EX-7, B-EX-16, B-EX-17)."""

from __future__ import annotations

import random

import pytest

from seedbed.engine import NotOnMoveError

from .builder import GAME, act, build, field_names, menu, names, refused

HANDS = {
    0: ["wax", "blue"],
    1: ["stink", "green"],
    2: ["blue", "stink", "chili", "wax", "chili"],
    3: ["green", "black_eyed", "stink"],
}


def table(**kw):
    """B-EX-7's table: 4 players, seat 0 active in trading, face-up soy | red."""
    args = {"phase": "trade", "faceup": ["soy", "red"], "hands": HANDS}
    args.update(kw)
    return build(4, **args)


def status(s, offer_id):
    return next(o["status"] for o in s.observe(None)["offers"] if o["offer_id"] == offer_id)


def test_b_ex_7_worked_trade():
    """B-EX-7: offer 1 to seat 2, offer 2 from seat 3, seat 2 accepts offer 1 with
    positions [4]; offer 2 closes; EndTrading moves the red; phase 3 as described."""
    s = table()
    act(s, 0, "offer 2 give f0 want chili")
    act(s, 3, "offer 0 give h0 want f0")
    act(s, 2, "accept 1 4")
    assert names(s, s.hands[2]) == ["blue", "stink", "chili", "wax"]
    assert names(s, s.trade[2]) == ["soy"] and names(s, s.trade[0]) == ["chili"]
    assert names(s, s.faceup) == [None, "red"]
    assert status(s, 2) == "unavailable"
    act(s, 0, "end-trading")
    assert names(s, s.trade[0]) == ["chili", "red"] and s.to_move() == (0, 2)
    chili, red = s.trade[0]
    act(s, 0, f"plant-traded {chili} 0")
    act(s, 0, f"plant-traded {red} 1")
    act(s, 2, f"plant-traded {s.trade[2][0]} 0")
    assert field_names(s, 0) == [["chili"], ["red"]] and field_names(s, 2) == [["soy"], []]
    assert s.observe(None)["phase"] == "draw"


def test_b_ex_7_other_chili_position():
    """B-EX-7: with positions=[2] seat 2's hand becomes [blue, stink, wax, chili]."""
    s = table()
    act(s, 0, "offer 2 give f0 want chili")
    act(s, 2, "accept 1 2")
    assert names(s, s.hands[2]) == ["blue", "stink", "wax", "chili"]


def test_b34_nothing_planted_and_no_card_enters_a_hand_while_trading():
    """B-34: deals move cards to trade areas only; fields and hands never grow in trading."""
    s = table(fields={2: [["blue"], []]})
    before_fields = [field_names(s, p) for p in range(4)]
    before_hands = [set(h) for h in s.hands]
    act(s, 0, "offer 2 give f0,f1 want blue")
    act(s, 2, "accept 1 0")
    act(s, 3, "offer 0 give h0,h1 want -")
    act(s, 0, "accept 2 -")
    assert [field_names(s, p) for p in range(4)] == before_fields
    assert all(set(h) <= b for h, b in zip(s.hands, before_hands, strict=True))
    assert names(s, s.trade[0]) == ["blue", "green", "black_eyed"]


def test_b35_non_active_players_never_deal_with_each_other():
    """B-35: a non-active player may only address the active player."""
    s = table()
    refused(s, 1, "offer 2 give h0 want -", "B-35")
    refused(s, 1, "offer any give h0 want -", "B-35")


def test_b36_only_faceup_and_hand_cards_change_hands():
    """B-36: a deal moves the named face-up and hand cards only; fields, treasuries, deck and
    discard pile are untouched."""
    s = table(fields={0: [["soy"] * 2, []]}, treasury={0: ["blue"]}, discard=["green"])
    keep = (s.fields, s.treasury, s.deck, s.discard)
    keep = tuple(repr(z) for z in keep)
    act(s, 0, "offer 1 give f1,h0 want stink")
    act(s, 1, "accept 1 0")
    assert tuple(repr(z) for z in (s.fields, s.treasury, s.deck, s.discard)) == keep
    assert names(s, s.trade[1]) == ["red", "wax"] and names(s, s.trade[0]) == ["stink"]


def test_b37_offer_gets_next_id_counting_through_the_game():
    """B-37: offers get ids 1, 2, … that keep counting in the next trading phase."""
    s = table(deck=["blue"] * 3 + ["red", "soy"] + ["wax"] * 3)
    act(s, 0, "offer 1 give f0 want -")
    act(s, 2, "offer 0 give h0 want -")
    assert [o["offer_id"] for o in s.observe(None)["offers"]] == [1, 2]
    act(s, 0, "end-trading")
    for card in s.trade[0][:]:
        act(s, 0, next(a for a in menu(s, 0) if a.startswith(f"plant-traded {card}")))
    act(s, 0, "finish-turn")
    act(s, 1, "plant 0")
    act(s, 1, "end-planting")
    act(s, 1, "offer 2 give f0 want -")
    assert [o["offer_id"] for o in s.observe(None)["offers"]] == [3]


def test_b37_sides_of_different_sizes_and_one_empty_side():
    """B-37: given and wanted sides may differ in size; either side may be empty."""
    s = table()
    act(s, 0, "offer 2 give f0 want chili,chili")
    act(s, 0, "offer 3 give f1,h0,h1 want -")
    act(s, 1, "offer 0 give - want f1")
    assert [o["status"] for o in s.observe(None)["offers"]] == ["open"] * 3


@pytest.mark.parametrize(
    ("player", "text", "clause"),
    [
        (0, "offer 0 give f0 want -", "B-37"),  # the active player addressing itself
        (0, "offer 4 give f0 want -", "B-37"),  # no seat 4 at a 4-player table
        (2, "offer 0 give f0 want -", "B-37"),  # non-active giving a face-up card
        (0, "offer 2 give - want f0", "B-37"),  # active wanting its own face-up card
        (0, "offer 2 give - want -", "B-37"),  # both sides empty
        (2, "offer 0 give h1,h1 want -", "B-37"),  # repeated hand position
        (2, "offer 0 give h5 want -", "B-37"),  # no such hand position
        (0, "offer 2 give f0 want coffee", "B-37"),  # coffee is not in a 4-player game
    ],
)
def test_b37_malformed_offers_refused(player, text, clause):
    """B-37: each precondition of Offer is enforced and a refusal changes nothing."""
    refused(table(), player, text, clause)


def test_b37_empty_faceup_slot_cannot_be_named():
    """B-37: face-up slots must be occupied."""
    s = table(faceup=["soy", None])
    refused(s, 0, "offer 2 give f1 want -", "B-37")
    refused(s, 2, "offer 0 give - want f1", "B-37")


def test_b37_no_duplicate_outstanding_offer():
    """B-37: an offer with exactly the same terms as an outstanding one is refused; after
    withdrawing it, the same offer is allowed again."""
    s = table()
    act(s, 2, "offer 0 give h1 want wax")
    refused(s, 2, "offer 0 give h1 want wax", "B-37")
    act(s, 2, "withdraw 1")
    act(s, 2, "offer 0 give h1 want wax")
    assert status(s, 2) == "open"


def test_b38_offer_names_specific_cards_not_positions():
    """B-38: after an earlier deal shifts the hand, accepting moves the cards first named."""
    s = table()
    act(s, 3, "offer 0 give h2 want -")  # the stink at position 2
    act(s, 0, "offer 3 give - want green")
    act(s, 3, "accept 2 0")  # the green leaves: the stink is now at position 1
    act(s, 0, "accept 1 -")
    assert names(s, s.trade[0]) == ["green", "stink"]
    assert names(s, s.hands[3]) == ["black_eyed"]


def test_b39_accept_needs_exactly_the_wanted_varieties():
    """B-39: positions must hold exactly the wanted multiset; refusals change nothing."""
    s = table()
    act(s, 0, "offer 2 give f0 want chili,stink")
    refused(s, 2, "accept 1 1,3", "B-39")  # stink + wax
    refused(s, 2, "accept 1 2", "B-39")  # too few
    refused(s, 2, "accept 1 1,2,4", "B-39")  # too many
    refused(s, 2, "accept 1 2,2", "B-39")  # repeated position
    refused(s, 2, "accept 9 2", "B-39")  # no such offer
    act(s, 2, "accept 1 1,4")
    assert names(s, s.hands[2]) == ["blue", "chili", "wax"]
    assert sorted(names(s, s.trade[0])) == ["chili", "stink"]  # a trade area is a set (B-11)


def test_b39_only_the_addressee_or_any_non_active_player_accepts():
    """B-39: an offer to seat 2 is refused to seat 1; the active player cannot accept an open
    offer, any non-active player can."""
    s = table()
    act(s, 0, "offer 2 give f0 want -")
    refused(s, 1, "accept 1 -", "B-39")
    act(s, 0, "offer any give f1 want -")
    refused(s, 0, "accept 2 -", "B-39")
    act(s, 3, "accept 2 -")
    assert names(s, s.trade[3]) == ["red"]


def test_b39_wanted_faceup_cards_go_to_the_proposer():
    """B-39: the active player accepting hands over the wanted face-up card and hand cards."""
    s = table()
    act(s, 1, "offer 0 give h1 want f1,wax")
    act(s, 0, "accept 1 0")
    assert names(s, s.trade[1]) == ["wax", "red"] and names(s, s.trade[0]) == ["green"]
    assert names(s, s.hands[0]) == ["blue"] and names(s, s.faceup) == ["soy", None]


def test_b40_b78_same_hand_card_in_two_offers():
    """B-40 / B-78: when one offer with a hand card is accepted, the other closes as
    unavailable."""
    s = table()
    act(s, 3, "offer 0 give h0 want -")
    act(s, 3, "offer 0 give h0 want wax")
    act(s, 0, "accept 1 -")
    assert status(s, 2) == "unavailable"
    refused(s, 0, "accept 2 0", "B-39")


def test_b78_faceup_wanted_by_one_offer_given_away_in_another():
    """B-78: a face-up card wanted by one offer and given in another deal closes the first."""
    s = table()
    act(s, 1, "offer 0 give h0 want f1")
    act(s, 0, "offer 2 give f1 want -")
    act(s, 2, "accept 2 -")
    assert status(s, 1) == "unavailable"


def test_b41_decline_only_by_the_addressee_and_not_for_open_offers():
    """B-41: only the addressee declines; open offers cannot be declined."""
    s = table()
    act(s, 0, "offer 2 give f0 want -")
    act(s, 0, "offer any give f1 want -")
    refused(s, 1, "decline 1", "B-41")
    refused(s, 2, "decline 2", "B-41")
    act(s, 2, "decline 1")
    assert status(s, 1) == "declined"
    refused(s, 2, "decline 1", "B-41")


def test_b42_withdraw_only_by_the_proposer():
    """B-42: only the proposer withdraws an outstanding offer."""
    s = table()
    act(s, 2, "offer 0 give h0 want -")
    refused(s, 0, "withdraw 1", "B-42")
    act(s, 2, "withdraw 1")
    assert status(s, 1) == "withdrawn"
    refused(s, 2, "withdraw 1", "B-42")


def test_b43_pass_leaves_the_movers_and_declines_nothing():
    """B-43: a passing player is off the move until the next change; their offers stay open."""
    s = table()
    act(s, 0, "offer 2 give f0 want -")
    act(s, 2, "pass")
    assert 2 not in s.to_move() and status(s, 1) == "open"
    with pytest.raises(NotOnMoveError):
        act(s, 2, "accept 1 -")
    act(s, 1, "offer 0 give h0 want -")
    assert 2 in s.to_move()
    act(s, 2, "accept 1 -")
    assert names(s, s.trade[2]) == ["soy"]


CHANGES = [
    ([], 3, "offer 0 give h0 want -"),
    (["offer 3 give f0 want -"], 3, "accept 1 -"),
    (["offer 3 give f0 want -"], 3, "decline 1"),
    (["offer 3 give f0 want -"], 0, "withdraw 1"),
    ([], 3, "harvest 0"),
    ([], 3, "buy-field"),
]


@pytest.mark.parametrize(("setup", "player", "text"), CHANGES)
def test_b44_every_change_clears_all_passes(setup, player, text):
    """B-44: offer, accept, decline, withdraw, harvest and purchase are changes."""
    s = table(fields={3: [["red", "red"], []]}, treasury={3: ["blue"] * 3})
    for line in setup:
        act(s, 0, line)
    for p in (1, 2):
        act(s, p, "pass")
    assert s.to_move() == (0, 3)
    act(s, player, text)
    assert s.to_move() == (0, 1, 2, 3)


def test_b44_pass_and_refused_actions_are_not_changes():
    """B-44: a pass does not bring back players who passed."""
    s = table()
    act(s, 1, "pass")
    act(s, 2, "pass")
    assert s.to_move() == (0, 3)


def test_b45_end_trading_only_by_the_active_player():
    """B-45: EndTrading is the active player's; it ends trading at once."""
    s = table()
    refused(s, 2, "end-trading", "B-45")
    act(s, 0, "end-trading")
    assert s.observe(None)["phase"] == "plant-traded"


def test_b45_trading_ends_when_everyone_has_passed():
    """B-45 / B-49: N passes in a row end trading."""
    s = table()
    for p in (0, 1, 2):
        act(s, p, "pass")
        assert s.observe(None)["phase"] == "trade"
    act(s, 3, "pass")
    assert s.observe(None)["phase"] == "plant-traded"


def test_b46_b84_ending_trading_expires_offers_and_keeps_faceup():
    """B-46 / B-84: outstanding offers expire; nothing moves but the face-up cards."""
    s = table()
    act(s, 0, "offer 2 give f0 want chili")
    act(s, 3, "offer 0 give h0 want f1")
    hands = [h[:] for h in s.hands]
    act(s, 0, "end-trading")
    assert [o["status"] for o in s.observe(None)["offers"]] == ["expired", "expired"]
    assert s.hands == hands
    assert names(s, s.trade[0]) == ["soy", "red"] and s.trade[1:] == [[], [], []]


def test_b47_b_ex_17_offer_limit():
    """B-47 / B-EX-17: after 6 offers (however they ended) no Offer is in the menu and one
    submitted directly is refused; Accept, Decline, Withdraw, Pass, free actions remain."""
    s = table(fields={0: [["red"] * 2, []]})
    for k, want in enumerate(["wax", "blue", "chili", "stink", "green", "soy"]):
        act(s, 0, f"offer 2 give f0 want {want}")
        if k < 2:
            act(s, 0, f"withdraw {k + 1}")
    act(s, 2, "offer 0 give h0 want -")
    items = menu(s, 0)
    assert not [a for a in items if a.startswith("offer")]
    for a in ("accept 7 -", "decline 7", "withdraw 3", "pass", "end-trading", "harvest 0"):
        assert a in items
    refused(s, 0, "offer 3 give f1 want -", "B-47")


def test_b47_null_removes_the_limit_and_zero_forbids_offers():
    """B-47: max_offers null allows a 7th offer; 0 allows none."""
    s = table(options={"max_offers": None})
    for want in ["wax", "blue", "chili", "stink", "green", "soy", "red"]:
        act(s, 0, f"offer 2 give f0 want {want}")
    assert len(s.observe(None)["offers"]) == 7
    s = table(options={"max_offers": 0})
    refused(s, 0, "offer 2 give f0 want -", "B-47")


def test_b47_the_limit_is_max_offers():
    """B-47: max_offers 7 allows a 7th offer and no 8th."""
    s = table(options={"max_offers": 7})
    for want in ["wax", "blue", "chili", "stink", "green", "soy", "red"]:
        act(s, 0, f"offer 2 give f0 want {want}")
    assert len(s.observe(None)["offers"]) == 7
    refused(s, 0, "offer 2 give f0 want garden", "B-47")
    s = table(options={"max_offers": 0})
    refused(s, 0, "offer 2 give f0 want -", "B-47")
    assert menu(s, 0) == ["pass", "end-trading"]


def test_b48_every_trading_phase_ends_within_the_bound():
    """B-48: with max_offers m and N players a trading phase has at most
    C + (N-1)(C+1) + 2 actions, C = 2Nm + 4N."""
    n, m = 4, 6
    c = 2 * n * m + 4 * n
    bound = c + (n - 1) * (c + 1) + 2
    for seed in range(8):
        s = table(fields={p: [["green"] * 2, ["wax"]] for p in range(4)}, treasury={1: ["soy"] * 3})
        rng = random.Random(seed)
        steps = 0
        while s.observe(None)["phase"] == "trade":
            p = rng.choice(s.to_move())
            options = s.legal_actions(p)
            pick = options[rng.randrange(len(options))]
            if str(pick) == "end-trading" and rng.random() < 0.9:
                pick = options[0]
            s.apply(p, pick)
            steps += 1
            assert steps <= bound


def test_b49_driver_order_after_change_and_after_pass():
    """B-49: after a change the active player is asked first; after a Pass the next player
    still on the move."""
    s = table()
    act(s, 0, "pass")
    assert s.to_move()[0] == 1
    act(s, 1, "pass")
    assert s.to_move()[0] == 2
    act(s, 2, "offer 0 give h0 want -")
    assert s.to_move() == (0, 1, 2, 3)


def test_b77_open_offer_accepted_twice():
    """B-77: the first acceptance wins; the second is refused as closed and changes nothing."""
    s = table()
    act(s, 0, "offer any give f0 want -")
    act(s, 3, "accept 1 -")
    refused(s, 2, "accept 1 -", "B-77")
    assert names(s, s.trade[3]) == ["soy"] and s.trade[2] == []


def test_b79_unsatisfiable_offer_stays_outstanding():
    """B-79 / B-40: an offer for a variety the addressee lacks stays open until withdrawn,
    declined or the end of trading; it just cannot be accepted."""
    s = table()
    act(s, 0, "offer 1 give f0 want black_eyed")
    act(s, 2, "offer 0 give h0 want -")
    act(s, 0, "accept 2 -")
    assert status(s, 1) == "open"
    assert [a for a in menu(s, 1) if a.startswith("accept")] == []
    assert "decline 1" in menu(s, 1)
    act(s, 0, "end-trading")
    assert status(s, 1) == "expired"


def test_b80_empty_handed_player_asks_and_receives():
    """B-80: a non-active player with an empty hand asks for a face-up card and accepts a
    donation."""
    s = table(hands={0: ["wax"], 1: []})
    act(s, 1, "offer 0 give - want f0")
    act(s, 0, "accept 1 -")
    act(s, 0, "offer 1 give h0 want -")
    act(s, 1, "accept 2 -")
    assert names(s, s.trade[1]) == ["soy", "wax"]


@pytest.mark.parametrize(
    ("player", "text"),
    [
        (1, "offer 2 give h0 want -"),
        (1, "offer any give h0 want -"),
        (0, "offer 0 give h0 want -"),
        (1, "offer 0 give f0 want -"),
        (0, "offer 1 give h0 want f1"),
        (0, "offer 1 give - want -"),
    ],
)
def test_b81_refused_offers(player, text):
    """B-81: the listed offers are refused with an error and change nothing."""
    refused(table(), player, text, None)


def test_b82_cards_in_a_trade_area_cannot_be_offered_again():
    """B-82: a face-up card given away and received cards cannot be offered by anyone."""
    s = table()
    act(s, 0, "offer 2 give f0 want chili")
    act(s, 2, "accept 1 2")
    refused(s, 0, "offer 3 give f0 want -", "B-37")
    refused(s, 1, "offer 0 give - want f0", "B-37")
    act(s, 2, "offer 0 give h0,h1,h2,h3 want -")
    act(s, 0, "accept 2 -")
    assert sorted(names(s, s.trade[0])) == ["blue", "chili", "chili", "stink", "wax"]
    assert names(s, s.trade[2]) == ["soy"] and s.hands[2] == []


def test_b83_leftover_faceup_cards_must_be_planted_by_the_active_player():
    """B-83: unclaimed face-up cards go to the active trade area and must be planted,
    harvesting as needed."""
    s = table(fields={0: [["stink"] * 3, ["chili"] * 2]})
    act(s, 0, "end-trading")
    assert s.to_move() == (0,)
    soy, red = s.trade[0]
    assert [a for a in menu(s, 0) if a.startswith(f"plant-traded {soy}")] == [
        f"plant-traded {soy} 0",
        f"plant-traded {soy} 1",
    ]
    act(s, 0, f"plant-traded {soy} 0")
    act(s, 0, f"plant-traded {red} 1")
    assert field_names(s, 0) == [["soy"], ["red"]]
    assert len(s.treasury[0]) == 1


def test_b_ex_16_three_player_passes():
    """B-EX-16: 3 players, seat 1 active: passes, an offer clears them, a decline, then three
    passes end trading and both face-up cards go to seat 1's trade area."""
    s = build(3, phase="trade", active=1, faceup=["soy", "red"], hands={0: ["wax"]})
    act(s, 1, "pass")
    act(s, 2, "pass")
    assert s.to_move() == (0,)
    act(s, 0, "offer 1 give h0 want -")
    assert s.to_move()[0] == 1
    act(s, 1, "decline 1")
    assert s.to_move() == (1, 2, 0)
    for p in (1, 2, 0):
        act(s, p, "pass")
    assert s.observe(None)["phase"] == "plant-traded"
    assert names(s, s.trade[1]) == ["soy", "red"]


def test_b_ex_17_limit_counts_per_trading_phase():
    """B-EX-17: the count is per trading phase: each player's offers_made is public."""
    s = table()
    act(s, 2, "offer 0 give h0 want -")
    act(s, 2, "withdraw 1")
    assert [p["offers_made"] for p in s.observe(None)["players"]] == [0, 0, 1, 0]
    assert GAME.parse_action("offer 0 give h0 want -") in s.legal_actions(2)
