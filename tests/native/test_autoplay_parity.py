"""The moves a table plays for a person agree on both engines (issue 31 item 4, D-65): over
seeded random games played in lockstep on the Python reference and the native core, for every
seat on the move, the game's formality (``GameSpec.formality``: Bohnanza's draw) and its
automatic pass (``GameSpec.idle_pass``), judged from that seat's observation and menu, are
the same move on both; and both kinds occur.

Skipped when the extension module is not built (``make native``), except under ``CI=true``.
"""

from __future__ import annotations

import random

import pytest

import seedbed
from native.test_undo_parity import _needs_native  # tests/ is on sys.path
from seedbed.engine.api import Action, State
from seedbed.engine.registry import spec

STEPS = 1500


def judged(state: State, seat: int) -> tuple[str | None, str | None]:
    """The formality and the automatic pass of ``seat`` now, as action JSON texts."""
    declared = spec("bohnanza")
    assert declared.formality is not None and declared.idle_pass is not None
    view, legal = state.observe(seat), state.legal_actions(seat)

    def text(action: Action | None) -> str | None:
        return None if action is None else str(action.to_json())

    return text(declared.formality(view, legal)), text(declared.idle_pass(view, legal))


@pytest.mark.parametrize(("players", "seed"), [(4, 1), (5, 2), (2, 3)])
def test_the_moves_played_for_a_person_agree(players: int, seed: int) -> None:
    _needs_native("bohnanza")
    options = {"max_offers": 2}
    py = seedbed.game("bohnanza", "python").new_state(players, seed=seed, options=options)
    nat_game = seedbed.game("bohnanza", "native")
    nat = nat_game.new_state(players, seed=seed, options=options)
    pick = random.Random(seed)
    seen = {"formality": 0, "pass": 0}
    for step in range(STEPS):
        if py.is_terminal():
            break
        for seat in py.to_move():
            mine = judged(py, seat)
            assert mine == judged(nat, seat), f"seed {seed} step {step} seat {seat}"
            seen["formality"] += mine[0] is not None
            seen["pass"] += mine[1] is not None
        seat = pick.choice(list(py.to_move()))
        action = pick.choice(list(py.legal_actions(seat)))
        py.apply(seat, action)
        nat.apply(seat, nat_game.action_from_json(action.to_json()))
    assert seen["formality"] > 0, seen
    assert seen["pass"] > 0 or players == 2, seen  # the duel has no trading (B-53)
