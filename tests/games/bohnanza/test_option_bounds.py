"""Issue 12, defect 3: every Bohnanza option has documented bounds (docs/options.md),
enforced by the option normalisation shared by the CLI, the library and the server."""

from __future__ import annotations

from typing import Any

import pytest

from seedbed.games.bohnanza import normalize_options

from .builder import GAME

DEFAULTS = {
    "edition": "standard",
    "treasury_visibility": "secret",
    "max_offers": 6,
    "offer_menu": {"max_give": 2, "max_want": 2, "positions": "frontmost"},
}
LARGEST = {
    "edition": "standard",
    "treasury_visibility": "open",
    "max_offers": 12,
    "offer_menu": {"max_give": 3, "max_want": 4, "positions": "all"},
}


def test_defaults_are_unchanged() -> None:
    """Issue 12, defect 3: bounding the options changes no default (the goldens rely on it)."""
    assert normalize_options({}) == DEFAULTS
    assert normalize_options(None) == DEFAULTS


def test_the_largest_allowed_options_make_a_game() -> None:
    """Issue 12, defect 3: every option at its upper bound at once is allowed (7 players)."""
    assert normalize_options(LARGEST) == LARGEST
    s = GAME.new_state(7, 1, LARGEST)
    assert s.cfg.max_offers == 12 and s.cfg.max_give == 3 and s.cfg.max_want == 4


@pytest.mark.parametrize(
    ("options", "bound"),
    [
        ({"max_offers": 13}, "max_offers must be an integer from 0 to 12"),
        ({"max_offers": 2**100}, "max_offers must be an integer from 0 to 12"),
        ({"offer_menu": {"max_give": 4}}, "offer_menu.max_give must be an integer from 0 to 3"),
        ({"offer_menu.max_give": 12}, "offer_menu.max_give must be an integer from 0 to 3"),
        ({"offer_menu": {"max_want": 5}}, "offer_menu.max_want must be an integer from 0 to 4"),
        (
            {"offer_menu": {"max_give": 12, "max_want": 12, "positions": "all"}},
            "offer_menu.max_give must be an integer from 0 to 3",
        ),
    ],
)
def test_values_above_the_bounds_are_refused(options: dict[str, Any], bound: str) -> None:
    """Issue 12, defect 3: options without upper bounds froze the server for seconds
    (``offer_menu`` 12/12/all: 7.3 s on entering trading); values above the bound are refused
    with a message naming it, before any state is built."""
    with pytest.raises(ValueError, match=bound):
        normalize_options(options)
    with pytest.raises(ValueError, match=bound):
        GAME.new_state(4, 1, options)


@pytest.mark.parametrize("value", [-1, "3", 3.0, True, [3], {"n": 3}])
@pytest.mark.parametrize("name", ["max_offers", "offer_menu.max_give", "offer_menu.max_want"])
def test_integers_must_be_real_ints_within_bounds(name: str, value: Any) -> None:
    """Issue 12, defect 3: integers are ints, not bools, strings, floats or containers."""
    with pytest.raises(ValueError, match=f"{name} must be an integer from 0 to"):
        normalize_options({name: value})


@pytest.mark.parametrize(
    "options",
    [
        {"edition": ["standard"]},
        {"treasury_visibility": {"open": 1}},
        {"offer_menu": {"positions": 1}},
        {"offer_menu": "all"},
    ],
)
def test_unhashable_or_odd_choices_are_refused_with_value_error(options: dict[str, Any]) -> None:
    """Issue 12, defect 3: odd JSON values are refused as options, not crashes (the message
    cites B-3 first, then the option's own clauses)."""
    with pytest.raises(ValueError, match=r"\[B-3[],]"):
        normalize_options(options)


@pytest.mark.parametrize(
    "value",
    [10**5000, "x" * 1_000_000, ["chili"] * 100_000],
    ids=["10**5000", "1 MB string", "100k list"],
)
def test_the_message_is_one_short_line_whatever_the_value(value: Any) -> None:
    """Issue 12, defect 3: the error names the bound in one short line; a huge value is
    described, not echoed (10**5000 cannot even be printed: Python refuses > 4,300 digits)."""
    with pytest.raises(ValueError) as caught:
        normalize_options({"max_offers": value})
    message = str(caught.value)
    assert "from 0 to 12" in message and "\n" not in message and len(message) < 200


def test_the_offer_menu_cache_is_bounded_by_what_it_holds() -> None:
    """Issue 12, defect 3: the given-side cache was bounded by its number of hands (100,000),
    not by their size; at the largest options a hand of 33 cards has ~7,000 given sides, so
    a long-running server could keep hundreds of millions of them (and its garbage collector
    paused for 100 ms walking them). It now keeps at most 100,000 given sides in all."""
    from seedbed.engine.rng import Rng
    from seedbed.games.bohnanza import menu

    state = GAME.new_state(7, 3, LARGEST)
    rng = Rng(4)
    cards = list(range(state.cfg.num_cards))
    for _ in range(40):  # forty different hands of 33 cards
        rng.shuffle(cards)
        state.hands[1] = cards[:33]
        menu.give_options(state, 1, ())
        held = sum(len(gives) for gives, _ in menu._GIVES.values())
        assert held <= 100_000


def test_no_limit_is_a_rules_option_refused_only_at_tables() -> None:
    """B-3/B-47 allow ``max_offers: null`` (no limit), for simulations with a move cap; a
    server's table refuses it, since nothing then bounds a trading phase (D-31)."""
    from seedbed.games.bohnanza import GAME

    options = normalize_options({"max_offers": None})
    assert options["max_offers"] is None
    assert "no limit" in str(GAME.table_refusal(options))
    assert GAME.table_refusal(normalize_options({"max_offers": 12})) is None
