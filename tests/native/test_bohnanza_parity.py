"""Bohnanza on the native core against the Python reference, step by step (issue 14):
seeded random games in lockstep over every configuration (standard 2–7 with the duel,
classic 3–5; secret and open treasuries; max_offers default / 0 / 2 / null with a move cap;
all positions), with ``key()``, movers, menus, events (and each viewer's copy), refusals,
observations of every viewer, determinizations for the same generator, ``state_from_json``
round trips and the outcome compared (see ``bohnanza_lockstep.py``); directly submitted and
hypothesis-generated (malformed, odd) actions refused alike; planted differences caught.
Longer runs: ``scripts/native_parity.py --games N``.

Skipped when the extension module is not built (``make native``), except under ``CI=true``.
"""

from __future__ import annotations

import functools
import json
import os
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from seedbed.engine.api import Action, Event
from seedbed.engine.errors import IllegalActionError, InvalidActionError, NotOnMoveError
from seedbed.games.bohnanza import actions as A
from seedbed.games.bohnanza import game as G
from seedbed.games.bohnanza import observe as O
from seedbed.games.bohnanza.cards import VARIETIES
from seedbed.lab.simulate import policy_rng

try:
    from seedbed import _native  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - depends on the build
    if os.environ.get("CI") == "true":
        raise
    pytest.skip("seedbed._native is not built (make native)", allow_module_level=True)

import bohnanza_lockstep as L  # tests/native is on sys.path (rootdir import mode)

SEEDS_PER_CONFIG = 2  # 45 configurations with a limit: 90 games, about 58,000 steps
SEEDS_UNLIMITED = 1  # 9 with max_offers null, capped at L.UNLIMITED_CAP steps


@pytest.mark.parametrize(("label", "n", "options"), L.configurations(), ids=lambda x: str(x))
def test_random_games_in_lockstep(label: str, n: int, options: dict[str, object]) -> None:
    tally = L.Tally()
    seeds = SEEDS_UNLIMITED if L.move_cap(options) else SEEDS_PER_CONFIG
    for k in range(seeds):
        tally.add(
            L.play_lockstep(
                n,
                1000 * n + k,
                options,
                label=label,
                samples=3,
                full_every=100,
                probes=1,
                probe_every=4,
                lengths_every=5,
                observe_every=15,
                determinize_every=15,
                round_trip_every=15,
            )
        )
    assert tally.games == seeds and tally.steps > 0 and tally.probes > 0
    assert tally.observations >= (n + 1) * 2 and tally.determinizations > 0
    assert tally.round_trips > 0
    if L.move_cap(options) and n > 2:  # random play with unlimited offers hits the cap
        assert tally.capped == seeds and tally.steps == seeds * L.UNLIMITED_CAP


def _both(n: int = 4, seed: int = 3, options: dict[str, object] | None = None) -> Any:
    py = G.GAME.new_state(n, seed, options)
    nat = _native.bohnanza_new_state(n, seed, json.dumps(G.GAME.normalize_options(options)))
    return py, nat


def _same_refusal(py: Any, nat: Any, player: int, action: Action) -> None:
    with pytest.raises(IllegalActionError) as want:
        py.apply(player, action)
    with pytest.raises(IllegalActionError) as got:
        nat.apply_json(player, json.dumps(action.to_json()))
    assert type(got.value) is type(want.value)
    assert str(got.value) == str(want.value)
    assert got.value.clause == want.value.clause
    assert nat.key() == py.key()


def test_submitted_actions_are_refused_alike() -> None:
    py, nat = _both()
    _same_refusal(py, nat, 1, A.PASS)  # not on the move (B-28)
    _same_refusal(py, nat, 0, A.PASS)  # wrong phase (B-29)
    _same_refusal(py, nat, 0, A.END_PLANTING)  # B-32, B-55
    _same_refusal(py, nat, 0, A.Harvest(-1))  # B-18, a negative field quoted
    _same_refusal(py, nat, 0, A.FinishTurn())  # B-52
    with pytest.raises(NotOnMoveError):
        nat.apply_json(7, json.dumps(A.PASS.to_json()))
    assert nat.refusal(0, json.dumps(A.PLANT[0].to_json())) is None
    error = nat.refusal(0, json.dumps(A.BUY_FIELD.to_json()))
    want = py.refusal(0, A.BUY_FIELD)
    assert isinstance(error, IllegalActionError) and str(error) == str(want)
    assert nat.action_text(json.dumps(A.Offer.make(None, [0], [1, 3], [3, 3]).to_json())) == (
        "offer any give f0,h1,h3 want chili,chili"
    )


def test_malformed_json_is_an_invalid_action() -> None:
    _, nat = _both()
    for text in (
        "{",
        "[]",
        '{"type": "fly"}',
        '{"type": "harvest"}',
        '{"type": "harvest", "field": 1e99}',
    ):
        with pytest.raises(InvalidActionError):
            nat.apply_json(0, text)


def test_the_end_and_the_outcome() -> None:
    _, nat = _both(3, 11, {"max_offers": 0})
    tally = L.play_lockstep(3, 11, {"max_offers": 0})
    assert tally.steps > 0
    with pytest.raises(ValueError, match="not over"):
        nat.outcome_json()
    assert nat.menu_len(2) == 0 and nat.to_move() == [0]
    with pytest.raises(IndexError):
        nat.menu_items_json(0, [10_000])


def test_a_planted_difference_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The harness must fail when one engine's rule changes: here Python's end of trading
    also clears the passes a second time and reports an extra event."""
    phases, check, effect = G.HANDLERS[A.EndTrading]

    def planted(s: Any, p: int, a: Any, ev: list[Event]) -> None:
        effect(s, p, a, ev)
        ev.append(Event("planted", {}))

    monkeypatch.setitem(G.HANDLERS, A.EndTrading, (phases, check, planted))
    with pytest.raises(L.ParityError, match="events of end-trading"):
        for seed in range(20):
            L.play_lockstep(4, seed, {"max_offers": 0})


def test_a_planted_difference_in_observe_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The harness must fail when an observation differs: here Python's spectators see the
    coin counts of secret treasuries."""
    real = O.observe

    def planted(s: Any, viewer: int | None, movers: tuple[int, ...]) -> dict[str, Any]:
        obs = real(s, viewer, movers)
        if viewer is None:
            for info in obs["players"]:
                info["coins"] = len(s.treasury[info["seat"]])
        return obs

    monkeypatch.setattr(G, "observe", planted)
    with pytest.raises(L.ParityError, match=r"observe\(None\)"):
        L.play_lockstep(3, 5, {}, observe_every=1)


def test_a_planted_difference_in_determinize_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """... and when a determinization differs: here Python's swaps the deck's bottom cards."""
    real = O.determinize_into

    def planted(s: Any, viewer: int, rng: Any) -> None:
        real(s, viewer, rng)
        s.deck[0], s.deck[1] = s.deck[1], s.deck[0]

    monkeypatch.setattr(G, "determinize_into", planted)
    with pytest.raises(L.ParityError, match=r"determinize"):
        L.play_lockstep(3, 5, {}, determinize_every=1)


def test_state_from_json_mirrors_python() -> None:
    py, nat = _both(5, 8, {"max_offers": None})
    text = nat.to_json()
    assert _native.bohnanza_state_from_json(text).key() == py.key()
    assert G.GAME.state_from_json(json.loads(text)).key() == py.key()
    obj = json.loads(text)
    for key in ("options", "num_players", "deck", "offers", "rng"):
        bad = {k: v for k, v in obj.items() if k != key}
        with pytest.raises(KeyError) as want:
            G.GAME.state_from_json(bad)
        with pytest.raises(KeyError) as got:
            _native.bohnanza_state_from_json(json.dumps(bad))
        assert got.value.args == want.value.args
    with pytest.raises(ValueError):  # bad options: ValueError on both
        G.GAME.state_from_json({**obj, "options": {"edition": "deluxe"}})
    for key, value in (
        ("options", {"edition": "deluxe"}),
        ("num_players", 8),
        ("hands", [[]]),
        ("deck", [0, 154]),
        ("active", 5),
        ("phase", 5),
        ("offer_status", [1]),
    ):
        with pytest.raises(ValueError):
            _native.bohnanza_state_from_json(json.dumps({**obj, key: value}))
    with pytest.raises(ValueError):
        _native.bohnanza_state_from_json("{")


def test_observe_and_determinize_arguments() -> None:
    py, nat = _both(3, 2)
    assert json.loads(nat.observe_json(None)) == py.observe(None)
    for viewer in (-1, 3, 10**30):  # the same refusal on both (engine.api.check_viewer)
        with pytest.raises(ValueError, match="not a seat") as native_error:
            nat.observe_json(viewer)
        with pytest.raises(ValueError, match="not a seat") as python_error:
            py.observe(viewer)
        assert str(native_error.value) == str(python_error.value)
    with pytest.raises(TypeError):
        nat.observe_json("0")
    # a viewer that is not a seat resamples every hand, on both
    for viewer in (-1, 7):
        r_py, r_nat = G.Rng(9), _native.Rng(9)
        assert py.determinize(viewer, r_py).key() == nat.determinize(viewer, r_nat).key()
        assert r_py.state == r_nat.state
    assert nat.key() == py.key()  # determinize leaves the state alone


# ---- hypothesis: malformed and odd actions, submitted to both engines


@functools.cache
def _positions() -> list[tuple[Any, Any]]:
    """Positions of one random 4-player game (policy of seedbed.simulate), both engines:
    planting, trading with offers outstanding, phase 3, drawing, and the duel."""
    out = []
    for n, seed, options in ((4, 21, {}), (2, 4, {}), (3, 9, {"max_offers": None})):
        py, nat = _both(n, seed, options)
        policy = policy_rng(seed)
        for step in range(160):
            if step % 8 == 0:
                out.append((py.clone(), nat.clone()))
            if py.is_terminal():
                break
            p = py.to_move()[0]
            menu = py.legal_actions(p)
            action = menu[policy.below(len(menu))]
            py.apply(p, action)
            nat.apply_json(p, json.dumps(action.to_json()))
    return out


_NUMBERS = st.one_of(
    st.integers(-3, 12),
    st.sampled_from([104, 153, 154, 255, 256, 2**31, 2**63 - 1, -(2**63)]),
    st.integers(-(2**70), 2**70),
)
_VALUES = st.one_of(
    _NUMBERS,
    st.none(),
    st.booleans(),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.sampled_from(["any", "3", "-1", "", "wax", "x1"]),
    st.lists(st.one_of(_NUMBERS, st.sampled_from([*VARIETIES, "bean", "2"])), max_size=4),
    st.lists(st.lists(_NUMBERS, max_size=2), max_size=2),
    st.dictionaries(st.sampled_from(["a", "field"]), _NUMBERS, max_size=1),
)
_FIELDS = (
    "field", "card", "position", "offer_id", "positions", "to", "give_faceup", "give_hand",
    "want", "want_faceup", "extra",
)  # fmt: skip
_SMALL = st.integers(-2, 10)
_WELL_TYPED = st.fixed_dictionaries(
    {"type": st.sampled_from(A.ACTION_TYPES)},
    optional={
        "field": _SMALL,
        "card": st.one_of(_SMALL, st.integers(0, 160)),
        "position": _SMALL,
        "offer_id": _SMALL,
        "positions": st.lists(_SMALL, max_size=3),
        "to": st.one_of(st.none(), st.just("any"), st.integers(-1, 7)),
        "give_faceup": st.lists(st.integers(-1, 2), max_size=2),
        "give_hand": st.lists(_SMALL, max_size=3),
        "want": st.lists(st.sampled_from(VARIETIES), max_size=3),
        "want_faceup": st.lists(st.integers(-1, 2), max_size=2),
    },
)
_ACTIONS = st.one_of(
    _WELL_TYPED,  # mostly parsed, then refused or applied
    st.builds(  # odd kinds, fields and types: mostly malformed
        lambda kind, fields: {"type": kind, **fields},
        st.one_of(st.sampled_from(A.ACTION_TYPES), st.sampled_from(["fly", "", "Plant", 3])),
        st.dictionaries(st.sampled_from(_FIELDS), _VALUES, max_size=5),
    ),
)


def _fits_64_bits(value: Any) -> bool:
    if isinstance(value, list | tuple):
        return all(_fits_64_bits(v) for v in value)
    if isinstance(value, dict):
        return all(_fits_64_bits(v) for v in value.values())
    return not isinstance(value, int) or -(2**63) <= value < 2**63


@settings(max_examples=400, deadline=None)
@given(obj=_ACTIONS, at=st.integers(0, 10_000), seat=st.integers(-1, 4))
def test_odd_actions_are_parsed_and_refused_alike(obj: dict[str, Any], at: int, seat: int) -> None:
    positions = _positions()
    py0, nat0 = positions[at % len(positions)]
    player = seat if seat < py0.num_players else py0.to_move()[0] if py0.to_move() else 0
    text = json.dumps(obj)
    try:
        action = A.action_from_json(obj)
    except InvalidActionError:
        event("malformed")
        with pytest.raises(InvalidActionError):
            nat0.refusal(player, text)
        return
    if not _fits_64_bits(action.to_json()):  # the boundary: numbers are i64 natively
        event("beyond 64 bits")
        with pytest.raises(InvalidActionError):
            nat0.refusal(player, text)
        return
    assert nat0.action_text(text) == str(action)
    want = py0.refusal(player, action)
    got = nat0.refusal(player, text)
    assert (got is None) == (want is None)
    event(f"refused: {type(want).__name__}" if want else "legal, applied")
    if want is not None:
        assert type(got) is type(want) and str(got) == str(want) and got.clause == want.clause
        return
    py, nat = py0.clone(), nat0.clone()
    want_events = [L.event_json(e) for e in py.apply(player, action)]
    assert json.loads(nat.apply_json(player, text)) == want_events
    assert nat.key() == py.key()
