"""``StalkExchangeState.to_json`` / ``StalkExchange.state_from_json``: the full state
round-trips through JSON text (every zone, the turn counters, the triggers and the
generator), and the copy plays on exactly like the original."""

from __future__ import annotations

import json
from typing import Any

import pytest

from seedbed.engine.rng import Rng
from seedbed.games.stalk_exchange import StalkExchangeState
from seedbed.games.stalk_exchange.actions import FLUSH

from .invariants import GAME, check_invariants


def through_json(state: StalkExchangeState) -> StalkExchangeState:
    copy = GAME.state_from_json(json.loads(json.dumps(state.to_json())))  # type: ignore[attr-defined]
    assert isinstance(copy, StalkExchangeState)
    return copy


def dump(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True)


def play_both(a: StalkExchangeState, b: StalkExchangeState, rng: Rng) -> None:
    """The same random actions on both to the end: same keys, events and views each step."""
    while not a.is_terminal():
        p = a.active
        menu, other = a.legal_actions(p), b.legal_actions(p)
        assert len(menu) == len(other)
        i = rng.below(len(menu))
        action = menu[i]
        assert other[i] == action
        ea, eb = a.apply(p, action), b.apply(p, action)
        assert dump([e.for_viewer(None) for e in ea]) == dump([e.for_viewer(None) for e in eb])
        assert a.key() == b.key()
    assert b.is_terminal()
    assert a.outcome() == b.outcome()
    assert dump(a.observe(0)) == dump(b.observe(0))


@pytest.mark.parametrize(
    ("num_players", "options"),
    [(2, {}), (3, {}), (4, {}), (5, {}), (3, {"garden_radius": 2, "portfolio_size": {"3": 9}})],
)
def test_state_round_trips_through_json(num_players: int, options: dict[str, Any]) -> None:
    for seed in range(3):
        state = GAME.new_state(num_players, seed, options)
        assert isinstance(state, StalkExchangeState)
        rng = Rng(seed + 40)
        checked = 0
        while not state.is_terminal():
            if rng.below(6) == 0:
                copy = through_json(state)
                assert copy.key() == state.key()
                assert copy.to_move() == state.to_move()
                assert copy.config == state.config
                check_invariants(copy)
                for v in [None, *range(num_players)]:
                    assert dump(copy.observe(v)) == dump(state.observe(v))
                if checked % 4 == 0:  # the copy plays on like the original
                    play_both(state.clone(), copy, Rng(checked))
                checked += 1
            menu = state.legal_actions(state.active)
            state.apply(state.active, menu[rng.below(len(menu))])
        assert checked > 5
        final = through_json(state)
        assert final.key() == state.key()
        assert final.outcome() == state.outcome()


def test_mid_turn_state_round_trips() -> None:
    """Mid action phase (basic actions taken, spaces planted this turn, a Flush's trigger 2
    pending): the copy's upkeep judges the same spaces and the game ends the same way."""
    found = pending = 0
    options = {"tokens_per_type": 12, "portfolio_size": 5, "seedy_tokens": 9}  # a small bag
    for seed in range(30):
        state = GAME.new_state(3, seed, options)
        assert isinstance(state, StalkExchangeState)
        rng = Rng(seed)
        while not state.is_terminal():
            if state.planted and state.basic_taken and (state.crash or rng.below(8) == 0):
                copy = through_json(state)
                assert copy.planted == state.planted and copy.crash == state.crash
                play_both(state.clone(), copy, Rng(seed))
                found += 1
                pending += state.crash != 0
            menu = state.legal_actions(state.active)
            action = menu[rng.below(len(menu))]
            if (
                state.planted
                and 0 < state.greenhouse_size < 6
                and state.is_legal(state.active, FLUSH)
            ):
                action = FLUSH  # S-60: a Flush that cannot refill every slot
            state.apply(state.active, action)
    assert found > 20
    assert pending > 0


def test_to_json_is_a_copy() -> None:
    state = GAME.new_state(3, 1)
    assert isinstance(state, StalkExchangeState)
    data = state.to_json()
    data["portfolios"][0][0] += 5
    data["garden"][0] = 7
    data["exchange"].clear()
    assert sum(state.portfolios[0]) == state.config.portfolio_size
    assert state.garden[0] == 0 and len(state.exchange) == 6


def test_a_changed_field_changes_the_key() -> None:
    """The round trip compares keys, so the key must see every zone."""
    state = GAME.new_state(2, 1)
    assert isinstance(state, StalkExchangeState)
    base = state.to_json()
    for name, value in base.items():
        if name in ("num_players", "options") or not isinstance(value, list | int | bool):
            continue
        data = json.loads(json.dumps(base))
        if isinstance(value, bool):
            data[name] = not value
        elif isinstance(value, int):
            data[name] = value + 1
        elif value and isinstance(value[0], list):
            data[name][0].append(0)
        else:
            data[name] = [*value, 1]
        changed = GAME.state_from_json(data)  # type: ignore[attr-defined]
        assert changed.key() != state.key(), f"key() ignores {name}"
