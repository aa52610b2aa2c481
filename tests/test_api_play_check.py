"""Runs the contract check ``scripts/api_play.py`` (DESIGN §3), the repository's own copy, as a
subprocess: it uses the public game API only, as an outside program would."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

CHECK = Path(__file__).resolve().parents[1] / "scripts" / "api_play.py"


def test_the_check_is_in_the_repository() -> None:
    """A clone runs the check it carries, never one found beside the checkout."""
    assert CHECK.is_file()


@pytest.mark.parametrize(
    ("game", "counts", "options"),
    [
        ("bohnanza", "2,3,4,5,6,7", '{"edition": "standard"}'),
        ("bohnanza", "3,4,5", '{"edition": "classic"}'),
        ("stalk_exchange", "2,3,4,5", "{}"),
        ("stalk_exchange", "2,3,4,5", '{"garden_radius": 4, "exchange_slots": 4}'),
        ("fields_of_green", "2,3,4", "{}"),
        ("fields_of_green", "2,3,4", '{"ruleset": "prototype"}'),
    ],
)
def test_api_play(game: str, counts: str, options: str) -> None:
    done = subprocess.run(
        [sys.executable, str(CHECK), game, counts, options, "5"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "random games" in done.stdout
