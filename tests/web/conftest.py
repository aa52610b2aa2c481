"""Fixtures of the browser tests (issue 7): a real ``seedbed serve`` subprocess on a free port
and a fresh SQLite file, Debian's Chromium driven by Playwright (never a downloaded browser),
pages at the two sizes the client must work at, and screenshots written to
``screenshots/<test>/<name>.png`` (gitignored). Helpers to create seeded tables and to wait
for views are in :mod:`tests.web.browser`.

Without /usr/bin/chromium the tests are skipped with the reason and how to install it, except
in CI (``CI=true``), where ``.ci/run`` installs it and its absence fails them.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from .browser import CHROMIUM, LAUNCH_ARGS, SCREENSHOTS, SIZES, WebServer


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    """One server for the whole session (per xdist worker), on a fresh SQLite file."""
    server = WebServer(tmp_path_factory.mktemp("web-server")).start()
    try:
        yield server
    finally:
        server.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, launched exactly as the contract says (never downloaded). Per
    module, not per session: Playwright's sync API keeps an event loop running while it is
    open, and the wire tests that may follow on this xdist worker call ``asyncio.run``."""
    if not CHROMIUM.exists():
        reason = (
            f"{CHROMIUM} is not installed: the browser tests need Debian's chromium "
            "(sudo apt-get install chromium; bash .ci/run installs it)"
        )
        if os.environ.get("CI") == "true":
            pytest.fail(f"{reason} - required in CI")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        try:
            yield b
        finally:
            b.close()


@dataclass
class PageErrors:
    """Uncaught JavaScript errors (fail the test) and console errors (reported) of pages."""

    uncaught: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)


@pytest.fixture
def page_errors() -> PageErrors:
    return PageErrors()


@pytest.fixture
def new_page(browser: Any, page_errors: PageErrors) -> Iterator[Callable[..., Any]]:
    """``new_page(size="desktop"|"phone" or {"width", "height"})``: a page in a fresh browser
    context (its own storage, like another person's browser). Uncaught page errors fail the
    test at teardown, and so does anything the Content-Security-Policy blocked (issue 12)."""
    contexts: list[Any] = []

    def make(size: str | dict[str, int] = "desktop") -> Any:
        viewport = SIZES[size] if isinstance(size, str) else size
        context = browser.new_context(viewport=viewport, device_scale_factor=1)
        context.set_default_timeout(15_000)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: page_errors.uncaught.append(str(exc)))
        page.on(
            "console",
            lambda m: page_errors.console.append(m.text) if m.type == "error" else None,
        )
        return page

    yield make
    for context in contexts:
        context.close()
    if page_errors.console:
        print("browser console errors:", *page_errors.console[:20], sep="\n  ")
    assert not page_errors.uncaught, f"uncaught errors in the page: {page_errors.uncaught}"
    blocked = [m for m in page_errors.console if "Content Security Policy" in m]
    assert not blocked, f"the server's Content-Security-Policy blocked the client: {blocked}"


@pytest.fixture
def page(new_page: Callable[..., Any]) -> Any:
    """A desktop-sized (1280×800) page."""
    return new_page("desktop")


@pytest.fixture
def shot(request: pytest.FixtureRequest) -> Callable[[Any, str], Path]:
    """``shot(page, "start")`` writes screenshots/<test name>/start.png (full page)."""
    folder = SCREENSHOTS / re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name)

    def take(page: Any, name: str) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take
