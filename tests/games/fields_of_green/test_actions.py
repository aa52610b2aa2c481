"""The five actions (F-51 … F-57, F-14, F-97, F-98, F-104 … F-106) and the action forms."""

from __future__ import annotations

from typing import Any

import pytest

from seedbed.engine import InvalidActionError
from seedbed.games.fields_of_green import FieldsOfGreenState
from seedbed.games.fields_of_green import actions as A
from seedbed.games.fields_of_green.config import TOWER

from .builder import GAME, act, build, card_at, design_at, menu, refused, water_at
from .full_cards import FULL


def resolve(**kw: Any) -> FieldsOfGreenState:
    """Seat 0 resolving its revealed card; seat 1 still holds cards, so the action phase
    goes on after the action (nothing later interferes with what a test checks)."""
    spare = "t_herb" if kw.get("cards") is FULL else "fx_grove"
    kw.setdefault("hands", {1: [spare, spare]})
    return build(**kw)


PLOT_FARM = {(0, 0): "water_tower", (1, 0): "silo", (0, 1): "fx_plot"}


def test_f51_build_location_pays_and_places() -> None:
    """F-51: pay coins, food and water, then the card is face up on the cell."""
    s = resolve(farms={0: PLOT_FARM}, revealed={0: "fx_plot"})
    card = s.revealed[0]
    act(s, 0, f"build {card} 0,2 0,0:1")
    assert card_at(s, 0, (0, 2)) == card
    assert s.coins[0] == 13 and water_at(s, 0, (0, 0)) == 2
    assert s.revealed[0] == -1 and card not in s.discard


def test_fex3_placement_and_range() -> None:
    """F-EX-3, F-29, F-32: (0, 2) is in range of T; (2, 1) is not a legal placement."""
    s = resolve(farms={0: PLOT_FARM}, revealed={0: "fx_plot"})
    card = s.revealed[0]
    moves = menu(s, 0)
    assert f"build {card} 0,2 0,0:1" in moves
    refused(s, 0, f"build {card} 2,1 0,0:1", "F-29")


def test_f97_f56_fex3_no_water_no_build() -> None:
    """F-97, F-56, F-EX-3: with T empty the plot cannot be built anywhere; other actions
    remain (Market always)."""
    s = resolve(farms={0: PLOT_FARM}, water={0: {(0, 0): 0}}, revealed={0: "fx_plot"})
    card = s.revealed[0]
    moves = menu(s, 0)
    assert not any(m.startswith("build ") for m in moves)
    assert f"market {card} 0" in moves
    refused(s, 0, f"build {card} 0,2", "F-33")
    refused(s, 0, f"build {card} 0,2 0,0:1", "F-33")


def test_f98_fex4_two_ways_to_pay_two_water() -> None:
    """F-98, F-EX-4, F-33: towers with 1 and 2 water both in range: {T1: 1, T2: 1} or
    {T2: 2}, the player chooses."""
    farm = {(0, 0): "water_tower", (1, 0): "silo", (2, 0): "water_tower"}
    s = resolve(cards=FULL, farms={0: farm}, water={0: {(0, 0): 1, (2, 0): 2}},
              revealed={0: "t_melon"})  # fmt: skip
    card = s.revealed[0]
    builds = [m for m in menu(s, 0) if m.startswith(f"build {card} 1,1")]
    assert builds == [f"build {card} 1,1 0,0:1+2,0:1", f"build {card} 1,1 2,0:2"]
    refused(s, 0, f"build {card} 1,1 0,0:2", "F-33")
    act(s, 0, f"build {card} 1,1 0,0:1+2,0:1")
    assert water_at(s, 0, (0, 0)) == 0 and water_at(s, 0, (2, 0)) == 1


def test_f51_costs_must_be_paid() -> None:
    """F-51, F-35: coin and food costs in full, no borrowing."""
    s = resolve(revealed={0: "fx_hall"}, coins={0: 5}, food={0: 1})
    card = s.revealed[0]
    refused(s, 0, f"build {card} 0,1", "F-51")
    s = resolve(revealed={0: "fx_hall"}, coins={0: 6}, food={0: 0})
    refused(s, 0, f"build {card} 0,1", "F-51")
    s = resolve(revealed={0: "fx_hall"}, coins={0: 6}, food={0: 1})
    act(s, 0, f"build {s.revealed[0]} 0,1")
    assert (s.coins[0], s.food[0]) == (0, 0)


def test_f52_build_water_tower() -> None:
    """F-52: discard the card, pay 2 coins, a tower with 3 water on the cell."""
    s = resolve(revealed={0: "fx_flock"})
    card = s.revealed[0]
    towers = len(s.towers)
    act(s, 0, f"tower {card} -1,0")
    tower = card_at(s, 0, (-1, 0))
    assert s.cfg.cards[tower].kind == TOWER and s.water[tower] == 3
    assert s.coins[0] == 13 and s.discard[-1] == card and len(s.towers) == towers - 1


def test_f52_tower_needs_two_coins() -> None:
    """F-52: a Water Tower costs 2 coins."""
    s = resolve(revealed={0: "fx_flock"}, coins={0: 1})
    assert not any(m.startswith("tower") for m in menu(s, 0))
    refused(s, 0, f"tower {s.revealed[0]} -1,0", "F-52")


def test_f53_build_silo() -> None:
    """F-53, F-34: an empty Silo raises the food capacity by 4."""
    s = resolve(revealed={0: "fx_flock"})
    act(s, 0, f"silo {s.revealed[0]} 2,0")
    assert design_at(s, 0, (2, 0)) == "silo"
    assert s.observe(None)["players"][0]["food_capacity"] == 8 and s.food[0] == 1


def test_f104_empty_tower_and_silo_piles() -> None:
    """F-104: an empty Water Tower pile or Silo pile makes that action illegal."""
    s = resolve(revealed={0: "fx_flock"})
    s.towers, s.silos = [], []
    s.refresh()
    card = s.revealed[0]
    assert not any(m.startswith(("tower", "silo")) for m in menu(s, 0))
    refused(s, 0, f"tower {card} -1,0", "F-104")
    refused(s, 0, f"silo {card} -1,0", "F-104")


def test_f54_fex8_go_to_market() -> None:
    """F-54, F-EX-8: food 1: market 0 gives 2 coins, market 1 gives 4; market 2 is illegal."""
    s = resolve(revealed={0: "fx_flock"}, food={0: 1}, coins={0: 0})
    card = s.revealed[0]
    assert [m for m in menu(s, 0) if m.startswith("market")] == [
        f"market {card} 0",
        f"market {card} 1",
    ]
    refused(s, 0, f"market {card} 2", "F-54")
    refused(s, 0, f"market {card} 3", "F-54")
    act(s, 0, f"market {card} 1")
    assert (s.food[0], s.coins[0], s.discard[-1]) == (0, 4, card)
    s = resolve(revealed={0: "fx_flock"}, food={0: 1}, coins={0: 0})
    act(s, 0, f"market {s.revealed[0]} 0")
    assert (s.food[0], s.coins[0]) == (1, 2)


def test_f55_fex12_f106_restore_location() -> None:
    """F-55, F-EX-12, F-106, F-18: restoring costs the card and 1 coin; the card is face up
    again but its lost Crate stays discarded and no immediate ability resolves."""
    farm = {(0, 0): "water_tower", (1, 0): "silo", (0, 1): "fx_shed"}
    s = resolve(farms={0: farm}, open_areas={0: [(0, 1)]}, revealed={0: "fx_flock"})
    shed = card_at(s, 0, (0, 1))
    s.tile_discard.append(s.tiles.pop())  # a tile it lost earlier
    tiles = len(s.tiles)
    act(s, 0, f"restore {s.revealed[0]} 0,1")
    assert shed not in s.face_down and shed not in s.equip
    assert s.coins[0] == 14 and len(s.tiles) == tiles and not s.stack


def test_f105_restore_illegal_cases() -> None:
    """F-105: no Open Area, no coin, or the prototype rules: Restore is illegal."""
    s = resolve(revealed={0: "fx_flock"})
    refused(s, 0, f"restore {s.revealed[0]} 0,0", "F-55")
    farm = {(0, 0): "water_tower", (1, 0): "silo", (0, 1): "fx_plot"}
    s = resolve(farms={0: farm}, open_areas={0: [(0, 1)]}, revealed={0: "fx_flock"}, coins={0: 0})
    refused(s, 0, f"restore {s.revealed[0]} 0,1", "F-105")


def test_f14_f15_prototype_has_no_restore() -> None:
    """F-14, F-15, F-EX-12: the prototype rules have four actions; Open Areas stay."""
    farm = {(0, 0): "water_tower", (1, 0): "silo", (0, 1): "fx_plot"}
    s = resolve(ruleset="prototype", farms={0: farm}, open_areas={0: [(0, 1)]},
              revealed={0: "fx_flock"})  # fmt: skip
    assert not any(m.startswith("restore") for m in menu(s, 0))
    refused(s, 0, f"restore {s.revealed[0]} 0,1", "F-14")


def test_f51_f57_immediate_ability_after_build() -> None:
    """F-51, F-57: the immediate ability resolves right after the card is built."""
    s = resolve(revealed={0: "fx_pump"}, water={0: {(0, 0): 0}})
    act(s, 0, f"build {s.revealed[0]} 0,1")
    assert water_at(s, 0, (0, 0)) == 3


def test_f57_optional_immediate_cost() -> None:
    """F-57: an immediate ability with a cost is optional: PayOptional or SkipOptional."""
    s = resolve(cards=FULL, revealed={0: "t_well"}, water={0: {(0, 0): 0}})
    act(s, 0, f"build {s.revealed[0]} 0,1")
    assert menu(s, 0) == ["pay", "skip"]
    act(s, 0, "pay")
    assert water_at(s, 0, (0, 0)) == 3 and s.coins[0] == 15 - 3 - 1
    s = resolve(cards=FULL, revealed={0: "t_well"}, water={0: {(0, 0): 0}})
    act(s, 0, f"build {s.revealed[0]} 0,1")
    act(s, 0, "skip")
    assert water_at(s, 0, (0, 0)) == 0 and s.coins[0] == 12


def test_f57_optional_cost_unaffordable_is_skipped() -> None:
    """F-57, F-7: with no coin left the only choice, skipping, is made automatically."""
    s = resolve(cards=FULL, revealed={0: "t_well"}, coins={0: 3})
    act(s, 0, f"build {s.revealed[0]} 0,1")
    assert not s.stack and s.coins[0] == 0


SAMPLES = [
    "water 0,0:1+2,1:1", "water -", "split 3 2 1 0", "commit 17", "build 17 0,1",
    "build 17 -1,2 0,0:1+2,0:1", "tower 3 2,0", "silo 3 2,0", "market 4 2", "restore 4 0,1",
    "attach 5", "skip-attach", "keep 7", "place 0,-1", "set-aside", "choose 1", "pay",
    "pay 0,0:2", "skip", "pay-harvest 17", "pay-harvest 17/5 0,0:1", "decline 17",
    "decline 17/5", "end-harvest", "pay-end 40/3", "pay-end 40 1,1:1", "end-scoring",
]  # fmt: skip


@pytest.mark.parametrize("text", SAMPLES)
def test_f7_action_forms_round_trip(text: str) -> None:
    """F-7: every action has a JSON form and a compact text form that round-trip."""
    a = GAME.parse_action(text)
    assert str(a) == text.replace("water -", "water -")
    assert GAME.action_from_json(a.to_json()) == a
    assert GAME.parse_action(str(a)) == a


@pytest.mark.parametrize(
    "bad", ["", "fly 1", "build x 0,1", "build 1 0", "split 1 2 3", "market 1", "pay 0,0"]
)
def test_f7_malformed_actions(bad: str) -> None:
    """F-7: malformed text is InvalidActionError (not a rules refusal)."""
    with pytest.raises(InvalidActionError):
        GAME.parse_action(bad)


def test_f7_malformed_json() -> None:
    """F-7: malformed JSON actions are InvalidActionError."""
    for bad in [7, {}, {"type": "build", "card": 1}, {"type": "pay", "water": [1]},
                {"type": "commit", "card": "x"}, {"type": "fly"}]:  # fmt: skip
        with pytest.raises(InvalidActionError):
            GAME.action_from_json(bad)
    assert GAME.action_from_json({"type": "market", "card": 2, "food": 1}) == A.GoToMarket(2, 1)


def test_f23_towers_and_silos() -> None:
    """F-23: Water Towers and Silos have no type; a tower costs 2 coins, a Silo 0; both are
    worth 0 printed VP."""
    s = resolve(revealed={0: "fx_flock"}, coins={0: 2})
    act(s, 0, f"silo {s.revealed[0]} 2,0")
    assert s.coins[0] == 2
    silo, tower = card_at(s, 0, (2, 0)), card_at(s, 0, (0, 0))
    for card in (silo, tower):
        assert s.cfg.cards[card].vp == 0 and s.cfg.cards[card].kind >= 4
    assert s.score_parts(0)[0] == 0
