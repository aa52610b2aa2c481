"""DESIGN §2: one-way dependencies; the engine and games are pure (stdlib only, no I/O);
no copy.deepcopy and no global ``random`` in the simulation layers."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "seedbed"
STDLIB = set(sys.stdlib_module_names)


def modules(package: str) -> list[Path]:
    return sorted((SRC / package).rglob("*.py")) if (SRC / package).exists() else []


def imports(path: Path) -> list[str]:
    """Absolute names of every module imported by a file (relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = path.relative_to(SRC.parent).with_suffix("").parts[: -node.level]
                names.append(".".join([*parts, node.module or ""]).rstrip("."))
            else:
                names.append(node.module or "")
    return names


def calls(path: Path) -> list[str]:
    """Dotted names of every called function (``copy.deepcopy``, ``open``, ``random.choice``)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            out.append(ast.unparse(node.func))
    return out


PURE = modules("engine") + modules("games")
SIM = PURE + modules("bots") + modules("arena")


@pytest.mark.parametrize("path", PURE, ids=lambda p: str(p.relative_to(SRC)))
def test_engine_and_games_import_only_stdlib_and_seedbed(path: Path) -> None:
    for name in imports(path):
        top = name.split(".")[0]
        assert top == "seedbed" or top in STDLIB, f"{path.name} imports third-party {name}"
        assert top not in ("io", "os", "pathlib", "shutil", "socket", "subprocess", "tempfile")


@pytest.mark.parametrize("path", PURE, ids=lambda p: str(p.relative_to(SRC)))
def test_engine_and_games_do_no_io(path: Path) -> None:
    for func in calls(path):
        assert func not in ("open", "print", "input", "exec", "eval"), f"{path.name} calls {func}"
        assert not func.endswith((".read_text", ".write_text", ".open")), f"{path.name}: {func}"


@pytest.mark.parametrize("path", SIM, ids=lambda p: str(p.relative_to(SRC)))
def test_no_deepcopy_and_no_global_random(path: Path) -> None:
    for name in imports(path):
        assert name != "random", f"{path.name} imports the global random module"
        assert name != "copy", f"{path.name} imports copy (use hand-written clone())"
    for func in calls(path):
        assert "deepcopy" not in func, f"{path.name} calls {func}"
        assert not func.startswith("random."), f"{path.name} calls {func}"


@pytest.mark.parametrize("path", modules("games"), ids=lambda p: str(p.relative_to(SRC)))
def test_games_import_only_the_engine(path: Path) -> None:
    own = path.relative_to(SRC).parts[1]  # the game's package
    for name in imports(path):
        parts = name.split(".")
        if parts[0] != "seedbed":
            continue
        assert parts[1] in ("engine", "games"), f"{path.name} imports {name}"
        if parts[1] == "games" and len(parts) > 2:
            assert parts[2] == own, f"{path.name} imports another game: {name}"


@pytest.mark.parametrize("path", modules("engine"), ids=lambda p: str(p.relative_to(SRC)))
def test_engine_imports_no_game(path: Path) -> None:
    for name in imports(path):
        assert not name.startswith("seedbed.games"), f"{path.name} imports {name}"
        assert not name.startswith(("seedbed.bots", "seedbed.arena", "seedbed.server"))


def test_the_scan_sees_the_sources() -> None:
    assert len(PURE) >= 10
    assert any(p.name == "testing.py" for p in PURE)


@pytest.mark.parametrize(
    "path", modules("bots") + modules("arena"), ids=lambda p: str(p.relative_to(SRC))
)
def test_bots_and_arena_reach_games_only_through_the_engine(path: Path) -> None:
    """DESIGN §2: bots and arena import the engine (a game's heuristics come through the
    registry), never a game module, the server, or — for bots — the arena."""
    layer = path.relative_to(SRC).parts[0]
    for name in imports(path):
        parts = name.split(".")
        if parts[0] != "seedbed":
            continue
        allowed = ("engine", "bots") if layer == "bots" else ("engine", "bots", "arena")
        assert len(parts) > 1 and parts[1] in allowed, f"{path.name} imports {name}"


ARENA_THIRD_PARTY = ("openskill", "matplotlib", "ray")
"""Ratings, plots and executors: allowed in the arena, and nowhere in engine, games or bots."""


@pytest.mark.parametrize("path", modules("arena"), ids=lambda p: str(p.relative_to(SRC)))
def test_arena_imports_only_engine_bots_and_its_libraries(path: Path) -> None:
    for name in imports(path):
        parts = name.split(".")
        if parts[0] == "seedbed":
            assert parts[1] in ("engine", "bots", "arena"), f"{path.name} imports {name}"
        else:
            assert parts[0] in STDLIB or parts[0] in ARENA_THIRD_PARTY, f"{path.name}: {name}"


@pytest.mark.parametrize("path", PURE + modules("bots"), ids=lambda p: str(p.relative_to(SRC)))
def test_only_the_arena_uses_the_arena_libraries(path: Path) -> None:
    for name in imports(path):
        assert name.split(".")[0] not in ARENA_THIRD_PARTY, f"{path.name} imports {name}"
