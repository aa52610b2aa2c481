"""The F-96 balance report (``scripts/fields_of_green_balance.py``), a use of the design lab:
its figures from the lab's measures of hand-made games, and small runs of the report."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from seedbed.arena.play import GameResult
from seedbed.cli.main import app
from seedbed.design.measures import measure

REPO = Path(__file__).resolve().parents[1]


def load_script():
    spec = importlib.util.spec_from_file_location(
        "balance", REPO / "scripts" / "fields_of_green_balance.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


SCRIPT = load_script()


def result(seat_wins: int, extras: dict[str, list[float]]) -> GameResult:
    scores = (50, 40, 30) if seat_wins == 0 else (40, 50, 30)
    ranks = (1, 2, 3) if seat_wins == 0 else (2, 1, 3)
    return GameResult("fields_of_green", 1, ("g",) * 3, scores, ranks, (seat_wins,), 90, "x", {},
                      extras={"game": extras})  # fmt: skip


def test_f96_lift_and_built_when_drawn_come_from_the_labs_rates() -> None:
    """F-96 (issue 35 item 5): lift = the lab's win rate of a design's builders times N;
    built-when-drawn = the lab's pick rate; a design never built has no lift."""
    m = measure(
        [
            result(0, {"pick rate a": [1.0, 1.0], "win rate a": [1.0, 2.0]}),
            result(1, {"pick rate a": [1.0, 1.0], "win rate a": [0.0, 1.0]}),
            result(1, {"pick rate a": [0.0, 1.0], "pick rate c": [0.0, 1.0]}),
        ]
    )
    assert SCRIPT.lift(m, "a") == pytest.approx(1 / 3 * 3)  # 1 win of 3 builders, N = 3
    assert SCRIPT.built_when_drawn(m, "a") == pytest.approx(2 / 3)
    assert SCRIPT.lift(m, "c") is None and SCRIPT.built_when_drawn(m, "c") == 0.0
    assert SCRIPT.built_when_drawn(m, "zzz") is None
    assert m.seat_share == (1 / 3, 2 / 3, 0.0) and m.mean_winning_score == 50
    text = SCRIPT.render({3: m}, 3, 1, "greedy")
    assert "| 3 | 3 | 33.3% / 66.7% / 0.0% | 33.3% | 50.0 |" in text


def test_f96_report_checks_every_criterion(tmp_path: Path) -> None:
    """F-96: the report lists seat shares, every design and the four acceptance checks."""
    target = tmp_path / "balance.md"
    assert SCRIPT.main(["--games", "3", "--players", "3", "--output", str(target)]) == 0
    text = target.read_text(encoding="utf-8")
    assert re.search(r"^\| 3 \| 3 \| [\d.]+% / [\d.]+% / [\d.]+% \|", text, re.MULTILINE)
    assert len(re.findall(r"^\| `[a-z0-9_]+` \|", text, re.MULTILINE)) == 44
    for criterion in ("seat win shares", "lift in 0.6-1.6", "built in ≥ 10%", "winning score"):
        assert criterion in text


def test_report_refuses_bad_arguments() -> None:
    with pytest.raises(SystemExit):
        SCRIPT.main(["--players", "5"])
    with pytest.raises(SystemExit):
        SCRIPT.main(["--players", "three"])


def test_f96_report_with_a_bot_in_every_seat(tmp_path: Path) -> None:
    """``--bot`` names the bot playing every seat (greedy by default, as F-96 asks)."""
    target = tmp_path / "balance.md"
    assert SCRIPT.main(["--games", "2", "--players", "2", "--bot", "random", "--output",
                        str(target)]) == 0  # fmt: skip
    text = target.read_text(encoding="utf-8")
    assert "--bot random" in text and "Every seat is played by `random`" in text
    assert re.search(r"^\| 2 \| 2 \| ", text, re.MULTILINE)


def test_the_report_is_the_labs_sweep(tmp_path: Path) -> None:
    """issue 35 item 5: the report's figures are those of `seedbed lab sweep` on the same
    games (one way): its journal is the lab's, read back by the command without a game played."""
    target = tmp_path / "balance.md"
    argv = ["--games", "3", "--players", "2", "--bot", "random", "--out", str(tmp_path / "j")]
    assert SCRIPT.main([*argv, "--output", str(target)]) == 0
    journal = tmp_path / "j" / "2p"
    before = (journal / "cell-0.jsonl").read_text()
    args = ["lab", "sweep", "fields_of_green", "--players", "2", "--bots", "random"]
    done = CliRunner().invoke(app, [*args, "--games", "3", "--out", str(journal), "--no-progress"])
    assert done.exit_code == 0, done.output
    assert (journal / "cell-0.jsonl").read_text() == before  # nothing new was played
    summary = (journal / "summary.csv").read_text()
    shares = re.search(r"^\| 2 \| 3 \| ([\d.]+)% / ([\d.]+)% \|", target.read_text(), re.M)
    assert shares is not None
    for share in shares.groups():
        assert f'"{share}% [' in summary
