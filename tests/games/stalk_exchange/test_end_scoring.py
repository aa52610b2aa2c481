"""End triggers, the end of the game, the Bust, scores, tie-breaks and ranks (S-38 … S-44,
S-59 … S-62, S-EX-7, S-EX-8)."""

from __future__ import annotations

from typing import Any

import pytest

from seedbed.engine import NotOnMoveError
from seedbed.games.stalk_exchange.actions import EndActions
from seedbed.games.stalk_exchange.scoring import bust, levels

from .builder import (
    GAME,
    SPEC_OPTIONS,
    act,
    assert_conserved,
    build,
    events_of,
    exchange_of,
    play_random,
)

OPTS = SPEC_OPTIONS
# a tulip bloom in the corner (3, 0), closed by three bulbs: harvested at the next upkeep
CLOSED_TULIP = {(3, 0): ("T", "bloom"), (3, -1): "D", (2, 0): "D", (2, 1): "D"}


def finished(n: int, values: dict[str, int], portfolios: list[Any]) -> Any:
    """A finished game with these values (before the Bust) and portfolios."""
    return build(n, options=OPTS, values=values, portfolios=portfolios, over=True, crash=1)


# ------------------------------------------------------------------ S-38, S-39, S-59, S-60


@pytest.mark.parametrize("cause", ["market", "upkeep refill", "flush refill"])
def test_s38_each_trigger_ends_the_game(cause: str) -> None:
    """S-38: trigger 1 (the market meets the values) and trigger 2 (a refill, in upkeep or in
    a Flush, cannot fill every slot) each end the game after the turn."""
    if cause == "market":
        s = build(3, options=OPTS, garden=CLOSED_TULIP, values={"T": 8}, basic_taken=2)
        bit = 1
    elif cause == "upkeep refill":
        s = build(3, options=OPTS, exchange=["D"] * 6, greenhouse={}, basic_taken=2)
        bit = 2
    else:
        s = build(3, options=OPTS, exchange=["D"] * 6, greenhouse={"G": 5}, basic_taken=2)
        act(s, 0, "flush")
        assert s.crash == 2 and not s.is_terminal()
        bit = 2
    act(s, 0, "end")
    assert s.crash == bit and s.is_terminal() and s.to_move() == ()
    assert GAME.new_state(3, 1, OPTS).crash == 0


def test_s39_turn_completes_then_game_ends_without_finishing_the_round() -> None:
    """S-39: the triggering turn is completed (the rest of the action phase after a Flush,
    then the whole upkeep, whose harvest still counts) and then the game ends, even mid-round:
    players may end with different numbers of turns."""
    garden = {(3, 0): ("T", "bloom"), (3, -1): "D", (2, 1): "D"}  # (2, 0) is the last liberty
    s = build(
        3,
        options=OPTS,
        garden=garden,
        planted=[],
        exchange=["S"] * 6,
        greenhouse={"G": 3},
        turns=3,
        basic_taken=0,
        seedy=[1, 4, 4],
    )
    act(s, 0, "flush")
    assert s.crash == 2 and s.crash_turn == 3
    act(s, 0, "plant 3 2,0")  # a basic action after the trigger
    act(s, 0, "plant 4 -3,3")
    events = act(s, 0, "end")
    assert events_of(events, "harvest")[0]["groups"] == [{"flower": "tulip", "spaces": [[3, 0]]}]
    assert s.values == [0, 0, 0, 0, 1]
    assert events_of(events, "game_over") == [{"turns": 4, "triggers": [2]}]
    assert s.is_terminal() and s.turns == 4 and s.active == 0  # seat 0 had two turns
    with pytest.raises(NotOnMoveError):
        s.apply(1, EndActions())
    assert s.outcome().scores == (0, 0, 0)


def test_s59_flush_trigger_2_and_upkeep_trigger_1_end_once() -> None:
    """S-59 / S-39: trigger 2 during a Flush and trigger 1 in the same turn's upkeep: the game
    ends once, after that upkeep."""
    s = build(
        3,
        options=OPTS,
        garden=CLOSED_TULIP,
        values={"D": 8},
        exchange=["S"] * 6,
        greenhouse={"G": 2},
        basic_taken=2,
        seedy=[1, 4, 4],
    )
    flush_events = act(s, 0, "flush")
    assert exchange_of(s) == [None, None, None, None, "G", "G"]
    assert events_of(flush_events, "crash") == [{"trigger": 2, "during": "flush"}]
    assert not s.is_terminal()
    events = act(s, 0, "end")
    assert events_of(events, "market")[0]["laid"] == [["tulip", 8]]
    assert events_of(events, "crash") == [{"trigger": 1, "during": "upkeep"}]
    assert events_of(events, "game_over") == [{"turns": 1, "triggers": [1, 2]}]
    assert [e.kind for e in events].count("game_over") == 1
    assert s.crash == 3 and s.crash_turn == 0 and s.turns == 1 and s.is_terminal()
    assert_conserved(s)


def test_s60_flush_with_few_tokens_then_action_phase_continues() -> None:
    """S-60: a Flush with fewer Greenhouse tokens than slots fills the rightmost slots, leaves
    the others empty, triggers the end, and the player continues the action phase (a second
    Flush is still allowed and draws nothing)."""
    s = build(3, options=OPTS, exchange=["D"] * 6, greenhouse={"T": 3}, seedy=[2, 4, 4])
    act(s, 0, "flush")
    assert exchange_of(s) == [None, None, None, "T", "T", "T"]
    assert s.crash == 2 and s.to_move() == (0,)
    assert s.legal_actions(0)[0].__str__() == "plant 3 0,-3"
    act(s, 0, "plant 5 0,0")
    act(s, 0, "flush")
    assert exchange_of(s) == [None] * 6 and s.seedy[0] == 0
    assert [str(a) for a in s.legal_actions(0)] == ["end"]
    act(s, 0, "end")
    assert s.is_terminal()


def test_s40_every_game_ends_and_every_upkeep_draws_or_triggers() -> None:
    """S-40: each upkeep step 4 draws at least one token or triggers the end; games end within
    125 turns."""
    upkeeps: list[int] = []

    def check(state: Any, events: list[Any]) -> None:
        for data in events_of(events, "exchange"):
            upkeeps.append(state.turns)
            assert data["drawn"] or state.crash & 2

    for n in (2, 3, 4, 5):
        upkeeps.clear()
        s = GAME.new_state(n, 40 + n, OPTS)
        play_random(s, n, check=check)
        assert s.is_terminal() and s.turns <= 125
        assert upkeeps == list(range(1, s.turns + 1))


# ------------------------------------------------------------------ S-41, S-61, S-62


def test_s6_s41_s61_bust() -> None:
    """S-41 / S-61 / S-6 (3): every type tied for the highest value keeps ⌊value / 2⌋ (7 → 3,
    two types at 6 → both 3, a single 1 → 0); others keep theirs; all zero: no change."""
    assert bust([6, 6, 3, 1, 0]) == [3, 3, 3, 1, 0]
    assert bust([7, 2, 0, 0, 0]) == [3, 2, 0, 0, 0]
    assert bust([1, 0, 0, 0, 0]) == [0, 0, 0, 0, 0]
    assert bust([0, 0, 0, 0, 0]) == [0, 0, 0, 0, 0]
    assert bust([5, 5, 5, 5, 5]) == [2, 2, 2, 2, 2]
    s = finished(3, {"D": 6, "Da": 6, "G": 3, "S": 1}, [{"D": 1}, {"Da": 1}, {"G": 1}])
    assert s.outcome().scores == (3, 3, 3)
    assert s.observe(None)["final_values"] == {
        "dahlia": 3,
        "daffodil": 3,
        "globemaster": 3,
        "snowdrop": 1,
        "tulip": 0,
    }


def test_s62_tie_break_uses_values_after_the_bust() -> None:
    """S-62: before the Bust D 6, Da 5; after it D 3, Da 5: the top level is Da alone. X (D 5)
    and Y (Da 3) both score 15; Y holds 3 tokens at the top level, X none: Y wins."""
    s = finished(2, {"D": 6, "Da": 5}, [{"D": 5, "G": 7}, {"Da": 3, "G": 9}])
    out = s.outcome()
    assert out.scores == (15, 15)
    assert out.winners == (1,) and out.ranks == (2, 1)
    assert out.tiebreak == (0, 3)


# ------------------------------------------------------------------ S-42 … S-44


def test_s42_s_ex_7_score() -> None:
    """S-EX-7 / S-42: D 6, Da 6, G 3, S 1, T 0 → D 3, Da 3. A 4-player portfolio of D ×3,
    G ×4, S ×3 scores 9 + 12 + 3 = 24."""
    portfolios = [{"D": 3, "G": 4, "S": 3}, {"T": 10}, {"S": 10}, {"D": 10}]
    s = finished(4, {"D": 6, "Da": 6, "G": 3, "S": 1}, portfolios)
    out = s.outcome()
    assert out.scores == (24, 0, 10, 30)
    assert out.ranks == (2, 4, 3, 1) and out.winners == (3,)


def test_s43_s_ex_8_tie_at_the_top_level() -> None:
    """S-EX-8 / S-43: 3 players, final values D 4, Da 4, G 2, S 1, T 0 (before the Bust D 8,
    Da 8). X: D 2, Da 1, S 4, T 4 scores 16; Y: D 1, Da 1, G 3, S 2, T 4 scores 16. At the top
    level D and Da count together: X 3, Y 2, so X wins."""
    x = {"D": 2, "Da": 1, "G": 0, "S": 4, "T": 4}
    y = {"D": 1, "Da": 1, "G": 3, "S": 2, "T": 4}
    s = finished(3, {"D": 8, "Da": 8, "G": 2, "S": 1}, [x, y, {"T": 11}])
    out = s.outcome()
    assert out.scores == (16, 16, 0)
    assert out.winners == (0,) and out.ranks == (1, 2, 3)
    assert out.tiebreak == (3, 2, 0)
    assert levels([4, 4, 2, 1, 0], [2, 1, 0, 4, 4]) == (3, 0, 4, 4)


def test_s43_next_level_breaks_the_tie_and_full_ties_share() -> None:
    """S-43: still tied at the top level, the next value level decides; players tied at every
    level share the victory."""
    x = {"D": 3, "S": 4, "T": 4}  # 12 + 4 = 16; levels (3, 0, 4, 4)
    y = {"D": 2, "Da": 1, "G": 1, "S": 2, "T": 5}  # 8 + 4 + 2 + 2 = 16; levels (3, 1, 2, 5)
    s = finished(3, {"D": 8, "Da": 8, "G": 2, "S": 1}, [x, y, x])
    out = s.outcome()
    assert out.scores == (16, 16, 16)
    assert out.winners == (1,) and out.ranks == (2, 1, 2)
    s = finished(3, {"D": 8, "Da": 8, "G": 2, "S": 1}, [x, x, {"T": 11}])
    out = s.outcome()
    assert out.winners == (0, 1) and out.ranks == (1, 1, 3)


def test_s44_ranks_share_equal_players() -> None:
    """S-44: ranks by score then level by level; equal players share a rank: 1, 1, 3, 4 and
    1, 2, 2, 4."""
    a, b, c = {"G": 5, "S": 5}, {"G": 4, "T": 1, "S": 5}, {"G": 4, "S": 6}
    values = {"D": 5, "G": 4, "T": 1}  # after the Bust D 2, G 4, T 1
    s = finished(4, values, [a, a, b, c])
    assert s.outcome().scores == (20, 20, 17, 16)
    assert s.outcome().ranks == (1, 1, 3, 4)
    s = finished(4, values, [a, b, b, c])
    assert s.outcome().ranks == (1, 2, 2, 4) and s.outcome().winners == (0,)


def test_s42_outcome_only_at_the_end() -> None:
    """S-42: scoring happens once the game is over; before that there is no outcome."""
    s = build(3, options=OPTS)
    with pytest.raises(ValueError):
        s.outcome()
