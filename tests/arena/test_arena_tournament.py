"""Tournament schedules (arena/tournament.py): how the lineup fills the seats, seat rotation
over shared deals, and picklable tasks."""

from __future__ import annotations

import pickle
from collections import Counter

import pytest

from seedbed.arena.tournament import deals_for, lineup, run_batch, schedule, seatings
from seedbed.bots import BotSpecError


def test_the_lineup_fills_the_seats_with_the_last_spec() -> None:
    assert lineup(["random"], 3) == ["random"] * 3
    assert lineup(["greedy", "random"], 4) == ["greedy", "random", "random", "random"]
    assert lineup(["greedy", "ismcts:c=0.7", "random"], 4) == [
        "greedy",
        "ismcts:c=0.7",
        "random",
        "random",
    ]
    assert lineup(["random", "greedy"], 2) == ["random", "greedy"]


def test_the_lineup_refuses_too_many_bots_and_unknown_ones() -> None:
    with pytest.raises(ValueError, match="3 bots for 2 seats"):
        lineup(["random", "random", "random"], 2)
    with pytest.raises(BotSpecError, match="unknown bot 'nosuch'"):
        lineup(["nosuch"], 2)


def test_every_bot_plays_every_seat_on_the_same_deal_seeds() -> None:
    slots = ["greedy", "ismcts", "random", "random"]
    tasks = schedule("bohnanza", slots, deals=3, seed=40)
    assert [t.index for t in tasks] == list(range(12))
    for deal in range(3):
        mine = [t for t in tasks if t.deal == deal]
        assert {t.seed for t in mine} == {40 + deal}
        assert len(mine) == 4 and len({t.seating for t in mine}) == 4
        for bot in ("greedy", "ismcts"):
            assert sorted(t.seating.index(bot) for t in mine) == [0, 1, 2, 3]
        assert Counter(b for t in mine for b in t.seating) == {
            "greedy": 4,
            "ismcts": 4,
            "random": 8,
        }


def test_rotations_that_repeat_a_seating_are_played_once() -> None:
    assert seatings(["random"] * 4) == [("random",) * 4]
    assert seatings(["a", "b", "a", "b"]) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    assert deals_for(10, ["a", "b", "b"]) == 4  # 12 games: whole deals only
    assert deals_for(10, ["a", "a", "a"]) == 10


def test_tasks_are_picklable_and_replay_identically() -> None:
    tasks = schedule("stalk_exchange", ["random", "random", "random"], 2, seed=7, first_index=5)
    back = pickle.loads(pickle.dumps(tasks))
    assert back == tasks and [t.index for t in back] == [5, 6]
    assert run_batch(back) == run_batch(tasks)
    assert [r.index for r in run_batch(tasks)] == [5, 6]


def test_a_tournament_of_distinct_bots_shares_the_deals(first_bot: str) -> None:
    results = run_batch(schedule("stalk_exchange", lineup([first_bot, "random"], 3), 2, seed=3))
    assert len(results) == 6
    assert [r.seed for r in results] == [3, 3, 3, 4, 4, 4]
    assert [r.seating.index("first") for r in results] == [0, 1, 2, 0, 1, 2]
