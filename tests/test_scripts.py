"""Issue 19, item 5: every script in ``scripts/`` answers ``--help`` (exit 0, nothing written)
with every option it accepts, its docstring's usage names them too, and a small ``--games``
is a small run (the calibration's tuning sweep follows it)."""

from __future__ import annotations

import ast
import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]
SCRIPTS = sorted((REPO / "scripts").glob("*.py"))


def options_of(path: Path) -> set[str]:
    """The option strings (``--games``, ``-o``) of every ``add_argument`` call in a script."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "add_argument"
        ):
            found |= {
                a.value
                for a in node.args
                if isinstance(a, ast.Constant) and isinstance(a.value, str) and a.value[0] == "-"
            }
    return found


def usage_of(path: Path) -> str:
    """The docstring's usage block: from ``Usage:`` to the next blank line."""
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    match = re.search(r"^Usage:.*?(?=\n\s*\n|\Z)", doc, re.MULTILINE | re.DOTALL)
    assert match, f"{path.name}: its docstring has no 'Usage:' line"
    return match.group(0)


def test_every_script_is_checked() -> None:
    assert {p.name for p in SCRIPTS} >= {
        "api_play.py",
        "determinism_hash.py",
        "fields_of_green_balance.py",
        "greedy_vs_random.py",
        "make_golden.py",
        "rules_coverage.py",
        "stalk_exchange_calibration.py",
    }


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_help_exits_0_and_names_every_option(script: Path, tmp_path: Path) -> None:
    """``--help`` runs nothing (exit 0 at once, no file written) and lists every option; the
    docstring's usage line lists the long ones."""
    tracked = subprocess.run(
        ["git", "status", "--porcelain", "--", "docs", "tests/golden"],
        cwd=REPO, capture_output=True, text=True, check=False,
    ).stdout  # fmt: skip
    done = subprocess.run(
        [sys.executable, str(script), "--help"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip(), f"{script.name} --help printed nothing"
    for option in options_of(script):
        assert option in done.stdout, f"{script.name} --help does not name {option}"
    usage = usage_of(script)
    for option in options_of(script):
        if option.startswith("--") and option != "--help":
            assert option in usage, f"{script.name}: the usage line does not name {option}"
    after = subprocess.run(
        ["git", "status", "--porcelain", "--", "docs", "tests/golden"],
        cwd=REPO, capture_output=True, text=True, check=False,
    ).stdout  # fmt: skip
    assert after == tracked, f"{script.name} --help wrote files"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, REPO / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("argv", "sweep"),
    [([], 2), (["--sweep-games", "1"], 1), (["--sweep-games", "0"], None)],
)
def test_calibration_sweep_follows_games(
    argv: list[str], sweep: int | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--games 2`` sweeps 2 games per row unless ``--sweep-games`` says otherwise (0: none);
    only the default ``--games 1000`` gives the report's 300."""
    script = load("stalk_exchange_calibration")
    calls: list[int] = []

    def fake_sweep(games: int, seed: int, spec: str, *where: Any) -> list[str]:
        calls.append(games)
        return []

    def fake_run(games: int, seed: int, policy: str, *where: Any) -> Any:
        return {}

    monkeypatch.setattr(script, "run_sweep", fake_sweep)
    monkeypatch.setattr(script, "run", fake_run)
    monkeypatch.setattr(script, "render", lambda *a: "")
    out = tmp_path / "c.md"
    assert script.main(["--games", "2", "--output", str(out), *argv]) == 0
    assert calls == ([] if sweep is None else [sweep])
    calls.clear()
    assert script.main(["--output", str(out)]) == 0
    assert calls == [script.SWEEP_GAMES] == [300]
