"""Shared helpers of the generic Stalk Exchange suites (conformance, property, leaks, JSON).

``check_invariants`` is DESIGN §6.3 for Stalk Exchange: token conservation per type (S-18),
no negative counts, the bookkeeping every other zone relies on (``empty``, sizes, Seedy
Business counts, the public ``shown`` lower bounds) and the facts the incremental upkeep rests
on. ``reference_upkeep`` is a deliberately naive whole-board Harvest and Bloom (S-30 … S-33),
written here from the coordinates alone, to compare with the engine's incremental one.
``random_states`` drives one seeded random game.

The property suite in ``tests/property`` loads this file by path (it is not a package there).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import seedbed
from seedbed.engine.api import Action, Event
from seedbed.engine.rng import Rng
from seedbed.games.stalk_exchange import StalkExchangeState
from seedbed.games.stalk_exchange.config import NUM_TYPES

GAME = seedbed.game("stalk_exchange", engine="python")  # the tests read and edit the Python zones
EMPTY, BULB, BLOOM, NO_TOKEN = 0, 1, 6, -1  # the engine's encoding (state.py), restated
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))  # S-12


def flower(value: int) -> int:
    return value - BLOOM if value >= BLOOM else value - BULB


# ------------------------------------------------------------------ invariants


def check_invariants(s: StalkExchangeState) -> None:
    """Everything that must hold after every action (AssertionError naming the clause)."""
    c, n = s.config, s.num_players
    assert s.token_total() == [c.tokens_per_type] * NUM_TYPES, f"S-18 broken: {s.token_total()}"
    counts = [s.greenhouse, s.compost, s.values, s.seedy, s.spent, *s.portfolios, *s.shown]
    assert all(k >= 0 for vector in counts for k in vector), "a negative count"
    assert s.greenhouse_size == sum(s.greenhouse), "greenhouse_size is not the bag's total"
    assert len(s.garden) == 3 * c.garden_radius * (c.garden_radius + 1) + 1, "S-11 board size"
    assert all(v == EMPTY or BULB <= v < BLOOM + NUM_TYPES for v in s.garden), "bad Garden value"
    assert s.empty == [i for i, v in enumerate(s.garden) if v == EMPTY], "`empty` is stale"
    assert len(s.exchange) == c.exchange_slots, "S-14: the Exchange changed size"
    assert all(NO_TOKEN <= t < NUM_TYPES for t in s.exchange), "bad Exchange slot"
    for q in range(n):
        assert sum(s.portfolios[q]) == c.portfolio_size, f"S-16: portfolio {q} changed size"
        assert s.seedy[q] + s.spent[q] == c.seedy_tokens, f"S-17: player {q}'s tokens"
        for t in range(NUM_TYPES):
            assert s.shown[q][t] <= s.portfolios[q][t], f"player {q} lacks a shown token"
    # S-15: each laid token raised its own type by one, so values count the track.
    assert s.values == [s.track.count(t) for t in range(NUM_TYPES)], "S-15 values vs track"
    assert 0 <= s.basic_taken <= c.basic_actions, "S-22: basic actions"
    assert 0 <= s.active < n
    assert all(s.garden[i] != EMPTY and s.garden[i] < BLOOM for i in s.planted), (
        "a space planted this turn does not hold a bulb"
    )
    assert (s.crash == 0) == (s.crash_turn == -1), "crash and crash_turn disagree"
    assert not s.over or s.crash, "S-38: the game ended without a trigger"
    if s.crash & 1:
        assert c.market_start - len(s.track) + 1 <= max(s.values), "S-35 without the crash"
    if s.crash & 2:
        assert s.greenhouse_size == 0, "S-37: trigger 2 with tokens left"
    if s.basic_taken == 0:  # no Plant yet this turn, so the refills left no gap (S-37)
        assert NO_TOKEN not in s.exchange or s.greenhouse_size == 0, "a slot left empty"
    if not s.planted:  # between turns the Garden is settled: the incremental upkeep's premise
        after, harvested, _ = reference_upkeep(s)
        assert after == s.garden and not any(harvested), "an upkeep left work undone"


# ------------------------------------------------------------------ the naive reference


def neighbours_of(s: StalkExchangeState) -> list[list[int]]:
    """S-12 from the coordinates (not the engine's table)."""
    index = {space: i for i, space in enumerate(s.board.spaces)}
    return [
        [index[(q + dq, r + dr)] for dq, dr in DIRECTIONS if (q + dq, r + dr) in index]
        for q, r in s.board.spaces
    ]


def reference_upkeep(
    s: StalkExchangeState,
) -> tuple[list[int], list[int], list[tuple[int, list[int]]]]:
    """Steps 1 and 2 on the whole board: the Garden after them, the harvested tokens by type
    and the harvested groups (type, sorted spaces) in canonical order of their first space."""
    garden = s.garden[:]
    near = neighbours_of(s)
    groups: list[tuple[int, list[int]]] = []
    done: set[int] = set()
    for start, value in enumerate(garden):
        if value < BLOOM or start in done:
            continue
        group, frontier = {start}, {start}
        while frontier:
            frontier = {m for i in frontier for m in near[i] if garden[m] == value} - group
            group |= frontier
        done |= group
        if all(garden[m] != EMPTY for i in group for m in near[i]):  # S-31
            groups.append((value - BLOOM, sorted(group)))
    harvested = [0] * NUM_TYPES
    for t, spaces in groups:  # S-32: all at once, after all are judged
        harvested[t] += len(spaces)
        for i in spaces:
            garden[i] = EMPTY
    bloomed = [
        i
        for i, v in enumerate(garden)
        if BULB <= v < BLOOM and any(garden[m] == EMPTY for m in near[i])
    ]
    for i in bloomed:  # S-33, judged on the Garden after step 1
        garden[i] += BLOOM - BULB
    return garden, harvested, groups


# ------------------------------------------------------------------ random play


def random_states(
    num_players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    policy_seed: int | None = None,
) -> Iterator[tuple[StalkExchangeState, int, Action, list[Event]]]:
    """One seeded random game: yields (state after the action, actor, action, events)."""
    s = GAME.new_state(num_players, seed, options)
    assert isinstance(s, StalkExchangeState)
    rng = Rng(seed * 7919 + 3 if policy_seed is None else policy_seed)
    while not s.is_terminal():
        p = s.to_move()[0]
        menu = s.legal_actions(p)
        a = menu[rng.below(len(menu))]
        events = s.apply(p, a)
        yield s, p, a, events
