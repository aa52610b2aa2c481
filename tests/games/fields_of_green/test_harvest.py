"""The harvest phase (F-58 … F-63, F-12, F-34, F-102, F-107 … F-109, F-114)."""

from __future__ import annotations

from typing import Any

from seedbed.games.fields_of_green import FieldsOfGreenState

from .builder import act, build, card_at, menu, refused, water_at
from .full_cards import FULL

BASE = {(0, 0): "water_tower", (1, 0): "silo"}


def harvesting(farm: dict[tuple[int, int], str], **kw: Any) -> FieldsOfGreenState:
    """Seat 0 harvesting ``farm`` (plus the base); seat 1 still has a Plot to harvest, so the
    phase waits after seat 0 (nothing else moves the numbers a test checks)."""
    spare = "t_plot" if kw.get("cards") is FULL else "fx_plot"
    farms = {0: {**BASE, **farm}, 1: {**BASE, (0, 1): spare}}
    return build(phase="harvest", farms=farms, **kw)


def test_f58_turn_order_and_skipping() -> None:
    """F-58: players harvest one at a time in turn order; nothing to harvest: skipped."""
    s = build(phase="harvest", first=1, farms={0: {**BASE, (0, 1): "fx_plot"}})
    assert s.to_move() == (0,)  # seat 1 and seat 2 have nothing to harvest
    s = build(phase="harvest", first=1, farms={0: {**BASE, (0, 1): "fx_plot"},
                                                2: {**BASE, (0, 1): "fx_plot"}})  # fmt: skip
    assert s.to_move() == (2,)
    act(s, 2, f"pay-harvest {card_at(s, 2, (0, 1))} 0,0:1")
    assert s.to_move() == (0,)


def test_f59_f60_items_and_payment() -> None:
    """F-59, F-60: items are the harvest cards; paying takes the cost and applies effects."""
    s = harvesting({(0, 1): "fx_plot", (2, 0): "fx_pump"}, food={0: 0})
    plot = card_at(s, 0, (0, 1))
    assert menu(s, 0) == [f"pay-harvest {plot} 0,0:1", f"decline {plot}", "end-harvest"]
    act(s, 0, f"pay-harvest {plot} 0,0:1")
    assert s.food[0] == 2 and water_at(s, 0, (0, 0)) == 2
    assert s.to_move() == (1,)  # every item paid: seat 0's harvest ended by itself


def test_f12_f32_harvest_water_within_range() -> None:
    """F-12, F-32: harvest water comes from towers with the card in range (2, plus bonuses)."""
    far = {(2, 0): "silo", (3, 0): "silo", (3, 1): "fx_plot"}
    s = harvesting(far)
    plot = card_at(s, 0, (3, 1))
    assert menu(s, 0) == [f"decline {plot}", "end-harvest"]
    refused(s, 0, f"pay-harvest {plot} 0,0:1", "F-32")
    s = harvesting(
        far, equipment={0: {(0, 0): ["fx_extender", "fx_extender"]}}, ruleset="prototype"
    )
    assert menu(s, 0)[0] == f"pay-harvest {plot} 0,0:1"


def test_fex5_f102_order_of_payment_matters() -> None:
    """F-EX-5, F-102, F-34: food 3 of 4. Plot then Flock: 2 food; Flock then Plot: 3."""
    farm = {(0, 1): "fx_plot", (-1, 0): "fx_flock"}
    s = harvesting(farm, food={0: 3}, coins={0: 0})
    plot, flock = card_at(s, 0, (0, 1)), card_at(s, 0, (-1, 0))
    act(s, 0, f"pay-harvest {plot} 0,0:1")
    assert s.food[0] == 4  # 5 -> 4, one lost
    act(s, 0, f"pay-harvest {flock}")
    assert (s.food[0], s.coins[0]) == (2, 5)
    s = harvesting(farm, food={0: 3}, coins={0: 0})
    act(s, 0, f"pay-harvest {flock}")
    act(s, 0, f"pay-harvest {plot} 0,0:1")
    assert (s.food[0], s.coins[0]) == (3, 5)


def test_fex6_f114_declining_changes_amounts() -> None:
    """F-EX-6, F-114, F-30: a Loner next to a Flock gives 2; once the Flock is declined (an
    Open Area has no type) it gives 4."""
    farm = {(0, 1): "fx_loner", (0, 2): "fx_flock"}
    s = harvesting(farm, food={0: 1}, coins={0: 0})
    loner, flock = card_at(s, 0, (0, 1)), card_at(s, 0, (0, 2))
    act(s, 0, f"pay-harvest {loner}")
    assert s.coins[0] == 2
    s = harvesting(farm, food={0: 1}, coins={0: 0})
    act(s, 0, f"decline {flock}")
    assert flock in s.face_down
    act(s, 0, f"pay-harvest {loner}")
    assert s.coins[0] == 4


def test_fex7_f60_amounts_read_when_paid() -> None:
    """F-EX-7, F-60: three Burrows and food 4: paying one costs 3, then the others must be
    declined; declining one first makes each of the other two cost 2."""
    farm = {(0, 1): "fx_burrow", (0, 2): "fx_burrow", (-1, 0): "fx_burrow"}
    s = harvesting(farm, food={0: 4}, coins={0: 0})
    b = [card_at(s, 0, c) for c in ((-1, 0), (0, 1), (0, 2))]
    act(s, 0, f"pay-harvest {b[0]}")
    assert s.food[0] == 1
    assert menu(s, 0) == [f"decline {b[1]}", f"decline {b[2]}", "end-harvest"]
    act(s, 0, "end-harvest")
    assert (s.coins[0], b[1] in s.face_down, b[2] in s.face_down) == (3, True, True)
    s = harvesting(farm, food={0: 4}, coins={0: 0})
    act(s, 0, f"decline {b[0]}")
    act(s, 0, f"pay-harvest {b[1]}")
    act(s, 0, f"pay-harvest {b[2]}")
    assert (s.food[0], s.coins[0], len(s.face_down)) == (0, 6, 1)


def test_f61_f68_decline_turns_face_down_and_discards_tiles() -> None:
    """F-61, F-68, F-18: a declined card becomes an Open Area at once; its tiles go to the
    equipment discard for good."""
    s = harvesting({(0, 1): "fx_flock"}, equipment={0: {(0, 1): ["fx_trough", "fx_crate"]}})
    flock = card_at(s, 0, (0, 1))
    tiles = s.equip[flock]
    act(s, 0, f"decline {flock}")
    assert flock in s.face_down and flock not in s.equip
    assert s.tile_discard[-2:] == tiles


def test_f62_end_harvest() -> None:
    """F-62: unpaid cards become Open Areas, unused tile items lapse, the next player goes."""
    farm = {(0, 1): "t_plot", (0, 2): "t_carrot"}
    s = harvesting(farm, cards=FULL, equipment={0: {(0, 1): ["t_sprinkler"]}})
    plot, carrot = card_at(s, 0, (0, 1)), card_at(s, 0, (0, 2))
    tile = s.equip[plot][0]
    assert f"pay-harvest {plot}/{tile} 0,0:1" in menu(s, 0)
    act(s, 0, f"pay-harvest {carrot}")
    act(s, 0, "end-harvest")
    assert plot in s.face_down and carrot not in s.face_down
    assert s.to_move() == (1,)


def test_f108_zero_cost_may_be_declined() -> None:
    """F-108: a free harvest ability can still be declined; the card becomes an Open Area."""
    s = harvesting({(0, 1): "t_carrot"}, cards=FULL)
    carrot = card_at(s, 0, (0, 1))
    assert menu(s, 0) == [f"pay-harvest {carrot}", f"decline {carrot}", "end-harvest"]
    act(s, 0, f"decline {carrot}")
    assert carrot in s.face_down


def test_f107_year4_card_must_be_paid_or_loses_vp() -> None:
    """F-107, F-30: a harvest card built in year 4 is harvested in year 4; declined, its
    printed VP is lost."""
    s = harvesting({(0, 1): "fx_plot"}, year=4)
    before = s.score_parts(0)[0]
    act(s, 0, f"decline {card_at(s, 0, (0, 1))}")
    assert s.score_parts(0)[0] == before - 1


def test_f109_tile_gained_during_harvest_is_usable() -> None:
    """F-109, F-59: a harvest tile gained during the harvest joins the items at once."""
    farm = {(0, 1): "t_sheep", (-1, 0): "t_herb"}
    s = harvesting(farm, cards=FULL, food={0: 2}, tiles=["t_sprinkler"])
    sheep, herb = card_at(s, 0, (0, 1)), card_at(s, 0, (-1, 0))
    act(s, 0, f"pay-harvest {sheep}")
    assert menu(s, 0) == ["place -1,0", "set-aside"]  # one tile drawn: kept by itself
    act(s, 0, "place -1,0")
    tile = s.equip[herb][0]
    assert menu(s, 0)[0] == f"pay-harvest {herb}/{tile} 0,0:1"
    act(s, 0, f"pay-harvest {herb}/{tile} 0,0:1")
    assert s.food[0] == 1 and s.to_move() == (1,)


def test_f63_marker_passes_and_year_four_ends() -> None:
    """F-63, F-72: after the last harvest the marker passes left; after year 4 come the final
    choices, or the end when nobody has one."""
    s = build(phase="harvest", year=2, first=1)
    assert s.first == 2 and s.year == 3
    s = build(phase="harvest", year=4, first=0)
    assert s.first == 1 and s.is_terminal()


def test_f34_food_capacity_single_total() -> None:
    """F-34: one food total, capacity 4 per Silo; gains beyond it are lost at once."""
    s = harvesting({(0, 1): "fx_plot", (2, 0): "silo"}, food={0: 7})
    assert s.observe(None)["players"][0]["food_capacity"] == 8
    act(s, 0, f"pay-harvest {card_at(s, 0, (0, 1))} 0,0:1")
    assert s.food[0] == 8
