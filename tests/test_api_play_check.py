"""Runs the shared contract check ``checks/api_play.py`` (DESIGN §3) as a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def _check() -> Path:
    """checks/api_play.py of the shared folder: beside the checkout, $SEEDBED_SHARED, or the
    workplace's /work/shared (CI clones the repository elsewhere)."""
    here = Path(__file__).resolve().parents[2] / "shared"
    for base in (os.environ.get("SEEDBED_SHARED"), here, "/work/shared"):
        if base and (Path(base) / "checks" / "api_play.py").is_file():
            return Path(base) / "checks" / "api_play.py"
    return here / "checks" / "api_play.py"


CHECK = _check()


@pytest.mark.skipif(not CHECK.exists(), reason=f"shared checks not present ({CHECK})")
@pytest.mark.parametrize(
    ("game", "counts", "options"),
    [
        ("bohnanza", "2,3,4,5,6,7", '{"edition": "standard"}'),
        ("bohnanza", "3,4,5", '{"edition": "classic"}'),
        ("stalk_exchange", "2,3,4,5", "{}"),
        ("stalk_exchange", "2,3,4,5", '{"garden_radius": 4, "exchange_slots": 4}'),
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
