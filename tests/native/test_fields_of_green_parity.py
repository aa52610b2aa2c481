"""Fields of Green on the native core against the Python reference, step by step (issue 15):
seeded random games in lockstep over every player count 2-4 (F-2), both rule sets (F-1) with
and without introductory splits (F-44), on the shipped set, the fixture set and a generated
random card set (card sets are data), comparing ``key()``, movers, menus, events (every
viewer's copy), refusals of directly submitted actions, every viewer's observation,
determinizations for the same generator, ``state_from_json`` round trips and the outcome
(see ``fields_of_green_lockstep.py``); the ``State`` wrapper
(``seedbed.game("fields_of_green", engine="native")``) against the Python state; malformed
and odd actions refused alike; whole random games and playouts; planted differences caught.

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
from seedbed.engine.errors import IllegalActionError, InvalidActionError, NotOnMoveError, refuse
from seedbed.engine.rng import Rng
from seedbed.games.fields_of_green import actions as A
from seedbed.games.fields_of_green import game as G
from seedbed.games.stalk_exchange import actions as SA
from seedbed.lab.simulate import bulk_games, play_random_game, policy_rng, random_step

try:
    from seedbed import _native  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - depends on the build
    if os.environ.get("CI") == "true":
        raise
    pytest.skip("seedbed._native is not built (make native)", allow_module_level=True)

import fields_of_green_lockstep as L  # tests/native is on sys.path (rootdir import mode)

SEEDS_PER_CONFIG = 2  # 36 configurations: 72 games, about 6,000 steps
PY = seedbed.game("fields_of_green", engine="python")
NATIVE = seedbed.game("fields_of_green", engine="native")


@pytest.mark.parametrize(("label", "n", "options"), L.configurations(), ids=lambda x: str(x))
def test_random_games_in_lockstep(label: str, n: int, options: dict[str, Any]) -> None:
    tally = L.Tally()
    for k in range(SEEDS_PER_CONFIG):
        tally.add(L.play_lockstep(n, 100 * n + k, options, label=label))
    assert tally.games == SEEDS_PER_CONFIG and tally.steps > 0 and tally.probes > 0


def test_the_sweep_covers_the_rules() -> None:
    """The sweep's games reach every phase and every kind of follow-up: equipment drawn, kept,
    placed, set aside and attached (F-64 … F-66), choices (F-86), optional costs (F-57),
    Open Areas and their restoration (F-55, F-61), the display (F-70), final choices (F-72)."""
    tally = L.Tally()
    for label, n, options in L.configurations():
        for k in range(SEEDS_PER_CONFIG):
            tally.add(L.play_lockstep(n, 100 * n + k, options, label=label, probes=0))
    for kind in ("draw", "commit", "receive", "reveal", "build", "build-tower", "build-silo",
                 "market", "restore", "harvest", "open-area", "place-water", "gain", "refill",
                 "equipment-draw", "keep", "equip", "set-aside", "choose", "display",
                 "final-choices", "game-over", "skip-attach", "end-harvest", "pay", "skip",
                 "pay-end"):  # fmt: skip
        assert tally.kinds[kind] > 0, kind


# ---- planted differences: the harness must fail


def test_a_planted_difference_in_the_events_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    real = G.advance

    def advance(s: Any, ev: list[Event]) -> None:
        real(s, ev)
        ev.append(Event("extra", {}))

    monkeypatch.setattr(G, "advance", advance)
    with pytest.raises(L.ParityError, match="events of"):
        L.play_lockstep(3, 1, {})


def test_a_planted_difference_in_a_refusal_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    phases, _, do = G.HANDLERS[A.GoToMarket]
    never = (phases, lambda s, p, a: refuse("F-99", "never"), do)
    monkeypatch.setitem(G.HANDLERS, A.GoToMarket, never)
    with pytest.raises(L.ParityError, match="market"):
        L.play_lockstep(3, 1, {})


def test_a_planted_leak_in_observe_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    real = G.observe

    def observe(z: Any, viewer: int | None, movers: tuple[int, ...]) -> dict[str, Any]:
        out = real(z, viewer, movers)
        out["piles"] = [p[:] for p in z.piles]  # F-77: hidden
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


@pytest.mark.parametrize("cards", ["original", "fixture", "random"])
def test_the_native_game_plays_the_python_game(cards: str) -> None:
    """Through the State API: equal keys, menus, events, observations and outcome."""
    assert type(NATIVE).__name__ == "NativeFieldsOfGreen" and NATIVE.name == "fields_of_green"
    options = {"cards": L.CARD_SETS[cards]}
    for n in range(2, 5):
        py, nat = PY.new_state(n, n, options), NATIVE.new_state(n, n, options)
        rng = policy_rng(n)
        while not py.is_terminal():
            assert nat.key() == py.key() and nat.to_move() == py.to_move()
            p = py.to_move()[0]
            menu, native_menu = py.legal_actions(p), nat.legal_actions(p)
            assert list(native_menu) == list(menu)
            action = native_menu[rng.below(len(native_menu))]
            assert nat.apply(p, action) == py.apply(p, action)
        assert nat.is_terminal() and nat.outcome() == py.outcome()
        assert all(nat.score_parts(q) == py.score_parts(q) for q in range(n))
        assert nat.observe(0) == py.observe(0) and nat.to_json() == py.to_json()


def test_odd_actions_are_refused_alike() -> None:
    """Actions the JSON boundary cannot carry (numbers beyond 64 bits, a water split built
    unsorted or with zeros, a foreign game's action, players that are not seats) get Python's
    refusal."""
    py, nat = PY.new_state(3, 5, {}), NATIVE.new_state(3, 5, {})
    odd = [
        A.Commit(2**70), A.BuildLocation(0, (2**70, 0), ()), A.PlaceWater(((0, 0, 0),)),
        A.PlaceWater(((1, 0, 1), (0, 0, 1))), A.GoToMarket(0, True), A.DrawSplit(6, 0, 0, 0),
        A.DrawSplit(2, 2, 2, 0), SA.Flush(), A.EndHarvest(), A.PayHarvest(0, 2**70, ()),
    ]  # fmt: skip
    hand = py.hands[0]
    odd += [A.Commit(hand[0]), A.Commit(-1)] if hand else []
    for player in (-1, 0, 1, 3, 2**70):
        for a in odd:
            assert _error(nat.refusal(player, a)) == _error(py.refusal(player, a)), (player, a)
            if py.refusal(player, a) is not None:
                with pytest.raises(IllegalActionError) as caught:
                    nat.apply(player, a)
                assert _error(caught.value) == _error(py.refusal(player, a))
    assert nat.key() == py.key()


def test_malformed_json_is_an_invalid_action() -> None:
    zones = NATIVE.new_state(2, 1, {}).zones
    before = zones.key()
    for text in [
        "{", "[]", '{"type": "COMMIT", "card": 0}', '{"type": "commit"}',
        '{"type": "commit", "card": true}', '{"type": "commit", "card": 1.5}',
        '{"type": "build", "card": 0, "cell": [0]}',
        '{"type": "build", "card": 0, "cell": [0, 1], "water": {"0;0": 1}}',
        '{"type": "place-water", "water": {"0,0": -1}}', '{"type": "market", "card": 0}',
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


@settings(max_examples=120, deadline=None)
@given(
    kind=st.sampled_from(["commit", "build", "tower", "market", "restore", "harvest", "place"]),
    card=st.one_of(st.integers(-2, 170), st.integers()),
    x=st.integers(-4, 4),
    y=st.one_of(st.integers(-4, 4), st.integers()),
    n=st.integers(-1, 4),
    player=st.integers(-2, 5),
    steps=st.integers(0, 120),
)
def test_generated_actions_are_refused_or_applied_alike(
    kind: str, card: int, x: int, y: int, n: int, player: int, steps: int
) -> None:
    water = A.make_water({(0, 0): n} if n >= 0 else {})
    action = {
        "commit": A.Commit(card),
        "build": A.BuildLocation(card, (x, y), water),
        "tower": A.BuildWaterTower(card, (x, y)),
        "market": A.GoToMarket(card, n),
        "restore": A.RestoreLocation(card, (x, y)),
        "harvest": A.PayHarvest(card, A.NO_TILE, water),
        "place": A.PlaceEquipment((x, y)),
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
    with pytest.raises(NotOnMoveError, match=r"player 1 is not on the move \(on the move: 0\)"):
        nat.apply(1, A.EndScoring())


def test_clone_pickle_and_state_from_json() -> None:
    options = {"cards": L.CARD_SETS["fixture"], "ruleset": "prototype"}
    nat = NATIVE.new_state(3, 8, options)
    walk = policy_rng(1)
    for _ in range(25):
        random_step(nat, walk)
    copy = nat.clone()
    random_step(copy, walk)
    assert copy.key() != nat.key()
    assert pickle.loads(pickle.dumps(nat)).key() == nat.key()
    assert NATIVE.state_from_json(nat.to_json()).key() == nat.key()
    assert PY.state_from_json(nat.to_json()).key() == nat.key()
    assert nat.python_state().key() == nat.key() and nat.num_players == 3
    config = L.native_config(3, options)
    obj = nat.to_json()
    del obj["farms"]
    with pytest.raises(KeyError):
        _native.fields_of_green_state_from_json(config, json.dumps(obj))
    for key, value in (("farms", [[[0, 0, 9999]], [], []]), ("phase", 9), ("stack", [[0]])):
        with pytest.raises(ValueError):
            _native.fields_of_green_state_from_json(
                config, json.dumps({**nat.to_json(), key: value})
            )
    with pytest.raises(ValueError, match=r"F-2"):
        NATIVE.new_state(5, 1, {})
    with pytest.raises(ValueError, match=r"F-3"):
        NATIVE.new_state(3, 1, {"ruleset": "house"})


# ---- whole games and playouts


@pytest.mark.parametrize(("label", "n", "options"), L.configurations()[::5], ids=lambda x: str(x))
def test_simulate_bulk_equals_play_random_game(label: str, n: int, options: dict[str, Any]) -> None:
    seeds = [5 * n + 1, 5 * n + 2, -3]
    rows = NATIVE.simulate_bulk(n, seeds, options)
    for seed, (outcome, steps, counts) in zip(seeds, rows, strict=True):
        state, _, stats = play_random_game(PY, n, seed, options)
        assert (outcome, steps, counts) == (state.outcome(), stats.steps, dict(stats.events))
    bulk = bulk_games(NATIVE, n, seeds[:1], options)
    assert bulk is not None
    ((outcome, bulk_stats),) = bulk
    state, _, stats = play_random_game(PY, n, seeds[0], options)
    assert (outcome, bulk_stats) == (state.outcome(), stats)


def test_playout_from_a_python_position() -> None:
    """k Python steps, then the rest natively and in Python with the same generator: equal
    final state, steps and generator."""
    for k in (0, 17, 60, 150):
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
    zones = NATIVE.new_state(2, 1, {}).zones
    assert zones.playout(_native.Rng(1), 5) == 5 and not zones.is_terminal()
    with pytest.raises(RuntimeError, match="no end after 3 actions"):
        _native.fields_of_green_simulate(L.native_config(2, {}), [1], max_steps=3)
