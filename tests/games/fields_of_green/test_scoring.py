"""The end of the game: final choices, score, ties and ranks (F-72 … F-76, F-21,
F-EX-16 … F-EX-18)."""

from __future__ import annotations

from typing import Any

from seedbed.games.fields_of_green import FieldsOfGreenState

from .builder import act, build, card_at, menu
from .full_cards import FULL

BASE = {(0, 0): "water_tower", (1, 0): "silo"}


def _row(*designs: str) -> dict[tuple[int, int], str]:
    """Cards in a row from (0, 0) to the right."""
    return {(x, 0): d for x, d in enumerate(designs)}


def test_fex16_f73_the_seven_parts() -> None:
    """F-EX-16, F-73: printed 23 + 4 tokens, tiles 5, 1 set aside, 22 coins, 7 food, 3 empty
    towers, location abilities 15: 27 + 5 + 1 + 7 + 3 + 3 + 15 = 61."""
    farm = _row(
        "water_tower", "silo", "water_tower", "water_tower", "silo",
        "t_hall", "t_hall", "t_hall",  # 2 VP each; game end: 5 fields -> 5 VP each
        "t_herb", "t_herb", "t_herb", "t_vine", "t_vine",  # 5 fields, 1 VP each
        "t_palace", "t_palace", "t_fence", "t_loner",  # 5 + 5 + 2 + 0
    )  # fmt: skip
    eq = {(13, 0): ["t_crate"], (14, 0): ["t_crate"], (16, 0): ["t_ribbon"]}
    water = {(0, 0): 0, (2, 0): 0, (3, 0): 0}
    s = build(phase="final", year=4, cards=FULL, farms={0: farm}, equipment={0: eq},
              water={0: water}, aside={0: ["t_purse"]}, coins={0: 22}, food={0: 7},
              vp={0: 4})  # fmt: skip
    assert s.is_terminal()
    assert s.score_parts(0) == [27, 5, 1, 7, 3, 3, 15]
    assert s.outcome().scores[0] == 61


def _generator_state(coins: int = 22) -> FieldsOfGreenState:
    farm = {**BASE, (0, 1): "fx_hall", (0, 2): "fx_plot", (0, 3): "fx_plot",
            (0, 4): "fx_plot", (0, 5): "fx_grove"}  # fmt: skip
    eq = {0: {(0, 1): ["fx_generator"]}}
    return build(phase="final", year=4, farms={0: farm}, equipment=eq, coins={0: coins},
                 food={0: 0})  # fmt: skip


def test_fex17_f72_pay_game_end_cost() -> None:
    """F-EX-17, F-72: Hall with a Generator, 4 fields, 22 coins: without paying Hall 4 and
    coins 7; paying 3 coins: Hall 4 + 4 and coins 6: net +3 VP."""
    s = _generator_state()
    hall = card_at(s, 0, (0, 1))
    gen = s.equip[hall][0]
    assert s.to_move() == (0,)
    assert menu(s, 0) == [f"pay-end {hall}/{gen}", "end-scoring"]
    skip = s.clone()
    act(skip, 0, "end-scoring")
    assert skip.is_terminal()
    parts = skip.score_parts(0)
    assert (parts[1], parts[3], parts[6]) == (0, 7, 4)
    act(s, 0, f"pay-end {hall}/{gen}")
    assert s.is_terminal()  # nothing else to choose: the choices ended by themselves
    parts = s.score_parts(0)
    assert (parts[1], parts[3], parts[6]) == (4, 6, 4)
    assert s.outcome().scores[0] == skip.outcome().scores[0] + 3


def test_f72_unaffordable_cost_needs_no_decision() -> None:
    """F-72, F-7: a player who cannot pay any optional cost is done without a decision."""
    assert _generator_state(coins=2).is_terminal()


def test_f72_final_choices_in_turn_order() -> None:
    """F-72, F-6: players with optional costs choose in turn order from the marker."""
    farm = {**BASE, (0, 1): "fx_hall"}
    eq = {(0, 1): ["fx_generator"]}
    s = build(phase="final", year=4, first=2, farms={0: farm, 2: farm},
              equipment={0: eq, 2: eq})  # fmt: skip
    assert s.to_move() == (2,)
    act(s, 2, "end-scoring")
    assert s.to_move() == (0,)


def _tied(ruleset: str, coins: tuple[int, int], food: tuple[int, int],
          open_a: bool) -> FieldsOfGreenState:  # fmt: skip
    a = {**BASE, (0, 1): "fx_loner", (0, 2): "fx_loner", (0, 3): "fx_burrow", (0, 4): "fx_burrow"}
    b = {**BASE, (0, 1): "fx_loner", (0, 2): "fx_burrow", (0, 3): "fx_pump", (0, 4): "fx_pump"}
    opens = {0: [(0, 3), (0, 4)]} if open_a else {}
    return build(2, phase="final", year=4, ruleset=ruleset, farms={0: a, 1: b},
                 open_areas=opens, coins=dict(enumerate(coins)),
                 food=dict(enumerate(food)))  # fmt: skip


def test_f75_fex18_most_locations_wins_a_tie() -> None:
    """F-75, F-EX-18, F-30: equal VP: the player with more face-up cards wins; Open Areas do
    not count."""
    s = _tied("published", (15, 15), (0, 0), open_a=True)
    out = s.outcome()
    assert out.scores[0] == out.scores[1]
    assert out.winners == (1,) and out.ranks == (2, 1) and out.tiebreak == (4, 6)


def test_f75_fex18_then_most_coins() -> None:
    """F-75, F-EX-18: equal VP and locations: 20 coins beat 17."""
    s = _tied("published", (20, 17), (0, 2), open_a=False)
    out = s.outcome()
    assert out.scores == (6, 6)
    assert out.winners == (0,)


def test_f21_f75_fex18_prototype_shares_the_victory() -> None:
    """F-21, F-75, F-EX-18: prototype: tied players share the victory."""
    s = _tied("prototype", (15, 15), (0, 0), open_a=True)
    assert s.outcome().winners == (0, 1) and s.outcome().ranks == (1, 1)


def test_f74_f76_ranks_share_on_equal_keys() -> None:
    """F-74, F-76: the most VP wins; players equal on every key share a rank (1, 1, 3)."""
    kw: dict[str, Any] = {"phase": "final", "year": 4}
    s = build(3, coins={0: 30, 1: 30, 2: 3}, **kw)
    out = s.outcome()
    assert out.ranks == (1, 1, 3) and out.winners == (0, 1)
    assert out.scores[0] > out.scores[2]
