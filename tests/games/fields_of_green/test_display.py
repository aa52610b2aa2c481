"""What the browser shows of a Fields of Green view (issue 13, item 6): the cells within each
Water Tower's range (F-31, F-32), worked out on the server from the observation alone by the
farm's own water distance, so the client draws the ranges without a copy of F-31."""

from __future__ import annotations

from seedbed.games.fields_of_green.display import display
from seedbed.games.fields_of_green.resources import tower_reach

from .builder import build, card_at


def key(cell: tuple[int, int]) -> str:
    return f"{cell[0]},{cell[1]}"


def test_f32_a_towers_reach_grows_with_an_extender() -> None:
    """F-32: range 2 through occupied cells; an Extender adds 1 (F-88)."""
    farm = {(0, 0): "water_tower", (1, 0): "silo", (2, 0): "silo", (3, 0): "silo"}
    s = build(farms={0: farm})
    reach = display(s.observe(0), 0)["reach"][0]["0,0"]
    assert "2,0" in reach and "3,0" not in reach and "0,0" in reach
    s = build(farms={0: farm}, equipment={0: {(0, 0): ["fx_extender"]}})
    reach = display(s.observe(0), 0)["reach"][0]["0,0"]
    assert "3,0" in reach and "4,0" not in reach


def test_f31_reach_is_the_rules_reach() -> None:
    """Every tower of every farm: the display's cells are the rules' (``resources.tower_reach``),
    for a seat and for a spectator alike."""
    farm = {(0, 0): "water_tower", (0, 1): "fx_plot", (0, 2): "silo", (2, 2): "water_tower"}
    s = build(farms={0: farm, 1: {(0, 0): "water_tower", (1, 0): "silo"}})
    for viewer in (0, 1, None):
        shown = display(s.observe(viewer), viewer)["reach"]
        for p in (0, 1):
            rules = {
                key(cell): sorted(key(c) for c in cells)
                for cell in s.farms[p]
                if (tower := card_at(s, p, cell)) in tower_reach(s, p)
                for cells in [tower_reach(s, p)[tower]]
            }
            assert {k: sorted(v) for k, v in shown[p].items()} == rules


def test_an_open_area_is_no_tower() -> None:
    s = build(farms={0: {(0, 0): "water_tower", (0, 1): "fx_plot"}}, open_areas={0: [(0, 0)]})
    assert display(s.observe(0), 0)["reach"][0] == {}
