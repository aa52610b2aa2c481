"""Shared helpers of the generic Fields of Green suites (conformance, property, leaks, JSON).

``check_invariants`` is DESIGN §6.3 for Fields of Green, written from the zones alone (it
does not trust ``all_cards``): every location card, Water Tower, Silo and equipment tile is
in exactly one zone; the public counts of ``observe(None)`` agree with the zones (F-77);
coins, food, water and VP tokens are never negative, food is within the capacity (F-34) and
each tower's water within its capacity (F-33); the Water Tower and Silo cards are either in
their piles or built (F-9, F-37); farms are well formed (F-27 … F-30, F-17, F-68).

``check_transition`` checks that one action changed resources only as the rules say
(F-41, F-51 … F-55, F-26, F-61). ``random_states`` drives one seeded random game.

The property suite in ``tests/property`` loads this file by path (it is not a package there).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import seedbed
from seedbed.engine.api import Action, Event
from seedbed.engine.rng import Rng
from seedbed.games.fields_of_green import FieldsOfGreenState
from seedbed.games.fields_of_green.actions import (
    BuildLocation,
    BuildSilo,
    BuildWaterTower,
    Commit,
    DeclineHarvest,
    DrawSplit,
    GoToMarket,
    KeepEquipment,
    RestoreLocation,
)
from seedbed.games.fields_of_green.config import (
    SILOS_IN_GAME,
    TOWERS_IN_GAME,
    TYPES,
)

GAME = seedbed.game("fields_of_green", engine="python")  # the tests read the Python zones;
# the shipped original card set by default
NONE = -1  # no card (state.py), restated
KEEP_FRAME, PLACE_FRAME = 4, 5  # F_KEEP, F_PLACE of state.py, restated
TOWER_KIND, SILO_KIND = 4, 5
RULE_SETS = ("published", "prototype")
START = {(0, 0): TOWER_KIND, (1, 0): SILO_KIND}  # F-36


# ------------------------------------------------------------------ zones


def card_zones(s: FieldsOfGreenState) -> dict[str, list[int]]:
    """Every zone that can hold a location card, Water Tower or Silo, by name."""
    zones: dict[str, list[int]] = {}
    for kind, pile in enumerate(s.piles):
        zones[f"pile {TYPES[kind]}"] = pile
    zones["tower pile"] = s.towers
    zones["silo pile"] = s.silos
    zones["discard"] = s.discard
    zones["display"] = s.display
    zones["shared"] = s.shared
    for p in range(s.num_players):
        zones[f"hand {p}"] = s.hands[p]
        zones[f"farm {p}"] = list(s.farms[p].values())
        zones[f"commit {p}"] = [s.commits[p]] if s.commits[p] != NONE else []
        zones[f"revealed {p}"] = [s.revealed[p]] if s.revealed[p] != NONE else []
    return zones


def tile_zones(s: FieldsOfGreenState) -> dict[str, list[int]]:
    """Every zone that can hold an equipment tile, by name."""
    zones: dict[str, list[int]] = {"stack": s.tiles, "tile discard": s.tile_discard}
    for p in range(s.num_players):
        zones[f"aside {p}"] = s.aside[p]
    for card, tiles in s.equip.items():
        zones[f"on card {card}"] = tiles
    for i, frame in enumerate(s.stack):
        if frame[0] == KEEP_FRAME:
            zones[f"drawn (frame {i})"] = frame[2:]
        elif frame[0] == PLACE_FRAME:
            zones[f"kept (frame {i})"] = [frame[2]]
    return zones


def _exactly_once(zones: Mapping[str, list[int]], total: int, what: str) -> None:
    where: dict[int, str] = {}
    for name, items in zones.items():
        for x in items:
            assert 0 <= x < total, f"{what} {x} in {name} does not exist"
            assert x not in where, f"{what} {x} is both in {where[x]} and in {name}"
            where[x] = name
    missing = sorted(set(range(total)) - set(where))
    assert not missing, f"{what}s {missing[:5]} are in no zone"


def tower_capacity(s: FieldsOfGreenState, card: int) -> int:
    """F-33, F-88: 3 plus the ongoing ``tower_capacity`` modifiers on it."""
    extra = 0
    for t in s.equip.get(card, ()):
        design = s.cfg.tiles[t]
        if design.timing == "ongoing":
            extra += sum(m.get("tower_capacity", 0) for m in design.modifiers)
    return 3 + extra


def food_capacity(s: FieldsOfGreenState, p: int) -> int:
    """F-34, F-88: 4 per Silo plus the ongoing ``silo_capacity`` modifiers on Silos."""
    total = 0
    for card in s.farms[p].values():
        if s.cfg.cards[card].kind != SILO_KIND:
            continue
        total += 4
        for t in s.equip.get(card, ()):
            design = s.cfg.tiles[t]
            if design.timing == "ongoing":
                total += sum(m.get("silo_capacity", 0) for m in design.modifiers)
    return total


# ------------------------------------------------------------------ invariants


def check_invariants(s: FieldsOfGreenState) -> None:
    """Everything that must hold after every action (AssertionError naming the clause)."""
    cfg, n = s.cfg, s.num_players
    kinds = [info.kind for info in cfg.cards]
    _exactly_once(card_zones(s), cfg.num_cards, "card")
    _exactly_once(tile_zones(s), len(cfg.tiles), "tile")
    assert sorted(map(repr, s.all_cards())) == sorted(
        [repr(c) for z in card_zones(s).values() for c in z]
        + [repr(("tile", t)) for z in tile_zones(s).values() for t in z]
    ), "all_cards() disagrees with the zones"
    # F-22, F-26: piles hold their own type; discard, hands, displays only location cards
    for kind, pile in enumerate(s.piles):
        assert all(kinds[c] == kind for c in pile), f"F-22: a foreign card in pile {kind}"
    loose = s.discard + s.display + s.shared + [c for h in s.hands for c in h]
    loose += [c for c in s.commits + s.revealed if c != NONE]
    assert all(kinds[c] < len(TYPES) for c in loose), "a tower or Silo left the farm or pile"
    assert all(kinds[c] == TOWER_KIND for c in s.towers), "F-23: tower pile"
    assert all(kinds[c] == SILO_KIND for c in s.silos), "F-23: Silo pile"
    # F-9, F-37: piles plus built ones are constant
    built = [kinds[c] for f in s.farms for c in f.values()]
    assert len(s.towers) + built.count(TOWER_KIND) == TOWERS_IN_GAME[cfg.ruleset], "F-9 towers"
    assert len(s.silos) + built.count(SILO_KIND) == SILOS_IN_GAME[cfg.ruleset], "F-9 Silos"
    _check_farms(s, kinds)
    _check_resources(s)
    _check_phase(s)
    _check_public_counts(s)
    assert 1 <= s.year <= 4 and 0 <= s.first < n, "F-38, F-39: year or first player"
    assert s.first == (s.year - 1 + (s.phase >= 6)) % n, "F-39, F-63: first player"


def _check_farms(s: FieldsOfGreenState, kinds: list[int]) -> None:
    published = s.cfg.published
    for p, farm in enumerate(s.farms):
        for cell, kind in START.items():  # F-36: the starting cards never move (F-29)
            assert kinds[farm[cell]] == kind, f"F-36: player {p}'s start card at {cell}"
        # F-29: every card was placed next to an occupied cell, so the farm is connected
        seen, todo = {(0, 0)}, [(0, 0)]
        while todo:
            x, y = todo.pop()
            for c in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
                if c in farm and c not in seen:
                    seen.add(c)
                    todo.append(c)
        assert seen == set(farm), f"F-29: player {p}'s farm is not connected"
        for cell, card in farm.items():
            assert s.home[card] == (p, cell), f"home of card {card} is stale"
    on_farm = {c for f in s.farms for c in f.values()}
    assert set(s.home) == on_farm, "home lists cards that are not in a farm"
    assert s.face_down <= on_farm, "F-30: an Open Area outside the farms"
    assert all(kinds[c] < len(TYPES) for c in s.face_down), "F-30: a tower or Silo face down"
    towers = {c for c in on_farm if kinds[c] == TOWER_KIND}
    assert set(s.water) == towers, "F-33: water kept for something other than built towers"
    for card, tiles in s.equip.items():
        assert card in on_farm and card not in s.face_down, "F-65, F-68: tiles off a face-up card"
        assert tiles, "an empty equipment list is kept"
        if published:  # F-17
            names = [s.cfg.tiles[t].id for t in tiles]
            assert len(tiles) <= 2 and len(set(names)) == len(names), f"F-17: {names}"


def _check_resources(s: FieldsOfGreenState) -> None:
    for p in range(s.num_players):
        assert s.coins[p] >= 0, f"F-35: player {p} has {s.coins[p]} coins"
        assert s.vp[p] >= 0, f"F-35: player {p} has {s.vp[p]} VP tokens"
        assert 0 <= s.food[p] <= food_capacity(s, p), f"F-34: player {p} food {s.food[p]}"
    for card, w in s.water.items():
        assert 0 <= w <= tower_capacity(s, card), f"F-33: tower {card} holds {w} water"


def _check_phase(s: FieldsOfGreenState) -> None:
    n, phase = s.num_players, s.phase  # UPKEEP, DRAW, COMMIT, RESOLVE, PICK, HARVEST, FINAL, OVER
    if s.cfg.duel:
        assert not any(s.hands) and s.commits == s.revealed == [NONE] * 2, "F-70: no hands"
        assert len(s.display) <= 6, "F-69: display"
        assert not s.display or phase == 4, "F-70: a display outside the picks"
        assert not s.shared or phase in (1, 4), "F-69: a shared pile outside draw and picks"
    else:
        assert not s.display and not s.shared, "F-69: a display with 3-4 players"
    if phase != 2:
        assert s.commits == [NONE] * n, "F-48: a commit outside the commit step"
    if phase != 3:
        assert s.revealed == [NONE] * n, "F-49: a revealed card outside the resolve step"
    if phase not in (1, 2, 3):
        assert not any(s.hands), "F-50: cards in hand outside the draw and action phase"
    if phase == 7:
        assert not s.stack, "the game ended with a pending decision"


def _check_public_counts(s: FieldsOfGreenState) -> None:
    """F-77: the spectator sees every count and public zone exactly as it is."""
    obs = s.observe(None)
    assert obs["pile_sizes"] == [len(p) for p in s.piles], "F-77: pile sizes"
    assert obs["water_towers_left"] == len(s.towers), "F-77: tower pile"
    assert obs["silos_left"] == len(s.silos), "F-77: Silo pile"
    assert obs["equipment_left"] == len(s.tiles), "F-77: equipment stack"
    assert obs["shared_size"] == len(s.shared), "F-77: shared pile"
    assert [c["id"] for c in obs["discard"]] == s.discard, "F-77: discard"
    assert [t["id"] for t in obs["equipment_discard"]] == s.tile_discard, "F-77: tile discard"
    assert [c["id"] for c in obs["display"]] == s.display, "F-77: display"
    for p, info in enumerate(obs["players"]):
        assert (info["coins"], info["food"], info["vp_tokens"]) == (s.coins[p], s.food[p], s.vp[p])
        assert info["food_capacity"] == food_capacity(s, p), "F-34: published capacity"
        assert info["hand_size"] == len(s.hands[p]), "F-77: hand size"
        assert info["committed"] == (s.commits[p] != NONE), "F-77: who committed"
        assert [t["id"] for t in info["set_aside"]] == s.aside[p], "F-77: set-aside tiles"
        farm = {tuple(c["cell"]): c for c in info["farm"]}
        assert set(farm) == set(s.farms[p]), "F-77: farm cells"
        for cell, card in s.farms[p].items():
            shown = farm[cell]
            assert shown["card"]["id"] == card and shown["open_area"] == (card in s.face_down)
            assert [t["id"] for t in shown["equipment"]] == s.equip.get(card, [])
            if card in s.water:
                assert shown["water"] == s.water[card], "F-77: tower water"
                assert shown["capacity"] == tower_capacity(s, card), "F-33: published capacity"


# ------------------------------------------------------------------ transitions


def _snapshot(s: FieldsOfGreenState) -> dict[str, Any]:
    return {
        "year": s.year,
        "coins": s.coins[:],
        "food": s.food[:],
        "vp": s.vp[:],
        "water": [sum(s.water[c] for c in s.tower_cards(p)) for p in range(s.num_players)],
        "farms": [dict(f) for f in s.farms],
        "face_down": set(s.face_down),
        "discard": s.discard[:],
        "tile_discard": s.tile_discard[:],
        "towers": len(s.towers),
        "silos": len(s.silos),
        "revealed": s.revealed[:],
        "display": s.display[:],
        "hand": [h[:] for h in s.hands],
        "equip": {c: t[:] for c, t in s.equip.items()},
        "stack": [f[:] for f in s.stack],
    }


def snapshot(s: FieldsOfGreenState) -> dict[str, Any]:
    """What ``check_transition`` compares: take it before the action."""
    return _snapshot(s)


def check_transition(
    before: dict[str, Any], s: FieldsOfGreenState, p: int, action: Action, bonus: int = 0
) -> None:
    """Resources and cards changed only by rule. ``bonus`` is p's market bonus before."""
    after = _snapshot(s)
    n = s.num_players
    # F-26, F-68: the discards only grow; F-29: cards never move or leave a farm
    assert after["discard"][: len(before["discard"])] == before["discard"], "F-26"
    assert after["tile_discard"][: len(before["tile_discard"])] == before["tile_discard"]
    for q in range(n):
        old, new = before["farms"][q], after["farms"][q]
        assert all(new.get(cell) == card for cell, card in old.items()), "F-29: a card moved"
        assert len(new) - len(old) <= 1, "F-51: two cards built by one action"
    assert all(a >= b for a, b in zip(after["vp"], before["vp"], strict=True)), (
        "VP tokens are never spent (F-35, F-86)"
    )
    restored = before["face_down"] - after["face_down"]
    assert len(restored) <= (1 if isinstance(action, RestoreLocation) else 0), "F-55, F-30"
    if after["year"] != before["year"]:
        assert after["year"] > before["year"], "F-38"  # empty piles can skip whole years
        return  # income (F-41) mixes in; the invariants still hold
    for q in range(n):
        if q == p:
            continue
        for key in ("coins", "food", "vp"):
            assert after[key][q] == before[key][q], f"{action} by {p} changed {q}'s {key}"
        # F-41, F-7: only another player's automatic income water placement may follow
        assert after["water"][q] >= before["water"][q], f"{action} by {p} took {q}'s water"
        assert after["farms"][q] == before["farms"][q], f"{action} by {p} changed {q}'s farm"
    same = ("coins", "food", "vp", "water")
    if isinstance(action, DrawSplit | Commit | KeepEquipment):  # F-42, F-46, F-64
        assert all(after[k] == before[k] for k in same), f"{action} changed a resource"
        assert after["farms"] == before["farms"]
    if isinstance(action, Commit):
        assert action.card in before["hand"][p], "F-46: committed a card not in hand"
    delta = {k: after[k][p] - before[k][p] for k in same}
    pending = len(s.stack) > 0
    if isinstance(action, GoToMarket):  # F-54: exact, nothing follows a market
        if s.phase in (3, 4, 2):  # still in the action phase: no harvest payments mixed in
            assert delta["coins"] == 2 + 2 * action.food + bonus, f"F-54: {delta}"
            assert delta["food"] == -action.food and delta["water"] == 0, f"F-54: {delta}"
        assert action.card in s.discard, "F-54: the card is discarded"
    elif isinstance(action, BuildWaterTower):  # F-52
        assert after["towers"] == before["towers"] - 1, "F-52: tower pile"
        assert s.cfg.cards[s.farms[p][action.cell]].kind == TOWER_KIND, "F-52: no tower"
        assert action.card in s.discard, "F-52: the card is discarded"
        if not pending and s.phase in (2, 3, 4):
            assert delta["coins"] == -2 and delta["water"] == 3, f"F-52: {delta}"
    elif isinstance(action, BuildSilo):  # F-53
        assert after["silos"] == before["silos"] - 1, "F-53: Silo pile"
        assert s.cfg.cards[s.farms[p][action.cell]].kind == SILO_KIND, "F-53: no Silo"
        assert action.card in s.discard, "F-53: the card is discarded"
        if s.phase in (2, 3, 4):
            assert delta["coins"] == 0 and delta["food"] == 0, f"F-53: {delta}"
    elif isinstance(action, BuildLocation):  # F-51
        info = s.cfg.cards[action.card]
        assert s.farms[p][action.cell] == action.card, "F-51: the card is not on its cell"
        immediate = info.ability is not None and info.ability.timing == "immediate"
        if not immediate and not pending and s.phase in (2, 3, 4):
            costs = (-info.coins, -info.food, -info.water)
            got = (delta["coins"], delta["food"], delta["water"])
            assert got == costs, f"F-51: paid {got} for {info.design} costing {costs}"
    elif isinstance(action, RestoreLocation):  # F-55
        card = before["farms"][p][action.cell]
        assert restored == {card}, "F-55: the Open Area is not face up"
        assert action.card in s.discard, "F-55: the card is discarded"
        if s.phase in (2, 3, 4):
            assert delta["coins"] == -1, f"F-55: {delta}"
    elif isinstance(action, DeclineHarvest) and action.tile == NONE:  # F-61, F-68
        assert action.card in s.face_down, "F-61: a declined card stays face up"
        assert action.card not in s.equip, "F-68: a declined card keeps its tiles"
        lost = before["equip"].get(action.card, [])
        assert set(lost) <= set(after["tile_discard"]), "F-68: tiles not discarded"
        assert all(after[k][p] == before[k][p] for k in same), "F-61: declining costs nothing"


# ------------------------------------------------------------------ random play


def random_states(
    num_players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    policy_seed: int | None = None,
) -> Iterator[tuple[FieldsOfGreenState, int, Action, list[Event]]]:
    """One seeded random game: yields (state after the action, actor, action, events).
    The actor is the first player on the move (a sequential driver, F-7)."""
    s = GAME.new_state(num_players, seed, options)
    assert isinstance(s, FieldsOfGreenState)
    rng = Rng(seed * 7919 + 3 if policy_seed is None else policy_seed)
    while not s.is_terminal():
        p = s.to_move()[0]
        menu = s.legal_actions(p)
        a = menu[rng.below(len(menu))]
        events = s.apply(p, a)
        yield s, p, a, events


def market_bonus(s: FieldsOfGreenState, p: int) -> int:
    """F-88: the ``market_bonus`` modifiers of ongoing tiles on p's face-up cards."""
    total = 0
    for card in s.farms[p].values():
        if card in s.face_down:
            continue
        for t in s.equip.get(card, ()):
            design = s.cfg.tiles[t]
            if design.timing == "ongoing":
                total += sum(m.get("market_bonus", 0) for m in design.modifiers)
    return total
