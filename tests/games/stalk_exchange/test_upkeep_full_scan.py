"""The incremental upkeep against a scan of the whole board (S-30 … S-34).

The engine's Harvest and Bloom only re-examine the spaces planted this turn and the neighbours
of harvested spaces (``upkeep.py`` gives the argument). Here, during random games, every
upkeep is also computed by ``invariants.reference_upkeep``, a naive whole-board Harvest and
Bloom, on a clone taken just before ``EndActions``; the Garden, the harvested groups, the
blooms and the market after the engine's upkeep must be exactly the reference's. The last
tests break the engine's candidate sets on purpose and check that the comparison notices.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from seedbed.engine.rng import Rng
from seedbed.games.stalk_exchange import StalkExchangeState
from seedbed.games.stalk_exchange import upkeep as engine_upkeep
from seedbed.games.stalk_exchange.actions import EndActions
from seedbed.games.stalk_exchange.config import FLOWERS, NUM_TYPES

from .invariants import BLOOM, BULB, GAME, check_invariants, reference_upkeep

CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {}),
    (4, {}),
    (5, {}),
    (3, {"garden_radius": 2}),
    (4, {"garden_radius": 4}),
    (2, {"basic_actions": 3}),
    (5, {"exchange_slots": 4, "garden_radius": 2}),
]
GAMES = 60


class Tally:
    upkeeps = 0
    groups = 0
    big_groups = 0  # of more than one token
    blooms = 0
    rescued = 0  # bulbs that bloomed only because a neighbouring group was harvested


def compare_one_upkeep(s: StalkExchangeState, player: int, tally: Tally) -> None:
    """Apply EndActions to ``s`` and compare it with the reference on a clone from before."""
    before = s.clone()
    garden, harvested, groups = reference_upkeep(before)
    events = s.apply(player, EndActions())
    where = f"turn {before.turns}: planted {before.planted}"
    assert s.garden == garden, f"{where}: Garden after upkeep differs from the full scan"
    assert [v - b for v, b in zip(s.values, before.values, strict=True)] == harvested, where
    laid = s.track[len(before.track) :]
    assert laid == [t for t in range(NUM_TYPES) for _ in range(harvested[t])], f"{where}: S-34"
    by_kind = {e.kind: e.public for e in events}
    spaces = before.board.spaces
    expected = [{"flower": FLOWERS[t], "spaces": [list(spaces[i]) for i in g]} for t, g in groups]
    assert by_kind.get("harvest", {}).get("groups", []) == expected, f"{where}: harvest event"
    bloomed = [i for i, v in enumerate(garden) if v >= BLOOM and BULB <= before.garden[i] < BLOOM]
    reported = by_kind.get("bloom", {}).get("spaces", [])
    assert reported == [list(spaces[i]) for i in bloomed], f"{where}: bloom event"
    check_invariants(s)
    tally.upkeeps += 1
    tally.groups += len(groups)
    tally.big_groups += sum(len(g) > 1 for _, g in groups)
    tally.blooms += len(bloomed)
    harvested_spaces = {i for _, g in groups for i in g}
    near = before.board.neighbours
    tally.rescued += sum(
        1
        for i in bloomed
        if i not in before.planted and any(m in harvested_spaces for m in near[i])
    )


def play_and_compare(n: int, seed: int, options: dict[str, Any], tally: Tally) -> None:
    s = GAME.new_state(n, seed, options)
    assert isinstance(s, StalkExchangeState)
    rng = Rng(seed * 31 + n)
    while not s.is_terminal():
        p = s.to_move()[0]
        menu = s.legal_actions(p)
        action = menu[rng.below(len(menu))]
        if isinstance(action, EndActions):
            compare_one_upkeep(s, p, tally)
        else:
            s.apply(p, action)


@pytest.mark.parametrize(("num_players", "options"), CONFIGS)
def test_incremental_upkeep_matches_a_full_scan(num_players: int, options: dict[str, Any]) -> None:
    tally = Tally()
    for seed in range(GAMES):
        play_and_compare(num_players, seed, options, tally)
    # The comparison must have had something to compare.
    assert tally.upkeeps > 5 * GAMES
    assert tally.groups > GAMES
    assert tally.big_groups > 5
    assert tally.blooms > 10 * GAMES
    assert tally.rescued > 5  # S-55: harvests open spaces next to old bulbs


@pytest.mark.slow
@pytest.mark.parametrize(("num_players", "options"), CONFIGS)
def test_incremental_upkeep_matches_a_full_scan_many_games(
    num_players: int, options: dict[str, Any]
) -> None:
    tally = Tally()
    for seed in range(GAMES, GAMES + 1000):
        play_and_compare(num_players, seed, options, tally)
    assert tally.big_groups > 100


# ------------------------------------------------------------------ the test can fail

Patch = Callable[[pytest.MonkeyPatch], None]


def only_first_planted(monkeypatch: pytest.MonkeyPatch) -> None:
    """Harvest looks only around the first space planted this turn."""
    original = engine_upkeep.surrounded_groups
    monkeypatch.setattr(
        engine_upkeep, "surrounded_groups", lambda z, candidates: original(z, candidates[:1])
    )


def no_bloom_after_harvest(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bloom forgets the neighbours of harvested spaces (S-55)."""
    original = engine_upkeep.bloom_step
    monkeypatch.setattr(engine_upkeep, "bloom_step", lambda z, groups: original(z, []))


@pytest.mark.parametrize("breakage", [only_first_planted, no_bloom_after_harvest])
def test_a_too_narrow_upkeep_is_caught(monkeypatch: pytest.MonkeyPatch, breakage: Patch) -> None:
    breakage(monkeypatch)
    with pytest.raises(AssertionError, match="Garden after upkeep differs"):
        for seed in range(GAMES):
            play_and_compare(4, seed, {}, Tally())
