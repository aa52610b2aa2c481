"""``seedbed lab compare`` (issue 35 item 4): two option sets on the same deals, paired."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from seedbed.cli.main import app
from seedbed.design.compare import option_set, paired


def test_paired_difference_and_interval() -> None:
    """issue 35 item 4: the mean of B − A per game with a normal 95% interval."""
    d = paired([0.0] * 10, [1.0] * 5 + [0.0] * 5)
    assert d.mean == 0.5
    assert d.low == pytest.approx(0.5 - 1.959964 * 0.527046 / 10**0.5, abs=1e-4)
    assert d.significant
    same = paired([1.0, 0.0], [1.0, 0.0])
    assert (same.mean, same.low, same.high, same.significant) == (0.0, 0.0, 0.0, False)


def test_one_value_per_option(rigged: str) -> None:
    assert option_set(rigged, ["rounds=3"]) == {"rounds": 3}
    with pytest.raises(ValueError, match="one value per option"):
        option_set(rigged, ["rounds=3,4"])


def test_compare_on_the_rigged_game(rigged: str, tmp_path: Path) -> None:
    """issue 35 item 4: seat 0 wins on both sides → no difference in win share; longer rounds
    make longer games (3 → 5 rounds: 6 → 10 actions, exactly +4 on every deal)."""
    result = CliRunner().invoke(
        app,
        [
            "lab",
            "compare",
            rigged,
            "--a",
            "rounds=3",
            "--b",
            "rounds=5",
            "--bots",
            "random",
            "--games",
            "8",
            "--out",
            str(tmp_path),
            "--no-progress",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "B − A on 8 paired games" in result.output
    row = next(line for line in result.output.splitlines() if "actions per game" in line)
    assert "+4.000" in row
    share = next(line for line in result.output.splitlines() if "seat 0 win share" in line)
    assert "+0.000" in share and "*" not in share
