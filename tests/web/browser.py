"""Helpers of the browser tests: the ``seedbed serve`` subprocess, seeded tables over REST,
and waiting for the page's next view (the shell writes the version it shows to
``document.body.dataset.version``)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from server.wire import Server  # tests/ is on sys.path (rootdir of the test packages)

CHROMIUM = Path(os.environ.get("SEEDBED_TEST_CHROMIUM", "/usr/bin/chromium"))
"""Debian's Chromium; another path only to check the message when it is missing."""
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--no-first-run",
]
REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = REPO / "screenshots"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SIZES = {"desktop": DESKTOP, "phone": PHONE}


class WebServer(Server):
    """The browser tests' ``seedbed serve``: the wire tests' server process on an SQLite file in
    ``folder``, with quick bots, plus seeded tables over REST."""

    def __init__(
        self,
        folder: Path,
        extra: tuple[str, ...] = ("--bot-seconds", "1"),
        *,
        chosen_seeds: bool = True,
    ) -> None:
        url = f"sqlite:///{folder / 'seedbed.sqlite'}"
        super().__init__(url, folder, extra, chosen_seeds=chosen_seeds)
        self.client = httpx.Client(timeout=20)

    def start(self, timeout: float = 40.0, *, same_port: bool = False) -> WebServer:
        super().start(timeout, same_port=same_port)
        return self

    # ---------------------------------------------------------------- REST

    def create_table(
        self,
        game: str,
        seats: list[str],
        *,
        seed: int = 1,
        options: dict[str, Any] | None = None,
        turn_seconds: float | None = None,
        table_options: dict[str, Any] | None = None,
        pace: dict[str, Any] | None = None,
    ) -> Table:
        """A seeded table; ``seats`` entries are ``"human:NAME"`` or a bot spec."""
        body: dict[str, Any] = {
            "game": game,
            "num_players": len(seats),
            "options": options or {},
            "seats": [
                {"human": {"name": s.removeprefix("human:")}}
                if s.startswith("human:")
                else {"bot": s}
                for s in seats
            ],
            "seed": seed,
        }
        if turn_seconds is not None:
            body["turn_seconds"] = turn_seconds
        if table_options is not None:
            body["table_options"] = table_options
        body |= pace or {}  # issue 31: {"pace": "turn-based", "move_deadline_seconds": …}
        answer = self.client.post(f"{self.url}/api/tables", json=body)
        assert answer.status_code == 201, answer.text
        data = answer.json()
        tokens = {s["seat"]: s["token"] for s in data["seats"]}
        return Table(self, data["table_id"], tokens)

    def summary(self, table_id: str) -> dict[str, Any]:
        answer = self.client.get(f"{self.url}/api/tables/{table_id}")
        assert answer.status_code == 200, answer.text
        result: dict[str, Any] = answer.json()
        return result


@dataclass
class Table:
    """A created table: its id and the tokens of its human seats."""

    server: WebServer
    table_id: str
    tokens: dict[int, str]

    def play_url(self, seat: int) -> str:
        return f"{self.server.url}/play/{self.table_id}?token={self.tokens[seat]}"

    @property
    def watch_url(self) -> str:
        return f"{self.server.url}/watch/{self.table_id}"

    @property
    def replay_url(self) -> str:
        return f"{self.server.url}/replay/{self.table_id}"

    def summary(self) -> dict[str, Any]:
        return self.server.summary(self.table_id)


def wait_for_view(page: Any, timeout: float = 15_000) -> None:
    """Wait until the table shell shows a view (the turn banner left "Connecting…")."""
    page.wait_for_function(
        "() => { const b = document.querySelector('[data-testid=turn-banner]');"
        " return b && !b.textContent.startsWith('Connecting'); }",
        timeout=timeout,
    )


def wait_for_turn_or_end(page: Any, timeout: float = 30_000) -> str:
    """Wait until it is this seat's turn ("turn") or the game is over ("end")."""
    page.wait_for_selector(
        "[data-testid=your-turn], [data-testid=end-screen]", state="attached", timeout=timeout
    )
    if page.locator("[data-testid=end-screen]").count():
        return "end"
    return "turn"


def version(page: Any) -> int:
    """The version of the view the page shows (-1 before the first view)."""
    return int(page.evaluate("() => Number(document.body.dataset.version ?? -1)"))


def click_and_wait(page: Any, target: Any, timeout: float = 30_000) -> None:
    """Click ``target`` (a selector or a locator) and wait for the next view, or for an error
    toast (a refused action)."""
    before = version(page)
    locator = page.locator(target) if isinstance(target, str) else target
    locator.click()
    page.wait_for_function(
        "v => Number(document.body.dataset.version ?? -1) !== v"
        " || document.querySelector('[data-testid=toast-error]')",
        arg=before,
        timeout=timeout,
    )


TAG_PROBLEMS = """() => {
    // A change tag (changes.js) stays on the element it marks — inside it or with its first
    // line on its top edge (12 px out at most) — unless that element is too small to hold
    // it; no two tags on one element cover each other.
    const slack = 6;
    const tags = [...document.querySelectorAll('[data-testid=change-tag]')]
        .filter((t) => Number(getComputedStyle(t).opacity) >= 0.25); // not faded out
    const problems = [];
    const boxes = tags.map((t) => t.getBoundingClientRect());
    tags.forEach((t, i) => {
        const box = boxes[i];
        const holder = t.closest('.change-tags');
        const home = holder.parentElement.getBoundingClientRect();
        const inside = box.left >= home.left - slack && box.right <= home.right + slack
            && box.top >= home.top - 12 - slack && box.bottom <= home.bottom + slack;
        if (!holder.classList.contains('change-tags-above') && !inside)
            problems.push(`"${t.textContent}" leaves its element`);
        for (let j = 0; j < i; j++) {
            if (tags[j].parentElement !== holder) continue; // other elements' tags may meet
            const o = boxes[j];
            const apart = box.right <= o.left + 1 || o.right <= box.left + 1
                || box.bottom <= o.top + 1 || o.bottom <= box.top + 1;
            if (!apart) problems.push(`"${t.textContent}" covers "${tags[j].textContent}"`);
        }
    });
    return problems;
}"""


def change_tag_problems(page: Any) -> list[str]:
    """What is wrong with the change tags the page shows now (issue 17, item 1): a tag that
    leaves the element it marks (and so covers a neighbour's text) or covers another tag on the
    same element."""
    return list(page.evaluate(TAG_PROBLEMS))
