"""The command line on Stalk Exchange: simulate (with the summary of how games ended), option
errors, bench, replay, and the calibration report script."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from seedbed.cli.main import app

runner = CliRunner(env={"COLUMNS": "160"})
REPO = Path(__file__).resolve().parents[1]


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_simulate_prints_seats_and_endings(players: int) -> None:
    code, out, err = run("simulate", "stalk_exchange", "-p", str(players), "-n", "6", "--seed", "4")
    assert code == 0, err
    assert len(re.findall(r"│\s+\d+ │\s+[\d.]+ │\s+[\d.]+% │", out)) == players
    assert "how the games ended" in out
    shares = re.findall(r"│ trigger [12][^│]*│\s+(\d+) │\s+[\d.]+% │", out)
    shares += re.findall(r"│ both triggers[^│]*│\s+(\d+) │", out)
    assert sum(map(int, shares)) == 6  # every game ended by a trigger, counted once
    assert "mean trades per turn" not in out  # no trading in this game


def test_simulate_with_options() -> None:
    code, out, err = run(
        "simulate", "stalk_exchange", "-p", "3", "-n", "3", "-o", "garden_radius=4",
        "-o", 'portfolio_size={"3": 9}',
    )  # fmt: skip
    assert code == 0, err
    assert "garden_radius=4" in out
    assert "portfolio_size={2=12 3=9 4=8 5=8}" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-p", "6"], "takes 2-5 players, not 6"),
        (["-o", "garden_radius=0"], "option garden_radius must be an integer from 1 to 6"),
        (["-o", "garden_radius=big"], "option garden_radius must be an integer"),
        (["-o", "radius=3"], "unknown option 'radius'"),
        (["-o", 'seedy_tokens={"7": 1}'], "'7' is not a player count 2-5"),
        (["-o", "seedy_tokens=-1"], "option seedy_tokens must be an integer from 0 to 12"),
        (["-p", "5", "-o", "portfolio_size=30"], "need 156 tokens, more than the 125"),
        (["--lean"], "stalk_exchange has no bulky actions to leave out"),
    ],
)
def test_simulate_option_errors(args: list[str], message: str) -> None:
    """S-3: bad options are refused with one line naming the option, before any game runs."""
    code, _, err = run("simulate", "stalk_exchange", "-n", "2", "--no-progress", *args)
    assert code == 2
    assert message in err
    assert err.startswith("error: ") and err.count("\n") == 1


def test_bench_prints_playouts_and_clone() -> None:
    code, out, err = run("bench", "stalk_exchange", "-p", "3", "--seconds", "0.2")
    assert code == 0, err
    first, second = out.splitlines()[:2]
    # bench says which engine it ran (issue 14): native where built (issue 15), else Python
    assert re.match(r"engine: (native|python) \(", first), first
    assert second == "stalk_exchange, 3 players, one core (single process)"
    assert re.search(r"playouts/s\s+default options\s+[\d.]+\s+actions/s\s+[\d,]+", out)
    assert re.search(r"clone\(\)\s+mid-game states\s+[\d.]+ µs", out)


def test_record_and_replay(tmp_path: Path) -> None:
    path = tmp_path / "se.jsonl"
    code, _, err = run("simulate", "stalk_exchange", "-p", "3", "-n", "2", "--record", str(path))
    assert code == 0, err
    code, out, err = run("replay", str(path), "--game-index", "1", "--viewer", "0")
    assert code == 0, err
    assert "== move 1: seat 0" in out
    assert "== outcome: scores=" in out
    assert "portfolio=" in out


def test_calibration_script_writes_the_report(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location(
        "calibration", REPO / "scripts" / "stalk_exchange_calibration.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    target = tmp_path / "calibration.md"
    argv = ["--games", "4", "--seed", "9", "--output", str(target), "--sweep-games", "0"]
    assert script.main(argv) == 0
    text = target.read_text(encoding="utf-8")
    for n in (2, 3, 4, 5):
        assert re.search(rf"^\| {n} \| 4 \| ", text, re.MULTILINE)
    assert "### Against the targets of S-2" in text and "## Policy `random`" in text


def test_calibration_script_with_greedy_self_play(tmp_path: Path) -> None:
    """S-2: the calibration can be measured with a bot in every seat (``--policies``)."""
    spec = importlib.util.spec_from_file_location(
        "calibration", REPO / "scripts" / "stalk_exchange_calibration.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    target = tmp_path / "calibration.md"
    argv = ["--games", "2", "--policies", "random,greedy", "--output", str(target)]
    assert script.main([*argv, "--sweep-games", "1"]) == 0
    text = target.read_text(encoding="utf-8")
    assert "## Policy `random`" in text and "## Policy `greedy`" in text
    assert text.count("### Against the targets of S-2") == 2
    assert "## Tuning sweep (`greedy` in every seat, 1 game per row)" in text
    rows = sum(len(r) for r in script.SWEEP.values())
    assert len(re.findall(r"^\| [2-5] \| \d+ \| \d+ \| \d+ \| ", text, re.MULTILINE)) == rows


def test_calibrated_defaults_are_the_sweeps_choice() -> None:
    """S-2 / D-24: the default per-count numbers are the last row of each count in the sweep,
    and the sweep's first row is the spec's own S-3 table."""
    spec = importlib.util.spec_from_file_location(
        "calibration", REPO / "scripts" / "stalk_exchange_calibration.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    from seedbed.games.stalk_exchange.config import make_config

    for i, (n, rows) in enumerate(script.SWEEP.items()):
        c = make_config(n, None)
        assert rows[-1] == (c.market_start, c.seedy_tokens, c.portfolio_size)
        table = script.SPEC_TABLE
        first = (script.SPEC_START[i], table["seedy_tokens"][i], table["portfolio_size"][i])
        assert rows[0] == first
