"""Tests that run on every engine of a game (issue 14): ``pytest.mark.parametrize("engine",
engines("bohnanza"))`` runs a test on the Python engine and on the native one.

The native parameter is skipped, with a reason, when the extension module is not built
(``make native``), except under ``CI=true``, where it runs and fails (a missing native module
is a failure in CI, never a skip)."""

from __future__ import annotations

import os
from typing import Any

import pytest

import seedbed
from seedbed.engine.api import Game
from seedbed.engine.registry import native_unavailable, spec


def engines(game: str) -> list[Any]:
    """The engines of ``game`` as pytest parameters (ids ``python`` and ``native``)."""
    out = [pytest.param("python", id="python")]
    if spec(game).native is None:
        return out
    why = native_unavailable(game)
    skip = why is not None and os.environ.get("CI", "").lower() != "true"
    mark = pytest.mark.skipif(skip, reason=f"{why} (not skipped under CI=true)")
    out.append(pytest.param("native", id="native", marks=mark))
    return out


def game_on(name: str, engine: str) -> Game:
    """The game on that engine (under CI=true a missing native engine fails here)."""
    return seedbed.game(name, engine)
