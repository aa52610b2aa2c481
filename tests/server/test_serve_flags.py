"""``seedbed serve``'s checks of its flags, run without starting a server:

- issue 37 item 13: ``--idle-hours 100000000`` passed, then every sweep failed with
  ``OverflowError`` (no abandoned table was ever aborted): durations are bounded at start,
  and the longest one allowed sweeps without error;
- issue 37 item 15: ``--host 0.0.0.0`` without ``--public-url`` (the README's network
  example) made invite links to ``http://0.0.0.0:8000``: a wildcard address needs a public URL
  (or ``--trust-proxy-headers``, whose proxy names the links);
- issue 37 item 8: ``--trusted-proxies`` takes addresses and networks only."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from typer.testing import CliRunner

from seedbed.cli.main import app
from seedbed.server import serve as serve_module
from seedbed.server.config import ServerSettings
from seedbed.server.storage import Store, migrate

from .conftest import sqlite_url


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[ServerSettings]:
    """The settings ``seedbed serve`` would start a server with (nothing is started)."""
    runs: list[ServerSettings] = []
    monkeypatch.setattr(serve_module, "serve", runs.append)
    return runs


def serve(tmp_path: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["serve", "--database-url", sqlite_url(tmp_path), *args])
    return result.exit_code, result.stderr.strip()


@pytest.mark.parametrize("hours", ["100000000", "1e300", "876001"])
def test_idle_hours_beyond_a_century_are_refused(
    tmp_path: Path, started: list[ServerSettings], hours: str
) -> None:
    code, error = serve(tmp_path, "--idle-hours", hours)
    assert (code, started) == (2, []), error
    wanted = f"error: --idle-hours must be above 0 and at most 876000, not {float(hours):g}"
    assert error.splitlines() == [wanted]


def test_the_longest_idle_time_sweeps_without_error(
    tmp_path: Path, started: list[ServerSettings]
) -> None:
    code, error = serve(tmp_path, "--idle-hours", "876000")
    assert code == 0, error
    (settings,) = started
    store = Store(sqlite_url(tmp_path))
    migrate(store.engine)
    try:
        assert store.idle_running(dt.timedelta(hours=settings.idle_hours)) == []
    finally:
        store.close()


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "[::]"])
def test_a_wildcard_address_needs_a_public_url(
    tmp_path: Path, started: list[ServerSettings], host: str
) -> None:
    code, error = serve(tmp_path, "--host", host)
    assert (code, started) == (2, []), error
    (line,) = error.splitlines()
    assert "--public-url" in line and host.strip("[]") in line


@pytest.mark.parametrize(
    "more", [["--public-url", "http://192.168.1.20:8000"], ["--trust-proxy-headers"]]
)
def test_a_wildcard_address_with_a_way_to_form_links_starts(
    tmp_path: Path, started: list[ServerSettings], more: list[str]
) -> None:
    code, error = serve(tmp_path, "--host", "0.0.0.0", *more)
    assert code == 0, error
    assert started[0].host == "0.0.0.0"


def test_trusted_proxies_are_addresses_or_networks(
    tmp_path: Path, started: list[ServerSettings]
) -> None:
    code, error = serve(tmp_path, "--trust-proxy-headers", "--trusted-proxies", "10.0.0.0/8, ::1")
    assert code == 0, error
    assert started[0].trusted_proxies == ("10.0.0.0/8", "::1")
    for wrong in ["*", "proxy.example", "10.0.0.0/33", ""]:
        code, error = serve(tmp_path, "--trust-proxy-headers", "--trusted-proxies", wrong)
        assert code == 2 and error.startswith("error: --trusted-proxies"), (wrong, error)


@pytest.mark.parametrize("seconds", ["0", "-1", "601", "nan"])
def test_a_bot_turn_budget_out_of_range_is_refused(
    tmp_path: Path, started: list[ServerSettings], seconds: str
) -> None:
    """Issue 38 item 9: ``--bot-turn-seconds`` is above 0 and at most 600."""
    code, error = serve(tmp_path, "--bot-turn-seconds", seconds)
    assert (code, started) == (2, []), error
    assert error.splitlines() == [
        f"error: --bot-turn-seconds must be above 0 and at most 600, not {float(seconds)}"
    ]


def test_the_bot_turn_budget_reaches_the_settings(
    tmp_path: Path, started: list[ServerSettings]
) -> None:
    assert serve(tmp_path, "--bot-turn-seconds", "2.5")[0] == 0
    assert started[0].bot_turn_seconds == 2.5
    assert serve(tmp_path)[0] == 0 and started[1].bot_turn_seconds == 4.0


def test_the_smtp_url_is_checked_and_reaches_the_settings(
    tmp_path: Path, started: list[ServerSettings]
) -> None:
    """Issue 31 item 3: ``--smtp-url`` takes smtp:// or smtps:// (the error names no
    password); none by default (no e-mail)."""
    code, error = serve(tmp_path, "--smtp-url", "http://ann:hunter22@mail.example.org")
    assert (code, started) == (2, []) and "hunter22" not in error
    assert error == "error: --smtp-url must start with smtp:// or smtps://"
    url = "smtp://ann:hunter22@mail.example.org:587?starttls=1&from=games@example.org"
    assert serve(tmp_path, "--smtp-url", url)[0] == 0
    assert started[0].smtp_url == url
    assert serve(tmp_path)[0] == 0 and started[1].smtp_url is None
