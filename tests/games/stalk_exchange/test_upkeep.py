"""The automatic upkeep: Harvest, Bloom, Market, Exchange (S-29 … S-37, S-53 … S-58,
S-EX-2 … S-EX-6, S-EX-13, S-EX-15).

Gardens are drawn at radius 3, one line per row r = −3 … 3, spaces by q (see
``builder.drawn``): ``.`` empty, ``g`` a globemaster bulb, ``G`` a globemaster bloom.
"""

from __future__ import annotations

from typing import Any

from .builder import (
    SPEC_OPTIONS,
    act,
    assert_conserved,
    build,
    counts,
    drawn,
    events_of,
    exchange_of,
    garden_of,
    menu,
    picture,
    rows,
    track_of,
)

OPTS = SPEC_OPTIONS  # 3 players: market_start 16


def upkeep(s: Any) -> list[Any]:
    """End the active player's actions (all basic actions taken) so the upkeep runs."""
    s.basic_taken = s.config.basic_actions
    events = act(s, s.active, "end")
    assert_conserved(s)
    return events


def harvested_groups(events: list[Any]) -> list[dict[str, Any]]:
    found = events_of(events, "harvest")
    return found[0]["groups"] if found else []


# ------------------------------------------------------------------ S-29


def test_s29_four_steps_in_order() -> None:
    """S-29: Harvest, Bloom, Market, Exchange, in that order, with no choice; then the turn
    passes."""
    s = build(
        3,
        options=OPTS,
        garden=drawn(S_EX_4),
        exchange=["D", "D", "D", "D", "D", "T"],
        greenhouse={"S": 20},
    )
    events = upkeep(s)
    assert [e.kind for e in events] == [
        "end_actions",
        "harvest",
        "bloom",
        "market",
        "exchange",
        "turn",
    ]
    assert s.to_move() == (1,)
    assert exchange_of(s) == ["S", "D", "D", "D", "D", "D"]


# ------------------------------------------------------------------ S-EX-2, S-55

S_EX_2 = """
      d  da g  s
     d  da g  s  d
    da g  s  d  da g
   s  d  da T  g  s  d
    da g  s  d  da g
     s  d  da g  s
      d  da g  s
"""


def test_s55_s_ex_2_harvest_lets_the_six_neighbours_bloom() -> None:
    """S-EX-2 / S-55: a T bloom at (0, 0) whose six neighbours hold bulbs (here the whole
    Garden is full): the T is harvested (T +1, one token on the track), and in step 2 the six
    bulbs, now next to the empty (0, 0), bloom; no other bulb has an empty neighbour."""
    s = build(3, options=OPTS, garden=drawn(S_EX_2))
    events = upkeep(s)
    assert picture(s) == rows("""
      d  da g  s
     d  da g  s  d
    da g  S  D  da g
   s  d  Da .  G  s  d
    da g  S  D  da g
     s  d  da g  s
      d  da g  s
    """)
    assert s.values == [0, 0, 0, 0, 1] and track_of(s) == ["T"]
    assert harvested_groups(events) == [{"flower": "tulip", "spaces": [[0, 0]]}]
    assert events_of(events, "market") == [{"laid": [["tulip", 16]], "values": [0, 0, 0, 0, 1]}]
    assert not s.is_terminal()


# ------------------------------------------------------------------ S-EX-3, S-57

S_EX_3 = """
      .  .  .  .
     .  .  .  .  .
    .  .  g  g  g  .
   .  .  g  D  D  .  .
    .  .  g  g  g  .
     .  .  .  .  .
      .  .  .  .
"""


def test_s57_s_ex_3_one_liberty_keeps_the_group() -> None:
    """S-EX-3 / S-57: D blooms at (0, 0) and (1, 0); every other neighbour of (0, 0) is
    occupied and (2, 0) is empty: the group is not surrounded, nothing is harvested (the
    bulbs around bloom: each has an empty neighbour)."""
    s = build(3, options=OPTS, garden=drawn(S_EX_3))
    events = upkeep(s)
    assert picture(s) == rows(S_EX_3.replace("g", "G"))
    assert harvested_groups(events) == [] and s.values == [0] * 5 and s.track == []
    # the same with (2, 0) occupied: the group of two is surrounded and harvested together
    closed = drawn(S_EX_3)
    closed[(2, 0)] = "T"
    s = build(3, options=OPTS, garden=closed)
    events = upkeep(s)
    assert harvested_groups(events) == [{"flower": "dahlia", "spaces": [[0, 0], [1, 0]]}]
    assert s.values == [2, 0, 0, 0, 0] and track_of(s) == ["D", "D"]


S_57 = """
      .  .  .  .
     .  .  .  .  .
    .  G  G  G  G  .
   .  G  D  D  D  .  .
    .  G  G  G  G  .
     .  .  .  .  .
      .  .  .  .
"""


def test_s57_group_safe_until_its_last_liberty_is_planted() -> None:
    """S-57: a line of three D blooms whose only empty neighbour is (2, 0) is safe, however
    closed in the other two are; planting on (2, 0) closes it: all three are harvested as one
    group, and the planted bulb (not part of any group) blooms next to the emptied spaces."""
    s = build(3, options=OPTS, garden=drawn(S_57), planted=[], exchange=["T"] * 6)
    before = s.clone()
    upkeep(before)
    assert picture(before) == rows(S_57)  # nothing harvested, nothing changed
    act(s, 0, "plant 0 2,0")
    act(s, 0, "plant 1 -3,3")
    events = act(s, 0, "end")
    assert harvested_groups(events) == [{"flower": "dahlia", "spaces": [[-1, 0], [0, 0], [1, 0]]}]
    assert s.values == [3, 0, 0, 0, 0]
    assert garden_of(s)[(2, 0)] == ("T", "bloom")
    assert garden_of(s)[(-3, 3)] == ("T", "bloom")
    assert (0, 0) not in garden_of(s)


# ------------------------------------------------------------------ S-EX-4, S-56, S-32

S_EX_4 = """
      .  .  .  .
     .  .  .  .  .
    .  .  g  g  g  .
   .  .  g  T  S  g  .
    .  .  g  g  g  .
     .  .  .  .  .
      .  .  .  .
"""


def test_s32_s56_s_ex_4_two_touching_groups_both_harvested() -> None:
    """S-EX-4 / S-56 / S-32: a T bloom at (0, 0) and an S bloom at (1, 0), every other
    neighbour occupied by bulbs: two groups, both surrounded, both removed at once (removing
    one does not rescue the other); T +1 and S +1; two tokens laid, S first (type order)."""
    s = build(3, options=OPTS, garden=drawn(S_EX_4))
    events = upkeep(s)
    assert harvested_groups(events) == [
        {"flower": "tulip", "spaces": [[0, 0]]},
        {"flower": "snowdrop", "spaces": [[1, 0]]},
    ]
    assert s.values == [0, 0, 0, 1, 1] and track_of(s) == ["S", "T"]
    assert events_of(events, "market")[0]["laid"] == [["snowdrop", 16], ["tulip", 15]]
    assert picture(s) == rows(S_EX_4.replace("g", "G").replace("T", ".").replace("S", "."))


def test_s30_s56_touching_types_are_separate_groups() -> None:
    """S-30 / S-56: touching blooms of different types are two groups: here the S has an empty
    neighbour, so only the T is harvested."""
    garden = drawn(S_EX_4)
    del garden[(2, 0)]
    s = build(3, options=OPTS, garden=garden)
    events = upkeep(s)
    assert harvested_groups(events) == [{"flower": "tulip", "spaces": [[0, 0]]}]
    assert garden_of(s)[(1, 0)] == ("S", "bloom")
    assert s.values == [0, 0, 0, 0, 1]


S_30 = """
      .  .  .  .
     .  .  .  .  .
    .  .  g  g  g  g
   .  .  g  D  d  D  .
    .  .  g  g  g  .
     .  .  .  .  .
      .  .  .  .
"""


def test_s30_bulbs_are_not_part_of_a_group() -> None:
    """S-30: a D bulb between two D blooms does not join them: the closed single bloom at
    (0, 0) is a group by itself and is harvested, while the bloom at (2, 0) (empty neighbour
    (3, 0)) stays. Bulbs still occupy their spaces."""
    s = build(3, options=OPTS, garden=drawn(S_30))
    events = upkeep(s)
    assert harvested_groups(events) == [{"flower": "dahlia", "spaces": [[0, 0]]}]
    assert garden_of(s)[(2, 0)] == ("D", "bloom")
    assert garden_of(s)[(1, 0)] == ("D", "bloom")  # now next to the empty (0, 0)
    assert s.values == [1, 0, 0, 0, 0]


S_32 = """
      T  g  .  .
     g  g  .  .  .
    .  .  .  .  .  .
   .  .  g  g  g  .  .
    .  g  Da Da g  .
     .  g  g  g  s
      .  .  s  S
"""


def test_s32_several_groups_harvested_at_once() -> None:
    """S-32: every surrounded group in the Garden is found at the start of step 1 and removed
    at once: a T in a corner, a Da pair in the middle and an S in another corner."""
    s = build(3, options=OPTS, garden=drawn(S_32))
    events = upkeep(s)
    assert harvested_groups(events) == [
        {"flower": "tulip", "spaces": [[0, -3]]},
        {"flower": "daffodil", "spaces": [[-1, 1], [0, 1]]},
        {"flower": "snowdrop", "spaces": [[0, 3]]},
    ]
    assert s.values == [0, 2, 0, 1, 1] and track_of(s) == ["Da", "Da", "S", "T"]
    assert events_of(events, "market")[0]["laid"] == [
        ["daffodil", 16],
        ["daffodil", 15],
        ["snowdrop", 14],
        ["tulip", 13],
    ]


# ------------------------------------------------------------------ edges, corners


def test_s31_s58_corner_bloom_closed_by_three_neighbours() -> None:
    """S-58 / S-31: a bloom in a corner whose three neighbours are occupied is surrounded: the
    board edge closes it."""
    s = build(
        3, options=OPTS, garden={(3, 0): ("T", "bloom"), (3, -1): "D", (2, 0): "D", (2, 1): "D"}
    )
    events = upkeep(s)
    assert harvested_groups(events) == [{"flower": "tulip", "spaces": [[3, 0]]}]
    assert garden_of(s) == {(3, -1): ("D", "bloom"), (2, 0): ("D", "bloom"), (2, 1): ("D", "bloom")}


def test_s31_edge_bloom_closed_by_four_neighbours() -> None:
    """S-31: an edge bloom (4 neighbours) with all four occupied is surrounded."""
    garden = {(3, -1): ("S", "bloom"), (3, -2): "G", (2, -1): "G", (2, 0): "G", (3, 0): "G"}
    s = build(3, options=OPTS, garden=garden)
    events = upkeep(s)
    assert harvested_groups(events) == [{"flower": "snowdrop", "spaces": [[3, -1]]}]
    del garden[(2, 0)]
    s = build(3, options=OPTS, garden=garden)
    assert harvested_groups(upkeep(s)) == []
    assert garden_of(s)[(3, -1)] == ("S", "bloom")


def test_s_ex_13_corner_and_edge_group() -> None:
    """S-EX-13: G blooms at (3, 0) and (3, −1) are one group; its outside neighbours (2, 0),
    (2, 1), (3, −2), (2, −1) all occupied: both harvested, G +2, two tokens laid. With (2, 1)
    empty nothing is harvested."""
    garden = {
        (3, 0): ("G", "bloom"),
        (3, -1): ("G", "bloom"),
        (2, 0): ("T", "bloom"),
        (2, 1): "S",
        (3, -2): "D",
        (2, -1): ("D", "bloom"),
    }
    s = build(3, options=OPTS, garden=garden)
    events = upkeep(s)
    assert harvested_groups(events) == [{"flower": "globemaster", "spaces": [[3, -1], [3, 0]]}]
    assert s.values == [0, 0, 2, 0, 0] and track_of(s) == ["G", "G"]
    assert events_of(events, "market")[0]["laid"] == [["globemaster", 16], ["globemaster", 15]]
    del garden[(2, 1)]
    s = build(3, options=OPTS, garden=garden)
    assert harvested_groups(upkeep(s)) == []
    assert garden_of(s)[(3, 0)] == ("G", "bloom") and s.values == [0] * 5


# ------------------------------------------------------------------ S-33, S-53, S-54, S-EX-15


def test_s33_bulbs_with_an_empty_neighbour_bloom_and_blooms_stay() -> None:
    """S-33: after step 1 every bulb with an empty neighbour turns to its bloom side; a bulb
    without one stays a bulb; blooms never turn back."""
    s = build(
        3,
        options=OPTS,
        garden=drawn("""
      d  da D  .
     d  da g  s  d
    da g  s  d  da g
   s  d  da t  g  s  d
    da g  s  d  da g
     s  d  da g  s
      d  da g  s
    """),
    )
    events = upkeep(s)
    assert events_of(events, "bloom") == [{"spaces": [[2, -2], [3, -2]]}]
    assert picture(s) == rows("""
      d  da D  .
     d  da g  S  D
    da g  s  d  da g
   s  d  da t  g  s  d
    da g  s  d  da g
     s  d  da g  s
      d  da g  s
    """)
    t = build(3, options=OPTS, garden={(0, 0): "T", (1, 0): ("G", "bloom")})
    events = upkeep(t)
    assert events_of(events, "bloom") == [{"spaces": [[0, 0]]}]
    assert garden_of(t) == {(0, 0): ("T", "bloom"), (1, 0): ("G", "bloom")}


RING = """
      .  .  .  .
     .  .  .  .  .
    .  .  G  S  .  .
   .  .  S  .  T  D  .
    .  .  G  S  .  .
     .  .  .  .  .
      .  .  .  .
"""


def test_s53_s54_s_ex_15_closed_in_bulb_waits_for_a_harvest() -> None:
    """S-EX-15 / S-53 / S-54: the active player plants a bulb at (0, 0) whose six neighbours
    are occupied, and one at (3, 0) with (2, 1) empty. Upkeep: nothing harvested; the (3, 0)
    bulb blooms, the (0, 0) bulb stays a bulb (and, a bulb, cannot be harvested though
    closed in). Next turn the T bloom at (1, 0) is closed and harvested in step 1, and the
    (0, 0) bulb blooms in step 2."""
    s = build(3, options=OPTS, garden=drawn(RING), planted=[], exchange=["Da"] * 6)
    act(s, 0, "plant 0 0,0")
    act(s, 0, "plant 1 3,0")
    events = act(s, 0, "end")
    assert harvested_groups(events) == []
    assert events_of(events, "bloom") == [{"spaces": [[3, 0]]}]
    assert garden_of(s)[(0, 0)] == "Da"
    assert garden_of(s)[(3, 0)] == ("Da", "bloom")
    # seat 1 closes the tulip at (1, 0): its free neighbours were (2, -1) and (1, 1)
    assert s.active == 1 and s.exchange[0] != -1 and s.exchange[1] != -1
    act(s, 1, "plant 0 2,-1")
    act(s, 1, "plant 1 1,1")
    events = act(s, 1, "end")
    assert harvested_groups(events) == [{"flower": "tulip", "spaces": [[1, 0]]}]
    assert events_of(events, "bloom") == [{"spaces": [[2, -1], [0, 0], [1, 1]]}]
    assert garden_of(s)[(0, 0)] == ("Da", "bloom")
    assert s.values == [0, 0, 0, 0, 1]


def test_s54_planted_bulb_closing_a_group_is_not_harvested() -> None:
    """S-54: a token planted this turn is a bulb during step 1: planting a tulip into the last
    liberty of a tulip bloom harvests the bloom, not the new bulb, which then blooms (S-55)."""
    garden = {(3, 0): ("T", "bloom"), (3, -1): ("D", "bloom"), (2, 1): ("D", "bloom")}
    s = build(3, options=OPTS, garden=garden, planted=[], exchange=["T"] * 6)
    act(s, 0, "plant 0 2,0")
    act(s, 0, "plant 1 -3,0")
    events = act(s, 0, "end")
    assert harvested_groups(events) == [{"flower": "tulip", "spaces": [[3, 0]]}]
    assert garden_of(s) == {
        (3, -1): ("D", "bloom"),
        (2, 1): ("D", "bloom"),
        (2, 0): ("T", "bloom"),
        (-3, 0): ("T", "bloom"),
    }
    assert s.values == [0, 0, 0, 0, 1]


# ------------------------------------------------------------------ S-34, S-35, S-EX-5

S_EX_5 = """
      T  g  .  .
     g  g  .  .  .
    .  .  g  g  g  .
   .  .  g  D  D  g  .
    .  .  g  g  g  .
     .  .  .  .  .
      .  .  .  .
"""


def test_s34_market_takes_tokens_in_type_order() -> None:
    """S-34: harvested tokens go to the market in canonical type order (D before T here,
    although the T group comes first on the board), each raising its value by one and lying
    on the next cell."""
    s = build(3, options=OPTS, garden=drawn(S_EX_5))
    events = upkeep(s)
    assert [g["flower"] for g in harvested_groups(events)] == ["tulip", "dahlia"]
    assert events_of(events, "market") == [
        {"laid": [["dahlia", 16], ["dahlia", 15], ["tulip", 14]], "values": [2, 0, 0, 0, 1]}
    ]
    assert track_of(s) == ["D", "D", "T"]
    assert sum(s.values) == len(s.track)


def test_s35_s_ex_5_market_crash() -> None:
    """S-EX-5 / S-35: 3 players (S = 16), 10 tokens on the track, values D 3, Da 2, G 2, S 2,
    T 1. Harvest 2 D and 1 T: D → 4 on cell 6; D → 5 on cell 5; T → 2 on cell 4; 4 <= 5:
    trigger 1 (the T still counts after the condition holds); the game ends after step 4."""
    s = build(
        3, options=OPTS, garden=drawn(S_EX_5), values={"D": 3, "Da": 2, "G": 2, "S": 2, "T": 1}
    )
    assert len(s.track) == 10
    events = upkeep(s)
    assert events_of(events, "market") == [
        {"laid": [["dahlia", 6], ["dahlia", 5], ["tulip", 4]], "values": [5, 2, 2, 2, 2]}
    ]
    assert s.crash == 1 and s.crash_turn == 0
    assert events_of(events, "crash") == [{"trigger": 1, "during": "upkeep"}]
    assert [e.kind for e in events][-3:] == ["exchange", "crash", "game_over"]
    assert s.is_terminal() and s.turns == 1 and len(s.track) == 13


def test_s35_s_ex_5_one_daffodil_no_crash() -> None:
    """S-EX-5: if only one Da had been harvested: Da → 3 on cell 6, highest value 3, 6 > 3,
    no trigger; the next seat plays."""
    garden = {
        (0, 0): ("Da", "bloom"),
        (1, 0): "G",
        (1, -1): "G",
        (0, -1): "G",
        (-1, 0): "G",
        (-1, 1): "G",
        (0, 1): "G",
    }
    s = build(3, options=OPTS, garden=garden, values={"D": 3, "Da": 2, "G": 2, "S": 2, "T": 1})
    events = upkeep(s)
    assert events_of(events, "market") == [{"laid": [["daffodil", 6]], "values": [3, 3, 2, 2, 1]}]
    assert s.crash == 0 and not s.is_terminal() and s.active == 1


def test_s35_boundary_cell_equal_to_value_crashes() -> None:
    """S-35: S − K + 1 <= M with equality crashes; one more cell of room does not."""
    corner = {(3, 0): ("T", "bloom"), (3, -1): "D", (2, 0): "D", (2, 1): "D"}
    # 7 on the track (T 7): the next token lies on cell 16 − 8 + 1 = 9; T rises to 8: no crash
    s = build(3, options=OPTS, garden=corner, values={"T": 7})
    upkeep(s)
    assert s.crash == 0 and s.values[4] == 8
    # 8 on the track (T 8): cell 8, T rises to 9 >= 8 ... and with T 7 + D 1, T → 8 on cell 8
    s = build(3, options=OPTS, garden=corner, values={"D": 1, "T": 7})
    upkeep(s)
    assert s.crash == 1 and s.values == [1, 0, 0, 0, 8]


def test_s35_checked_only_when_a_token_was_laid() -> None:
    """S-35: the condition is checked only if a token was laid this turn."""
    s = build(3, options=OPTS, values={"T": 9})  # next cell 7 <= 9 already
    upkeep(s)
    assert s.crash == 0 and not s.is_terminal()


# ------------------------------------------------------------------ S-36, S-37, S-EX-6


def test_s36_s_ex_6_slide_and_refill_runs_dry() -> None:
    """S-EX-6 / S-36 / S-37: slots [D, –, G, S, –, T]. Step 4: T to the Compost; D, G, S slide
    to slots 3, 4, 5; slots 2, 1, 0 are refilled in that order. With only 2 tokens in the
    Greenhouse, slots 2 and 1 are filled, slot 0 stays empty: trigger 2, the game ends now."""
    s = build(3, options=OPTS, exchange=["D", None, "G", "S", None, "T"], greenhouse={"Da": 2})
    compost = s.compost[:]
    events = upkeep(s)
    assert exchange_of(s) == [None, "Da", "Da", "D", "G", "S"]
    assert [a - b for a, b in zip(s.compost, compost, strict=True)] == [0, 0, 0, 0, 1]
    assert events_of(events, "exchange") == [
        {"composted": "tulip", "drawn": [[2, "daffodil"], [1, "daffodil"]]}
    ]
    assert s.crash == 2 and s.greenhouse_size == 0
    assert events_of(events, "crash") == [{"trigger": 2, "during": "upkeep"}]
    assert s.is_terminal()


def test_s37_last_token_filling_the_last_slot_does_not_trigger() -> None:
    """S-37: a refill that fills the last empty slot with the last Greenhouse token triggers
    nothing."""
    s = build(3, options=OPTS, exchange=["D", None, "G", "S", None, "T"], greenhouse={"Da": 3})
    upkeep(s)
    assert exchange_of(s) == ["Da", "Da", "Da", "D", "G", "S"]
    assert s.greenhouse_size == 0 and s.crash == 0 and not s.is_terminal()
    upkeep(s)  # next turn: the S is composted, slot 0 cannot be filled
    assert exchange_of(s) == [None, "Da", "Da", "Da", "D", "G"]
    assert s.crash == 2 and s.is_terminal()


def test_s36_empty_exchange_composts_nothing_and_refills_all() -> None:
    """S-36 (a): nothing is composted when the Exchange is empty; all slots are refilled,
    rightmost first."""
    s = build(3, options=OPTS, greenhouse={"S": 6})
    events = upkeep(s)
    assert exchange_of(s) == ["S"] * 6
    assert events_of(events, "exchange")[0]["composted"] is None
    assert [d[0] for d in events_of(events, "exchange")[0]["drawn"]] == [5, 4, 3, 2, 1, 0]
    full = build(3, options=OPTS, exchange=["D", "Da", "G", "S", "T", "T"], greenhouse={"G": 5})
    upkeep(full)
    assert exchange_of(full) == ["G", "D", "Da", "G", "S", "T"]
    assert counts(full.greenhouse) == {"G": 4}


def test_s37_refills_only_at_setup_flush_and_upkeep() -> None:
    """S-37: Plant and Swap never refill the Exchange."""
    s = build(
        3,
        options=OPTS,
        exchange=["D", "D", "D", "D", "D", "D"],
        portfolios=[{"T": 2}, {}, {}],
        seedy=[1, 4, 4],
    )
    bag = s.greenhouse_size
    act(s, 0, "plant 0 0,0")
    act(s, 0, "swap 1 tulip")
    act(s, 0, "plant 2 1,0")
    assert exchange_of(s) == [None, "T", None, "D", "D", "D"]
    assert s.greenhouse_size == bag
    assert menu(s, 0) == ["end"]
