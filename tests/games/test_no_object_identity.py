"""Issue 12, defect 5: no game state, menu cache or bot depends on object identity. States
are pickled for the bot pool, cloned and rebuilt from JSON, and every copy must play on like
the original; ``id()`` of an object is not kept by any of those copies."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "seedbed"
PACKAGES = ("engine", "games", "bots", "arena")
SIMULATION = sorted(path for package in PACKAGES for path in (SRC / package).rglob("*.py"))


def identity_calls(path: Path) -> list[int]:
    """Lines calling the builtin ``id()``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "id"
    ]


@pytest.mark.parametrize("path", SIMULATION, ids=lambda p: str(p.relative_to(SRC)))
def test_no_simulation_code_keys_on_object_identity(path: Path) -> None:
    """Issue 12, defect 5: ``Config.list_ids`` and ``_DRAW_MENUS`` were keyed by ``id()``."""
    assert identity_calls(path) == [], f"{path.name} calls id()"
