"""Editions, player counts, components and setup (B-1 … B-16, B-EX-6, B-EX-18)."""

from __future__ import annotations

from collections import Counter

import pytest

from seedbed.engine.rng import Rng
from seedbed.games.bohnanza.cards import VARIETIES

from .builder import GAME, act, assert_conserved, build, every_card, names, play_random

# B-7: id, cards, 1..4 coin thresholds (0 = not printed), standard, classic
TABLE = [
    ("coffee", 24, (4, 7, 10, 12), True, False),
    ("wax", 22, (4, 7, 9, 11), True, False),
    ("blue", 20, (4, 6, 8, 10), True, True),
    ("chili", 18, (3, 6, 8, 9), True, True),
    ("stink", 16, (3, 5, 7, 8), True, True),
    ("green", 14, (3, 5, 6, 7), True, True),
    ("soy", 12, (2, 4, 6, 7), True, True),
    ("black_eyed", 10, (2, 4, 5, 6), True, True),
    ("red", 8, (2, 3, 4, 5), True, True),
    ("garden", 6, (0, 2, 3, 0), True, True),
    ("cocoa", 4, (0, 2, 3, 4), True, False),
]

# B-13: edition, players, removed, cards, fields, can buy, cost, hands, draw, final
ROWS = [
    ("standard", 2, {"garden", "cocoa"}, 144, 2, True, 3, (5, 5), 2, 1),
    ("standard", 3, {"cocoa"}, 150, 3, False, None, (5,) * 3, 3, 2),
    ("standard", 4, {"coffee"}, 130, 2, True, 3, (5,) * 4, 3, 3),
    ("standard", 5, {"coffee"}, 130, 2, True, 3, (5,) * 5, 3, 3),
    ("standard", 6, {"cocoa", "garden"}, 144, 2, True, 2, (3, 4, 5, 6, 6, 6), 4, 3),
    ("standard", 7, {"cocoa", "garden"}, 144, 2, True, 2, (3, 4, 5, 6, 6, 6, 6), 4, 3),
    ("classic", 3, {"coffee", "wax", "cocoa"}, 104, 2, True, 3, (5,) * 3, 3, 3),
    ("classic", 4, {"coffee", "wax", "cocoa"}, 104, 2, True, 3, (5,) * 4, 3, 3),
    ("classic", 5, {"coffee", "wax", "cocoa"}, 104, 2, True, 3, (5,) * 5, 3, 3),
]


def variety_counts(s):
    return Counter(VARIETIES[v] for v in s.cfg.variety_of)


def test_b1_standard_edition_has_154_cards_in_11_varieties():
    """B-1 / B-7: the standard box holds 154 cards of 11 varieties (3 players keep coffee,
    4 players keep cocoa, so together they show every variety)."""
    three = variety_counts(GAME.new_state(3, 1))
    four = variety_counts(GAME.new_state(4, 1))
    merged = {**three, **four}
    assert merged == {name: cards for name, cards, *_ in TABLE}
    assert sum(merged.values()) == 154


def test_b1_classic_edition_has_104_cards_in_8_varieties():
    """B-1 / B-7: classic: 104 cards of the 8 classic varieties, no player-count changes."""
    for n in (3, 4, 5):
        counts = variety_counts(GAME.new_state(n, 1, {"edition": "classic"}))
        assert counts == {name: c for name, c, _, _, classic in TABLE if classic}
        assert sum(counts.values()) == 104


def test_b1_two_players_standard_play_the_duel():
    """B-1: with exactly 2 players the standard edition plays the bean duel."""
    s = GAME.new_state(2, 3)
    assert s.cfg.duel and s.observe(None)["duel"] is True
    assert s.observe(None)["phase"] == "duel-plant"
    assert not GAME.new_state(3, 3).cfg.duel


@pytest.mark.parametrize(
    ("edition", "n", "ok"),
    [("standard", k, 2 <= k <= 7) for k in range(0, 9)]
    + [("classic", k, 3 <= k <= 5) for k in range(1, 8)],
)
def test_b2_player_counts_per_edition(edition, n, ok):
    """B-2: standard takes 2-7 players, classic 3-5; anything else is refused at creation."""
    if ok:
        assert GAME.new_state(n, 1, {"edition": edition}).num_players == n
    else:
        with pytest.raises(ValueError):
            GAME.new_state(n, 1, {"edition": edition})


def test_b3_options_and_defaults():
    """B-3: all options with their defaults."""
    assert GAME.normalize_options(None) == {
        "edition": "standard",
        "treasury_visibility": "secret",
        "max_offers": 6,
        "offer_menu": {"max_give": 2, "max_want": 2, "positions": "frontmost"},
    }
    opts = GAME.normalize_options({"max_offers": None, "offer_menu": {"positions": "all"}})
    assert opts["max_offers"] is None  # no limit: a rules option, refused only at tables (D-31)
    assert opts["offer_menu"] == {"max_give": 2, "max_want": 2, "positions": "all"}


@pytest.mark.parametrize(
    "options",
    [
        {"colour": "red"},
        {"edition": "deluxe"},
        {"treasury_visibility": "hidden"},
        {"max_offers": -1},
        {"max_offers": 2.5},
        {"max_offers": True},
        {"offer_menu": {"max_give": -1}},
        {"offer_menu": {"max_want": "two"}},
        {"offer_menu": {"positions": "some"}},
        {"offer_menu": {"size": 3}},
    ],
)
def test_b3_unknown_option_names_and_values_refused(options):
    """B-3: unknown option names or values are refused with an error at creation."""
    with pytest.raises(ValueError):
        GAME.new_state(4, 1, options)


def test_b4_seat_0_starts_and_play_goes_clockwise():
    """B-4: seat 0 starts; the next player is seat + 1 (mod N)."""
    s = GAME.new_state(5, 11)
    assert (s.active, s.to_move()) == (0, (0,))
    s = build(5, phase="draw", active=4, hands={0: ["wax"]})
    act(s, 4, "finish-turn")
    assert (s.active, s.to_move()) == (0, (0,))


def test_b5_same_seed_options_and_actions_reproduce_the_game():
    """B-5: same seed, options and actions give the same game; another seed another deal."""
    a, b = GAME.new_state(4, 99), GAME.new_state(4, 99)
    assert a.key() == b.key()
    assert play_random(a, seed=5) == play_random(b, seed=5)
    assert a.is_terminal() and a.key() == b.key()
    assert GAME.new_state(4, 100).deck != GAME.new_state(4, 99).deck


def test_b5_tests_can_choose_the_deck_order():
    """B-5: a test can build a state with a chosen deck order (top = end of the list)."""
    s = build(phase="draw", deck=["red", "soy", "blue"])
    act(s, 0, "finish-turn")
    assert names(s, s.hands[0]) == ["blue", "soy", "red"]


def test_b6_1_occupied_field_of_another_variety_is_harvested_first():
    """B-6 (1): planting a different variety harvests the field, under the official limits."""
    s = build(hands={0: ["green"]}, fields={0: [["soy"], ["red"] * 2]})
    act(s, 0, "plant 1")
    assert names(s, s.fields[0][1]) == ["green"] and len(s.treasury[0]) == 1


def test_b6_2_matching_field_is_a_must():
    """B-6 (2): a matching bean must go to the matching field."""
    s = build(hands={0: ["green"]}, fields={0: [["green"], []]})
    assert not s.is_legal(0, GAME.parse_action("plant 1"))


def test_b6_3_final_exhaustion_in_the_reveal_does_not_end_instantly():
    """B-6 (3): an exhaustion during the reveal runs on to the end of planting."""
    s = build(hands={0: ["wax"]}, exhaustions=2, deck=["blue"], discard=["soy"])
    act(s, 0, "plant 0")
    assert s.exhaustions == 3 and not s.is_terminal() and s.observe(None)["phase"] == "trade"


def test_b6_4_third_field_follows_the_player_count_table():
    """B-6 (4): 3 players start with it; 6-7 players pay 2; 4-5 pay 3."""
    assert [len(f) for f in GAME.new_state(3, 1).fields] == [3, 3, 3]
    assert GAME.new_state(6, 1).observe(None)["field_cost"] == 2
    assert GAME.new_state(4, 1).observe(None)["field_cost"] == 3


def test_b6_5_treasury_is_secret_by_default():
    """B-6 (5): treasury sizes are hidden from others unless `open` is chosen."""
    s = build(treasury={1: ["soy"]}, hands={0: ["wax"]})
    assert "coins" not in s.observe(0)["players"][1]
    s = build(options={"treasury_visibility": "open"}, treasury={1: ["soy"]}, hands={0: ["wax"]})
    assert s.observe(0)["players"][1]["coins"] == 1


def test_b6_6_duel_has_two_fields_and_a_buyable_third():
    """B-6 (6): the duel uses 2 fields with a third to buy for 3 coins."""
    s = GAME.new_state(2, 4)
    assert [len(f) for f in s.fields] == [2, 2]
    assert s.observe(None)["field_cost"] == 3


def test_b7_variety_order_and_card_counts():
    """B-7: canonical variety order (index 0 = coffee) and the number of cards of each."""
    assert list(VARIETIES) == [row[0] for row in TABLE]
    s = GAME.new_state(3, 1)
    counts = variety_counts(s)
    assert [counts[name] for name, *_ in TABLE[:10]] == [row[1] for row in TABLE[:10]]


def test_b7_thresholds_drive_harvests():
    """B-7: each printed threshold is the field size that first earns that many coins."""
    for name, cards, thresholds, _, _ in TABLE:
        for coins, need in enumerate(thresholds, 1):
            if not need:
                continue
            n = 4 if name != "coffee" else 3
            s = build(n, fields={0: [[name] * need, []]})
            act(s, 0, "harvest 0")
            assert len(s.treasury[0]) == coins, (name, need)
        assert max(thresholds) <= cards


def test_b9_card_ids_are_unique_ints_with_a_variety():
    """B-9: every card has a unique integer id and a fixed variety."""
    s = GAME.new_state(5, 2)
    cards = every_card(s)
    assert sorted(cards) == list(range(len(s.cfg.variety_of))) == sorted(set(cards))
    assert all(isinstance(c, int) for c in cards)


def test_b11_every_card_in_exactly_one_zone_at_setup():
    """B-11: the zones of the table hold each card exactly once; removed varieties are absent."""
    for edition, n, removed, cards, *_ in ROWS:
        s = GAME.new_state(n, 8, {"edition": edition})
        assert len(every_card(s)) == cards == len(set(every_card(s)))
        assert not removed & {VARIETIES[v] for v in s.cfg.variety_of}


def test_b12_card_conservation_in_random_games():
    """B-12: after every action the union of zones is the card set; only duel purchases use
    the box."""
    for n, seed in ((2, 1), (3, 2), (5, 3), (7, 4)):
        s = GAME.new_state(n, seed)

        def check(st, duel=(n == 2)):
            assert_conserved(st)
            assert duel or st.box == []

        play_random(s, seed=seed, check=check)
        assert s.is_terminal()


@pytest.mark.parametrize("row", ROWS, ids=[f"{r[0]}-{r[1]}" for r in ROWS])
def test_b13_player_count_table(row):
    """B-13: removed varieties, cards, fields, third field, hands, draw and final exhaustion."""
    edition, n, removed, cards, fields, can_buy, cost, hands, _, final = row
    s = GAME.new_state(n, 21, {"edition": edition})
    assert len(every_card(s)) == cards
    assert not removed & {VARIETIES[v] for v in s.cfg.variety_of}
    assert [len(f) for f in s.fields] == [fields] * n
    assert tuple(len(h) for h in s.hands) == hands
    obs = s.observe(None)
    assert obs["field_cost"] == cost and obs["final_exhaustion"] == final
    assert s.cfg.can_buy is can_buy


@pytest.mark.parametrize("row", ROWS, ids=[f"{r[0]}-{r[1]}" for r in ROWS])
def test_b13_draw_count_and_final_exhaustion(row):
    """B-13: the phase-4 (duel step-4) draw size, and which exhaustion ends the game."""
    edition, n, *_, draw, final = row
    opts = {"edition": edition}
    phase = "duel-draw" if n == 2 else "draw"
    s = build(n, options=opts, phase=phase, hands={1: ["red"]})
    act(s, 0, "finish-turn")
    assert len(s.hands[0]) == draw
    s = build(n, options=opts, phase=phase, hands={1: ["red"]}, exhaustions=final - 1, deck=[])
    act(s, 0, "finish-turn")
    assert s.is_terminal() and s.exhaustions == final
    if final > 1:
        s = build(n, options=opts, phase=phase, hands={1: ["red"]}, exhaustions=final - 2, deck=[])
        act(s, 0, "finish-turn")
        assert not s.is_terminal() and len(s.hands[0]) == draw


def test_b14_setup_state():
    """B-14: empty treasuries, discard, trade areas and box; counter 0; seat 0 at phase 1."""
    for n in (2, 3, 4, 6):
        s = GAME.new_state(n, 5)
        assert s.treasury == [[]] * n and s.trade == [[]] * n
        assert (s.discard, s.box, s.exhaustions, s.active) == ([], [], 0, 0)
        assert all(f == [] for fs in s.fields for f in fs)
        assert s.observe(None)["phase"] == ("duel-plant" if n == 2 else "plant")
    three = GAME.new_state(3, 5)
    assert all(three.third) and "buy-field" not in [str(a) for a in three.legal_actions(0)]


def test_b15_dealing_order(monkeypatch):
    """B-15 / B-EX-6: cards are dealt one at a time from the top, seat 0 first, to the back of
    the hand, skipping full hands. With the shuffle disabled the deck is in id order from the
    top, so the k-th card dealt is card k-1."""
    monkeypatch.setattr(Rng, "shuffle", lambda self, items: None)
    s = GAME.new_state(6, 1)
    assert s.deck[::-1] == list(range(30, 144))
    assert s.hands[0] == [0, 6, 12]
    assert s.hands[1] == [1, 7, 13, 18]
    assert s.hands[2] == [2, 8, 14, 19, 23]
    assert s.hands[5] == [5, 11, 17, 22, 26, 29]
    assert s.hands[1][3] == 19 - 1  # B-EX-6: the 19th card dealt is seat 1's position 3


def test_b_ex_6_six_players_hands_and_deck():
    """B-EX-6: 6 players: 144 cards; hands 3, 4, 5, 6, 6, 6; deck 114."""
    s = GAME.new_state(6, 13)
    assert len(every_card(s)) == 144
    assert [len(h) for h in s.hands] == [3, 4, 5, 6, 6, 6]
    assert len(s.deck) == 114


@pytest.mark.parametrize(
    ("edition", "n", "size"),
    [
        *[("standard", 2, 134), ("standard", 3, 135), ("standard", 4, 110)],
        *[("standard", 5, 105), ("standard", 6, 114), ("standard", 7, 108)],
        *[("classic", 3, 89), ("classic", 4, 84), ("classic", 5, 79)],
    ],
)
def test_b16_deck_sizes_after_dealing(edition, n, size):
    """B-16: deck sizes after dealing."""
    assert len(GAME.new_state(n, 17, {"edition": edition}).deck) == size


def test_b_ex_18_four_players_130_cards_after_every_action():
    """B-EX-18: standard 4 players: all zones together hold 130 cards, each id once."""
    s = GAME.new_state(4, 2024)

    def check(st):
        cards = every_card(st)
        assert len(cards) == 130 and sorted(cards) == list(range(130))

    play_random(s, seed=7, check=check)
    assert s.is_terminal()
