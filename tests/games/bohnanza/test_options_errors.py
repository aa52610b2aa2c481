"""The offer menu option (B-50), action text/JSON forms and their errors (B-3, B-37)."""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement

import pytest

from seedbed.engine import IllegalActionError, InvalidActionError, NotOnMoveError
from seedbed.games.bohnanza.actions import Accept, Offer
from seedbed.games.bohnanza.cards import VARIETY_INDEX

from .builder import GAME, act, build, names, refused


def trade_table(options=None):
    hands = {0: ["wax", "blue", "blue"], 2: ["blue", "stink", "chili", "wax", "chili"]}
    return build(4, options=options, phase="trade", faceup=["soy", "red"], hands=hands)


def hand_choices(s, p, limit):
    """Front-most position sets of at most ``limit`` cards, one per variety multiset."""
    vo = s.cfg.variety_of
    hand = s.hands[p]
    out = set()
    for k in range(limit + 1):
        for combo in combinations(range(len(hand)), k):
            want = sorted(vo[hand[i]] for i in combo)
            canon, left = [], list(want)
            for i, c in enumerate(hand):
                if vo[c] in left:
                    left.remove(vo[c])
                    canon.append(i)
            if tuple(canon) == combo:
                out.add(combo)
    return out


def expected_offers(s, p, max_give=2, max_want=2):
    n, active = s.num_players, s.active
    varieties = s.cfg.varieties
    slots = (0, 1)
    if p == active:
        tos = [q for q in range(n) if q != active] + [None]
        give_fu, want_fu = slots, ()
    else:
        tos, give_fu, want_fu = [active], (), slots
    out = set()
    for to in tos:
        for kf in range(len(give_fu) + 1):
            for fu in combinations(give_fu, kf):
                for hp in hand_choices(s, p, max_give - kf):
                    for kw in range(len(want_fu) + 1):
                        for wf in combinations(want_fu, kw):
                            for k in range(max_want - kw + 1):
                                for want in combinations_with_replacement(varieties, k):
                                    if fu or hp or want or wf:
                                        out.add(Offer.make(to, fu, hp, want, wf))
    return out


def offers_in(items):
    return [a for a in items if isinstance(a, Offer)]


@pytest.mark.parametrize("player", [0, 2])
def test_b50_menu_lists_exactly_the_bounded_offers(player):
    """B-50: the menu holds every legal offer with at most 2 given cards and 2 wanted items,
    to every allowed counterparty and `any`, front-most hand cards, no duplicates."""
    s = trade_table()
    items = list(s.legal_actions(player))
    offers = offers_in(items)
    assert len(offers) == len(set(offers))
    assert set(offers) == expected_offers(s, player)
    assert len(s.legal_actions(player)) == len(items)
    assert all(s.is_legal(player, a) for a in offers[::37])


def test_b50_menu_respects_max_give_and_max_want():
    """B-50: offer_menu.max_give and max_want bound the sides."""
    s = trade_table({"offer_menu": {"max_give": 1, "max_want": 1}})
    assert set(offers_in(s.legal_actions(0))) == expected_offers(s, 0, 1, 1)


def test_b50_menu_is_deterministic():
    """B-50: the menu is listed in a deterministic order."""
    s = trade_table()
    assert [str(a) for a in s.legal_actions(2)] == [str(a) for a in s.clone().legal_actions(2)]


def test_b50_positions_all_lists_every_choice():
    """B-50: with positions = all every distinct choice of hand positions is listed."""
    s = trade_table({"offer_menu": {"positions": "all"}})
    one_blue = {a.give_hand for a in offers_in(s.legal_actions(0)) if a.to == 1 and not a.want}
    assert (1,) in one_blue and (2,) in one_blue
    act(s, 0, "offer 2 give f0 want chili")
    accepts = [a for a in s.legal_actions(2) if isinstance(a, Accept)]
    assert accepts == [Accept(1, (2,)), Accept(1, (4,))]


def test_b50_frontmost_uses_the_front_cards():
    """B-50: frontmost: one blue given means position 1, one chili handed over position 2."""
    s = trade_table()
    one_blue = {a.give_hand for a in offers_in(s.legal_actions(0)) if a.to == 1 and not a.want}
    assert (1,) in one_blue and (2,) not in one_blue
    act(s, 0, "offer 2 give f0 want chili")
    assert [a for a in s.legal_actions(2) if isinstance(a, Accept)] == [Accept(1, (2,))]


def test_b50_actions_outside_the_menu_are_still_legal():
    """B-50: larger offers and other positions are legal when submitted directly."""
    s = trade_table()
    big = GAME.parse_action("offer 2 give f0,f1,h0 want chili,chili,wax")
    assert big not in s.legal_actions(0) and s.is_legal(0, big)
    act(s, 0, "offer 2 give f0 want chili")
    assert Accept(1, (4,)) not in s.legal_actions(2)
    act(s, 2, "accept 1 4")
    assert names(s, s.hands[2]) == ["blue", "stink", "chili", "wax"]


def test_b50_menu_drops_the_players_outstanding_offers():
    """B-50 / B-37: an offer identical to an outstanding one is not listed again."""
    s = trade_table()
    offer = GAME.parse_action("offer 2 give f0 want chili")
    assert offer in s.legal_actions(0)
    s.apply(0, offer)
    assert offer not in s.legal_actions(0)
    assert len(offers_in(s.legal_actions(0))) == len(expected_offers(s, 0)) - 1


ACTIONS = [
    "plant 1",
    "end-planting",
    "harvest 2",
    "buy-field",
    "offer any give f0,h3 want chili,f1",
    "offer 2 give - want red,red",
    "accept 7 3,4",
    "accept 7 -",
    "decline 7",
    "withdraw 7",
    "pass",
    "end-trading",
    "plant-traded 57 1",
    "finish-turn",
    "plant-offered 12 0",
    "discard-offered 12",
    "discard 3",
    "plant-revealed 12 0",
    "leave-offer",
]


@pytest.mark.parametrize("text", ACTIONS)
def test_b3_action_text_and_json_round_trip(text):
    """Every action type has a stable text and JSON form that parse back to it."""
    action = GAME.parse_action(text)
    assert str(action) == text
    assert GAME.action_from_json(action.to_json()) == action


@pytest.mark.parametrize(
    "text",
    [
        "",
        "dance",
        "plant",
        "plant x",
        "plant 1 2",
        "pass now",
        "accept 7",
        "accept x 1",
        "offer 2 give q1 want -",
        "offer 2 give - want banana",
        "offer 2 want chili",
        "offer x give - want chili",
    ],
)
def test_malformed_text_raises_invalid_action_error(text):
    """B-37 / B-39: malformed text forms are InvalidActionError, not IllegalActionError."""
    with pytest.raises(InvalidActionError):
        GAME.parse_action(text)


@pytest.mark.parametrize(
    "obj",
    [
        None,
        "plant 1",
        {"field": 1},
        {"type": "dance"},
        {"type": "plant"},
        {"type": "plant", "field": "one"},
        {"type": "plant", "field": True},
        {"type": "accept"},
        {"type": "accept", "offer_id": 1, "positions": "3"},
        {"type": "offer"},
        {"type": "offer", "to": "x"},
        {"type": "offer", "to": 1, "want": "chili"},
        {"type": "offer", "to": 1, "want": ["banana"]},
    ],
)
def test_malformed_json_raises_invalid_action_error(obj):
    """B-37 / B-39: malformed JSON forms are InvalidActionError."""
    with pytest.raises(InvalidActionError):
        GAME.action_from_json(obj)


def test_b37_variety_names_are_canonical_ids():
    """B-37 / B-7: offers name varieties by their canonical ids."""
    offer = GAME.parse_action("offer any give - want black_eyed,coffee")
    assert offer.want == (VARIETY_INDEX["coffee"], VARIETY_INDEX["black_eyed"])
    assert offer.to_json()["want"] == ["coffee", "black_eyed"]


def test_b28_errors_are_distinguishable():
    """B-28: the wrong player gets NotOnMoveError (an IllegalActionError); a rule refusal
    names its clause."""
    s = build(hands={0: ["wax"]}, fields={0: [["soy"], ["red", "red"]]})
    before = s.key()
    with pytest.raises(NotOnMoveError) as info:
        act(s, 2, "harvest 0")
    assert isinstance(info.value, IllegalActionError) and s.key() == before
    error = refused(s, 0, "harvest 0", "B-24")
    assert not isinstance(error, NotOnMoveError)
