"""Whole greedy games of Bohnanza on both sides (issue 16), for tests/native/test_bohnanza_greedy.py
and scripts/bohnanza_greedy_parity.py: the Python loop of ``heuristics.choose`` at every seat on
the Python engine, the native ``greedy_playout``, and the first decision where they part."""

from __future__ import annotations

from typing import Any

import seedbed
from seedbed.engine.api import Action, State
from seedbed.engine.rng import Rng
from seedbed.games.bohnanza.heuristics import choose
from seedbed.games.bohnanza.native import NativeBohnanzaState

PYTHON = seedbed.game("bohnanza", engine="python")
NATIVE = seedbed.game("bohnanza", engine="native")

CONFIGS: list[tuple[str, int, dict[str, Any], int]] = [  # label, players, options, games
    ("duel", 2, {}, 40),
    ("standard-3", 3, {}, 12),
    ("standard-4", 4, {}, 14),
    ("standard-5", 5, {}, 12),
    ("standard-6", 6, {}, 10),
    ("standard-7", 7, {}, 10),
    ("classic-3", 3, {"edition": "classic"}, 12),
    ("classic-4", 4, {"edition": "classic"}, 12),
    ("classic-5", 5, {"edition": "classic"}, 10),
    ("open-treasuries-4", 4, {"treasury_visibility": "open"}, 12),
    ("no-offer-cap-4", 4, {"max_offers": None}, 12),
    ("no-offers-4", 4, {"max_offers": 0}, 12),
    ("one-offer-5", 5, {"max_offers": 1}, 10),
    ("all-positions-4", 4, {"offer_menu": {"positions": "all"}}, 12),
    ("give3-want3-5", 5, {"offer_menu": {"max_give": 3, "max_want": 3}}, 10),
    ("give0-want1-3", 3, {"offer_menu": {"max_give": 0, "max_want": 1}}, 10),
    ("two-offers-6", 6, {"max_offers": 2}, 10),
]


def python_game(n: int, seed: int, options: dict[str, Any]) -> tuple[State, Rng, int]:
    """A whole game of ``choose`` at every seat on the Python engine, policy ``Rng(seed)``."""
    state = PYTHON.new_state(n, seed, options)
    rng = Rng(seed)
    steps = 0
    while not state.is_terminal():
        p = state.to_move()[0]
        state.apply(p, choose(state.observe(p), state.legal_actions(p), rng))
        steps += 1
    return state, rng, steps


def native_game(n: int, seed: int, options: dict[str, Any]) -> tuple[State, Rng, int]:
    """The same game played by ``greedy_playout``."""
    state = NATIVE.new_state(n, seed, options)
    assert isinstance(state, NativeBohnanzaState)
    rng = Rng(seed)
    steps = state.greedy_playout(rng, 1_000_000)
    return state, rng, steps


def first_difference(n: int, seed: int, options: dict[str, Any]) -> str | None:
    """Where ``greedy_choose`` first differs from ``choose`` (or draws differently) in the game
    of ``seed`` played on the native engine by ``choose``; None when it never does."""
    state = NATIVE.new_state(n, seed, options)
    assert isinstance(state, NativeBohnanzaState)
    rng = Rng(seed)
    step = 0
    while not state.is_terminal():
        p = state.to_move()[0]
        native_rng = rng.clone()
        got: Action = state.greedy_choose(p, native_rng)
        view = state.observe(p)
        expected = choose(view, state.legal_actions(p), rng)
        if got != expected or native_rng.next64() != rng.clone().next64():
            return (
                f"step {step}, turn {view['turn']}, phase {view['phase']}, seat {p}: "
                f"python {expected}, native {got}; state {state.to_json()}"
            )
        state.apply(p, expected)
        step += 1
    return None
