"""Issue 19, item 6: one lint definition. ``make lint`` checks src, tests, benchmarks,
scripts and examples, and ``.ci/run`` runs ``make lint`` instead of its own ruff/mypy lines."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_ci_uses_make_lint_and_make_lint_covers_scripts() -> None:
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    paths = re.search(r"^LINT_PATHS := (.+)$", makefile, re.MULTILINE)
    assert paths and paths.group(1).split() == ["src", "tests", "benchmarks", "scripts", "examples"]
    assert re.search(r"^make lint$", ci, re.MULTILINE)
    commands = [line for line in ci.splitlines() if not line.lstrip().startswith(("#", "step"))]
    assert not [line for line in commands if "ruff" in line or "mypy" in line], commands
