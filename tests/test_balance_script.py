"""The F-96 balance measurement (``scripts/fields_of_green_balance.py``): its figures on a
hand-made tally, and a small run of the report."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

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


def test_f96_lift_built_when_drawn_and_seat_shares() -> None:
    """F-96: lift = win rate of the players who built a design / (1/N); built-when-drawn =
    games where it was built / games where it was drawn; shared wins count 1/k."""
    b = SCRIPT.Balance(3)
    b.add({"a", "b"}, [{"a"}, {"a", "b"}, set()], (10, 8, 3), (0,))
    b.add({"a", "c"}, [{"a"}, set(), set()], (5, 9, 9), (1, 2))
    b.add({"c"}, [set(), set(), set()], (4, 4, 4), (0, 1, 2))
    assert b.games == 3
    assert b.seat_wins == pytest.approx([1 + 1 / 3, 0.5 + 1 / 3, 0.5 + 1 / 3])
    assert b.winning_scores == [10, 9, 4]
    # "a" was built by 3 players over the games; they won 1 game of 3 -> 1/3 * N = 1.0
    assert b.lift("a") == pytest.approx(1.0)
    assert b.lift("b") == pytest.approx(0.0)  # built once, by a player who lost
    assert b.lift("c") is None  # never built
    assert b.built_when_drawn("a") == 1.0
    assert b.built_when_drawn("c") == 0.0
    assert b.built_when_drawn("zzz") is None


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
    """F-96 asks for self-play of a heuristic bot: ``--bot greedy`` plays every seat."""
    target = tmp_path / "balance.md"
    assert SCRIPT.main(["--games", "2", "--players", "2", "--bot", "greedy", "--output",
                        str(target)]) == 0  # fmt: skip
    text = target.read_text(encoding="utf-8")
    assert "--bot greedy" in text and "Every seat is played by `greedy`" in text
    assert re.search(r"^\| 2 \| 2 \| ", text, re.MULTILINE)
