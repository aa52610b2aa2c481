"""Hand order, fields, planting and harvesting (B-17 … B-25, B-74 … B-76, B-EX-1 … B-EX-5)."""

from __future__ import annotations

import itertools

from seedbed.games.bohnanza.cards import payout

from .builder import act, assert_conserved, build, field_names, menu, names, refused


def test_b17_hand_order_plant_front_and_draw_to_back():
    """B-17: planting takes position 0; drawn cards join the back in the order drawn."""
    s = build(hands={0: ["soy", "red", "blue"]})
    act(s, 0, "plant 0")
    assert names(s, s.hands[0]) == ["red", "blue"]
    s = build(phase="draw", hands={0: ["soy", "red"]}, deck=["green", "stink", "wax"])
    act(s, 0, "finish-turn")
    assert names(s, s.hands[0]) == ["soy", "red", "wax", "stink", "green"]


def test_b18_field_one_variety_no_upper_limit():
    """B-18: a field holds any number of one variety; fields are numbered 0, 1 (2)."""
    s = build(hands={0: ["blue"]}, fields={0: [["blue"] * 12, []]})
    act(s, 0, "plant 0")
    assert field_names(s, 0) == [["blue"] * 13, []]
    s = build(fields={0: [["soy"], ["red"]]}, hands={0: ["soy"]})
    refused(s, 0, "harvest 2", "B-18")
    refused(s, 0, "plant 2", "B-18")


def test_b19_matching_field_is_compulsory():
    """B-19 (1): a bean whose variety lies in a field must go there."""
    s = build(hands={0: ["chili"]}, fields={0: [[], ["chili"]]})
    assert menu(s, 0) == ["plant 1", "harvest 1"]
    refused(s, 0, "plant 0", "B-19")


def test_b19_empty_field_of_players_choice():
    """B-19 (2): without a matching field, any empty field may take the bean."""
    s = build(hands={0: ["chili"]}, fields={0: [["soy", "soy"], [], []]})
    assert [a for a in menu(s, 0) if a.startswith("plant")] == ["plant 0", "plant 1", "plant 2"]
    act(s, 0, "plant 2")
    assert field_names(s, 0) == [["soy", "soy"], [], ["chili"]]


def test_b19_no_spot_needs_a_harvest_first():
    """B-19 (3): no matching and no empty field: the bean only goes in after a harvest; a
    player never ends with two fields of one variety."""
    s = build(hands={0: ["chili", "chili"]}, fields={0: [["soy", "soy"], ["red", "red"]]})
    act(s, 0, "harvest 1")
    act(s, 0, "plant 1")
    act(s, 0, "plant 1")
    assert field_names(s, 0) == [["soy", "soy"], ["chili", "chili"]]


def test_b20_same_rule_for_trade_area_cards():
    """B-20: a traded card follows B-19 too (phase 3)."""
    s = build(phase="plant-traded", trade={0: ["chili"]}, fields={0: [[], ["chili"]]})
    card = s.trade[0][0]
    refused(s, 0, f"plant-traded {card} 0", "B-19")
    act(s, 0, f"plant-traded {card} 1")
    assert field_names(s, 0) == [[], ["chili", "chili"]]


def test_b20_same_rule_for_offered_and_revealed_duel_cards():
    """B-20: offered (duel step 1) and revealed (duel step 3) cards follow B-19."""
    s = build(2, phase="duel-offered", offer_area=["soy"], fields={0: [[], ["soy"]]})
    refused(s, 0, f"plant-offered {s.offer_area[0]} 0", "B-19")
    s = build(2, phase="duel-revealed", revealed=["red"], fields={0: [["red"], []]})
    refused(s, 0, f"plant-revealed {s.revealed[0]} 1", "B-19")
    act(s, 0, f"plant-revealed {s.revealed[0]} 0")
    assert field_names(s, 0) == [["red", "red"], []]


def test_b21_convenience_planting_equals_harvest_then_plant():
    """B-21: planting over another variety is exactly Harvest(field) then the plant."""
    s = build(hands={0: ["green"]}, fields={0: [["soy", "soy"], ["red"] * 3]})
    other = s.clone()
    act(s, 0, "plant 1")
    act(other, 0, "harvest 1")
    act(other, 0, "plant 1")
    assert s.key() == other.key()
    assert field_names(s, 0) == [["soy", "soy"], ["green"]]
    assert len(s.treasury[0]) == payout(8, 3) == 2


def test_b21_convenience_refused_when_variety_in_a_field_or_protected():
    """B-21: refused if a field holds the variety (B-19) or the harvest is protected (B-24)."""
    s = build(hands={0: ["green"]}, fields={0: [["green"], ["red"] * 3]})
    refused(s, 0, "plant 1", "B-19")
    s = build(hands={0: ["green"]}, fields={0: [["soy"], ["red"] * 3]})
    refused(s, 0, "plant 0", "B-21")


def test_b22_a_bean_can_always_be_planted():
    """B-22: with every field occupied by other varieties, some plant is always legal."""
    for a, b in itertools.product((1, 2, 3), repeat=2):
        s = build(hands={0: ["green"]}, fields={0: [["soy"] * a, ["red"] * b]})
        plants = [x for x in menu(s, 0) if x.startswith("plant")]
        assert plants, (a, b)
        act(s, 0, plants[0])
        assert "green" in [f[0] for f in field_names(s, 0) if f]


def test_b23_harvest_pays_latest_cards_and_discards_the_rest():
    """B-23 / B-EX-1: stink x7 -> coins [s5, s6, s7] (s7 on top), s1…s4 discarded (s4 on top)."""
    s = build(fields={0: [["stink"] * 7, []]}, discard=[])
    planted = s.fields[0][0][:]
    assert payout(4, 7) == 3
    act(s, 0, "harvest 0")
    assert s.treasury[0] == planted[4:]
    assert s.discard[-4:] == planted[:4]
    assert s.fields[0][0] == []
    assert_conserved(s)


def test_b_ex_1_stink_seven():
    """B-EX-1: coins 3, discard pile +4, field empty."""
    s = build(fields={0: [["stink"] * 7, []]}, discard=["blue"])
    act(s, 0, "harvest 0")
    assert (len(s.treasury[0]), len(s.discard), s.fields[0][0]) == (3, 5, [])
    assert names(s, [s.discard[-1]]) == ["stink"]


def test_b23_harvest_of_empty_field_refused_and_field_takes_any_variety():
    """B-23: an empty field cannot be harvested; a harvested field takes any variety."""
    s = build(hands={0: ["wax"]}, fields={0: [["soy", "soy"], []]})
    refused(s, 0, "harvest 1", "B-23")
    act(s, 0, "harvest 0")
    act(s, 0, "plant 0")
    assert field_names(s, 0) == [["wax"], []]


def test_b24_single_bean_protection():
    """B-24: a single bean is protected while another field holds two or more."""
    s = build(hands={0: ["wax"]}, fields={0: [["chili"], ["blue", "blue"]]})
    refused(s, 0, "harvest 0", "B-24")
    assert "harvest 0" not in menu(s, 0)
    act(s, 0, "harvest 1")
    act(s, 0, "harvest 0")
    assert names(s, s.discard[-1:]) == ["chili"]
    assert s.fields[0] == [[], []]


def test_b25_treasury_is_an_ordered_stack_of_cards():
    """B-25: coins are cards; the stack remembers each coin's variety, top = most recent."""
    s = build(fields={0: [["red"] * 2, ["soy"] * 2]})
    last_soy = s.fields[0][1][-1]
    act(s, 0, "harvest 0")
    act(s, 0, "harvest 1")
    assert names(s, s.treasury[0]) == ["red", "soy"]
    assert s.treasury[0][-1] == last_soy


def test_b74_front_card_matches_but_player_sells_first():
    """B-74: Harvest(0) then planting into any empty field is legal; not before the harvest."""
    s = build(hands={0: ["chili"]}, fields={0: [["chili"] * 3, []]})
    refused(s, 0, "plant 1", "B-19")
    act(s, 0, "harvest 0")
    act(s, 0, "plant 1")
    assert field_names(s, 0) == [[], ["chili"]]
    assert len(s.treasury[0]) == 1


def test_b75_b_ex_4_plant_over_red_not_over_soy():
    """B-75 / B-EX-4: [soy x1, red x4], front green, 4 players: plant 0 illegal; plant 1
    harvests red x4 (3 coins, 1 discarded) and plants the green."""
    s = build(4, hands={0: ["green"]}, fields={0: [["soy"], ["red"] * 4]}, discard=[])
    refused(s, 0, "plant 0", "B-21")
    act(s, 0, "plant 1")
    assert field_names(s, 0) == [["soy"], ["green"]]
    assert len(s.treasury[0]) == 3
    assert names(s, s.discard) == ["red"]


def test_b76_both_singles_harvestable_without_a_big_field():
    """B-76: [chili x1, empty, blue x1]: both may be harvested; [chili x1, blue x2, empty]:
    the chili may not."""
    s = build(hands={0: ["wax"]}, fields={0: [["chili"], [], ["blue"]]})
    assert [a for a in menu(s, 0) if a.startswith("harvest")] == ["harvest 0", "harvest 2"]
    s = build(hands={0: ["wax"]}, fields={0: [["chili"], ["blue", "blue"], []]})
    assert [a for a in menu(s, 0) if a.startswith("harvest")] == ["harvest 1"]
    refused(s, 0, "harvest 0", "B-24")


def test_b_ex_2_payouts_of_garden_cocoa_blue():
    """B-EX-2: garden x3 -> 3, x2 -> 2; cocoa x4 -> 4, x1 -> 0 (1 discarded); blue x9 -> 3."""
    cases = [("garden", 3, 3), ("garden", 2, 2), ("cocoa", 4, 4), ("cocoa", 1, 0), ("blue", 9, 3)]
    for variety, count, coins in cases:
        s = build(4, fields={0: [[variety] * count, []]}, discard=[])
        act(s, 0, "harvest 0")
        assert (len(s.treasury[0]), len(s.discard)) == (coins, count - coins), variety


def test_b_ex_3_protection_then_release():
    """B-EX-3: [chili x1, blue x3]: Harvest(0) illegal; Harvest(1) pays 0 (3 discarded);
    then Harvest(0) is legal and pays 0."""
    s = build(fields={0: [["chili"], ["blue"] * 3]}, discard=[])
    refused(s, 0, "harvest 0", "B-24")
    act(s, 0, "harvest 1")
    assert (len(s.treasury[0]), len(s.discard)) == (0, 3)
    act(s, 0, "harvest 0")
    assert (len(s.treasury[0]), len(s.discard)) == (0, 4)


def test_b_ex_5_matching_chili_goes_to_field_0_unless_harvested():
    """B-EX-5: [chili x2, empty], front chili: only PlantFromHand(0); after Harvest(0)
    (0 coins, 2 discarded) the chili may go into field 0 or 1."""
    s = build(hands={0: ["chili"]}, fields={0: [["chili"] * 2, []]}, discard=[])
    assert [a for a in menu(s, 0) if a.startswith("plant")] == ["plant 0"]
    act(s, 0, "harvest 0")
    assert (len(s.treasury[0]), len(s.discard)) == (0, 2)
    assert [a for a in menu(s, 0) if a.startswith("plant")] == ["plant 0", "plant 1"]


def test_b8_payout_reference_values():
    """B-8: garden, cocoa and stink reference values; 0 for a single card; never above 4."""
    garden, cocoa, stink = 9, 10, 4
    assert [payout(garden, n) for n in range(1, 6)] == [0, 2, 3, 3, 3]
    assert [payout(cocoa, n) for n in range(1, 6)] == [0, 2, 3, 4, 4]
    assert [payout(stink, n) for n in range(1, 10)] == [0, 0, 1, 1, 2, 2, 3, 4, 4]
    assert all(payout(v, 1) == 0 and payout(v, 30) <= 4 for v in range(11))
