"""The greedy policy plans for the final harvest's upkeep (issue 38 item 10).

A person's game had the greedy bot decline both its Horse Paddocks at the last harvest for
lack of food. At the year-4 harvest every face-up card whose cost is not paid becomes an Open
Area (F-61, F-62), and an Open Area scores nothing (F-73.1): a Horse Paddock (3 VP, harvest:
pay 1 food to gain 2 coins and 1 VP) declined there loses 4 VP and 2 coins for want of one food
that scores half a VP (F-73.5). The year-4 harvest is the last (F-38, F-63), so food the farm
will need then is worth what it keeps face up, not what it scores.

Each position is built with the shipped cards (the set the heuristics price) and asked of the
Python policy and of the native one (the engines agree, tests/native/test_fields_of_green_greedy
.py); each failed on the greedy before this item.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import seedbed
from seedbed.engine.api import Action
from seedbed.engine.rng import Rng
from seedbed.games.fields_of_green import FieldsOfGreenState
from seedbed.games.fields_of_green.actions import GoToMarket, PayHarvest
from seedbed.games.fields_of_green.heuristics import choose
from seedbed.games.fields_of_green.spec import original_card_set

from .builder import build, card_at

BASE = {(0, 0): "water_tower", (1, 0): "silo"}
PADDOCKS = {(-1, 0): "horse_paddock", (-1, 1): "horse_paddock"}


def _engines() -> list[str]:
    try:
        from seedbed import _native  # type: ignore[attr-defined]  # noqa: F401
    except ImportError:
        return ["python"]
    return ["python", "native"]


@pytest.fixture(params=_engines())
def engine(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def _state(engine: str, **kw: Any) -> Any:
    """A 3-player position on the shipped cards; seats 1 and 2 keep the starting farm."""
    s: FieldsOfGreenState = build(cards=original_card_set().to_json(), **kw)
    if engine == "python":
        return s
    obj = {**s.to_json()}
    obj["options"] = {**obj["options"], "cards": "original"}  # the same cards, by name
    return seedbed.game("fields_of_green", engine="native").state_from_json(obj)


def _greedy(s: Any, p: int) -> Action:
    """The greedy's choice for seat ``p`` (the native port on a native state)."""
    if hasattr(s, "greedy_choose"):
        a: Action = s.greedy_choose(p, Rng(1))
        return a
    return choose(s.observe(p), s.legal_actions(p), Rng(1))


def _harvest(s: Any, p: int) -> Iterator[Action]:
    """Seat ``p``'s greedy harvest, action by action, until another seat is on the move."""
    while not s.is_terminal() and s.to_move() == (p,):
        a = _greedy(s, p)
        s.apply(p, a)
        yield a


def test_the_greedy_keeps_the_food_its_paddocks_need_at_the_last_harvest(engine: str) -> None:
    """F-54, F-38, F-61, F-73: in year 4, with 2 food, 2 Horse Paddocks and nothing else to
    do with its card (no coins to build), the greedy went to the market with both food (6
    coins, 2 VP) and then had to decline both paddocks (−8 VP); now it keeps the food."""
    s = _state(engine, year=4, phase="resolve", farms={0: {**BASE, **PADDOCKS}},
               food={0: 2}, coins={0: 0}, revealed={0: "turnip_rows", 1: "hen_house",
                                                   2: "hen_house"})  # fmt: skip
    a = _greedy(s, 0)
    assert isinstance(a, GoToMarket) and a.food == 0, a


def test_the_greedy_chooses_the_food_its_paddock_needs(engine: str) -> None:
    """F-60, F-61, F-58: at the year-4 harvest with no food, a Herb Garden (choose 2 food or 3
    coins) is paid first; the greedy took the coins (1.02 against 1.0 VP) and declined the
    Horse Paddock; now it takes the food and pays the paddock."""
    s = _state(engine, year=4, phase="harvest",
               farms={0: {**BASE, (0, 1): "herb_garden", (-1, 0): "horse_paddock"}},
               food={0: 0}, coins={0: 0})  # fmt: skip
    paddock = card_at(s if engine == "python" else s.python_state(), 0, (-1, 0))
    played = list(_harvest(s, 0))
    paid = [a.card for a in played if isinstance(a, PayHarvest)]
    assert paddock in paid, played


def test_the_greedy_feeds_the_cards_worth_most_per_food_first(engine: str) -> None:
    """F-58, F-60, F-61: at the year-4 harvest with 3 food, a Cattle Ranch (2 VP; pay 3 food:
    6 coins, 2 VP) and two Horse Paddocks (3 VP each; pay 1 food: 2 coins, 1 VP) compete for
    it. The greedy paid the ranch first (its payment looked 0.36 better than a paddock's) and
    declined both paddocks: 4 VP and 6 coins kept, 8 VP lost. Now it pays both paddocks (8 VP
    and 4 coins kept) and the ranch, which 1 food cannot pay, is declined."""
    s = _state(engine, year=4, phase="harvest",
               farms={0: {**BASE, **PADDOCKS, (0, 1): "cattle_ranch"}},
               food={0: 3}, coins={0: 0})  # fmt: skip
    python = s if engine == "python" else s.python_state()
    paddocks = {card_at(python, 0, cell) for cell in PADDOCKS}
    played = list(_harvest(s, 0))
    paid = {a.card for a in played if isinstance(a, PayHarvest)}
    assert paddocks <= paid, played


def test_the_greedy_builds_no_paddock_in_year_4_with_the_food_that_should_feed_it(
    engine: str,
) -> None:
    """F-51, F-60, F-61, F-73: in year 4 with 1 food and 6 coins, a revealed Horse Paddock
    costs 5 coins and 1 food to build, and 1 food more to feed at the last harvest. The greedy
    counted the food it had as the paddock's upkeep and built it (2.5 against the market's
    0.9); with no food left the paddock turned into an Open Area at once. Now the food the
    build takes is not counted as upkeep and it does not build it."""
    s = _state(engine, year=4, phase="resolve", farms={0: dict(BASE)}, food={0: 1},
               coins={0: 6}, revealed={0: "horse_paddock", 1: "hen_house",
                                       2: "hen_house"})  # fmt: skip
    a = _greedy(s, 0)
    assert isinstance(a, GoToMarket), a
