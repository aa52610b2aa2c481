"""Issue 19, item 4: a test that cannot run for lack of a prerequisite outside Python says
which and how to install it: skipped with that reason on a developer's machine, failed in CI
(``CI=true``, where ``.ci/run`` installs them). Checked by running the suite's own fixtures
in a pytest subprocess with the prerequisite pointed somewhere it is not."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def pytest_run(target: str, ci: bool, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k not in ("CI", "PYTEST_XDIST_WORKER")}
    environ.update(env)
    if ci:
        environ["CI"] = "true"
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rsf", "-p", "no:xdist", "-p", "no:cacheprovider",
         "-x", target],
        cwd=REPO, capture_output=True, text=True, timeout=240, env=environ,
    )  # fmt: skip


POSTGRES = "tests/server/test_missing_database.py::test_serve_names_the_command_when_the_database_cannot_be_created"  # noqa: E501
BROWSER = "tests/web/test_lobby.py"


@pytest.mark.parametrize("ci", [False, True], ids=["local", "CI"])
def test_without_postgresql(ci: bool) -> None:
    url = f"postgresql://seedbed:seedbed@127.0.0.1:{closed_port()}/seedbed"
    done = pytest_run(POSTGRES, ci, SEEDBED_TEST_PG=url)
    out = done.stdout
    if ci:
        assert done.returncode == 1, out
        assert "unreachable in CI" in out, out
    else:
        assert done.returncode == 0 and "skipped" in out, out
        assert "the storage tests need it" in out and "sudo bash .ci/postgres" in out, out


@pytest.mark.parametrize("ci", [False, True], ids=["local", "CI"])
def test_without_chromium(ci: bool, tmp_path: Path) -> None:
    done = pytest_run(BROWSER, ci, SEEDBED_TEST_CHROMIUM=str(tmp_path / "no-chromium"))
    out = done.stdout
    assert "the browser tests need Debian's chromium (sudo apt-get install chromium" in out, out
    if ci:
        assert done.returncode == 1 and "required in CI" in out, out
    else:
        assert done.returncode == 0 and "skipped" in out, out
