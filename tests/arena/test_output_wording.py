"""Issue 19, item 7: the figures the commands print read right for any count and speed — "1
deal", not "1 deals"; seconds per game below one game a second, not "0.0 games/s" — a local
Ray instance starts without Ray's token-authentication warning, and the README's SQLite file
is ignored by git."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from seedbed.arena.executors import RunStats
from seedbed.cli.arena import speed_table
from seedbed.cli.figures import plural, speed

REPO = Path(__file__).resolve().parents[2]
SEEDBED = Path(sys.executable).with_name("seedbed")


def text_of(table: object) -> str:
    console = Console(width=120, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(table)
    return console.export_text()


def test_counts_agree_with_their_noun() -> None:
    assert plural(1, "deal") == "1 deal"
    assert plural(0, "deal") == "0 deals"
    assert plural(2, "deal") == "2 deals"
    assert plural(12_000, "game") == "12,000 games"


def test_slow_runs_show_seconds_per_game() -> None:
    assert speed(25.0) == "25.0 games/s"
    assert speed(1.0) == "1.0 games/s"
    assert speed(0.04) == "25.0 s/game"
    assert speed(0.0) == "-"


def test_the_run_table_of_one_slow_deal() -> None:
    text = text_of(speed_table(RunStats(1, 40.0, 40.0, 1), "local", 1, 1))
    assert "1 deal × seat rotations" in text and "deals" not in text
    assert "40.0 s/game" in text and "0.0 games/s" not in text


def test_sqlite_files_are_ignored_by_git() -> None:
    if shutil.which("git") is None or not (REPO / ".git").exists():
        pytest.skip("not a git checkout (git check-ignore needs one)")
    done = subprocess.run(["git", "check-ignore", "-q", "tables.sqlite3"], cwd=REPO, check=False)
    assert done.returncode == 0, ".gitignore must ignore *.sqlite3 (README's serve example)"


def test_a_local_ray_instance_starts_without_the_token_warning(tmp_path: Path) -> None:
    """A short tournament on a local Ray instance, as the README runs it: no warning about
    token authentication (the executor asks for it explicitly) and one deal in the singular."""
    pytest.importorskip("ray")
    done = subprocess.run(
        [str(SEEDBED), "tournament", "bohnanza", "-p", "3", "--bots", "random", "--games", "1",
         "--backend", "ray", "--jobs", "1", "--no-progress"],
        cwd=tmp_path, capture_output=True, text=True, timeout=240,
        env={"PATH": f"{SEEDBED.parent}:/usr/bin:/bin", "HOME": str(Path.home()),
             "COLUMNS": "120"},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Token authentication" not in done.stderr, done.stderr
    assert "token" not in done.stderr.lower(), done.stderr
    assert re.search(r"1 \(1 deal × seat rotations\)", done.stdout), done.stdout
