"""Issue 12, defects 1 and 2: bounds on the values of card data (how deep, how many, how long,
how large, how many copies), checked before the validator walks the object. They hold for a
parsed file and for a card-data object given directly as the ``cards`` option, which the
server takes from a client (F-89)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from seedbed.games.fields_of_green.card_limits import (
    MAX_CARDS,
    MAX_COPIES,
    MAX_DEPTH,
    MAX_INTEGER,
    MAX_KEY_CHARS,
    MAX_LIST_ITEMS,
    MAX_STRING_CHARS,
    MAX_VALUES,
)
from seedbed.games.fields_of_green.cards import CardDataError, parse_card_set
from seedbed.games.fields_of_green.game import FieldsOfGreen

from .fixture_cards import FIXTURE

PLOT = 'locations[0] (id "fx_plot")'
MIB = 1024 * 1024


def with_plot(**changes: Any) -> dict[str, Any]:
    """The fixture set with fx_plot (locations[0]) changed."""
    plot = {**FIXTURE["locations"][0], **changes}
    return {**FIXTURE, "locations": [plot, *FIXTURE["locations"][1:]]}


def nested_amount(depth: int) -> dict[str, Any]:
    """An amount ``{"if": {"not": {"not": …}}, "then": 1}`` nested ``depth`` deep, built
    without recursion."""
    condition: dict[str, Any] = {"resource": "coins", "at_least": 1}
    for _ in range(depth):
        condition = {"not": condition}
    return {"if": condition, "then": 1}


def scoring(amount: Any) -> dict[str, Any]:
    ability = {"timing": "immediate", "effects": [{"gain": "vp", "amount": amount}]}
    return with_plot(ability=ability)


def many_plots(count: int, **changes: Any) -> dict[str, Any]:
    plot = FIXTURE["locations"][0]
    plots = [{**plot, "id": f"p{i}", **changes} for i in range(count)]
    return {**FIXTURE, "locations": plots, "equipment": []}


EFFECT = f"{PLOT}.ability.effects[0]"
CASES: list[tuple[str, Mapping[str, Any], str, str]] = [
    ("copies 101", with_plot(copies=MAX_COPIES + 1), f"{PLOT}.copies",
     f"copies is more than the limit of {MAX_COPIES}"),
    ("the reported copies 1000000", with_plot(copies=1_000_000), f"{PLOT}.copies",
     f"copies is more than the limit of {MAX_COPIES}"),
    ("a set of too many cards", many_plots(MAX_CARDS // MAX_COPIES + 1, copies=MAX_COPIES),
     f'locations[{MAX_CARDS // MAX_COPIES}] (id "p{MAX_CARDS // MAX_COPIES}").copies',
     f"more than the limit of {MAX_CARDS} cards and tiles"),
    ("a huge integer", with_plot(vp=10**30), f"{PLOT}.vp",
     f"an integer outside the limit of ±{MAX_INTEGER}"),
    ("a 5,000-digit integer", with_plot(vp=10**5000), f"{PLOT}.vp",
     f"an integer outside the limit of ±{MAX_INTEGER}"),
    ("a huge negative integer", with_plot(cost={"coins": -(10**30)}), f"{PLOT}.cost.coins",
     f"an integer outside the limit of ±{MAX_INTEGER}"),
    ("a long name", with_plot(name="x" * (MAX_STRING_CHARS + 1)), f"{PLOT}.name",
     f"a string longer than the limit of {MAX_STRING_CHARS} characters"),
    ("a 1 MiB set name", {**FIXTURE, "name": "x" * MIB}, "name",
     f"a string longer than the limit of {MAX_STRING_CHARS} characters"),
    ("a long key", with_plot(**{"k" * (MAX_KEY_CHARS + 1): 1}), PLOT,
     f"a key longer than the limit of {MAX_KEY_CHARS} characters"),
    ("a long list", with_plot(tags=["root"] * (MAX_LIST_ITEMS + 1)), f"{PLOT}.tags",
     f"a list of more items than the limit of {MAX_LIST_ITEMS}"),
    ("too many values", many_plots(MAX_VALUES // MAX_LIST_ITEMS + 1, tags=["r"] * MAX_LIST_ITEMS),
     "locations[", f"more values than the limit of {MAX_VALUES}"),
    ("an amount nested 40 deep", scoring(nested_amount(40)), f"{EFFECT}.amount.if.not.not",
     f"nested deeper than the limit of {MAX_DEPTH}"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("obj", "where", "what"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_card_data_beyond_a_limit_is_refused(obj: Mapping[str, Any], where: str, what: str) -> None:
    """Issue 12, defect 1: values that would cost time or memory later (a table building a
    pile of ``copies``, error messages printing a 5,000-digit number, the validator recursing)
    are refused first, with the field and the limit named and the value not printed."""
    with pytest.raises(CardDataError) as caught:
        parse_card_set(obj, "t")
    message = str(caught.value)
    assert message.startswith(f"t: {where}") and what in message, message
    assert len(message) < 300 and "\n" not in message, message


def test_an_object_nested_100k_deep_is_refused_without_recursing() -> None:
    """Issue 12, defect 2: a card-data object nested 100,000 deep is refused with the depth
    limit, not a RecursionError from the validator."""
    with pytest.raises(CardDataError, match=f"nested deeper than the limit of {MAX_DEPTH}"):
        parse_card_set(scoring(nested_amount(100_000)), "t")


@pytest.mark.parametrize(
    ("obj", "what"),
    [
        (with_plot(copies=1_000_000), f"copies is more than the limit of {MAX_COPIES}"),
        (
            with_plot(tags=["root"] * 100_000),
            f"a list of more items than the limit of {MAX_LIST_ITEMS}",
        ),
        (with_plot(text="x" * MIB), f"longer than the limit of {MAX_STRING_CHARS} characters"),
        (scoring(nested_amount(40)), f"nested deeper than the limit of {MAX_DEPTH}"),
    ],
    ids=["copies", "list", "string", "depth"],
)
def test_the_cards_option_meets_the_same_limits(obj: Mapping[str, Any], what: str) -> None:
    """Issue 12, defect 1: ``options.cards`` as a card-data object (what a client sends to
    ``POST /api/tables``) is held to the same limits as a file."""
    with pytest.raises(ValueError, match=what):
        FieldsOfGreen().normalize_options({"cards": obj})


def test_the_limits_leave_room_for_real_sets() -> None:
    """The fixture set and a set at every limit at once (the most copies, the longest list,
    name and text) are accepted."""
    assert parse_card_set(FIXTURE).name == FIXTURE["name"]
    most = many_plots(MAX_CARDS // MAX_COPIES, copies=MAX_COPIES, text="x" * MAX_STRING_CHARS)
    most["name"] = "n" * MAX_STRING_CHARS
    most["locations"][0]["tags"] = [f"t{i}" for i in range(MAX_LIST_ITEMS)]
    cards = parse_card_set(most)
    assert sum(d.copies for d in cards.locations) == MAX_CARDS
