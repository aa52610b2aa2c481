"""Issue 12, defect 3: docs/options.md lists every option of every game with the default and
the bounds the normalisation enforces (the doc and the code cannot drift apart)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from seedbed.games.bohnanza.options import DEFAULT_OPTIONS as BOHNANZA_DEFAULTS
from seedbed.games.bohnanza.options import OPTION_BOUNDS as BOHNANZA_BOUNDS
from seedbed.games.stalk_exchange.config import OPTION_BOUNDS as STALK_BOUNDS
from seedbed.games.stalk_exchange.config import PER_COUNT_DEFAULTS, PLAIN_DEFAULTS

DOC = Path(__file__).resolve().parents[2] / "docs" / "options.md"
ROW = re.compile(r"^\| `([a-z_.]+)` \| (.*) \| (.*) \| (.*) \|$")


def rows() -> dict[str, tuple[str, str]]:
    """Option name -> (default cell, bounds cell), from every table of the doc."""
    found = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        match = ROW.match(line)
        if match:
            found[match[1]] = (match[3], match[4])
    return found


def bounds_text(least: int, most: int) -> str:
    return f"{least} … {most}"


@pytest.mark.parametrize(
    ("name", "bounds"), [*BOHNANZA_BOUNDS.items(), *STALK_BOUNDS.items()], ids=str
)
def test_every_numeric_option_is_documented_with_its_bounds(
    name: str, bounds: tuple[int, int]
) -> None:
    """Issue 12, defect 3: every numeric option has a documented upper bound."""
    assert rows()[name][1] == bounds_text(*bounds)


def test_defaults_in_the_doc_are_the_code_defaults() -> None:
    """Issue 12, defect 3: the documented defaults are the normalisation's defaults."""
    doc = rows()
    assert doc["max_offers"][0] == str(BOHNANZA_DEFAULTS["max_offers"])
    for sub, value in BOHNANZA_DEFAULTS["offer_menu"].items():
        assert doc[f"offer_menu.{sub}"][0] in (str(value), f"`{value}`")
    for name, value in PLAIN_DEFAULTS.items():
        assert doc[name][0] == str(value)
    for name, table in PER_COUNT_DEFAULTS.items():
        assert doc[name][0] == ", ".join(f"{n}p {v}" for n, v in table.items())


def test_every_option_of_every_game_is_listed() -> None:
    """Issue 12, defect 3: no option is missing from the doc."""
    names = set(rows())
    assert {"edition", "treasury_visibility", "offer_menu.positions"} <= names
    assert set(PLAIN_DEFAULTS) | set(PER_COUNT_DEFAULTS) <= names
    assert {"ruleset", "introductory", "cards"} <= names
