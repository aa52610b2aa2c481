"""The greedy policy of Bohnanza natively (issue 16): ``greedy.rs`` plays what
``heuristics.choose`` plays, choice for choice and draw for draw.

* Whole games: the Python loop (every seat ``choose(state.observe(p), state.legal_actions(p),
  rng)`` on the Python engine, ``p`` the first seat of ``to_move``) and the native
  ``greedy_playout`` from the same deal and ``Rng(k)`` end in the same state (``key()``: every
  zone, the game's generator included) after the same number of actions, with the policy's
  generator in the same state: standard 2–7 players (2 = the duel, B-53 … B-58) and classic
  3–5, secret and open treasuries (B-67), ``max_offers`` 0 / 1 / 2 / default / null, front-most and
  all hand positions, ``max_give`` / ``max_want`` variants (B-50). More games:
  ``scripts/bohnanza_greedy_parity.py``.
* Per decision: ``state.greedy_choose(p, rng)`` equals ``choose`` at every decision of some
  games (accepts, declines, offers, ends of trading, harvests, field purchases, the duel's
  steps), with the same draws.
* No hidden information: a position resampled for ``p`` (``determinize``: other hands, the
  treasuries' cards, the deck order and the game's generator redrawn, B-68 … B-72) gives ``p``
  the same observation and the same native choice.

The views of these games carry no ``manners`` (a bot-only table): the native policy keeps the
etiquette defaults (``OPEN_OFFERS``, ``PHASE_OFFERS``), which are a server table's default
manners too (checked: ``choose`` of a view with them plays alike). Skipped when the extension
module is not built (``make native``), except under ``CI=true``.
"""

from __future__ import annotations

import collections
import os
from typing import Any

import pytest

from seedbed.bots.api import with_manners
from seedbed.engine.rng import Rng
from seedbed.games.bohnanza.heuristics import choose
from seedbed.games.bohnanza.spec import MANNERS

try:
    from seedbed import _native  # type: ignore[attr-defined]  # noqa: F401
except ImportError:  # pragma: no cover - depends on the build
    if os.environ.get("CI") == "true":
        raise
    pytest.skip("seedbed._native is not built (make native)", allow_module_level=True)

from bohnanza_greedy_games import (  # tests/native is on sys.path (rootdir import mode)
    CONFIGS,
    NATIVE,
    PYTHON,
    first_difference,
    native_game,
    python_game,
)

from seedbed.games.bohnanza.native import NativeBohnanzaState

TABLE_MANNERS = {o.name: o.default for o in MANNERS}
"""The manners a server table shows its bots by default (``GameSpec.manners``)."""


def test_the_configurations_hold_at_least_200_games() -> None:
    assert sum(games for *_, games in CONFIGS) >= 200


@pytest.mark.parametrize(("label", "n", "options", "games"), CONFIGS, ids=lambda x: str(x))
def test_whole_greedy_games_end_alike(
    label: str, n: int, options: dict[str, Any], games: int
) -> None:
    for seed in range(1000 * n, 1000 * n + games):
        expected, expected_rng, expected_steps = python_game(n, seed, options)
        got, rng, steps = native_game(n, seed, options)
        same = (steps, got.key(), rng.next64()) == (
            expected_steps,
            expected.key(),
            expected_rng.next64(),
        )
        assert same, f"{label} seed {seed}: {first_difference(n, seed, options)}"
        assert got.is_terminal(), f"{label} seed {seed}"


def test_greedy_playout_stops_after_max_steps_where_python_is() -> None:
    state = NATIVE.new_state(4, 5, {})
    assert isinstance(state, NativeBohnanzaState)
    rng = Rng(5)
    assert state.greedy_playout(rng, 150) == 150
    python = PYTHON.new_state(4, 5, {})
    walk = Rng(5)
    for _ in range(150):
        p = python.to_move()[0]
        python.apply(p, choose(python.observe(p), python.legal_actions(p), walk))
    assert state.key() == python.key()
    assert state.to_move() == python.to_move()  # the wrapper's movers follow
    assert rng.next64() == walk.next64()


@pytest.mark.parametrize(
    ("n", "seed", "options"),
    [(4, 1, {}), (2, 3, {}), (5, 7, {"offer_menu": {"positions": "all"}}), (3, 9, {})],
)
def test_greedy_choose_equals_choose_at_every_decision(
    n: int, seed: int, options: dict[str, Any]
) -> None:
    state = NATIVE.new_state(n, seed, options)
    assert isinstance(state, NativeBohnanzaState)
    rng = Rng(seed)
    kinds: collections.Counter[str] = collections.Counter()
    while not state.is_terminal():
        p = state.to_move()[0]
        native_rng, table_rng = rng.clone(), rng.clone()
        got = state.greedy_choose(p, native_rng)
        view = state.observe(p)
        assert "manners" not in view  # a bot-only table: the heuristics' defaults
        expected = choose(view, state.legal_actions(p), rng)
        assert got == expected, f"turn {view['turn']}: {got} != {expected}"
        assert native_rng.next64() == rng.clone().next64()
        # a table's default manners are those defaults: its greedy bots choose alike
        at_table = choose(with_manners(view, TABLE_MANNERS), state.legal_actions(p), table_rng)
        assert at_table == expected
        assert table_rng.next64() == rng.clone().next64()
        kinds[str(got).split()[0]] += 1
        state.apply(p, got)
    if n > 2:  # the trading decisions were met
        assert {"offer", "accept", "decline", "end-trading", "pass"} <= set(kinds)
    else:  # the duel's steps (B-54 … B-56)
        assert {"plant-offered", "discard-offered", "plant-revealed", "leave-offer"} <= set(kinds)


def test_greedy_choose_refuses_a_seat_not_on_the_move() -> None:
    state = NATIVE.new_state(4, 1, {})
    assert isinstance(state, NativeBohnanzaState)
    idle = next(p for p in range(4) if p not in state.to_move())
    with pytest.raises(ValueError, match="not on the move"):
        state.greedy_choose(idle, Rng(0))


@pytest.mark.parametrize(("n", "seed"), [(4, 21), (3, 22), (2, 23)])
def test_the_native_policy_reads_no_hidden_card(n: int, seed: int) -> None:
    """At every decision, the position resampled for the deciding seat (others' hands, the
    treasuries' cards, the deck and the game's generator drawn anew) looks the same to it and
    gets the same choice with the same draws; the resampling changes hidden cards."""
    state = NATIVE.new_state(n, seed, {})
    assert isinstance(state, NativeBohnanzaState)
    rng = Rng(seed)
    changed = 0
    while not state.is_terminal():
        p = state.to_move()[0]
        twin = state.determinize(p, Rng(state.observe(None)["turn"] * 7919 + seed))
        assert twin.observe(p) == state.observe(p)
        changed += twin.key() != state.key()
        twin_rng = rng.clone()
        action = state.greedy_choose(p, rng)
        assert twin.greedy_choose(p, twin_rng) == action
        assert twin_rng.next64() == rng.clone().next64()
        state.apply(p, action)
    assert changed > 0
