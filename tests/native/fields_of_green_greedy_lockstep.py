"""The native greedy policy of Fields of Green against the Python one (issue 16), shared by
tests/native/test_fields_of_green_greedy.py and scripts/fields_of_green_greedy_parity.py.

``whole_game``: one game played by the Python policy at every seat (``heuristics.choose`` on
each seat's observation and menu, ties broken with ``Rng(k)``) and the same game played by
the native ``greedy_playout`` with ``Rng(k)``: the number of actions, the generator's state
after (the same draws) and the final ``key()`` (the whole state) must agree.
``every_decision``: one Python greedy game in which every decision is also asked of the
native state's ``greedy_choose`` with a copy of the generator: the same action object and the
same draws, decision by decision.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from lockstep import ParityError

import seedbed
from seedbed.engine.rng import Rng
from seedbed.games.fields_of_green import heuristics as H

PY = seedbed.game("fields_of_green", engine="python")
NATIVE = seedbed.game("fields_of_green", engine="native")

RULES: dict[str, dict[str, Any]] = {
    "published": {"ruleset": "published"},
    "prototype": {"ruleset": "prototype"},
    "published-intro": {"ruleset": "published", "introductory": True},
    "prototype-intro": {"ruleset": "prototype", "introductory": True},
}
"""The rule sets (F-1, F-44), all on the shipped card set (the one the heuristics price)."""


def configurations() -> list[tuple[str, int, dict[str, Any]]]:
    """(label, players, options): 2-4 players (F-2) × the rule sets."""
    return [(f"{n}-{r}", n, opts) for n in range(2, 5) for r, opts in RULES.items()]


def policy_seed(n: int, seed: int) -> int:
    """The greedy policy's generator seed for the game dealt with ``seed``."""
    return 7919 * seed + n


@dataclass
class Tally:
    games: int = 0
    steps: int = 0
    decisions: int = 0
    """Decisions with more than one action (where the policy scores)."""
    ties: int = 0
    """Decisions broken with a draw of the generator."""
    sampled: int = 0
    """Decisions on a menu longer than ``heuristics.MAX_SCAN``."""
    kinds: Counter[str] = field(default_factory=Counter)
    """Chosen actions by kind."""


def python_game(n: int, seed: int, options: dict[str, Any]) -> tuple[Any, Rng, int]:
    """A whole game played by the Python greedy policy at every seat."""
    s = PY.new_state(n, seed, options)
    rng = Rng(policy_seed(n, seed))
    steps = 0
    while not s.is_terminal():
        p = s.to_move()[0]
        s.apply(p, H.choose(s.observe(p), s.legal_actions(p), rng))
        steps += 1
    return s, rng, steps


def whole_game(n: int, seed: int, options: dict[str, Any], label: str = "") -> int:
    """Compare one whole greedy game on both engines; returns its number of actions."""
    s, rng, steps = python_game(n, seed, options)
    t = NATIVE.new_state(n, seed, options)
    native_rng = Rng(policy_seed(n, seed))
    native_steps = t.greedy_playout(native_rng, 10**6)
    where = f"{label} seed {seed}"
    if native_steps != steps:
        raise ParityError(f"{where}: {native_steps} native actions, {steps} in Python")
    if native_rng.state != rng.state:
        raise ParityError(f"{where}: the generators differ after the game")
    if t.key() != s.key():
        raise ParityError(f"{where}: the final states differ")
    if not t.is_terminal():
        raise ParityError(f"{where}: the native game did not end")
    return steps


def every_decision(
    n: int, seed: int, options: dict[str, Any], tally: Tally, label: str = ""
) -> None:
    """One Python greedy game with ``greedy_choose`` asked at every decision."""
    s = PY.new_state(n, seed, options)
    t = NATIVE.new_state(n, seed, options)
    rng = Rng(policy_seed(n, seed))
    step = 0
    while not s.is_terminal():
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        twin = Rng.from_state(rng.state)
        before = rng.state
        a = H.choose(s.observe(p), legal, rng)
        b = t.greedy_choose(p, twin)
        if b != a or twin.state != rng.state:
            raise ParityError(f"{label} seed {seed} step {step}: Python {a}, native {b}")
        tally.decisions += len(legal) > 1
        tally.ties += rng.state != before
        tally.sampled += len(legal) > H.MAX_SCAN
        tally.kinds[str(a.to_json()["type"])] += 1
        s.apply(p, a)
        t.apply(p, b)
        step += 1
    tally.games += 1
    tally.steps += step
