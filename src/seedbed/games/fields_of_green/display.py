"""What the browser shows of a Fields of Green view that takes the rules to work out (issue 13,
item 6): the cells within each Water Tower's range (F-31, F-32), which the client lights up
when a tower is hovered and marks with a drop on the empty cells a tower with water reaches.
The server sends it beside the view; the client computes none of it.

A pure function of the observation (and its viewer), asking the farm's own water distance.

>>> import seedbed
>>> view = seedbed.game("fields_of_green").new_state(2, seed=1).observe(0)
>>> display(view, 0)["reach"][0]  # the tower's neighbours, and past the Silo beside it
{'0,0': ['-1,0', '0,-1', '0,0', '0,1', '1,-1', '1,0', '1,1', '2,0']}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from seedbed.games.fields_of_green.farm import Cell, water_distances


def display(view: Mapping[str, Any], viewer: int | None) -> dict[str, Any]:
    """``{"reach"}`` for ``view`` (``observe(viewer)``): ``reach[seat]`` maps each Water Tower's
    cell ``"x,y"`` to the cells within its range, the tower's own included (an Open Area is no
    tower, F-99)."""
    return {"reach": [_reach(player["farm"]) for player in view["players"]]}


def _reach(entries: Sequence[Mapping[str, Any]]) -> dict[str, list[str]]:
    farm = {_cell(e): int(e["card"]["id"]) for e in entries}
    towers = [e for e in entries if "water" in e and not e["open_area"]]
    return {
        _key(_cell(e)): [_key(c) for c in sorted(water_distances(farm, _cell(e), e["range"]))]
        for e in towers
    }


def _cell(entry: Mapping[str, Any]) -> Cell:
    x, y = entry["cell"]
    return int(x), int(y)


def _key(cell: Cell) -> str:
    """The view's way of naming a cell in a mapping (as the client's ``key()``)."""
    return f"{cell[0]},{cell[1]}"
