"""Golden playthroughs (DESIGN §6.5): regenerate the seeded games in memory and diff them
against ``tests/golden/``. A diff means behaviour changed."""

from __future__ import annotations

import difflib
import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "make_golden.py"


def load_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_golden", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GEN = load_generator()


@pytest.mark.parametrize("name", sorted(GEN.GAMES))
def test_golden_playthrough(name: str) -> None:
    path = GEN.GOLDEN_DIR / name
    assert path.exists(), f"{path} is missing: run scripts/make_golden.py"
    expected = path.read_text(encoding="utf-8")
    actual = GEN.playthrough(*GEN.GAMES[name])
    if actual != expected:
        diff = "".join(
            list(
                difflib.unified_diff(
                    expected.splitlines(keepends=True),
                    actual.splitlines(keepends=True),
                    fromfile=f"golden/{name}",
                    tofile="regenerated",
                    n=1,
                )
            )[:60]
        )
        pytest.fail(
            f"golden playthrough {name} changed; run scripts/make_golden.py if the change is "
            f"intended.\n{diff}",
            pytrace=False,
        )


@pytest.mark.parametrize("name", sorted(GEN.GAMES))
def test_golden_file_is_small_and_complete(name: str) -> None:
    text = (GEN.GOLDEN_DIR / name).read_text(encoding="utf-8")
    assert len(text.encode()) < 1_000_000
    assert text.rstrip().splitlines()[-1].startswith("# outcome ")
