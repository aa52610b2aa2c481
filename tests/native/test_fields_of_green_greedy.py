"""The native greedy policy of Fields of Green is the Python one (issue 16): whole games
played by ``greedy_playout`` end exactly as Python self-play with ``heuristics.choose`` (same
actions, same draws, same final state) over 2-4 players (F-2) and both rule sets with and
without introductory splits (F-1, F-44); ``greedy_choose`` gives Python's action at every
decision; it reads only what the seat may know (F-77 … F-79); other card sets fall back to
the Python policy; planted differences are caught.

Longer runs: ``python scripts/fields_of_green_greedy_parity.py --games 1000``.
Skipped when the extension module is not built (``make native``), except under ``CI=true``.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from seedbed.bots import InfoSet
from seedbed.bots.rollout import make_rollout
from seedbed.engine.rng import Rng
from seedbed.games.fields_of_green import heuristics as H

try:
    from seedbed import _native  # type: ignore[attr-defined]  # noqa: F401
except ImportError:  # pragma: no cover - depends on the build
    if os.environ.get("CI") == "true":
        raise
    pytest.skip("seedbed._native is not built (make native)", allow_module_level=True)

import fields_of_green_greedy_lockstep as G  # tests/native is on sys.path (rootdir import mode)
from fields_of_green_lockstep import CARD_SETS
from lockstep import ParityError

GAMES_PER_CONFIG = 17  # 12 configurations: 204 whole games


@pytest.mark.parametrize(("label", "n", "options"), G.configurations(), ids=lambda x: str(x))
def test_whole_greedy_games_agree(label: str, n: int, options: dict[str, Any]) -> None:
    steps = sum(G.whole_game(n, seed, options, label) for seed in range(GAMES_PER_CONFIG))
    assert steps > 20 * GAMES_PER_CONFIG


def test_every_decision_agrees() -> None:
    """Decision by decision, over one game per configuration: the same action object and the
    same draws; the games cover ties, a sampled long menu and most kinds of action."""
    tally = G.Tally()
    for label, n, options in G.configurations():
        G.every_decision(n, 320 + n, options, tally, label)
    assert tally.games == 12 and tally.decisions > 2000 and tally.ties > 500
    assert tally.sampled >= 1  # a menu longer than MAX_SCAN, scored on the same sample
    for kind in ("draw-split", "commit", "build", "build-tower", "market", "restore",
                 "pay-harvest", "decline", "place-water", "choose", "keep", "place", "set-aside",
                 "attach", "skip-attach", "pay-end"):  # fmt: skip
        assert tally.kinds[kind] > 0, kind


def test_the_policy_reads_no_hidden_information() -> None:
    """At every decision of greedy games, states the seat cannot tell apart (others' hands,
    commits, the piles' and tile stack's orders resampled by ``determinize``, F-79) give the
    same choice and the same draws."""
    differing = 0
    for n in (2, 3, 4):
        t = G.NATIVE.new_state(n, 90 + n)
        rng = Rng(n)
        sampler = Rng(1000 + n)
        while not t.is_terminal():
            p = t.to_move()[0]
            for _ in range(2):
                other = t.determinize(p, sampler)
                differing += _hidden(other, p) != _hidden(t, p)
                a, b = Rng.from_state(rng.state), Rng.from_state(rng.state)
                assert other.greedy_choose(p, a) == t.greedy_choose(p, b)
                assert a.state == b.state
            t.apply(p, t.greedy_choose(p, rng))
    assert differing > 500


def _hidden(state: Any, p: int) -> tuple[Any, ...]:
    """What seat p cannot see: the other seats' hands and commits, the piles' order."""
    j = state.to_json()
    others = [q for q in range(state.num_players) if q != p]
    return tuple(j["hands"][q] for q in others), tuple(j["commits"][q] for q in others), j["piles"]


def test_the_playout_stops_after_max_steps() -> None:
    s = G.PY.new_state(3, 5)
    t = G.NATIVE.new_state(3, 5)
    rng, native_rng = Rng(9), Rng(9)
    assert t.greedy_playout(native_rng, 40) == 40
    for _ in range(40):
        p = s.to_move()[0]
        s.apply(p, H.choose(s.observe(p), s.legal_actions(p), rng))
    assert t.key() == s.key() and native_rng.state == rng.state
    assert t.to_move() == s.to_move() and t.legal_actions(t.to_move()[0])


def test_a_seat_not_on_the_move_gets_none() -> None:
    t = G.NATIVE.new_state(2, 1)
    while t.to_move() != (0,) and t.to_move() != (1,):
        p = t.to_move()[0]
        t.apply(p, t.greedy_choose(p, Rng(0)))
    idle = 1 - t.to_move()[0]
    rng = Rng(3)
    assert t.greedy_choose(idle, rng) is None and rng.state == Rng(3).state


def test_another_card_set_plays_the_python_policy() -> None:
    """The heuristics price the shipped set; with another set the native state's greedy
    methods fall back to the Python policy and still give Python's games."""
    options = {"cards": CARD_SETS["fixture"]}
    for n in (2, 4):
        s = G.PY.new_state(n, 3, options)
        rng = Rng(4)
        steps = 0
        while not s.is_terminal():
            p = s.to_move()[0]
            s.apply(p, H.choose(s.observe(p), s.legal_actions(p), rng))
            steps += 1
        t = G.NATIVE.new_state(n, 3, options)
        assert not t.zones.greedy_exact()
        native_rng = Rng(4)
        assert t.greedy_playout(native_rng, 10**6) == steps
        assert t.key() == s.key() and native_rng.state == rng.state


def test_a_planted_difference_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison can fail: a Python policy that splits differently in year 1 no longer
    matches the native one."""
    monkeypatch.setitem(H.SPLIT_TARGETS, 1, (1, 1, 2, 2))
    with pytest.raises(ParityError):
        G.whole_game(3, 0, {}, "planted")
    tally = G.Tally()
    with pytest.raises(ParityError):
        G.every_decision(3, 0, {}, tally, "planted")


def test_the_rollout_search_plays_the_same_games_natively() -> None:
    """The rollout bot's greedy rollouts (issue 16) run through ``greedy_playout`` on a native
    state and through the Python loop on a Python state: the same move and the same figures."""
    python, native = G.PY.new_state(3, 4), G.NATIVE.new_state(3, 4)
    rng = Rng(2)
    for _ in range(30):
        p = python.to_move()[0]
        a = H.choose(python.observe(p), python.legal_actions(p), rng)
        python.apply(p, a)
        native.apply(p, a)
    p = python.to_move()[0]
    results = []
    for state in (python, native):
        bot = make_rollout("fields_of_green", iterations=8, depth=-1)
        action = bot.search(InfoSet(state, p), Rng(5)).action
        assert bot.last is not None
        arms = [(str(a.action), a.plays, round(a.total, 9)) for a in bot.last.arms]
        results.append((action, arms))
    assert results[0] == results[1] and len(results[0][1]) > 1
