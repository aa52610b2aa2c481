"""The lab's report (issue 35 item 3): one self-contained page with every plot, titled in
words, the measures, the test used, and a command that re-runs to the same numbers."""

from __future__ import annotations

import shlex
from pathlib import Path

from typer.testing import CliRunner

from seedbed.cli.main import app
from seedbed.design.plots import PLOT_NAMES


def sweep(args: list[str]) -> None:
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output


def test_report_has_every_plot_and_reproduces(rigged: str, tmp_path: Path) -> None:
    """issue 35 item 3: every plot present; the reproduce command re-runs to the same CSV."""
    out = tmp_path / "first"
    sweep(
        [
            "lab",
            "sweep",
            rigged,
            "--option",
            "rounds=3,5",
            "--bots",
            "random",
            "--games",
            "12",
            "--seed",
            "4",
            "--out",
            str(out),
            "--no-progress",
        ]
    )
    page = (out / "report.html").read_text()
    for name in PLOT_NAMES:
        assert f'id="plot-{name}"' in page
    assert page.count("data:image/png;base64,") == len(PLOT_NAMES)
    assert "Seat 0 wins 100% at rounds=3, 100% at rounds=5" in page
    assert "two-proportion z-test" in page and "Holm" in page
    command = page.split('<pre id="command">')[1].split("</pre>")[0]
    words = shlex.split(command.replace("&#x27;", "'"))
    assert words[:3] == ["seedbed", "lab", "sweep"]
    again = tmp_path / "again"
    words[words.index("--out") + 1] = str(again)
    sweep([*words[1:], "--no-progress"])
    assert (again / "results.csv").read_text() == (out / "results.csv").read_text()
    assert (again / "summary.csv").read_text() == (out / "summary.csv").read_text()


def test_unknown_option_is_one_line_error(rigged: str, tmp_path: Path) -> None:
    """issue 35 item 1: an unknown option exits 2 naming the declared options."""
    result = CliRunner().invoke(
        app, ["lab", "sweep", rigged, "--option", "colour=1", "--out", str(tmp_path)]
    )
    assert result.exit_code == 2
    assert "no option 'colour'; options: rounds, top_card" in result.output


def test_a_bad_player_count_is_refused_before_any_game(rigged: str, tmp_path: Path) -> None:
    """issue 35 item 1: the player count is checked against the game before the sweep."""
    out = tmp_path / "none"
    result = CliRunner().invoke(
        app, ["lab", "sweep", rigged, "--players", "3", "--out", str(out), "--no-progress"]
    )
    assert result.exit_code == 2
    assert "players" in result.output
    assert not out.exists()


def test_lab_commands_have_help_with_an_example() -> None:
    """issue 35: `seedbed lab` is a documented subcommand group."""
    for command in (["lab"], ["lab", "sweep"], ["lab", "compare"]):
        result = CliRunner().invoke(app, [*command, "--help"])
        assert result.exit_code == 0, result.output
        assert "Usage" in result.output
        if len(command) > 1:
            assert "Example: seedbed lab" in result.output
