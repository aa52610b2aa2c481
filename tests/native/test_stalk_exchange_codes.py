"""Stalk Exchange's fast path through the State API (issue 15, D-40), as Bohnanza's
(``test_action_codes.py``): actions cross as integer codes (``StalkExchangeZones.action_code``),
one shared object per code; menu items a state handed out (its short menu's tuple, the item
its lazy menu decoded last) are applied by identity; events are made natively as Python
``Event`` objects. Stepping both engines side by side must give equal menus, events (as JSON
text, key order included) and keys, whichever way an action reaches the native state."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

import seedbed
from seedbed.bots.ismcts import lazy_membership
from seedbed.engine.api import Event
from seedbed.engine.errors import InvalidActionError
from seedbed.engine.menu import LazyMenu
from seedbed.games.stalk_exchange import actions as A
from seedbed.games.stalk_exchange import native as N
from seedbed.lab.simulate import policy_rng

pytestmark = pytest.mark.skipif(N.GAME is None, reason=str(N.UNAVAILABLE))

OPTIONS: list[tuple[int, dict[str, Any]]] = [
    (3, {}),
    (2, {"garden_radius": 1, "exchange_slots": 8}),
    (5, {}),
]


def _pair(n: int, seed: int, options: dict[str, Any]) -> tuple[Any, Any]:
    py = seedbed.game("stalk_exchange", engine="python").new_state(n, seed, options)
    nat = seedbed.game("stalk_exchange", engine="native").new_state(n, seed, options)
    return py, nat


@pytest.mark.parametrize(("n", "options"), OPTIONS, ids=str)
@pytest.mark.parametrize("via", ["native menu", "python objects"])
def test_stepping_through_the_api_matches_python(
    n: int, options: dict[str, Any], via: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(N, "CACHE_LIMIT", 40)  # the action cache starts again many times
    for seed in range(2):
        py, nat = _pair(n, seed, options)
        rng = policy_rng(seed)
        while not py.is_terminal():
            player = py.to_move()[0]
            menu, native_menu = py.legal_actions(player), nat.legal_actions(player)
            assert len(native_menu) == len(menu)
            i = rng.below(len(menu))
            assert native_menu[i] == menu[i]
            if len(menu) <= N.EAGER_MENU:
                assert list(native_menu) == list(menu)
            action = native_menu[i] if via == "native menu" else menu[i]
            got, want = nat.apply(player, action), py.apply(player, menu[i])
            assert json.dumps(got) == json.dumps(want)  # key order included
            assert got == want and type(got) is list and all(type(e) is Event for e in got)
            assert nat.key() == py.key() and nat.to_move() == py.to_move()
        assert nat.is_terminal() and nat.outcome() == py.outcome()


def test_codes_round_trip_and_refuse_what_no_action_has() -> None:
    zones = N._native.StalkExchangeZones
    for action in [A.Plant(3, (-2, 1)), A.Swap(0, 4), A.FLUSH, A.END_ACTIONS]:
        code = zones.action_code(json.dumps(action.to_json()))
        assert code is not None and N._action_of(code) == action
    assert zones.action_code(json.dumps(A.Plant(300, (0, 0)).to_json())) is None
    with pytest.raises(ValueError, match="no action has code"):
        zones.action_json(4 | 1 << 40)  # bits beyond the layout
    _, nat = _pair(3, 1, {})
    with pytest.raises(InvalidActionError, match="no action has code"):
        nat.zones.apply_code(0, 1 << 40)


def test_a_lazy_menu_item_applied_elsewhere_or_later_is_applied_by_what_it_says() -> None:
    py, nat = _pair(3, 2, {})
    menu = nat.legal_actions(0)
    assert not isinstance(menu, tuple)  # plants: slots x empty spaces, lazy
    item = menu[5]
    twin = nat.clone()  # handed out nothing: takes the code path
    assert twin.apply(0, item) == py.clone().apply(0, item)
    assert nat.apply(0, item) == py.apply(0, item)
    assert nat.key() == twin.key() == py.key()
    again = py.refusal(0, item)  # the same item once more, at the next position
    if again is not None:
        with pytest.raises(type(again), match=str(again).split(" [")[0][:20]):
            nat.apply(0, item)
    assert nat.key() == py.key()


def test_the_lazy_menu_is_a_native_sequence_equal_to_the_python_menu() -> None:
    """A long menu (plants: slots x empty spaces, S-28) is ``seedbed._native.StalkExchangeMenu``,
    a registered ``LazyMenu``: the Python engine's items in its order by index, negative index,
    slice and iteration, ``in``/``index``/``count`` as a Sequence's, the same menu after the
    state moved on, and a picked item applied by identity."""
    py, nat = _pair(3, 4, {})
    menu, want = nat.legal_actions(0), py.legal_actions(0)
    assert type(menu) is N._native.StalkExchangeMenu
    assert isinstance(menu, LazyMenu) and isinstance(menu, Sequence)
    assert len(menu) == len(want) > N.EAGER_MENU
    assert list(menu) == list(want) and list(reversed(menu)) == list(reversed(want))
    assert menu[-1] == want[-1] and menu[3:40:7] == list(want[3:40:7])
    assert menu[::-50] == want[::-50]
    assert menu[5] is menu[5]  # one shared object per action
    assert want[9] in menu and A.Plant(0, (99, 99)) not in menu
    assert menu.index(want[9]) == 9 and menu.index(want[9], -len(want)) == 9
    assert menu.count(want[9]) == 1 and menu.count(A.FLUSH) == want.count(A.FLUSH)
    with pytest.raises(ValueError):
        menu.index(A.Plant(0, (99, 99)))
    with pytest.raises(IndexError):
        menu[len(want)]
    with pytest.raises(IndexError):
        menu[-len(want) - 1]
    with pytest.raises(TypeError):
        menu["1"]
    before = list(menu)
    item = menu[7]
    assert nat.clone().zones.apply_listed(0, item) is None  # a copy handed out nothing
    assert json.dumps(nat.apply(0, item)) == json.dumps(py.apply(0, want[7]))
    assert list(menu) == before  # valid for the position it was made in
    assert nat.key() == py.key()
    assert repr(menu) == f"<StalkExchangeMenu of {len(before)} actions>"
    later, want_later = nat.legal_actions(0), py.legal_actions(0)
    assert list(later) == list(want_later)
    assert item in menu and item not in later  # planted: its space is taken now (S-24)
    assert lazy_membership(later)  # ISMCTS asks `in` of every edge rather than is_legal
    for action in [*want_later[::9], A.FLUSH, A.END_ACTIONS, A.Swap(2, 0), A.Plant(0, [0, 0])]:
        assert (action in later) == (action in list(want_later)), action
        assert later.count(action) == list(want_later).count(action), action
