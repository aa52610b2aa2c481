"""Fields of Green's fast path through the State API (issue 15, D-53), as Stalk Exchange's
(``test_stalk_exchange_codes.py``): the native menus hand out shared action objects (one per
action, made once from its JSON), a short menu as the same tuple again at the same position;
items a state handed out (its short menu's tuple, the item its lazy menu made last) are
applied by identity, anything else by its JSON. Stepping both engines side by side must give
equal menus, events (as JSON text, key order included) and keys, whichever way an action
reaches the native state."""

from __future__ import annotations

import json
from typing import Any

import pytest

import seedbed
from seedbed.engine.api import Event
from seedbed.engine.menu import LazyMenu
from seedbed.games.fields_of_green import native as N
from seedbed.games.fields_of_green.actions import CODEC, action_from_json
from seedbed.lab.simulate import policy_rng

pytestmark = pytest.mark.skipif(N.GAME is None, reason=str(N.UNAVAILABLE))


def _pair(n: int, seed: int) -> tuple[Any, Any]:
    py = seedbed.game("fields_of_green", engine="python").new_state(n, seed)
    nat = seedbed.game("fields_of_green", engine="native").new_state(n, seed)
    return py, nat


@pytest.mark.parametrize("n", [2, 3])
@pytest.mark.parametrize("via", ["native menu", "python objects", "rebuilt objects"])
def test_stepping_through_the_api_matches_python(
    n: int, via: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(N, "TEXTS_LIMIT", 40)  # the texts of shared objects start again often
    long_menus = 0
    for seed in range(2):
        py, nat = _pair(n, seed)
        rng = policy_rng(seed)
        while not py.is_terminal():
            player = py.to_move()[0]
            assert nat.to_move() == py.to_move()
            menu, native_menu = py.legal_actions(player), nat.legal_actions(player)
            assert nat.legal_actions(player) is native_menu  # the same menu at one position
            assert len(native_menu) == len(menu)
            long_menus += isinstance(native_menu, LazyMenu)
            i = rng.below(len(menu))
            assert native_menu[i] == menu[i]
            if len(menu) <= N.EAGER_MENU:
                assert type(native_menu) is tuple and list(native_menu) == list(menu)
            action = {
                "native menu": native_menu[i],
                "python objects": menu[i],
                "rebuilt objects": action_from_json(menu[i].to_json()),
            }[via]
            got, want = nat.apply(player, action), py.apply(player, menu[i])
            assert json.dumps(got) == json.dumps(want)  # key order included
            assert got == want and type(got) is list and all(type(e) is Event for e in got)
        assert nat.key() == py.key() and nat.outcome() == py.outcome()
    assert long_menus > 0  # the lazy menus (builds) were stepped through too


def test_menu_items_are_shared_objects_across_states() -> None:
    """One object per action: another state at the same position, a clone, and the greedy
    policy hand out the very objects of the first state's menu (D-40's shared objects)."""
    a = seedbed.game("fields_of_green", engine="native").new_state(3, 7)
    b = seedbed.game("fields_of_green", engine="native").new_state(3, 7)
    player = a.to_move()[0]
    menu = a.legal_actions(player)
    assert all(x is y for x, y in zip(menu, b.legal_actions(player), strict=True))
    assert all(x is y for x, y in zip(menu, a.clone().legal_actions(player), strict=True))
    chosen = a.greedy_choose(player, policy_rng(1))
    assert chosen is not None and any(chosen is item for item in menu)


def _to_long_menu(seed: int) -> tuple[Any, int, Any]:
    """A native state whose mover has a lazy menu, with that player and menu."""
    state = seedbed.game("fields_of_green", engine="native").new_state(3, seed)
    rng = policy_rng(seed)
    while not state.is_terminal():
        player = state.to_move()[0]
        menu = state.legal_actions(player)
        if isinstance(menu, LazyMenu):
            return state, player, menu
        state.apply(player, menu[rng.below(len(menu))])
    raise AssertionError("no long menu in the game")


def test_a_lazy_menu_item_applied_elsewhere_or_later_is_applied_by_what_it_says() -> None:
    state, player, menu = _to_long_menu(3)
    first = menu[0]
    last = menu[-1]  # made last: the state applies it by identity
    twin = state.clone()
    python = state.python_state().clone()
    before = python.clone().legal_actions(player)
    want = python.apply(player, last)
    assert twin.apply(player, last) == want  # an item of another state's menu: by its JSON
    assert state.apply(player, last) == want
    assert state.key() == twin.key() == python.key()
    # the menu stays the menu of its position after the state moved on
    assert menu[0] is first and len(menu) == len(before)
    assert list(menu[-3:]) == list(before[-3:]) and menu[5] == before[5]
    got, expected = state.refusal(player, first), python.refusal(player, first)
    assert type(got) is type(expected) and str(got) == str(expected)


def test_shared_objects_are_made_as_the_codec_reads_their_json() -> None:
    """``_made`` builds an action from its kind's index and fields: the classes are in the
    codec's order (the native actions' order), and what it makes equals, field for field and
    type for type, what ``action_from_json`` reads from the item's JSON text."""
    assert tuple(cls.kind.type for cls in N._KIND_CLASSES) == CODEC.types  # type: ignore[attr-defined]
    seen = 0
    for seed in range(3):
        state = seedbed.game("fields_of_green", engine="native").new_state(3, seed)
        rng = policy_rng(seed)
        while not state.is_terminal():
            player = state.to_move()[0]
            menu = state.legal_actions(player)
            for item in (menu[0], menu[-1], menu[rng.below(len(menu))]):
                parsed = action_from_json(json.loads(json.dumps(item.to_json())))
                assert parsed == item and repr(parsed) == repr(item)
                seen += 1
            state.apply(player, menu[rng.below(len(menu))])
    assert seen > 300
