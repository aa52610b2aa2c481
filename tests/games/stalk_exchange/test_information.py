"""What each player sees (S-6, S-45 … S-48)."""

from __future__ import annotations

import json
from typing import Any

from seedbed.engine.rng import Rng

from .builder import GAME, SPEC_OPTIONS, act, build, play_random

OPTS = SPEC_OPTIONS
ZERO = {"dahlia": 0, "daffodil": 0, "globemaster": 0, "snowdrop": 0, "tulip": 0}


def position(**kw: Any) -> Any:
    base: dict[str, Any] = {
        "options": OPTS,
        "garden": {(0, 0): "T", (1, 0): ("G", "bloom")},
        "exchange": ["D", None, "G", "S", "T", "T"],
        "portfolios": [{"T": 6, "S": 5}, {"D": 11}, {"Da": 4, "G": 7}],
        "values": {"D": 2},
        "compost": {"S": 3},
        "greenhouse": {"D": 10, "Da": 21, "G": 18, "S": 1, "T": 14},
        "seedy": [3, 4, 2],
        "spent": [1, 0, 2],
        "basic_taken": 1,
    }
    base.update(kw)
    return build(3, **base)


def test_s45_public_zones_in_every_observation() -> None:
    """S-45: the whole Garden (type and side), the Exchange, the track and values, the
    Greenhouse count, the Compost by type, each player's portfolio size and Seedy Business
    counts, the active player, basic actions taken and the end-trigger state are public."""
    s = position()
    for viewer in (None, 0, 1, 2):
        o = s.observe(viewer)
        assert o["garden"] == {
            "radius": 3,
            "tokens": [
                {"space": [0, 0], "flower": "tulip", "side": "bulb"},
                {"space": [1, 0], "flower": "globemaster", "side": "bloom"},
            ],
        }
        assert o["exchange"] == ["dahlia", None, "globemaster", "snowdrop", "tulip", "tulip"]
        assert o["market"]["values"] == {**ZERO, "dahlia": 2}
        assert o["market"]["track"] == ["dahlia", "dahlia"]
        assert o["market"]["start"] == 16 and o["market"]["next_cell"] == 14
        assert o["greenhouse"] == 64
        assert o["compost"] == {**ZERO, "snowdrop": 3}
        assert [
            (p["portfolio_size"], p["seedy_unspent"], p["seedy_spent"]) for p in o["players"]
        ] == [(11, 3, 1), (11, 4, 0), (11, 2, 2)]
        assert o["active"] == 0 and o["basic_taken"] == 1 and o["crash"] is None
    s.crash, s.crash_turn = 2, 0
    assert s.observe(1)["crash"] == {"triggers": [2], "turn": 0}


def test_s6_only_seedy_counts_matter() -> None:
    """S-6 (2): the side a spent Seedy Business token lies on has no effect: only the unspent
    and spent counts exist, in the state and in observations."""
    s = position()
    act(s, 0, "flush")
    assert (s.seedy[0], s.spent[0]) == (2, 2)
    assert s.observe(2)["players"][0]["seedy_unspent"] == 2
    assert s.observe(2)["players"][0]["seedy_spent"] == 2


def test_s45_every_action_is_public_with_its_arguments() -> None:
    """S-45: every action taken, with its arguments, is public: the events of a Plant, a
    Swap, a Flush and an EndActions look the same to every viewer and to spectators."""
    s = position()
    events = []
    events += act(s, 0, "plant 0 2,-1")
    events += act(s, 0, "swap 2 tulip")
    events += act(s, 0, "flush")
    events += act(s, 0, "end")
    for e in events:
        seen = e.for_viewer(None)
        assert all(e.for_viewer(p) == seen for p in range(3))
    plant = events[0].for_viewer(1)
    assert plant == {
        "kind": "plant",
        "player": 0,
        "slot": 0,
        "space": [2, -1],
        "flower": "dahlia",
        "extra": False,
    }


def test_s46_own_portfolio_is_private() -> None:
    """S-46: a player's observation holds their own portfolio by type; a spectator's holds
    none."""
    s = position()
    assert s.observe(0)["portfolio"] == {**ZERO, "snowdrop": 5, "tulip": 6}
    assert s.observe(2)["portfolio"] == {**ZERO, "daffodil": 4, "globemaster": 7}
    assert s.observe(None)["portfolio"] is None
    assert "portfolios" not in s.observe(0)


def test_s47_hidden_portfolios_greenhouse_contents_and_generator() -> None:
    """S-47: two positions differing only in other players' portfolios (same sizes), in the
    Greenhouse's contents (same count) and in the generator give player 0 identical
    observations; the generator state appears nowhere."""
    a = position()
    b = position(
        portfolios=[{"T": 6, "S": 5}, {"Da": 11}, {"D": 10, "G": 1}],
        greenhouse={"D": 12, "Da": 14, "G": 22, "S": 2, "T": 14},
    )
    b.rng = Rng(12345)
    assert a.greenhouse != b.greenhouse and a.portfolios[1] != b.portfolios[1]
    for viewer in (0, None):
        assert json.dumps(a.observe(viewer), sort_keys=True) == json.dumps(
            b.observe(viewer), sort_keys=True
        )
    assert a.observe(1) != b.observe(1)
    text = json.dumps(a.observe(0))
    assert str(a.rng.state) not in text and "rng" not in text
    assert "greenhouse" in a.observe(0) and isinstance(a.observe(0)["greenhouse"], int)


def test_s48_swap_is_public_and_known_to_hold() -> None:
    """S-48: everyone sees which type left the Exchange and which type came back; opponents
    can deduce part of a portfolio (``known_to_hold``), a public lower bound."""
    s = position()
    events = act(s, 0, "swap 4 snowdrop")  # takes a tulip, gives a snowdrop
    assert events[0].for_viewer(2) == {
        "kind": "swap",
        "player": 0,
        "slot": 4,
        "took": "tulip",
        "gave": "snowdrop",
        "extra": False,
    }
    assert s.observe(1)["players"][0]["known_to_hold"] == {**ZERO, "tulip": 1}
    act(s, 0, "swap 2 tulip")  # gives a tulip back (takes a globemaster)
    assert s.observe(2)["players"][0]["known_to_hold"] == {**ZERO, "globemaster": 1}
    assert s.observe(None)["players"][1]["known_to_hold"] == ZERO


def test_s48_portfolios_revealed_at_the_end() -> None:
    """S-48 / S-42: when the game is over every portfolio is public."""
    s = GAME.new_state(3, 5, OPTS)
    assert "portfolios" not in s.observe(None)
    play_random(s, 5)
    assert s.is_terminal()
    o = s.observe(None)
    names = ["dahlia", "daffodil", "globemaster", "snowdrop", "tulip"]
    assert o["portfolios"] == [dict(zip(names, p, strict=True)) for p in s.portfolios]
    assert o["active"] is None and o["over"] is True
