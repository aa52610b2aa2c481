"""The command line on Fields of Green: simulate with the shipped set and with a card file
(``--option card_set=PATH``, F-89), option and file errors, bench and replay."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from games.fields_of_green.fixture_cards import FIXTURE  # tests/ is on sys.path (rootdir)
from seedbed.cli.main import app

runner = CliRunner(env={"COLUMNS": "160"})


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["-p", "2"],
        ["-p", "3"],
        ["-p", "4", "-o", "ruleset=prototype"],
        ["-p", "3", "-o", "introductory=true"],
    ],
)
def test_simulate_with_the_original_set(args: list[str]) -> None:
    code, out, err = run("simulate", "fields_of_green", "-n", "3", "--seed", "2", *args)
    assert code == 0, err
    assert "cards=original" in out
    assert len(re.findall(r"│\s+\d+ │\s+[\d.]+ │\s+[\d.]+% │", out)) == int(args[1])
    assert re.search(r"│ mean years\s+│\s+4\.00 │", out)  # F-38: four years


def test_simulate_with_a_card_file(tmp_path: Path) -> None:
    """F-89: a user's own card file, TOML or JSON, is played; its name shows in the options."""
    path = tmp_path / "mine.json"
    path.write_text(json.dumps({**FIXTURE, "name": "my farm"}), encoding="utf-8")
    record = tmp_path / "games.jsonl"
    code, out, err = run(
        "simulate", "fields_of_green", "-p", "3", "-n", "2", "-o", f"card_set={path}",
        "--record", str(record),
    )  # fmt: skip
    assert code == 0, err
    assert "cards=<card set 'my farm'>" in out
    saved = json.loads(record.read_text(encoding="utf-8").splitlines()[0])
    assert saved["options"]["cards"]["name"] == "my farm"  # the record replays without the file
    code, out, err = run("replay", str(record), "--viewer", "spectator")
    assert code == 0, err
    assert "== outcome: scores=" in out


@pytest.mark.parametrize(
    ("content", "suffix", "message"),
    [
        (None, ".toml", "cannot read the file"),
        ('format = "seedbed.fields_of_green.cards"\n', ".toml", "missing required key 'version'"),
        ("[[locations]\n", ".toml", "mine.toml:1:"),
        ("{}", ".yaml", "must end in .toml or .json"),
    ],
)
def test_card_file_errors_name_the_file(
    tmp_path: Path, content: str | None, suffix: str, message: str
) -> None:
    """F-80: a malformed card file is refused with one line naming the file (and line)."""
    path = tmp_path / f"mine{suffix}"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    code, _, err = run("simulate", "fields_of_green", "-n", "1", "-o", f"card_set={path}")
    assert code == 2
    assert message in err and str(path) in err
    assert err.startswith("error: ") and err.count("\n") == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-p", "5"], "takes 2-4 players"),
        (["-o", "ruleset=final"], "option ruleset must be one of published, prototype"),
        (["-o", "colour=red"], "unknown option 'colour'"),
    ],
)
def test_simulate_option_errors(args: list[str], message: str) -> None:
    """F-2, F-3: bad counts and options are refused before any game runs."""
    code, _, err = run("simulate", "fields_of_green", "-n", "1", "--no-progress", *args)
    assert code == 2 and message in err


def test_bench_prints_playouts_and_clone() -> None:
    code, out, err = run("bench", "fields_of_green", "-p", "3", "--seconds", "0.2")
    assert code == 0, err
    assert re.search(r"playouts/s\s+default options\s+[\d.]+\s+actions/s\s+[\d,]+", out)
    assert re.search(r"clone\(\)\s+mid-game states\s+[\d.]+ µs", out)
