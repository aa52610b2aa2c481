"""Runs the shared contract check ``checks/api_play.py`` (DESIGN §3) as a subprocess."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

CHECK = Path("/work/shared/checks/api_play.py")


@pytest.mark.skipif(not CHECK.exists(), reason="shared checks not present (/work/shared/checks)")
@pytest.mark.parametrize(
    ("counts", "options"),
    [("2,3,4,5,6,7", '{"edition": "standard"}'), ("3,4,5", '{"edition": "classic"}')],
)
def test_api_play(counts: str, options: str) -> None:
    done = subprocess.run(
        [sys.executable, str(CHECK), "bohnanza", counts, options, "3"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "random games" in done.stdout
