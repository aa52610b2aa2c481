"""``FieldsOfGreenState.to_json`` / ``FieldsOfGreen.state_from_json``: the full state
round-trips through JSON text mid-game (every zone, pending decisions, the seen marks and
the generator), and the copy plays on exactly like the original."""

from __future__ import annotations

import json
from typing import Any

import pytest

from seedbed.engine.rng import Rng
from seedbed.games.fields_of_green import FieldsOfGreenState

from .fixture_cards import FIXTURE
from .invariants import GAME, check_invariants


def through_json(state: FieldsOfGreenState) -> FieldsOfGreenState:
    copy = GAME.state_from_json(json.loads(json.dumps(state.to_json())))  # type: ignore[attr-defined]
    assert isinstance(copy, FieldsOfGreenState)
    return copy


def dump(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True)


def play_both(a: FieldsOfGreenState, b: FieldsOfGreenState, rng: Rng) -> None:
    """The same random actions on both to the end: same keys, events and views each step."""
    while not a.is_terminal():
        assert a.to_move() == b.to_move()
        p = a.to_move()[rng.below(len(a.to_move()))]
        menu, other = a.legal_actions(p), b.legal_actions(p)
        assert [str(x) for x in menu] == [str(x) for x in other]
        action = menu[rng.below(len(menu))]
        ea, eb = a.apply(p, action), b.apply(p, action)
        for v in (None, p):
            assert dump([e.for_viewer(v) for e in ea]) == dump([e.for_viewer(v) for e in eb])
        assert a.key() == b.key()
    assert b.is_terminal()
    assert a.outcome() == b.outcome()
    assert dump(a.observe(0)) == dump(b.observe(0))


@pytest.mark.parametrize(
    ("num_players", "options"),
    [
        (2, {}),
        (3, {}),
        (4, {}),
        (3, {"ruleset": "prototype", "introductory": True}),
        (4, {"cards": FIXTURE}),
    ],
)
def test_state_round_trips_through_json(num_players: int, options: dict[str, Any]) -> None:
    """Every ~8th position of two games: same key, movers, menus and views; a pending
    decision (a frame on the stack) round-trips too; a quarter of the copies play on."""
    pending = 0
    for seed in range(2):
        state = GAME.new_state(num_players, seed, options)
        assert isinstance(state, FieldsOfGreenState)
        rng = Rng(seed + 40)
        checked = 0
        while not state.is_terminal():
            if rng.below(8) == 0 or (state.stack and rng.below(2) == 0):
                copy = through_json(state)
                assert copy.key() == state.key()
                assert copy.to_move() == state.to_move()
                assert copy.cfg.options == state.cfg.options
                check_invariants(copy)
                for v in [None, *range(num_players)]:
                    assert dump(copy.observe(v)) == dump(state.observe(v))
                for p in state.to_move():
                    assert list(map(str, copy.legal_actions(p))) == list(
                        map(str, state.legal_actions(p))
                    )
                if checked % 4 == 0:  # the copy plays on like the original
                    play_both(state.clone(), copy, Rng(checked))
                checked += 1
                pending += bool(state.stack)
            p = state.to_move()[0]
            menu = state.legal_actions(p)
            state.apply(p, menu[rng.below(len(menu))])
        assert checked > 5
        final = through_json(state)
        assert final.key() == state.key()
        assert final.outcome() == state.outcome()
    if num_players > 2 or options:
        assert pending > 0


def test_to_json_is_a_copy() -> None:
    state = GAME.new_state(3, 1)
    assert isinstance(state, FieldsOfGreenState)
    key = state.key()
    data = state.to_json()
    data["piles"][0].pop()
    data["farms"][0].clear()
    data["coins"][0] += 5
    data["water"][0][1] = 0
    assert state.key() == key


def test_a_changed_field_changes_the_key() -> None:
    """The round trip compares keys, so the key must see every field of the state."""
    state = GAME.new_state(3, 1)
    assert isinstance(state, FieldsOfGreenState)
    p = state.to_move()[0]
    state.apply(p, state.legal_actions(p)[0])  # a split: hands and splits are not empty
    base = state.to_json()
    for name, value in base.items():
        if name in ("num_players", "options"):
            continue
        data = json.loads(json.dumps(base))
        if isinstance(value, int):
            data[name] = value + 1
        elif value and isinstance(value[0], list):
            data[name][0] = [*data[name][0], 1]
        else:
            data[name] = [*value, 1]
        try:
            changed = GAME.state_from_json(data)  # type: ignore[attr-defined]
        except (ValueError, TypeError, KeyError):
            continue  # refused as malformed: fine
        assert changed.key() != state.key(), f"key() ignores {name}"
