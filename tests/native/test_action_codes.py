"""The native state's fast path through the State API (issue 14, D-40): actions cross the
boundary as integer codes (``native/core/src/bohnanza/codes.rs``), menu items handed out by a
state are applied by identity, and events are made natively as Python ``Event`` objects (the
repeating ones shared). Stepping the Python engine and the native wrapper side by side through
``legal_actions``/``apply`` must give equal menus, equal events and equal keys, with the
caches starting again many times in a game, and actions nobody listed (built by hand,
malformed or unhashable, or listed by another state or position) must behave as in Python."""

from __future__ import annotations

import json
from typing import Any

import pytest

import seedbed
from seedbed.engine.api import Action, Event
from seedbed.engine.errors import IllegalActionError, InvalidActionError
from seedbed.games.bohnanza import actions as A
from seedbed.games.bohnanza import native as N
from seedbed.lab.simulate import policy_rng

pytestmark = pytest.mark.skipif(N.GAME is None, reason=str(N.UNAVAILABLE))

CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (4, {"max_offers": 0}),
    (4, {}),  # offers, so accepts, declines and withdrawals are played (B-37 … B-41)
    (2, {}),  # the duel (B-64)
    (3, {"edition": "classic", "max_offers": 2}),
    (7, {"treasury_visibility": "open", "max_offers": 2}),
]


def _pair(n: int, seed: int, options: dict[str, Any]) -> tuple[Any, Any]:
    py = seedbed.game("bohnanza", engine="python").new_state(n, seed, options)
    nat = seedbed.game("bohnanza", engine="native").new_state(n, seed, options)
    return py, nat


@pytest.mark.parametrize(("n", "options"), CONFIGS, ids=str)
def test_stepping_through_the_api_matches_python(
    n: int, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(N, "CACHE_LIMIT", 40)  # caches start again many times per game
    old_limit = N._native.BohnanzaZones.event_cache_limit(40)
    try:
        _step_both(n, options)
    finally:
        N._native.BohnanzaZones.event_cache_limit(old_limit)


def _step_both(n: int, options: dict[str, Any]) -> None:
    kinds: set[str] = set()
    for seed in range(2):
        py, nat = _pair(n, seed, options)
        rng = policy_rng(seed)
        for step in range(3000):
            if py.is_terminal():
                break
            player = py.to_move()[0]
            menu = py.legal_actions(player)
            native_menu = nat.legal_actions(player)
            assert len(native_menu) == len(menu), step
            i = rng.below(len(menu))
            assert native_menu[i] == menu[i], step
            if len(menu) <= N.EAGER_MENU:
                assert list(native_menu) == list(menu), step
            kinds.add(type(menu[i]).__name__)
            got, want = nat.apply(player, native_menu[i]), py.apply(player, menu[i])
            assert json.dumps(got) == json.dumps(want), step  # key order included
            assert got == want and type(got) is list, step
            assert all(type(e) is Event for e in got), step
            assert nat.key() == py.key(), step
            assert nat.to_move() == py.to_move(), step
        assert nat.is_terminal() == py.is_terminal()
    if options.get("max_offers") != 0 and n > 2:  # the duel has no trading (B-64)
        assert {"Offer", "Accept"} <= kinds, kinds


def test_every_listed_action_has_the_code_of_its_json() -> None:
    py, nat = _pair(4, 5, {"max_offers": 3})
    rng = policy_rng(5)
    seen = 0
    while not nat.is_terminal() and seen < 2000:
        player = nat.to_move()[0]
        for a in py.legal_actions(player)[: N.EAGER_MENU]:
            code = N._native.bohnanza_action_code(json.dumps(a.to_json()))
            # offers too since issue 34 target 2 (integer actions at the State API)
            assert code is not None and N._action_of(code) == a
            assert A.action_from_json(json.loads(N._native.bohnanza_action_json(code))) == a
            seen += 1
        menu = py.legal_actions(player)
        a = menu[rng.below(len(menu))]
        py.apply(player, a)
        nat.apply(player, a)
    assert seen > 500


def _same_refusal(py: Any, nat: Any, player: int, action: Action) -> None:
    with pytest.raises(IllegalActionError) as want:
        py.apply(player, action)
    with pytest.raises(IllegalActionError) as got:
        nat.apply(player, action)
    assert (type(got.value), str(got.value), got.value.clause) == (
        type(want.value),
        str(want.value),
        want.value.clause,
    )
    assert nat.key() == py.key()


def test_actions_nobody_listed_behave_as_in_python() -> None:
    py, nat = _pair(4, 3, {})
    nat.legal_actions(0)  # the codes of the opening menu are known now
    _same_refusal(py, nat, 0, A.Harvest(-1))  # no code: crosses as JSON (B-18)
    _same_refusal(py, nat, 0, A.Harvest(1 << 20))  # beyond the codes' 16 bits
    _same_refusal(py, nat, 0, A.PASS)  # a code, the wrong phase (B-29)
    _same_refusal(py, nat, 1, A.PASS)  # a code, not on the move (B-28)
    _same_refusal(py, nat, 0, A.Accept(3, (9, 8, 7, 6, 5, 4)))  # six positions: no code
    unhashable = A.Accept(3, [1])  # type: ignore[arg-type]  # a list inside: no hash
    _same_refusal(py, nat, 0, unhashable)
    first = py.legal_actions(0)[0]
    assert nat.apply(0, first) == py.apply(0, first)
    assert nat.key() == py.key()


def test_codes_no_action_has_are_refused() -> None:
    _, nat = _pair(4, 3, {})
    with pytest.raises(ValueError, match="no action has code 4"):
        N._native.bohnanza_action_json(4)  # an offer's kind
    with pytest.raises(InvalidActionError, match="no action has code 17"):
        nat.zones.apply_code(0, 17)


def test_the_same_menu_at_one_position_and_a_new_one_after_a_move() -> None:
    _, nat = _pair(4, 3, {"max_offers": 0})
    menu = nat.legal_actions(0)
    assert type(menu) is tuple and nat.legal_actions(0) is menu  # built once per position
    twin = nat.clone()
    assert twin.legal_actions(0) == menu and twin.legal_actions(0) is not menu
    nat.apply(0, menu[0])
    assert nat.legal_actions(nat.to_move()[0]) is not menu


def test_items_of_another_state_or_position_are_applied_by_what_they_say() -> None:
    py, nat = _pair(4, 3, {"max_offers": 0})
    menu = nat.legal_actions(0)
    twin = nat.clone()  # has handed out nothing: takes the code path
    assert twin.apply(0, menu[0]) == py.clone().apply(0, menu[0])
    nat.apply(0, menu[0])
    py.apply(0, menu[0])
    stale = menu[0]  # listed at the position before: no longer applied by identity
    if py.refusal(0, stale) is not None:
        _same_refusal(py, nat, 0, stale)
    assert twin.key() == nat.key() == py.key()


def test_an_offer_picked_from_a_lazy_menu_is_applied_as_python_applies_it() -> None:
    py, nat = _pair(4, 1, {})
    rng = policy_rng(1)
    offers = 0
    for _ in range(400):
        if py.is_terminal():
            break
        player = py.to_move()[0]
        menu, native_menu = py.legal_actions(player), nat.legal_actions(player)
        i = rng.below(len(menu))
        picked = native_menu[i]
        assert picked == menu[i]
        offers += isinstance(picked, A.Offer)
        assert json.dumps(nat.apply(player, picked)) == json.dumps(py.apply(player, menu[i]))
        assert nat.key() == py.key()
    assert offers > 20
