"""The native core against the Python reference (issue 14): the generator over thousands of
draws, and Bohnanza's initial states and drawing seed for seed.

Skipped when the extension module is not built (``make native``), except under ``CI=true``,
where a missing native module is a failure (issue 14).
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

import seedbed
from seedbed.engine.rng import Rng
from seedbed.games.bohnanza import rules as R

try:
    from seedbed import _native  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - depends on the build
    if os.environ.get("CI") == "true":
        raise
    pytest.skip("seedbed._native is not built (make native)", allow_module_level=True)

MASK = (1 << 64) - 1
SEEDS = [0, 1, 2, 42, -1, -(2**63), 2**32 + 5, 2**63, MASK, 2**64 + 3, 10**30, 2**256 - 1, 2**300]


@pytest.mark.parametrize("seed", SEEDS)
def test_rng_draws_match(seed: int) -> None:
    py, rs = Rng(seed), _native.Rng(seed)
    assert rs.state == py.state
    for n in (1, 2, 6, 7, 100, 154, 2**31 - 1, 2**31 + 3, 2**32, 2**32 + 1, 2**40, 2**64):
        assert [rs.below(n) for _ in range(500)] == [py.below(n) for _ in range(500)]
    assert [rs.next32() for _ in range(1000)] == [py.next32() for _ in range(1000)]
    assert [rs.next64() for _ in range(500)] == [py.next64() for _ in range(500)]
    assert [rs.random() for _ in range(500)] == [py.random() for _ in range(500)]
    assert rs.state == py.state


@pytest.mark.parametrize("seed", SEEDS)
def test_rng_shuffle_choice_spawn_clone_match(seed: int) -> None:
    py, rs = Rng(seed), _native.Rng(seed)
    for size in (0, 1, 2, 30, 154, 1000):
        a, b = list(range(size)), list(range(size))
        py.shuffle(a)
        rs.shuffle(b)
        assert a == b
    words = ["coffee", "wax", "blue", "chili"]
    assert [rs.choice(words) for _ in range(200)] == [py.choice(words) for _ in range(200)]
    assert [rs.choice("abc") for _ in range(50)] == [py.choice("abc") for _ in range(50)]
    child_py, child_rs = py.spawn(), rs.spawn()
    assert child_rs.state == child_py.state
    clone = rs.clone()
    assert [clone.below(9) for _ in range(100)] == [rs.below(9) for _ in range(100)]
    assert repr(rs) == repr(py.clone().__class__.from_state(rs.state))
    for bad in (-1, 17 << 320, 1 << 400):
        with pytest.raises(ValueError, match="not a state"):
            Rng.from_state(bad)
        with pytest.raises(ValueError, match="not a state"):
            _native.Rng.from_state(bad)
    assert _native.Rng.from_state(py.state).state == py.state
    assert _native.Rng().state == Rng().state


def test_rng_refusals_match() -> None:
    for n in (0, -3):
        with pytest.raises(ValueError, match=r"below\(\) needs n >= 1"):
            Rng(1).below(n)
        with pytest.raises(ValueError, match=r"below\(\) needs n >= 1"):
            _native.Rng(1).below(n)
    r = _native.Rng(1)
    before = r.state
    with pytest.raises(ValueError):
        r.choice([])
    assert r.state == before


CONFIGS = [("standard", n) for n in range(2, 8)] + [("classic", n) for n in range(3, 6)]
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"treasury_visibility": "open", "max_offers": None},
    {"max_offers": 0, "offer_menu": {"max_give": 1, "max_want": 4, "positions": "all"}},
]


@pytest.mark.parametrize(("edition", "n"), CONFIGS)
def test_bohnanza_initial_states_match(edition: str, n: int) -> None:
    game = seedbed.game("bohnanza", engine="python")
    for i, seed in enumerate([*range(40), -7, 2**63, 10**25]):
        raw = {**OPTION_SETS[i % len(OPTION_SETS)], "edition": edition}
        options = game.normalize_options(raw)
        py = game.new_state(n, seed, raw)
        rs = _native.bohnanza_new_state(n, seed, json.dumps(options))
        assert json.loads(rs.to_json()) == py.to_json(), (edition, n, seed)
        assert rs.key() == py.key(), (edition, n, seed)
        assert json.loads(_native.bohnanza_new_state_json(n, seed, json.dumps(options))) == (
            py.to_json()
        )


@pytest.mark.parametrize(("edition", "n"), CONFIGS)
def test_bohnanza_drawing_matches_in_lockstep(edition: str, n: int) -> None:
    """Draw and discard until the final exhaustion (B-59 … B-62), comparing every step."""
    game = seedbed.game("bohnanza", engine="python")
    for seed in range(12):
        k = 1 + seed % 5
        py = game.new_state(n, seed, {"edition": edition})
        rs = _native.bohnanza_new_state(n, seed, json.dumps({"edition": edition}))
        for step in range(2000):
            ev: list[Any] = []
            cards, final = R.draw(py, k, ev)
            rs_cards, rs_final, rs_events = rs.draw(k)
            assert (rs_cards, rs_final) == (cards, final), (seed, step)
            assert json.loads(rs_events) == [[e.kind, dict(e.public)] for e in ev]
            kept = [c for c in cards if (c + seed) % 7 != step % 7]
            py.discard.extend(kept)
            rs.discard_extend(kept)
            assert rs.key() == py.key(), (seed, step)
            if final:
                break
        else:
            pytest.fail("no final exhaustion")


def test_bohnanza_refusals() -> None:
    for bad in (1, 8, True, "4"):
        with pytest.raises(ValueError, match=r"the standard edition takes 2-7 players.*\[B-2\]"):
            _native.bohnanza_new_state(bad, 0)
    with pytest.raises(ValueError, match=r"the classic edition takes 3-5 players, not 2"):
        _native.bohnanza_new_state(2, 0, json.dumps({"edition": "classic"}))
    for bad_options in ('{"edition": "deluxe"}', "[", '{"max_offers": 99}'):
        with pytest.raises(ValueError, match=r"\[B-3\]"):
            _native.bohnanza_new_state(4, 0, bad_options)
    clone = _native.bohnanza_new_state(4, 0).clone()
    clone.draw(3)
    assert clone.key() != _native.bohnanza_new_state(4, 0).key()
