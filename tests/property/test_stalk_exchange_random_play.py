"""Hypothesis suites for Stalk Exchange (DESIGN §6.4): random legal play from random seeds,
player counts and configurations with the invariants after every action, and direct
submissions of arbitrary actions (slots, spaces and types in and out of range, Flush,
EndActions, by any seat), which must either apply or be refused leaving ``key()`` unchanged,
with ``is_legal`` and the menu agreeing. Shrinking gives minimal failing move sequences."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from seedbed.engine.api import Action
from seedbed.engine.errors import IllegalActionError
from seedbed.engine.rng import Rng
from seedbed.games.bohnanza.actions import PlantFromHand
from seedbed.games.stalk_exchange import StalkExchangeState
from seedbed.games.stalk_exchange.actions import EndActions, Flush, Plant, Swap
from seedbed.games.stalk_exchange.scoring import bust


def _load_invariants() -> ModuleType:
    """The shared helpers of ``tests/games/stalk_exchange`` (not importable from here)."""
    path = Path(__file__).resolve().parent.parent / "games" / "stalk_exchange" / "invariants.py"
    spec = importlib.util.spec_from_file_location("stalk_exchange_invariants", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


INV = _load_invariants()
GAME = INV.GAME
SETTINGS = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
MAX_STEPS = 5000


@st.composite
def setups(draw: st.DrawFn) -> tuple[int, int, dict[str, Any]]:
    """A player count, a seed and options: the defaults half of the time, else a valid
    configuration drawn from small and large values of every option (S-3)."""
    n = draw(st.integers(2, 5))
    seed = draw(st.integers(0, 2**32))
    if draw(st.booleans()):
        return n, seed, {}
    tokens = draw(st.integers(6, 25))
    slots = draw(st.integers(1, 8))
    options: dict[str, Any] = {
        "garden_radius": draw(st.integers(1, 4)),
        "exchange_slots": slots,
        "basic_actions": draw(st.integers(1, 3)),
        "tokens_per_type": tokens,
        "portfolio_size": draw(st.integers(1, max(1, min(12, (5 * tokens - slots) // n)))),
        "seedy_tokens": draw(st.integers(0, 6)),
        "market_start": draw(st.integers(1, 30)),
    }
    return n, seed, options


def expected_scores(s: StalkExchangeState) -> tuple[int, ...]:
    final = bust(s.values)
    return tuple(sum(v * k for v, k in zip(final, p, strict=True)) for p in s.portfolios)


@SETTINGS
@given(setup=setups(), choices=st.lists(st.integers(0, 2**16), max_size=200))
def test_random_legal_play_keeps_the_invariants(
    setup: tuple[int, int, dict[str, Any]], choices: list[int]
) -> None:
    n, seed, options = setup
    state = GAME.new_state(n, seed, options)
    assert isinstance(state, StalkExchangeState)
    INV.check_invariants(state)
    rng = Rng(seed)
    for step in range(MAX_STEPS):
        if state.is_terminal():
            break
        movers = state.to_move()
        assert movers == (state.active,)
        p = movers[0]
        menu = state.legal_actions(p)
        assert len(menu) > 0
        action = menu[choices[step] % len(menu) if step < len(choices) else rng.below(len(menu))]
        assert state.is_legal(p, action)
        assert GAME.action_from_json(action.to_json()) == action
        assert GAME.parse_action(str(action)) == action
        state.apply(p, action)
        INV.check_invariants(state)
    assert state.is_terminal(), f"no end within {MAX_STEPS} steps (S-40)"
    assert state.turns <= state.config.total_tokens + 1  # S-40
    assert state.outcome().scores == expected_scores(state)


# ------------------------------------------------------------------ direct submissions

KINDS = ["menu", "menu", "plant", "plant", "swap", "swap", "flush", "end", "foreign"]


def arbitrary(data: st.DataObject, state: StalkExchangeState, kind: str) -> Action:
    """An action of ``kind``, mostly with plausible arguments for this state (so that many
    apply), sometimes with slots, spaces or types out of range."""
    slots = len(state.exchange)
    slot = data.draw(st.one_of(st.integers(0, slots - 1), st.integers(-2, slots + 2)))
    if kind == "plant":
        radius = state.config.garden_radius + 2
        off = st.tuples(st.integers(-radius, radius), st.integers(-radius, radius))
        return Plant(slot, data.draw(st.one_of(st.sampled_from(state.board.spaces), off)))
    if kind == "swap":
        return Swap(slot, data.draw(st.one_of(st.integers(0, 4), st.integers(-2, 7))))
    if kind == "flush":
        return Flush()
    if kind == "end":
        return EndActions()
    return PlantFromHand(0)  # another game's action


def submit(state: StalkExchangeState, player: int, action: Action) -> bool:
    """Apply or be refused; a refusal leaves the state unchanged. True if applied."""
    before = state.key()
    legal = state.is_legal(player, action)
    menu = state.legal_actions(player)
    assert (action in list(menu)) == legal, f"menu and is_legal disagree on {action!r}"
    try:
        state.apply(player, action)
    except IllegalActionError:
        assert not legal, f"is_legal said yes but {action!r} by {player} was refused"
        assert state.key() == before, f"refused {action!r} by {player} changed the state"
        return False
    assert legal, f"is_legal said no but {action!r} by {player} applied"
    INV.check_invariants(state)
    return True


@SETTINGS
@given(setup=setups(), warmup=st.integers(0, 60), data=st.data())
def test_direct_actions_apply_or_change_nothing(
    setup: tuple[int, int, dict[str, Any]], warmup: int, data: st.DataObject
) -> None:
    """Submissions by the active player (mostly) or any seat, 7 in 9 of them arbitrary
    actions, the rest menu entries to move the game on."""
    n, seed, options = setup
    state = GAME.new_state(n, seed, options)
    assert isinstance(state, StalkExchangeState)
    rng = Rng(seed ^ 0x5EED)
    for _ in range(warmup):
        if state.is_terminal():
            break
        menu = state.legal_actions(state.active)
        state.apply(state.active, menu[rng.below(len(menu))])
    applied = refused = 0
    for _ in range(data.draw(st.integers(1, 60), label="submissions")):
        if state.is_terminal():
            break
        kind = data.draw(st.sampled_from(KINDS))
        if kind == "menu":
            menu = state.legal_actions(state.active)
            submit(state, state.active, menu[data.draw(st.integers(0, len(menu) - 1))])
            continue
        action = arbitrary(data, state, kind)
        player = data.draw(st.one_of(st.just(state.active), st.integers(0, n + 1)))
        if submit(state, player, action):
            applied += 1
        else:
            refused += 1
    if state.is_terminal():  # nothing is legal any more (S-39)
        for kind in KINDS[2:]:
            assert not submit(state, state.active, arbitrary(data, state, kind))
    event(f"applied {min(applied, 3)}+ arbitrary actions")
    event(f"refused {min(refused, 3)}+ arbitrary actions")
