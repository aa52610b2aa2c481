"""Stalk Exchange on the native core against the Python reference, step by step (issue 15):
seeded random games in lockstep over every player count 2-5 (S-1) with default and
non-default options (S-3), comparing ``key()``, movers, menus, events, refusals of directly
submitted actions, every viewer's observation, determinizations for the same generator,
``state_from_json`` round trips and the outcome (see ``stalk_exchange_lockstep.py``); the
``State`` wrapper (``seedbed.game("stalk_exchange", engine="native")``) against the Python
state; malformed and odd actions refused alike; whole random games and playouts; planted
differences caught.

Skipped when the extension module is not built (``make native``), except under ``CI=true``.
"""

from __future__ import annotations

import json
import os
import pickle
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import seedbed
from seedbed.engine.api import Event
from seedbed.engine.errors import IllegalActionError, InvalidActionError, NotOnMoveError
from seedbed.engine.rng import Rng
from seedbed.games.bohnanza import actions as BA
from seedbed.games.stalk_exchange import actions as A
from seedbed.games.stalk_exchange import game as G
from seedbed.games.stalk_exchange import rules as R
from seedbed.lab.simulate import bulk_games, play_random_game, policy_rng, random_step

try:
    from seedbed import _native  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - depends on the build
    if os.environ.get("CI") == "true":
        raise
    pytest.skip("seedbed._native is not built (make native)", allow_module_level=True)

import stalk_exchange_lockstep as L  # tests/native is on sys.path (rootdir import mode)

SEEDS_PER_CONFIG = 3  # 20 configurations: 60 games, about 4,000 steps, a few seconds
PY = seedbed.game("stalk_exchange", engine="python")
NATIVE = seedbed.game("stalk_exchange", engine="native")


def options_json(options: dict[str, Any]) -> str:
    return json.dumps(PY.normalize_options(options))


@pytest.mark.parametrize(("label", "n", "options"), L.configurations(), ids=lambda x: str(x))
def test_random_games_in_lockstep(label: str, n: int, options: dict[str, Any]) -> None:
    tally = L.Tally()
    for k in range(SEEDS_PER_CONFIG):
        tally.add(L.play_lockstep(n, 100 * n + k, options, label=label))
    assert tally.games == SEEDS_PER_CONFIG and tally.steps > 0 and tally.probes > 0


def test_the_sweep_covers_every_kind_of_event_and_both_triggers() -> None:
    """S-35 (trigger 1) and S-37 (trigger 2, in upkeep and in a flush) all occur in the sweep's
    games, so the harness compares them; harvests, blooms and swaps too."""
    tally = L.Tally()
    for label, n, options in L.configurations():
        for k in range(SEEDS_PER_CONFIG):
            tally.add(L.play_lockstep(n, 100 * n + k, options, label=label, probes=0))
    for kind in ("harvest", "bloom", "market", "swap", "flush", "crash-1-upkeep",
                 "crash-2-upkeep", "crash-2-flush"):  # fmt: skip
        assert tally.kinds[kind] > 0, kind


# ---- planted differences: the harness must fail


def test_a_planted_difference_in_the_events_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    real = G.upkeep

    def upkeep(z: Any) -> list[Event]:
        return [*real(z), Event("extra", {})]

    monkeypatch.setattr(G, "upkeep", upkeep)
    with pytest.raises(L.ParityError, match="events of end"):
        L.play_lockstep(3, 1, {})


def test_a_planted_difference_in_a_refusal_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(R, "check_flush", lambda z: R.refuse("S-99", "never") if z else None)
    with pytest.raises(L.ParityError, match="refusal of flush"):
        L.play_lockstep(2, 1, {})


def test_a_planted_leak_in_observe_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    real = G.observe

    def observe(z: Any, viewer: int | None) -> dict[str, Any]:
        out = real(z, viewer)
        out["greenhouse_by_type"] = z.greenhouse[:]  # S-9: hidden
        return out

    monkeypatch.setattr(G, "observe", observe)
    with pytest.raises(L.ParityError, match=r"observe\(None\)"):
        L.play_lockstep(2, 1, {})


def test_a_planted_difference_in_determinize_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    real = G.determinize_into

    def determinize_into(z: Any, viewer: int, rng: Rng) -> None:
        real(z, viewer, rng)
        rng.below(2)  # one draw too many

    monkeypatch.setattr(G, "determinize_into", determinize_into)
    with pytest.raises(L.ParityError, match="determinize"):
        L.play_lockstep(2, 1, {})


# ---- the State wrapper


def _error(error: IllegalActionError | None) -> Any:
    return L.error_tuple(error)


def test_the_native_game_plays_the_python_game() -> None:
    """Through the State API: equal keys, menus, events, observations and outcome."""
    assert type(NATIVE).__name__ == "NativeStalkExchange" and NATIVE.name == "stalk_exchange"
    for n in range(2, 6):
        py, nat = PY.new_state(n, n, {}), NATIVE.new_state(n, n, {})
        rng = policy_rng(n)
        while not py.is_terminal():
            assert nat.key() == py.key() and nat.to_move() == py.to_move()
            p = py.to_move()[0]
            menu, native_menu = py.legal_actions(p), nat.legal_actions(p)
            assert list(native_menu) == list(menu)
            action = native_menu[rng.below(len(native_menu))]
            assert nat.apply(p, action) == py.apply(p, action)
        assert nat.is_terminal() and nat.outcome() == py.outcome()
        assert nat.observe(0) == py.observe(0) and nat.to_json() == py.to_json()


def test_odd_actions_are_refused_alike() -> None:
    """Actions the JSON boundary cannot carry (a type out of range, S-7; numbers beyond 64
    bits; a foreign game's action; players that are not seats) get Python's refusal."""
    py, nat = PY.new_state(3, 5, {}), NATIVE.new_state(3, 5, {})
    odd = [
        A.Swap(0, 9), A.Swap(0, -1), A.Swap(2**70, 1), A.Plant(2**70, (0, 0)),
        A.Plant(0, (2**70, 0)), A.Plant(0, (9, 9)), A.Plant(-1, (0, 0)), BA.Pass(),
        A.Flush(), A.EndActions(),
    ]  # fmt: skip
    for player in (-1, 0, 1, 3, 2**70):
        for a in odd:
            assert _error(nat.refusal(player, a)) == _error(py.refusal(player, a)), (player, a)
            if py.refusal(player, a) is not None:
                with pytest.raises(IllegalActionError) as caught:
                    nat.apply(player, a)
                assert _error(caught.value) == _error(py.refusal(player, a))
    assert nat.key() == py.key()


def test_malformed_json_is_an_invalid_action() -> None:
    zones = _native.stalk_exchange_new_state(2, 1, options_json({}))
    before = zones.key()
    for text in [
        "{", "[]", '{"type": "PLANT", "slot": 0, "space": [0, 0]}',
        '{"type": "plant", "space": [0, 0]}', '{"type": "plant", "slot": 0, "space": [0]}',
        '{"type": "plant", "slot": true, "space": [0, 0]}',
        '{"type": "plant", "slot": 0.0, "space": [0, 0]}',
        '{"type": "swap", "slot": 0, "give": 4}', '{"type": "swap", "slot": 0, "give": "Tulip"}',
        '{"type": "flush", "x": 1}', '{"type": "end", "player": 0}',
    ]:  # fmt: skip
        try:
            obj = json.loads(text)
        except ValueError:
            pass
        else:
            with pytest.raises(InvalidActionError):
                A.action_from_json(obj)
        with pytest.raises(InvalidActionError):
            zones.apply_json(0, text)
        with pytest.raises(InvalidActionError):
            zones.refusal(0, text)
    assert zones.key() == before


@settings(max_examples=150, deadline=None)
@given(
    kind=st.sampled_from(["plant", "swap", "flush", "end"]),
    slot=st.one_of(st.integers(-3, 12), st.integers()),
    q=st.integers(-5, 5),
    r=st.one_of(st.integers(-5, 5), st.integers()),
    give=st.integers(-2, 6),
    player=st.integers(-2, 6),
    steps=st.integers(0, 60),
)
def test_generated_actions_are_refused_or_applied_alike(
    kind: str, slot: int, q: int, r: int, give: int, player: int, steps: int
) -> None:
    action = {
        "plant": A.Plant(slot, (q, r)),
        "swap": A.Swap(slot, give),
        "flush": A.Flush(),
        "end": A.EndActions(),
    }[kind]
    py, nat = PY.new_state(3, steps, {}), NATIVE.new_state(3, steps, {})
    walk = policy_rng(steps)
    for _ in range(steps):
        if py.is_terminal():
            break
        p, a, _ = random_step(py, walk)
        nat.apply(p, a)
    assert _error(nat.refusal(player, action)) == _error(py.refusal(player, action))
    if py.refusal(player, action) is None:
        assert nat.apply(player, action) == py.apply(player, action)
    assert nat.key() == py.key()


def test_observe_and_determinize_through_the_wrapper() -> None:
    py, nat = PY.new_state(4, 2, {}), NATIVE.new_state(4, 2, {})
    for viewer in (None, 0, 3):
        assert nat.observe(viewer) == py.observe(viewer)
    for bad in (-1, 4, "0", 1.0):
        with pytest.raises(ValueError) as want:
            py.observe(bad)
        with pytest.raises(ValueError) as got:
            nat.observe(bad)
        assert str(got.value) == str(want.value)
    r_py, r_nat = Rng(9), Rng(9)
    assert nat.determinize(2, r_nat).key() == py.determinize(2, r_py).key()
    assert r_nat.state == r_py.state
    # S-28: only the active player; after the end nobody (S-39)
    with pytest.raises(NotOnMoveError, match=r"player 1 is not on the move \(player 0 is\)"):
        nat.apply(1, A.EndActions())


def test_clone_pickle_and_state_from_json() -> None:
    nat = NATIVE.new_state(3, 8, {"garden_radius": 2})
    walk = policy_rng(1)
    for _ in range(25):
        random_step(nat, walk)
    copy = nat.clone()
    random_step(copy, walk)
    assert copy.key() != nat.key()
    assert pickle.loads(pickle.dumps(nat)).key() == nat.key()
    assert NATIVE.state_from_json(nat.to_json()).key() == nat.key()
    assert PY.state_from_json(nat.to_json()).key() == nat.key()
    assert (
        nat.python_state().key() == nat.key() and nat.all_cards() == nat.python_state().all_cards()
    )
    obj = nat.to_json()
    del obj["garden"]
    with pytest.raises(KeyError):
        _native.stalk_exchange_state_from_json(json.dumps(obj))
    for key, value in (("garden", [99]), ("active", 7), ("exchange", [5, 5]), ("rng", "x")):
        with pytest.raises(ValueError):
            _native.stalk_exchange_state_from_json(json.dumps({**nat.to_json(), key: value}))
    with pytest.raises(ValueError, match=r"S-1"):
        NATIVE.new_state(6, 1, {})
    with pytest.raises(ValueError, match=r"garden_radius"):
        NATIVE.new_state(3, 1, {"garden_radius": 9})


# ---- whole games and playouts


@pytest.mark.parametrize(("label", "n", "options"), L.configurations()[::3], ids=lambda x: str(x))
def test_simulate_bulk_equals_play_random_game(label: str, n: int, options: dict[str, Any]) -> None:
    seeds = [5 * n + 1, 5 * n + 2, -3]
    rows = NATIVE.simulate_bulk(n, seeds, options)
    for seed, (outcome, steps, counts, end) in zip(seeds, rows, strict=True):
        state, _, stats = play_random_game(PY, n, seed, options)
        assert (outcome, steps, counts) == (state.outcome(), stats.steps, dict(stats.events))
        assert end == stats.ending
    # the lab's bulk path gives the same stats, ending included
    bulk = bulk_games(NATIVE, n, seeds[:1], options)
    assert bulk is not None
    ((outcome, bulk_stats),) = bulk
    state, _, stats = play_random_game(PY, n, seeds[0], options)
    assert (outcome, bulk_stats) == (state.outcome(), stats)


def test_playout_from_a_python_position() -> None:
    """k Python steps, then the rest natively and in Python with the same generator: equal
    final state, steps and generator."""
    for k in (0, 17, 60):
        state = PY.new_state(4, k, {})
        walk = policy_rng(k)
        for _ in range(k):
            if not state.is_terminal():
                random_step(state, walk)
        nat = NATIVE.state_from_json(state.to_json())
        rng, native_rng = Rng(k), Rng(k)
        steps = 0
        while not state.is_terminal():
            random_step(state, rng)
            steps += 1
        assert nat.playout(native_rng, 1_000_000) == steps
        assert nat.key() == state.key() and native_rng.state == rng.state
    zones = _native.stalk_exchange_new_state(2, 1, options_json({}))
    assert zones.playout(_native.Rng(1), 5) == 5 and not zones.is_terminal()
    with pytest.raises(RuntimeError, match="no end after 3 actions"):
        _native.stalk_exchange_simulate(2, [1], options_json({}), max_steps=3)
    assert 100 < zones.memory_bytes() < 10_000
