"""Issue 12, defect 3 and issue 13, item 3: docs/options.md lists every option each game
declares (``spec.options``, and the table options of ``spec.manners``, issue 16) with the
default and the bounds its normalisation enforces, so the doc and the code cannot drift
apart."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import seedbed
from seedbed.engine.spec import OptionSpec

DOC = Path(__file__).resolve().parents[2] / "docs" / "options.md"
ROW = re.compile(r"^\| `([a-z_.]+)` \| (.*) \| (.*) \| (.*) \|$")
BUILT_IN = ("bohnanza", "fields_of_green", "stalk_exchange")
OPTIONS = [opt for name in BUILT_IN for opt in seedbed.spec(name).options]
OPTIONS += [opt for name in BUILT_IN for opt in seedbed.spec(name).manners]  # table options


def rows() -> dict[str, tuple[str, str]]:
    """Option name -> (default cell, bounds cell), from every table of the doc."""
    found = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        match = ROW.match(line)
        if match:
            found[match[1]] = (match[3], match[4])
    return found


def default_text(opt: OptionSpec) -> tuple[str, ...]:
    """How the doc may write the option's default."""
    value = opt.default
    if isinstance(value, bool):
        return (f"`{str(value).lower()}`",)
    if isinstance(value, str):
        return (f"`{value}`", f'`"{value}"`')
    if isinstance(value, dict):
        return (", ".join(f"{n}p {v}" for n, v in value.items()),)
    return (str(value),)


@pytest.mark.parametrize("opt", OPTIONS, ids=lambda o: o.name)
def test_every_option_is_documented_with_its_default(opt: OptionSpec) -> None:
    """Every declared option has a row whose default is the declared default."""
    assert opt.name in rows(), f"docs/options.md has no row for {opt.name}"
    assert rows()[opt.name][0] in default_text(opt)


@pytest.mark.parametrize("opt", [o for o in OPTIONS if o.least is not None], ids=lambda o: o.name)
def test_every_numeric_option_is_documented_with_its_bounds(opt: OptionSpec) -> None:
    """Issue 12, defect 3: every numeric option has a documented upper bound."""
    assert rows()[opt.name][1] == f"{opt.least} … {opt.most}"


def test_the_doc_lists_no_option_the_games_lack() -> None:
    assert set(rows()) == {o.name for o in OPTIONS}


def test_declared_defaults_are_what_normalisation_gives() -> None:
    """The declaration's defaults are the game's defaults (the table and the rules agree)."""
    for name in BUILT_IN:
        spec, game = seedbed.spec(name), seedbed.game(name)
        normal = game.normalize_options({})
        for opt in spec.options:
            group, _, key = opt.name.rpartition(".")
            value = normal[group][key] if group else normal[key]
            assert value == opt.default, (name, opt.name)
