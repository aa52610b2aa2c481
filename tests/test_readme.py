"""Issue 19, item 1: a newcomer succeeds from the README alone. Every shell line of the
README's ``bash``/``sh``/``console`` code blocks is run as written, in a fresh environment: a
temporary folder as the working directory (with ``.venv`` linked into it, so ``source
.venv/bin/activate`` works as in a clone), ``PATH`` with ``.venv/bin`` first, no
``VIRTUAL_ENV``, a fresh ``HOME`` and data folder. A ``seedbed serve`` line is started on a
free port and stopped once it answers; ``curl`` lines talk to such a server. Lines not safe to
run here are listed in :data:`SKIPPED` with the reason, so a new README line is either run or
skipped on purpose."""

from __future__ import annotations

import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
VENV_BIN = Path(sys.executable).parent

SKIPPED = {
    "make run": "serves until Ctrl-C (seedbed serve lines below are run and stopped)",
    "make test": "the whole suite, which runs this test",
    "make lint": "the whole lint, run by CI (make lint) on its own",
    "make bench": "a benchmark; seedbed bench lines are run with a short --seconds",
    "bash .ci/run": "CI itself: installs packages as root and runs the whole suite",
    "seedbed serve --database-url postgresql+psycopg://seedbed:seedbed@127.0.0.1:5432/seedbed": (
        "would write the shared test database; tests/server/test_missing_database.py serves "
        "PostgreSQL from a database of its own"
    ),
    "python -m websockets 'ws://127.0.0.1:8000/ws/tables/3f9c…?token=q1Z…'": (
        "an interactive WebSocket session with a placeholder token; tests/server play the protocol"
    ),
    "seedbed simulate fields_of_green --players 4 -o card_set=my_cards.toml": (
        "needs the reader's own card file (tests/test_cli_fields_of_green.py reads one)"
    ),
    "seedbed match ismcts:iterations=1000,rollout=cutoff greedy --game stalk_exchange "
    "--players 4": "runs until the SPRT decides (minutes); tests/arena run small matches",
    "seedbed play-text stalk_exchange --players 3 --bots greedy,random --seat 1": (
        "reads a person's moves from the terminal; tests/test_cli_play_text.py plays whole games"
    ),
}
"""README commands (comments stripped, whitespace normalised) not run, with the reason."""

EXIT_CODES = {
    "seedbed tables show 3f9c1a7be0d24c55": 1,
    "seedbed tables abort 3f9c1a7be0d24c55 --reason 'reported by a player'": 1,
    "seedbed tables delete 3f9c1a7be0d24c55": 1,
}
"""Commands whose example table id does not exist in a fresh database: 'no table', exit 1."""

LANGUAGES = ("bash", "sh", "console")

MADE_BY = {"games.jsonl": "--record games.jsonl"}
"""Files some commands read, and the README command that writes them: run first when this
worker has not run it yet (under xdist the commands are spread over workers)."""


def readme_commands(text: str) -> list[str]:
    """The commands of the shell blocks, in order: continuation lines joined, a quote left
    open carried to the next line, comments and ``console`` output dropped."""
    commands: list[str] = []
    for lang, body in re.findall(r"^```(\w*)\n(.*?)^```", text, re.MULTILINE | re.DOTALL):
        if lang not in LANGUAGES:
            continue
        pending = ""
        for raw in body.splitlines():
            line = raw.rstrip()
            if lang == "console" and not pending:
                if not line.startswith("$ "):
                    continue
                line = line[2:]
            if not pending and (not line.strip() or line.lstrip().startswith("#")):
                continue
            pending = f"{pending}\n{line}" if pending else line
            if pending.endswith("\\"):
                pending = pending[:-1]
                continue
            try:
                shlex.split(pending, comments=True)
            except ValueError:  # an open quote: the command goes on
                continue
            commands.append(pending)
            pending = ""
        assert not pending, f"unfinished command in a ```{lang} block: {pending!r}"
    return commands


def key(command: str) -> str:
    return shlex.join(shlex.split(command, comments=True))


COMMANDS = readme_commands(README.read_text(encoding="utf-8"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """The working folder and environment every command runs in (shared, in README order:
    ``games.jsonl`` written by a simulate line is what the replay lines read)."""
    root = tmp_path_factory.mktemp("readme")
    cwd = root / "work"
    cwd.mkdir()
    (cwd / ".venv").symlink_to(VENV_BIN.parent)
    env = {
        "PATH": f"{VENV_BIN}:/usr/local/bin:/usr/bin:/bin",
        "HOME": str(root / "home"),
        "XDG_DATA_HOME": str(root / "data"),
        "LANG": "C.UTF-8",
        "COLUMNS": "120",
        # not the test's own folder: Ray's socket paths under it exceed the 107 bytes
        # AF_UNIX allows (pytest's tmp paths are long)
        "TMPDIR": "/tmp",
    }
    if "SEEDBED_TEST_PG" in os.environ:
        env["SEEDBED_TEST_PG"] = os.environ["SEEDBED_TEST_PG"]
    (root / "home").mkdir()
    return cwd, env


@contextmanager
def serving(argv: list[str], cwd: Path, env: dict[str, str]) -> Iterator[int]:
    """``argv`` (a ``seedbed serve`` line) on a free port, until it answers; stopped after."""
    port = free_port()
    log = cwd / f"serve-{port}.log"
    with log.open("w") as out:
        server = subprocess.Popen(
            [*argv, "--port", str(port)], cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT
        )
    try:
        deadline = time.monotonic() + 90
        while True:
            assert server.poll() is None, log.read_text()
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/tables", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
        yield port
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    assert "Traceback" not in log.read_text(), log.read_text()


def test_the_readme_has_shell_commands() -> None:
    assert len(COMMANDS) > 30
    assert "source .venv/bin/activate" in map(key, COMMANDS)
    assert len(set(map(key, COMMANDS))) == len(COMMANDS), "a README command is repeated"


def test_every_skipped_command_is_in_the_readme() -> None:
    keys = set(map(key, COMMANDS))
    for listed in [*SKIPPED, *EXIT_CODES]:
        assert key(listed) in keys, f"no longer in the README: {listed!r}"


RUN = [c for c in COMMANDS if key(c) not in SKIPPED]
"""The commands run (those of ``SKIPPED`` are listed there with the reason, and checked to be
in the README by the test above, so none is left out silently)."""


@pytest.mark.parametrize("command", RUN, ids=lambda c: key(c)[:60])
def test_readme_command(command: str, fresh: tuple[Path, dict[str, str]]) -> None:
    cwd, env = fresh
    argv = shlex.split(command, comments=True)
    if argv[:2] == ["seedbed", "serve"]:
        with serving(argv, cwd, env):
            return
    if argv[0] == "curl":
        with serving(["seedbed", "serve"], cwd, env) as port:
            script = key(command).replace("127.0.0.1:8000", f"127.0.0.1:{port}")
            done = subprocess.run(
                ["bash", "-c", script], cwd=cwd, env=env, capture_output=True, text=True,
                timeout=60, stdin=subprocess.DEVNULL,
            )  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert '"table_id"' in done.stdout, done.stdout
        return
    database = cwd.parent / "data" / "seedbed" / "seedbed.sqlite3"
    if argv[:2] == ["seedbed", "tables"] and not database.exists():
        with serving(["seedbed", "serve"], cwd, env):  # the operator's server made it
            pass
    for name, marker in MADE_BY.items():
        if name in argv and marker not in command and not (cwd / name).exists():
            (maker,) = [c for c in COMMANDS if marker in c]
            test_readme_command(maker, fresh)
    done = subprocess.run(
        ["bash", "-c", key(command)], cwd=cwd, env=env, capture_output=True, text=True,
        timeout=420, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    expected = EXIT_CODES.get(key(command), 0)
    assert done.returncode == expected, f"exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    assert "Traceback" not in done.stderr, done.stderr
    if expected:
        assert done.stderr.startswith("error: ") or done.stdout, done.stderr
