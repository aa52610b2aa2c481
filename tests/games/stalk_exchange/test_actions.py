"""The action phase: Plant, Swap, Flush, EndActions, basic and extra actions, the menu
(S-6, S-21 … S-28, S-49 … S-52, S-EX-9 … S-EX-11, S-EX-14)."""

from __future__ import annotations

from typing import Any

import pytest

from seedbed.engine import IllegalActionError, InvalidActionError, NotOnMoveError
from seedbed.games.stalk_exchange.actions import EndActions, Flush, Plant, Swap

from .builder import (
    GAME,
    SPEC_OPTIONS,
    act,
    assert_conserved,
    build,
    counts,
    events_of,
    exchange_of,
    garden_of,
    menu,
    refused,
)

SMALL = {**SPEC_OPTIONS, "garden_radius": 1, "exchange_slots": 3}  # 7 spaces, 3 slots
FULL_R1 = {
    (0, -1): "D",
    (1, -1): "D",
    (-1, 0): "D",
    (0, 0): "D",
    (1, 0): "D",
    (-1, 1): "D",
    (0, 1): "D",
}


def full_garden(radius: int = 3) -> dict[Any, Any]:
    """Every space holding a bulb, types cycling so no type runs out of tokens."""
    from seedbed.games.stalk_exchange.hexgrid import hex_board

    letters = ("D", "Da", "G", "S")
    return {sp: letters[i % 4] for i, sp in enumerate(hex_board(radius).spaces)}


# ------------------------------------------------------------------ S-21, S-22, S-23


def test_s21_turn_is_action_phase_then_upkeep_then_next_seat() -> None:
    """S-21: the active player's actions, then the automatic upkeep (no decision in it), then
    the next seat clockwise."""
    s = build(3, options=SPEC_OPTIONS, exchange=["D"] * 6, greenhouse={"G": 10})
    act(s, 0, "plant 0 0,0")
    act(s, 0, "plant 1 2,-1")
    assert s.to_move() == (0,) and menu(s, 0)[-1] == "end"
    events = act(s, 0, "end")
    kinds = [e.kind for e in events]
    assert kinds == ["end_actions", "bloom", "exchange", "turn"]
    assert s.to_move() == (1,) and s.active == 1 and s.basic_taken == 0 and s.turns == 1
    assert garden_of(s) == {(0, 0): ("D", "bloom"), (2, -1): ("D", "bloom")}


def test_s22_s23_basic_actions_then_extras_for_tokens() -> None:
    """S-22 / S-23: the first ``basic_actions`` Plants/Swaps are basic; each further one is
    extra and spends a token; extras are allowed as long as tokens last, then refused."""
    s = build(
        3, options=SPEC_OPTIONS, exchange=["D"] * 6, seedy=[2, 4, 4], portfolios=[{"T": 1}, {}, {}]
    )
    events = act(s, 0, "plant 0 0,0")
    assert events_of(events, "plant")[0]["extra"] is False
    assert (s.basic_taken, s.seedy[0], s.spent[0]) == (1, 2, 0)
    act(s, 0, "plant 1 1,0")
    assert (s.basic_taken, s.seedy[0], s.spent[0]) == (2, 2, 0)
    events = act(s, 0, "plant 2 2,0")
    assert events_of(events, "plant")[0]["extra"] is True
    assert (s.basic_taken, s.seedy[0], s.spent[0]) == (2, 1, 1)
    act(s, 0, "plant 3 3,0")
    assert (s.seedy[0], s.spent[0]) == (0, 2)
    assert menu(s, 0) == ["end"]
    refused(s, 0, "plant 4 -1,0", "S-23")
    refused(s, 0, "swap 4 tulip", "S-23")
    assert s.seedy == [0, 4, 4]


def test_s23_basic_actions_option_and_no_spending_while_basic_remain() -> None:
    """S-23: with ``basic_actions`` = 3 the first three actions are basic (no token spent:
    the engine never offers spending one while a basic action remains)."""
    s = build(
        3,
        options={**SPEC_OPTIONS, "basic_actions": 3},
        exchange=["D"] * 6,
        portfolios=[{"T": 3}, {}, {}],
    )
    act(s, 0, "plant 0 0,0")
    act(s, 0, "swap 1 tulip")
    refused(s, 0, "end", "S-27")
    act(s, 0, "plant 2 1,0")
    assert s.basic_taken == 3 and s.seedy[0] == 4 and s.spent[0] == 0
    assert "end" in menu(s, 0)


def test_s22_s26_flush_at_any_point_even_first() -> None:
    """S-22 / S-26: an extra action (here a Flush) may come at any point, before any basic
    action; it does not count as a basic action."""
    s = build(3, options=SPEC_OPTIONS, exchange=["D"] * 6, greenhouse={"S": 10})
    act(s, 0, "flush")
    assert s.basic_taken == 0 and s.seedy[0] == 3
    act(s, 0, "plant 0 0,0")
    act(s, 0, "flush")
    assert s.basic_taken == 1 and s.seedy[0] == 2 and s.spent[0] == 2


def test_s6_s_ex_9_plant_swap_extra_plant_flush_end() -> None:
    """S-EX-9 / S-6 (1): 2 unspent tokens: Plant, Swap (both basic), Plant (extra: 1 left),
    Flush (0 left), EndActions. Afterwards unspent 0, spent 2. Extra Plant and Extra Swap
    each cost one token."""
    s = build(
        3,
        options=SPEC_OPTIONS,
        exchange=["D", "Da", "G", "S", "T", "T"],
        portfolios=[{"S": 2}, {}, {}],
        seedy=[2, 4, 4],
        greenhouse={"G": 20},
    )
    act(s, 0, "plant 0 0,0")
    act(s, 0, "swap 1 snowdrop")
    assert (s.basic_taken, s.seedy[0]) == (2, 2)
    act(s, 0, "plant 2 1,0")
    assert (s.seedy[0], s.spent[0]) == (1, 1)
    act(s, 0, "flush")
    assert (s.seedy[0], s.spent[0]) == (0, 2)
    assert menu(s, 0) == ["end"]
    act(s, 0, "end")
    assert (s.seedy[0], s.spent[0]) == (0, 2)
    assert s.active == 1
    # an Extra Swap costs one token too
    t = build(
        3,
        options=SPEC_OPTIONS,
        exchange=["T"] * 6,
        portfolios=[{"D": 3}, {}, {}],
        basic_taken=2,
        seedy=[1, 4, 4],
    )
    events = act(t, 0, "swap 0 dahlia")
    assert events_of(events, "swap")[0]["extra"] is True
    assert (t.seedy[0], t.spent[0]) == (0, 1)


# ------------------------------------------------------------------ S-24 Plant


def test_s24_plant_moves_token_bulb_up_and_slot_stays_empty() -> None:
    """S-24: the slot's token goes to the empty space bulb side up; the slot is not
    refilled after a Plant."""
    s = build(3, options=SPEC_OPTIONS, exchange=["D", "Da", "G", "S", "T", "T"])
    bag = s.greenhouse[:]
    events = act(s, 0, "plant 4 -1,2")
    assert garden_of(s) == {(-1, 2): "T"}
    assert exchange_of(s) == ["D", "Da", "G", "S", None, "T"]
    assert s.greenhouse == bag
    assert (-1, 2) not in [s.board.spaces[i] for i in s.empty] and len(s.empty) == 36
    assert events_of(events, "plant") == [
        {"player": 0, "slot": 4, "space": [-1, 2], "flower": "tulip", "extra": False}
    ]
    assert_conserved(s)


def test_s24_plant_preconditions_refused_without_change() -> None:
    """S-24 (and S-11, S-14): an empty slot, an occupied space, a space off the board or a
    slot that does not exist are refused, naming the clause, changing nothing."""
    s = build(
        3, options=SPEC_OPTIONS, exchange=["D", None, "G", "S", "T", "T"], garden={(0, 0): "T"}
    )
    refused(s, 0, "plant 1 1,0", "S-24")
    refused(s, 0, "plant 0 0,0", "S-24")
    refused(s, 0, "plant 0 4,0", "S-11")
    refused(s, 0, "plant 0 2,2", "S-11")
    refused(s, 0, "plant 9 1,0", "S-14")


# ------------------------------------------------------------------ S-25 Swap


def test_s25_s_ex_11_swap() -> None:
    """S-EX-11 / S-25: slot 2 holds Da; the portfolio holds Da 5, T 5. Swap(2, T): portfolio
    Da 6, T 4, slot 2 holds T. Swap(2, Da) on the original state is illegal."""
    s = build(
        3,
        options=SPEC_OPTIONS,
        exchange=["D", "D", "Da", "D", "D", "D"],
        portfolios=[{"Da": 5, "T": 5}, {}, {}],
    )
    original = s.clone()
    events = act(s, 0, "swap 2 tulip")
    assert counts(s.portfolios[0]) == {"Da": 6, "T": 4}
    assert exchange_of(s) == ["D", "D", "T", "D", "D", "D"]
    assert s.basic_taken == 1
    assert events_of(events, "swap") == [
        {"player": 0, "slot": 2, "took": "daffodil", "gave": "tulip", "extra": False}
    ]
    assert_conserved(s)
    error = refused(original, 0, "swap 2 daffodil", "S-25")
    assert "change type" in str(error)


def test_s25_swap_preconditions() -> None:
    """S-25: the slot must hold a token, the portfolio must hold the given type, the type must
    exist (S-7)."""
    s = build(
        3,
        options=SPEC_OPTIONS,
        exchange=[None, "D", "D", "D", "D", "D"],
        portfolios=[{"T": 1}, {}, {}],
    )
    refused(s, 0, "swap 0 tulip", "S-25")
    refused(s, 0, "swap 1 snowdrop", "S-25")
    refused(s, 0, Swap(1, 5), "S-7")
    refused(s, 0, Swap(1, -1), "S-7")


def test_s51_tulip_slot_with_only_tulips_cannot_swap() -> None:
    """S-51: a slot holding a tulip with a portfolio of only tulips offers no Swap there;
    swapping a tulip for a tulip is never legal."""
    s = build(
        3,
        options=SPEC_OPTIONS,
        exchange=["T", "D", None, None, None, None],
        portfolios=[{"T": 11}, {}, {}],
        garden=full_garden(),
    )
    assert menu(s, 0) == ["swap 1 tulip", "flush"]
    refused(s, 0, "swap 0 tulip", "S-25")


# ------------------------------------------------------------------ S-26 Flush


def test_s26_flush_composts_all_and_refills_right_to_left() -> None:
    """S-26 / S-37: spend a token; every Exchange token goes to the Compost; then every slot
    is refilled from the Greenhouse, from slot 5 down."""
    s = build(
        3,
        options=SPEC_OPTIONS,
        exchange=["D", None, "G", "S", "T", "T"],
        greenhouse={"Da": 6},
        compost={},
        values={"D": 2},
    )
    events = act(s, 0, "flush")
    assert exchange_of(s) == ["Da"] * 6
    assert counts(s.compost) == {"D": 1, "G": 1, "S": 1, "T": 2}
    assert (s.seedy[0], s.spent[0], s.basic_taken) == (3, 1, 0)
    assert s.greenhouse_size == 0 and s.crash == 0
    assert events_of(events, "flush") == [
        {
            "player": 0,
            "composted": ["dahlia", "globemaster", "snowdrop", "tulip", "tulip"],
            "drawn": [
                [5, "daffodil"],
                [4, "daffodil"],
                [3, "daffodil"],
                [2, "daffodil"],
                [1, "daffodil"],
                [0, "daffodil"],
            ],
        }
    ]


def test_s26_flush_legal_with_empty_exchange_and_after_basic_actions() -> None:
    """S-26: Flush is legal whether or not basic actions remain and even when the Exchange is
    empty; it is illegal without an unspent token."""
    s = build(3, options=SPEC_OPTIONS, basic_taken=2, greenhouse={"T": 8})
    assert menu(s, 0) == ["flush", "end"]
    act(s, 0, "flush")
    assert exchange_of(s) == ["T"] * 6 and s.compost == [25, 25, 25, 25, 17]
    s = build(3, options=SPEC_OPTIONS, exchange=["D"] * 6, seedy=[0, 4, 4])
    refused(s, 0, "flush", "S-26")
    assert "flush" not in menu(s, 0)


def test_s60_s_ex_14_flush_runs_the_greenhouse_dry() -> None:
    """S-EX-14 / S-60: the Greenhouse holds 4 tokens; one basic action taken, 1 token. Flush:
    the 6 tokens go to the Compost; slots 5, 4, 3, 2 are refilled, 1 and 0 stay empty; trigger
    2. The player continues: Plant from slot 3, then EndActions. Upkeep runs in full: slot 5
    is composted, slots 4 and 2 slide to 5 and 4, nothing is drawn. The game then ends."""
    s = build(
        3,
        options=SPEC_OPTIONS,
        exchange=["D", "Da", "D", "S", "D", "T"],
        greenhouse={"G": 4},
        basic_taken=1,
        seedy=[1, 4, 4],
        garden={(2, 0): "S"},
        planted=[(2, 0)],
    )
    compost_before = s.compost[:]
    events = act(s, 0, "flush")
    assert exchange_of(s) == [None, None, "G", "G", "G", "G"]
    assert [c - b for c, b in zip(s.compost, compost_before, strict=True)] == [3, 1, 0, 1, 1]
    assert s.greenhouse_size == 0 and s.crash == 2
    assert events_of(events, "crash") == [{"trigger": 2, "during": "flush"}]
    assert not s.is_terminal() and s.to_move() == (0,)
    assert "end" not in menu(s, 0)
    act(s, 0, "plant 3 0,0")
    assert s.basic_taken == 2
    events = act(s, 0, "end")
    assert exchange_of(s) == [None, None, None, None, "G", "G"]
    assert [c - b for c, b in zip(s.compost, compost_before, strict=True)] == [3, 1, 1, 1, 1]
    assert garden_of(s) == {(0, 0): ("G", "bloom"), (2, 0): ("S", "bloom")}
    assert events_of(events, "exchange") == [{"composted": "globemaster", "drawn": []}]
    assert events_of(events, "crash") == []  # trigger 2 was already recorded
    assert [e.kind for e in events][-1] == "game_over"
    assert s.is_terminal() and s.turns == 1 and s.to_move() == ()
    assert_conserved(s)


# ------------------------------------------------------------------ S-27 EndActions


def test_s27_end_actions_illegal_while_a_basic_action_is_possible() -> None:
    """S-27: EndActions is legal once all basic actions are taken, illegal while one remains
    and a Plant or Swap is possible."""
    s = build(3, options=SPEC_OPTIONS, exchange=["D"] * 6)
    refused(s, 0, "end", "S-27")
    act(s, 0, "plant 0 0,0")
    error = refused(s, 0, EndActions(), "S-27")
    assert "1 basic action" in str(error)
    act(s, 0, "plant 1 1,0")
    assert s.is_legal(0, EndActions())


def test_s27_missing_basic_actions_forfeited_and_flush_not_obliged() -> None:
    """S-27: when no Plant and no Swap is possible, EndActions is legal and the missing basic
    actions are forfeited; a player able to flush is not obliged to."""
    s = build(3, options=SPEC_OPTIONS, seedy=[3, 4, 4])  # empty Exchange
    assert menu(s, 0) == ["flush", "end"]
    events = act(s, 0, "end")
    assert events_of(events, "end_actions") == [{"player": 0, "forfeited": 2}]
    assert s.active == 1 and s.seedy[0] == 3


def test_s49_full_garden_must_swap_if_possible() -> None:
    """S-49: no empty Garden space: no Plant; the player must swap when a swap is possible,
    otherwise EndActions is legal and the basic actions are forfeited."""
    s = build(
        3,
        options=SPEC_OPTIONS,
        exchange=["D", "T", None, None, None, None],
        portfolios=[{"T": 2, "G": 1}, {}, {}],
        garden=full_garden(),
    )
    assert menu(s, 0) == [
        "swap 0 globemaster",
        "swap 0 tulip",
        "swap 1 globemaster",
        "flush",
    ]
    refused(s, 0, "plant 0 0,0", "S-24")
    refused(s, 0, "end", "S-27")
    act(s, 0, "swap 1 globemaster")
    act(s, 0, "swap 0 tulip")
    assert "end" in menu(s, 0)
    t = build(
        3,
        options=SPEC_OPTIONS,
        exchange=["D", None, None, None, None, None],
        portfolios=[{"D": 11}, {}, {}],
        garden=full_garden(),
    )
    assert menu(t, 0) == ["flush", "end"]
    events = act(t, 0, "end")
    assert events_of(events, "end_actions")[0]["forfeited"] == 2


def test_s50_every_slot_empty() -> None:
    """S-50: every slot empty (after extra plants): no Plant or Swap; Flush if a token
    remains, else only EndActions."""
    s = build(
        3,
        options=SMALL,
        exchange=["D", "D", "D"],
        seedy=[1, 4, 4],
        portfolios=[{"T": 2}, {}, {}],
        greenhouse={"G": 5},
    )
    act(s, 0, "plant 0 0,0")
    act(s, 0, "plant 1 1,0")
    act(s, 0, "plant 2 -1,0")
    assert exchange_of(s) == [None, None, None] and s.seedy[0] == 0
    assert menu(s, 0) == ["end"]
    t = build(3, options=SMALL, portfolios=[{"T": 2}, {}, {}], seedy=[1, 4, 4])
    assert menu(t, 0) == ["flush", "end"]


def test_s52_s_ex_10_nothing_possible_then_flush_brings_a_swap() -> None:
    """S-EX-10 / S-52: full Garden, every slot a tulip, only tulips held: no basic action is
    possible, EndActions is legal at once (both forfeited). Flush instead: the refill brings a
    non-tulip, a Swap becomes possible, and EndActions is illegal until it is taken."""
    s = build(
        3,
        options=SPEC_OPTIONS,
        exchange=["T"] * 6,
        portfolios=[{"T": 11}, {}, {}],
        garden=full_garden(),
        seedy=[1, 4, 4],
        greenhouse={"D": 6},
    )
    assert menu(s, 0) == ["flush", "end"]
    ended = s.clone()
    assert events_of(act(ended, 0, "end"), "end_actions")[0]["forfeited"] == 2
    act(s, 0, "flush")
    assert exchange_of(s) == ["D"] * 6
    assert menu(s, 0) == [f"swap {slot} tulip" for slot in range(6)]
    refused(s, 0, "end", "S-27")
    act(s, 0, "swap 3 tulip")
    refused(s, 0, "end", "S-27")  # a second basic action is still possible
    act(s, 0, "swap 4 tulip")
    assert menu(s, 0) == ["end"]
    s0 = build(
        3,
        options=SPEC_OPTIONS,
        exchange=["T"] * 6,
        portfolios=[{"T": 11}, {}, {}],
        garden=full_garden(),
        seedy=[0, 4, 4],
    )
    assert menu(s0, 0) == ["end"]


# ------------------------------------------------------------------ S-28 the menu


def test_s28_menu_order_exact() -> None:
    """S-28: plants by slot then canonical space, swaps by slot then type, then Flush, then
    EndActions."""
    garden = dict(FULL_R1)
    del garden[(1, -1)], garden[(-1, 1)]
    s = build(
        3,
        options=SMALL,
        garden=garden,
        exchange=["T", None, "D"],
        portfolios=[{"D": 1, "T": 2, "G": 1}, {}, {}],
        basic_taken=2,
        seedy=[1, 4, 4],
    )
    assert menu(s, 0) == [
        "plant 0 1,-1",
        "plant 0 -1,1",
        "plant 2 1,-1",
        "plant 2 -1,1",
        "swap 0 dahlia",
        "swap 0 globemaster",
        "swap 2 globemaster",
        "swap 2 tulip",
        "flush",
        "end",
    ]
    s.seedy[0] = 0
    assert menu(s, 0) == ["end"]


def test_s28_only_the_active_player_is_on_the_move() -> None:
    """S-28: the active player alone is on the move; others get an empty menu and are refused
    with NotOnMoveError."""
    s = build(3, options=SPEC_OPTIONS, exchange=["D"] * 6, active=1)
    assert s.to_move() == (1,)
    assert list(s.legal_actions(0)) == [] and list(s.legal_actions(2)) == []
    before = s.key()
    for action in (Plant(0, (0, 0)), Flush(), EndActions()):
        with pytest.raises(NotOnMoveError):
            s.apply(0, action)
        assert not s.is_legal(2, action)
    assert s.key() == before
    act(s, 1, "plant 0 0,0")


def test_s28_menu_is_exactly_the_legal_actions() -> None:
    """S-28: the menu lists every legal Plant/Swap/Flush/EndActions and nothing else."""
    garden = {(0, 0): "D", (1, 0): "T", (-2, 3): ("S", "bloom")}
    s = build(
        3,
        options=SPEC_OPTIONS,
        garden=garden,
        exchange=["D", None, "T", "T", "S", None],
        portfolios=[{"T": 2, "G": 1}, {}, {}],
        basic_taken=1,
    )
    listed = list(s.legal_actions(0))
    assert len(set(listed)) == len(listed)
    everything = [Plant(slot, sp) for slot in range(6) for sp in s.board.spaces]
    everything += [Swap(slot, t) for slot in range(6) for t in range(5)]
    everything += [Flush(), EndActions()]
    assert [a for a in everything if s.is_legal(0, a)] == listed
    assert len(listed) == 4 * 34 + (2 + 1 + 1 + 2) + 1


def test_s28_largest_menu_with_defaults() -> None:
    """S-28: at most 6 × 37 plants and 6 × 4 swaps with the defaults (plus the Flush)."""
    s = build(
        3,
        options=SPEC_OPTIONS,
        exchange=["D"] * 6,
        portfolios=[{"D": 1, "Da": 1, "G": 1, "S": 1, "T": 1}, {}, {}],
    )
    m = s.legal_actions(0)
    assert len(m) == 6 * 37 + 6 * 4 + 1
    assert str(m[0]) == "plant 0 0,-3" and str(m[6 * 37 - 1]) == "plant 5 0,3"
    assert str(m[6 * 37]) == "swap 0 daffodil" and str(m[-2]) == "swap 5 tulip"
    assert str(m[-1]) == "flush"


def test_s28_action_phase_always_ends() -> None:
    """S-28: the action phase always ends: at most basic_actions + seedy plants/swaps, and
    each Flush spends a token. A player taking the first legal action every time ends it."""
    s = build(
        3,
        options=SPEC_OPTIONS,
        exchange=["D"] * 6,
        greenhouse={"G": 15},
        portfolios=[{"T": 5}, {}, {}],
    )
    steps = 0
    while s.active == 0 and not s.is_terminal():
        act(s, 0, menu(s, 0)[0])
        steps += 1
    assert steps == 2 + 4 + 1  # 2 basic, 4 extra plants, EndActions
    assert s.seedy[0] == 0 and s.spent[0] == 4


def test_refused_and_malformed_actions_change_nothing() -> None:
    """S-28 / S-24: an illegal action is refused with the clause and changes nothing; a
    malformed one is an InvalidActionError; actions on a finished game are refused (S-39)."""
    s = build(3, options=SPEC_OPTIONS, exchange=["D"] * 6)
    with pytest.raises(InvalidActionError):
        GAME.parse_action("plant 0 0")
    with pytest.raises(InvalidActionError):
        GAME.action_from_json({"type": "swap", "slot": 0, "give": "rose"})
    with pytest.raises(IllegalActionError):
        s.apply(0, object())  # type: ignore[arg-type]
    s.over = True
    before = s.key()
    with pytest.raises(NotOnMoveError) as info:
        s.apply(0, Plant(0, (0, 0)))
    assert info.value.clause == "S-39" and s.key() == before
    assert s.to_move() == () and list(s.legal_actions(0)) == []
