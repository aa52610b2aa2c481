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
    game, num_players, seed, _ = GEN.GAMES[name]
    text = (GEN.GOLDEN_DIR / name).read_text(encoding="utf-8")
    assert len(text.encode()) < 1_000_000
    lines = text.rstrip().splitlines()
    assert lines[0].startswith(f"# {game} {num_players}p seed {seed} ")
    assert lines[-1].startswith("# outcome ")
    # every step: the move, then one line per seat and one for the spectator
    body = [line for line in lines if not line.startswith("#")]
    views = num_players + 1
    assert len(body) % (views + 1) == views  # the start has no move line
    moves = body[views :: views + 1]
    assert moves and all(not m.startswith(" ") for m in moves)


def test_every_game_with_a_renderer_has_goldens() -> None:
    games = {spec[0] for spec in GEN.GAMES.values()}
    assert games == set(GEN.RENDERERS)
    assert all(name.startswith(GEN.GAMES[name][0] + "_") for name in GEN.GAMES)
