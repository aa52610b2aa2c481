"""The farm grid: adjacency, placement, water distance and tower range (F-27 … F-32)."""

from __future__ import annotations

from seedbed.games.fields_of_green.farm import (
    is_placement,
    neighbours,
    placement_cells,
    water_distance,
    water_distances,
    within,
)
from seedbed.games.fields_of_green.resources import tower_reach

from .builder import build, card_at, menu

# F-EX-2's farm: tower T (0, 0), Silo (1, 0), fx_plot (0, 1)
FARM = {(0, 0): 1, (1, 0): 2, (0, 1): 3}


def test_f27_orthogonal_adjacency() -> None:
    """F-27, F-20: adjacent cells share a side; diagonals are not adjacent (both rule sets)."""
    assert set(neighbours((0, 0))) == {(-1, 0), (1, 0), (0, -1), (0, 1)}
    assert (1, 1) not in neighbours((0, 0))


def test_f28_f29_placement_cells() -> None:
    """F-28, F-29: a new card goes on an empty cell next to an occupied one."""
    assert placement_cells({(0, 0): 1}) == [(-1, 0), (0, -1), (0, 1), (1, 0)]
    assert not is_placement(FARM, (0, 1))  # occupied
    assert not is_placement(FARM, (2, 1))  # F-EX-3: nothing next to it
    assert is_placement(FARM, (0, 2))
    assert len(placement_cells(FARM)) == 7


def test_f29_f99_open_area_counts_as_occupied() -> None:
    """F-29, F-99: a cell next only to an Open Area is a legal placement; the Open Area's own
    cell never is (F-30)."""
    s = build(farms={0: {(0, 0): "water_tower", (0, 1): "fx_plot"}}, open_areas={0: [(0, 1)]},
              revealed={0: "fx_flock"})  # fmt: skip
    moves, card = menu(s, 0), s.revealed[0]
    assert f"build {card} 0,2" in moves
    assert f"build {card} 0,1" not in moves
    assert f"restore {card} 0,1" in moves


def test_f31_water_distance_fex2() -> None:
    """F-31, F-EX-2: distances from T through occupied cells only."""
    t = (0, 0)
    assert water_distance(FARM, t, (-1, 0)) == 1
    assert water_distance(FARM, t, (0, 2)) == 2
    assert water_distance(FARM, t, (2, 0)) == 2
    assert water_distance(FARM, t, (1, 1)) == 2
    assert water_distance(FARM, t, (-1, 1)) == 2
    assert water_distance(FARM, t, (3, 0)) is None
    assert water_distance(FARM, t, (1, -1)) == 2
    assert water_distance(FARM, t, (-1, -1)) is None
    assert water_distance(FARM, t, t) == 0


def test_f100_distance_passes_through_open_areas_silos_and_towers() -> None:
    """F-100: Open Areas, Silos and Water Towers carry the path (they are occupied cells)."""
    farm = {(0, 0): 1, (1, 0): 2, (2, 0): 3, (3, 0): 4}  # tower, silo, tower, open area
    assert water_distance(farm, (0, 0), (4, 0)) == 4
    assert water_distances(farm, (0, 0), 2) == {
        (0, 0): 0, (-1, 0): 1, (1, 0): 1, (0, -1): 1, (0, 1): 1,
        (2, 0): 2, (1, -1): 2, (1, 1): 2,
    }  # fmt: skip


def test_f101_diagonal_with_empty_connectors_is_unreachable() -> None:
    """F-101: a diagonal card with both connecting cells empty is at infinite distance."""
    farm = {(0, 0): 1, (1, 1): 2}
    assert water_distance(farm, (0, 0), (1, 1)) is None


def test_f31_long_detour_counts_steps() -> None:
    """F-31: the shortest path may wind around empty cells."""
    farm = {(0, 0): 1, (0, 1): 2, (0, 2): 3, (1, 2): 4, (2, 2): 5, (2, 1): 6}
    assert water_distance(farm, (0, 0), (2, 0)) == 6  # (1, 0) is empty: around the ring
    assert within(farm, (0, 0), 2) == {(0, 0), (0, 1), (0, 2)}


def test_f32_tower_range_is_two_plus_equipment() -> None:
    """F-32, F-88 water_range: range 2, plus 1 with an Extender on the tower."""
    farm = {(0, 0): "water_tower", (1, 0): "silo", (2, 0): "silo", (3, 0): "silo"}
    s = build(farms={0: farm})
    tower = card_at(s, 0, (0, 0))
    assert (3, 0) not in tower_reach(s, 0)[tower]
    s = build(farms={0: farm}, equipment={0: {(0, 0): ["fx_extender"]}})
    assert tower_reach(s, 0)[tower][(3, 0)] == 3
    assert (4, 0) not in tower_reach(s, 0)[tower]
