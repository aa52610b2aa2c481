"""Undo agrees on both engines (issue 38 item 11): over seeded random games played in
lockstep on the Python reference and the native core, every move's judgement "did it reveal
anything hidden" (``GameSpec.reveals`` on the public observations before and after) and
whether its mover is still alone on the move are the same on both, and the state kept before
the move (``clone()``, what the server restores on an undo) is the state before the move on
both: equal ``key()`` and observations, and it plays on to where the move led.

Skipped when the extension module is not built (``make native``), except under ``CI=true``.
"""

from __future__ import annotations

import os
import random

import pytest

import seedbed
from seedbed.engine.registry import native_unavailable, spec

GAMES = ("bohnanza", "stalk_exchange", "fields_of_green")
STEPS = 250
"""Moves per game (enough to pass turns, reveals and quiet moves of every game)."""


def _needs_native(game: str) -> None:
    why = native_unavailable(game)
    if why is not None and os.environ.get("CI", "").lower() != "true":
        pytest.skip(why)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_undo_judgement_and_restore_agree(game: str, seed: int) -> None:
    _needs_native(game)
    reveals = spec(game).reveals
    assert reveals is not None
    py = seedbed.game(game, "python").new_state(3, seed=seed)
    nat_game = seedbed.game(game, "native")
    nat = nat_game.new_state(3, seed=seed)
    pick = random.Random(seed)
    quiet = 0
    for step in range(STEPS):
        if py.is_terminal():
            break
        seat = py.to_move()[0]
        action = pick.choice(list(py.legal_actions(seat)))
        kept_py, kept_nat = py.clone(), nat.clone()
        key, public, mine = py.key(), py.observe(None), py.observe(seat)
        py.apply(seat, action)
        nat.apply(seat, nat_game.action_from_json(action.to_json()))
        judged = [
            (reveals(public, s.observe(None)), tuple(s.to_move()) == (seat,)) for s in (py, nat)
        ]
        where = f"{game} seed {seed} step {step} ({action})"
        assert judged[0] == judged[1], where
        quiet += not judged[0][0] and judged[0][1]
        for kept in (kept_py, kept_nat):  # what an undo restores: the state before the move
            assert kept.key() == key, where
            assert kept.observe(None) == public and kept.observe(seat) == mine, where
        replayed = kept_nat.clone()
        replayed.apply(seat, nat_game.action_from_json(action.to_json()))
        assert replayed.key() == nat.key() == py.key(), where
    assert quiet > 0, f"{game}: no undoable move in {STEPS} steps"
