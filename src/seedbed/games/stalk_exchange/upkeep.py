"""The automatic upkeep (S-29 … S-37): Harvest, Bloom, Market, Exchange, then the end of the
turn (S-21, S-39).

Harvest and Bloom only re-examine what changed since the last upkeep, never the whole board.
After every upkeep no group is surrounded and no bulb has an empty neighbour: a group left
after step 1 kept an empty neighbour, and a bulb that blooms in step 2 has one. Between upkeeps
the only change to the Garden is planting, which fills spaces. So at the next step 1 a group can
be surrounded only if it touches a space planted this turn, and at step 2 only the bulbs planted
this turn and the bulbs next to a harvested space can bloom. Tests compare this with a scan of
the whole board after every upkeep.
"""

from __future__ import annotations

from seedbed.engine.api import Event
from seedbed.games.stalk_exchange.config import FLOWERS, NUM_TYPES
from seedbed.games.stalk_exchange.rules import empty_space, refill, trigger
from seedbed.games.stalk_exchange.state import (
    BLOOM,
    BULB,
    EMPTY,
    NO_TOKEN,
    TRIGGER_MARKET,
    TRIGGER_SUPPLY,
    Zones,
)


def group_of(z: Zones, start: int, safe: set[int]) -> tuple[list[int], bool]:
    """The group (S-30) of the bloom at ``start`` and whether it is surrounded (S-31).

    The search stops at the first empty neighbour, or at a space already known to belong to a
    safe group: the group is then safe, and the spaces found so far join ``safe``. A surrounded
    group is always searched whole."""
    garden, neighbours = z.garden, z.board.neighbours
    value = garden[start]
    group, stack, found = [start], [start], {start}
    while stack:
        for n in neighbours[stack.pop()]:
            v = garden[n]
            if v == EMPTY or (v == value and n in safe):
                safe.update(group)
                return group, False
            if v == value and n not in found:
                found.add(n)
                group.append(n)
                stack.append(n)
    return group, True


def surrounded_groups(z: Zones, candidates: list[int]) -> list[list[int]]:
    """S-32: every surrounded group touching one of ``candidates``, each sorted, in canonical
    order of their first space. All are judged before any is removed."""
    garden, neighbours = z.garden, z.board.neighbours
    safe: set[int] = set()
    closed: set[int] = set()
    found = []
    for space in candidates:
        for n in neighbours[space]:
            if garden[n] >= BLOOM and n not in safe and n not in closed:
                group, surrounded = group_of(z, n, safe)
                if surrounded:
                    closed.update(group)
                    found.append(sorted(group))
    found.sort()
    return found


def harvest_step(z: Zones) -> tuple[list[tuple[int, list[int]]], list[int]]:
    """Step 1: remove every surrounded group at once; returns the groups with their type and
    the count of harvested tokens by type (set aside for step 3)."""
    groups = [(z.garden[g[0]] - BLOOM, g) for g in surrounded_groups(z, z.planted)]
    harvested = [0] * NUM_TYPES
    for t, group in groups:
        harvested[t] += len(group)
        for space in group:
            empty_space(z, space)
    return groups, harvested


def bloom_step(z: Zones, groups: list[tuple[int, list[int]]]) -> list[int]:
    """Step 2 (S-33): bulbs with an empty neighbour turn to their bloom side. Returns them."""
    garden, neighbours = z.garden, z.board.neighbours
    candidates = set(z.planted)
    for _, group in groups:
        for space in group:
            candidates.update(neighbours[space])
    bloomed = []
    for space in sorted(candidates):
        value = garden[space]
        if BULB <= value < BLOOM and any(garden[n] == EMPTY for n in neighbours[space]):
            garden[space] = value + (BLOOM - BULB)
            bloomed.append(space)
    return bloomed


def market_step(z: Zones, harvested: list[int]) -> list[list[int | str]]:
    """Step 3 (S-34, S-35): each harvested token, in type order, raises its value and is laid
    on the next market cell; then the crash condition is checked once."""
    start = z.config.market_start
    laid: list[list[int | str]] = []
    for t in range(NUM_TYPES):
        for _ in range(harvested[t]):
            z.values[t] += 1
            z.track.append(t)
            laid.append([FLOWERS[t], start - len(z.track) + 1])
    if laid and start - len(z.track) + 1 <= max(z.values):
        trigger(z, TRIGGER_MARKET)
    return laid


def exchange_step(z: Zones) -> tuple[str | None, list[list[int | str]]]:
    """Step 4 (S-36): compost the rightmost token, slide the rest right, refill (S-37)."""
    exchange = z.exchange
    tokens = [t for t in exchange if t != NO_TOKEN]
    composted = None
    if tokens:
        last = tokens.pop()
        z.compost[last] += 1
        composted = FLOWERS[last]
    gap = len(exchange) - len(tokens)
    exchange[:gap] = [NO_TOKEN] * gap
    exchange[gap:] = tokens
    return composted, refill(z)


def _spaces(z: Zones, spaces: list[int]) -> list[list[int]]:
    return [list(z.board.spaces[s]) for s in spaces]


def _group(z: Zones, t: int, group: list[int]) -> dict[str, object]:
    return {"flower": FLOWERS[t], "spaces": _spaces(z, group)}


def upkeep(z: Zones) -> list[Event]:
    """S-29: the four steps in order, then the end of the turn. Returns the public events."""
    events = []
    groups, harvested = harvest_step(z)
    if groups:
        public = {"groups": [_group(z, t, g) for t, g in groups], "flowers": _names(harvested)}
        events.append(Event("harvest", public))
    bloomed = bloom_step(z, groups)
    if bloomed:
        events.append(Event("bloom", {"spaces": _spaces(z, bloomed)}))
    before = z.crash
    laid = market_step(z, harvested)
    if laid:
        events.append(Event("market", {"laid": laid, "values": z.values[:]}))
    composted, drawn = exchange_step(z)
    events.append(Event("exchange", {"composted": composted, "drawn": drawn}))
    for bit, number in ((TRIGGER_MARKET, 1), (TRIGGER_SUPPLY, 2)):
        if z.crash & bit and not before & bit:
            events.append(Event("crash", {"trigger": number, "during": "upkeep"}))
    events.append(end_turn(z))
    return events


def _names(counts: list[int]) -> dict[str, int]:
    return {FLOWERS[t]: k for t, k in enumerate(counts) if k}


def end_turn(z: Zones) -> Event:
    """S-21, S-39: after upkeep the game ends if a trigger occurred this turn or earlier;
    otherwise the next seat clockwise takes its turn."""
    z.turns += 1
    z.planted.clear()
    z.basic_taken = 0
    if z.crash:
        z.over = True
        return Event("game_over", {"turns": z.turns, "triggers": crash_triggers(z.crash)})
    z.active = (z.active + 1) % z.config.num_players
    return Event("turn", {"player": z.active, "turn": z.turns})


def crash_triggers(crash: int) -> list[int]:
    """The triggers (1, 2) in a crash bit set."""
    return [n for bit, n in ((TRIGGER_MARKET, 1), (TRIGGER_SUPPLY, 2)) if crash & bit]
