"""Bohnanza on the native core against the Python reference, step by step (issue 14):
seeded random games in lockstep over every configuration (standard 2–7 with the duel,
classic 3–5; secret and open treasuries; max_offers default / 0 / 2; all positions), with
``key()``, movers, menus, events, refusals and the outcome compared (see
``bohnanza_lockstep.py``); directly submitted actions refused alike; a planted difference
caught. Longer runs: ``scripts/native_parity.py --games N``.

Skipped when the extension module is not built (``make native``), except under ``CI=true``.
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

from seedbed.engine.api import Action, Event
from seedbed.engine.errors import IllegalActionError, InvalidActionError, NotOnMoveError
from seedbed.games.bohnanza import actions as A
from seedbed.games.bohnanza import game as G

try:
    from seedbed import _native  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - depends on the build
    if os.environ.get("CI") == "true":
        raise
    pytest.skip("seedbed._native is not built (make native)", allow_module_level=True)

import bohnanza_lockstep as L  # tests/native is on sys.path (rootdir import mode)

SEEDS_PER_CONFIG = 4  # 45 configurations: 180 games, about 115,000 steps


@pytest.mark.parametrize(("label", "n", "options"), L.configurations(), ids=lambda x: str(x))
def test_random_games_in_lockstep(label: str, n: int, options: dict[str, object]) -> None:
    tally = L.Tally()
    for k in range(SEEDS_PER_CONFIG):
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
            )
        )
    assert tally.games == SEEDS_PER_CONFIG and tally.steps > 0 and tally.probes > 0


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
