"""Equipment (F-64 … F-68, F-16 … F-19, F-110 … F-113, F-EX-13 … F-EX-15)."""

from __future__ import annotations

from typing import Any

import pytest

from seedbed.games.fields_of_green import FieldsOfGreenState
from seedbed.games.fields_of_green.equipment import fit_error, kind_fits
from seedbed.games.fields_of_green.harvest import cost

from .builder import act, build, card_at, menu, refused, tile_ids
from .full_cards import FULL

# F-EX-13: the stack top to bottom e1 … e5 (the builder lists it bottom first)
E = ["fx_trough", "fx_extender", "fx_crate", "fx_generator", "fx_trough"]  # e1 … e5


def resolve(**kw: Any) -> FieldsOfGreenState:
    """Seat 0 resolving; seat 1 still holds cards so the action phase goes on."""
    spare = "t_herb" if kw.get("cards") is FULL else "fx_grove"
    kw.setdefault("hands", {1: [spare, spare]})
    return build(**kw)


def _shed(ruleset: str = "published", **kw: Any) -> FieldsOfGreenState:
    s = resolve(ruleset=ruleset, revealed={0: "fx_shed"}, tiles=list(reversed(E)), **kw)
    act(s, 0, f"build {s.revealed[0]} 0,1")
    return s


def test_f64_f16_fex13_published_draw_three_keep_one() -> None:
    """F-64, F-16, F-EX-13: published: draw e1 e2 e3, keep e2: the stack is e4 e5 e1 e3."""
    s = _shed()
    drawn = s.stack[-1][2:]
    assert tile_ids(s, drawn) == E[:3]
    assert menu(s, 0) == [f"keep {t}" for t in drawn]
    act(s, 0, f"keep {drawn[1]}")
    assert tile_ids(s, list(reversed(s.tiles))) == [E[3], E[4], E[0], E[2]]
    assert menu(s, 0) == ["place 0,0", "set-aside"]  # an Extender fits the Water Tower
    act(s, 0, "place 0,0")
    assert tile_ids(s, s.equip[card_at(s, 0, (0, 0))]) == ["fx_extender"]


def test_f16_fex13_prototype_draw_two() -> None:
    """F-16, F-EX-13: prototype: draw e1 e2, keep e1: the stack is e3 e4 e5 e2."""
    s = _shed("prototype")
    drawn = s.stack[-1][2:]
    assert tile_ids(s, drawn) == E[:2]
    act(s, 0, f"keep {drawn[0]}")
    assert tile_ids(s, list(reversed(s.tiles))) == [E[2], E[3], E[4], E[1]]


def test_f64_keep_is_private() -> None:
    """F-64, F-78: the drawn tiles are seen by their drawer only."""
    s = _shed()
    drawn = s.stack[-1][2:]
    assert [t["id"] for t in s.observe(0)["decision"]["tiles"]] == drawn
    assert "tiles" not in s.observe(1)["decision"]
    events = act(s, 0, f"keep {drawn[0]}")
    assert events[0].for_viewer(1) == {"kind": "keep", "player": 0, "returned": 2}


def test_f111_short_stack() -> None:
    """F-111: with 1 or 2 tiles left a gain draws what is there; with none, nothing."""
    s = resolve(revealed={0: "fx_shed"}, tiles=["fx_crate"])
    act(s, 0, f"build {s.revealed[0]} 0,1")
    assert menu(s, 0) == ["place 0,1", "set-aside"]  # the single tile was kept by itself
    s = resolve(revealed={0: "fx_shed"}, tiles=[])
    act(s, 0, f"build {s.revealed[0]} 0,1")
    assert not s.stack and s.aside[0] == []


def test_f110_tile_fitting_nothing_is_set_aside() -> None:
    """F-110, F-7: a kept tile that fits no card is set aside without a decision."""
    s = resolve(revealed={0: "fx_shed"}, tiles=["fx_generator"])
    act(s, 0, f"build {s.revealed[0]} 0,1")
    assert tile_ids(s, s.aside[0]) == ["fx_generator"] and not s.stack
    assert s.score_parts(0)[2] == 1  # F-73: 1 VP while set aside


def test_f65_where_a_tile_fits() -> None:
    """F-65: host kind and keyword (ability timing, subtype or tag); Open Areas host none."""
    farm = {(0, 0): "water_tower", (1, 0): "silo", (0, 1): "fx_flock", (0, 2): "fx_pump",
            (0, 3): "fx_hall", (0, 4): "fx_loner"}  # fmt: skip
    s = build(farms={0: farm}, open_areas={0: [(0, 4)]}, phase="harvest")
    tile = {d: s.cfg.tiles.index(next(t for t in s.cfg.tiles if t.id == d)) for d in
            ("fx_trough", "fx_extender", "fx_crate", "fx_generator")}  # fmt: skip
    fits = {
        d: sorted(c for c, card in s.farms[0].items() if kind_fits(s, t, card))
        for d, t in tile.items()
    }
    assert fits == {
        "fx_trough": [(0, 1)],  # livestock with a harvest ability (the Loner is face down)
        "fx_extender": [(0, 0)],
        "fx_crate": [(0, 1), (0, 2), (0, 3)],  # location cards, not towers or Silos
        "fx_generator": [(0, 3)],  # a building with a game-end ability
    }


def test_f17_f112_fex14_published_limits() -> None:
    """F-17, F-112, F-EX-14: published: at most 2 tiles on a card, never two of a design."""
    farm = {(0, 0): "water_tower", (1, 0): "silo", (0, 1): "fx_flock", (0, 2): "fx_flock"}
    eq = {(0, 1): ["fx_trough", "fx_crate"], (0, 2): ["fx_trough"]}
    s = build(farms={0: farm}, equipment={0: eq}, phase="harvest")
    full, one = card_at(s, 0, (0, 1)), card_at(s, 0, (0, 2))
    crate = next(t for t in s.tiles if s.cfg.tiles[t].id == "fx_crate")  # the second Crate
    assert "at most 2" in str(fit_error(s, 0, crate, full))
    assert fit_error(s, 0, crate, one) is None
    trough = s.equip[full][0]  # a Trough design is already on the other Flock
    assert "already holds" in str(fit_error(s, 0, trough, one))


def test_f17_fex14_prototype_has_no_limit() -> None:
    """F-17, F-EX-14: prototype: no limit, copies of one design may share a card."""
    farm = {(0, 0): "water_tower", (1, 0): "silo", (0, 1): "fx_flock"}
    eq = {(0, 1): ["fx_trough", "fx_crate"]}
    s = build(farms={0: farm}, equipment={0: eq}, phase="harvest", ruleset="prototype")
    flock = card_at(s, 0, (0, 1))
    others = [t for t, d in enumerate(s.cfg.tiles) if d.id in ("fx_trough", "fx_crate")]
    for t in others:
        assert fit_error(s, 0, t, flock) is None


def test_f66_fex15_attach_set_aside_tile_when_building() -> None:
    """F-66, F-EX-15: a set-aside Trough is offered when a Flock is built; attached, the
    Flock's harvest costs 1 food."""
    s = resolve(revealed={0: "fx_flock"}, aside={0: ["fx_trough", "fx_crate"]})
    act(s, 0, f"build {s.revealed[0]} 0,1")
    trough, crate = s.aside[0]
    assert menu(s, 0) == [f"attach {trough}", f"attach {crate}", "skip-attach"]
    act(s, 0, f"attach {trough}")
    assert menu(s, 0) == [f"attach {crate}", "skip-attach"]
    act(s, 0, "skip-attach")
    flock = card_at(s, 0, (0, 1))
    assert s.equip[flock] == [trough] and s.aside[0] == [crate]
    assert cost(s, 0, flock) == (0, 0, 1)


def test_f113_fex15_skipped_attach_is_too_late_later() -> None:
    """F-113, F-EX-15: after skipping, the Trough can never go on that Flock; a later fitting
    build offers it again, but only for the new card."""
    s = resolve(revealed={0: "fx_flock"}, aside={0: ["fx_trough"]})
    act(s, 0, f"build {s.revealed[0]} 0,1")
    act(s, 0, "skip-attach")
    assert not s.stack
    flock = card_at(s, 0, (0, 1))
    refused(s, 0, f"attach {s.aside[0][0]}", None)
    assert flock not in s.equip


def test_f67_placement_tile_applies_once_from_its_host() -> None:
    """F-67, F-19: a placement tile's effects apply once when placed (its timing is explicit
    in the card data); a cost makes it optional (F-57)."""
    s = resolve(cards=FULL, revealed={0: "t_shed"}, tiles=["t_purse"], coins={0: 10})
    act(s, 0, f"build {s.revealed[0]} 0,1")
    act(s, 0, "place 0,1")
    assert s.coins[0] == 10 - 2 + 3
    s = resolve(cards=FULL, revealed={0: "t_shed"}, tiles=["t_bucket"], water={0: {(0, 0): 0}})
    act(s, 0, f"build {s.revealed[0]} 0,1")
    act(s, 0, "place 0,1")
    assert menu(s, 0) == ["pay", "skip"]
    act(s, 0, "pay")
    assert s.water[card_at(s, 0, (0, 0))] == 2 and s.coins[0] == 15 - 2 - 1


@pytest.mark.parametrize("ruleset", ["published", "prototype"])
def test_f18_open_area_loses_equipment_for_good(ruleset: str) -> None:
    """F-18, F-68: both rule sets discard the tiles of a card turning face down."""
    farm = {(0, 0): "water_tower", (1, 0): "silo", (0, 1): "fx_flock"}
    s = build(farms={0: farm}, equipment={0: {(0, 1): ["fx_crate"]}}, phase="harvest",
              ruleset=ruleset, hands={}, food={0: 0})  # fmt: skip
    flock = card_at(s, 0, (0, 1))
    crate = s.equip[flock][0]
    act(s, 0, "end-harvest")
    assert crate in s.tile_discard and flock not in s.equip
