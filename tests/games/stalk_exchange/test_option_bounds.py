"""Issue 12, defect 3: every Stalk Exchange option has documented bounds (docs/options.md),
enforced by the option normalisation shared by the CLI, the library and the server; a
per-count map has the same bounds for each value and only player counts 2-5 as keys."""

from __future__ import annotations

from typing import Any

import pytest

from seedbed.games.stalk_exchange import config
from seedbed.games.stalk_exchange.config import normalize_options

from .invariants import GAME

DEFAULTS = {
    "garden_radius": 3,
    "exchange_slots": 6,
    "basic_actions": 2,
    "tokens_per_type": 25,
    "portfolio_size": {"2": 12, "3": 11, "4": 8, "5": 8},
    "seedy_tokens": {"2": 7, "3": 4, "4": 2, "5": 1},
    "market_start": {"2": 30, "3": 28, "4": 28, "5": 28},
}
BOUNDS = {
    "garden_radius": (1, 6),
    "exchange_slots": (1, 12),
    "basic_actions": (1, 6),
    "tokens_per_type": (1, 60),
    "portfolio_size": (1, 40),
    "seedy_tokens": (0, 12),
    "market_start": (1, 99),
}
PER_COUNT = ("portfolio_size", "seedy_tokens", "market_start")


def test_defaults_are_unchanged() -> None:
    """Issue 12, defect 3: bounding the options changes no default (the goldens rely on it)."""
    assert normalize_options({}) == DEFAULTS
    assert normalize_options(None) == DEFAULTS
    assert getattr(config, "OPTION_BOUNDS", None) == BOUNDS


def test_the_largest_allowed_options_make_a_game() -> None:
    """Issue 12, defect 3: every option at its upper bound at once is allowed at 5 players
    (the bounds leave enough tokens: 5 portfolios of 40 and 12 slots <= 5 * 60)."""
    largest = {name: most for name, (_, most) in BOUNDS.items()}
    s = GAME.new_state(5, 1, largest)
    assert s.config.garden_radius == 6 and s.config.exchange_slots == 12
    assert s.config.portfolio_size == 40 and s.config.market_start == 99


@pytest.mark.parametrize(
    "options",
    [
        {"exchange_slots": 1000, "tokens_per_type": 1000},
        {"garden_radius": 300},
        {"garden_radius": 7},
        {"exchange_slots": 13},
        {"basic_actions": 7},
        {"tokens_per_type": 61},
        {"portfolio_size": 41},
        {"seedy_tokens": 13},
        {"market_start": 100},
        {"market_start": 2**100},
    ],
)
def test_values_above_the_bounds_are_refused(options: dict[str, Any]) -> None:
    """Issue 12, defect 3: ``exchange_slots:1000, tokens_per_type:1000`` took 4-7 s per view
    (41,001 actions, 2.1 MB) and ``garden_radius:300`` 13.6 s; values above the bound are
    refused with a message naming it, before any state is built."""
    name = next(iter(options))
    least, most = BOUNDS[name]
    bound = f"option {name} must be an integer from {least} to {most}"
    with pytest.raises(ValueError, match=bound):
        normalize_options(options)
    with pytest.raises(ValueError, match=bound):
        GAME.new_state(5, 1, options)


@pytest.mark.parametrize("name", PER_COUNT)
def test_each_value_of_a_per_count_map_has_the_same_bounds(name: str) -> None:
    """Issue 12, defect 3: a per-count map value above the bound is refused, naming the
    count."""
    least, most = BOUNDS[name]
    bound = rf"{name}\[4\] must be an integer from {least} to {most}"
    with pytest.raises(ValueError, match=bound):
        normalize_options({name: {"4": most + 1}})
    assert normalize_options({name: {"4": most}})[name]["4"] == most


@pytest.mark.parametrize(
    "key",
    [" 3", "03", "+3", "3.0", "\u0663", True, 3.0, None, "x" * 10**6],
    ids=["space", "03", "+3", "3.0", "arabic-indic", "True", "float", "None", "1 MB"],
)
def test_per_count_keys_are_only_the_player_counts(key: Any) -> None:
    """Issue 12, defect 3: only 2-5 (an int or its plain decimal text) key a per-count map;
    int() would have read " 3", "+3" and the Arabic-Indic digit three as count 3."""
    with pytest.raises(ValueError, match="is not a player count 2-5") as caught:
        normalize_options({"portfolio_size": {key: 9}})
    assert len(str(caught.value)) < 200


def test_a_count_given_twice_is_refused() -> None:
    """Issue 12, defect 3: ``{3: 9, "3": 10}`` names count 3 twice; neither silently wins."""
    with pytest.raises(ValueError, match="player count 3 twice"):
        normalize_options({"portfolio_size": {3: 9, "3": 10}})


@pytest.mark.parametrize("value", [10**5000, "9" * 100_000], ids=["10**5000", "100k digits"])
def test_the_message_is_one_short_line_whatever_the_value(value: Any) -> None:
    """Issue 12, defect 3: a huge value is described, not echoed (10**5000 cannot even be
    printed: Python refuses integers of more than 4,300 digits)."""
    with pytest.raises(ValueError, match="from 1 to 6") as caught:
        normalize_options({"garden_radius": value})
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 200
