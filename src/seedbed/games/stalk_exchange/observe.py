"""The information boundary of Stalk Exchange (S-45 … S-48): ``observe`` is the only way state
leaves the engine; ``determinize`` resamples exactly what a player cannot know.

What a player may know of another portfolio is what the public swaps show: a player who took
a tulip from the Exchange holds at least one tulip until they give one back. ``Zones.shown``
keeps that lower bound per type (taking raises it by one; giving lowers it by one, not below
zero, because a player can only give what they hold). It is public (anyone can follow the
swaps), and determinization keeps every opponent's portfolio at or above it.
"""

from __future__ import annotations

from typing import Any

from seedbed.engine.rng import Rng
from seedbed.games.stalk_exchange.config import FLOWERS, NUM_TYPES
from seedbed.games.stalk_exchange.scoring import bust
from seedbed.games.stalk_exchange.state import BLOOM, EMPTY, NO_TOKEN, Zones, flower_at
from seedbed.games.stalk_exchange.upkeep import crash_triggers


def _by_type(counts: list[int]) -> dict[str, int]:
    return {name: counts[t] for t, name in enumerate(FLOWERS)}


def _garden(z: Zones) -> list[dict[str, Any]]:
    return [
        {
            "space": list(z.board.spaces[i]),
            "flower": FLOWERS[flower_at(v)],
            "side": "bloom" if v >= BLOOM else "bulb",
        }
        for i, v in enumerate(z.garden)
        if v != EMPTY
    ]


def _market(z: Zones) -> dict[str, Any]:
    start = z.config.market_start
    next_cell = start - len(z.track)
    return {
        "values": _by_type(z.values),
        "track": [FLOWERS[t] for t in z.track],
        "start": start,
        "next_cell": next_cell,
        # the next cell minus the highest value (S-35): the next harvested token crashes the
        # market when this is 0 or less, or 1 or less when it is of a top-valued type
        "crash_distance": next_cell - max(z.values),
    }


def _player(z: Zones, q: int) -> dict[str, Any]:
    return {
        "seat": q,
        "portfolio_size": sum(z.portfolios[q]),
        "seedy_unspent": z.seedy[q],
        "seedy_spent": z.spent[q],
        "known_to_hold": _by_type(z.shown[q]),
    }


def observe(z: Zones, viewer: int | None) -> dict[str, Any]:
    """Exactly what ``viewer`` (None = spectator) may know (S-45 … S-48)."""
    config = z.config
    out: dict[str, Any] = {
        "game": "stalk_exchange",
        "viewer": viewer,
        "num_players": config.num_players,
        "options": config.options,
        "over": z.over,
        "active": None if z.over else z.active,
        "basic_taken": z.basic_taken,
        "basic_actions": config.basic_actions,
        "turn": z.turns,
        "round": z.turns // config.num_players + 1,
        "garden": {"radius": config.garden_radius, "tokens": _garden(z)},
        "exchange": [None if t == NO_TOKEN else FLOWERS[t] for t in z.exchange],
        "market": _market(z),
        "greenhouse": z.greenhouse_size,
        "compost": _by_type(z.compost),
        "players": [_player(z, q) for q in range(config.num_players)],
        "crash": {"triggers": crash_triggers(z.crash), "turn": z.crash_turn} if z.crash else None,
        "portfolio": None if viewer is None else _by_type(z.portfolios[viewer]),
    }
    if z.over:  # S-42, S-48: portfolios are revealed at the end
        out["portfolios"] = [_by_type(p) for p in z.portfolios]
        out["final_values"] = _by_type(bust(z.values))
    return out


def _take(pool: list[int], size: int, rng: Rng) -> int:
    """One token uniformly from the count vector ``pool`` of ``size`` tokens."""
    pick = rng.below(size)
    t = 0
    while pick >= pool[t]:
        pick -= pool[t]
        t += 1
    pool[t] -= 1
    return t


def determinize_into(z: Zones, viewer: int, rng: Rng) -> None:
    """Resample what ``viewer`` cannot know, in place: the other portfolios (keeping the
    tokens their swaps showed) and the Greenhouse contents; the generator is reseeded from
    ``rng``. Everything ``observe(viewer)`` shows is unchanged."""
    z.rng = rng.spawn()
    if z.over:
        return  # everything is public (S-48)
    others = [q for q in range(z.config.num_players) if q != viewer]
    pool = z.greenhouse[:]
    for q in others:
        for t in range(NUM_TYPES):
            pool[t] += z.portfolios[q][t] - z.shown[q][t]
    size = sum(pool)
    for q in others:
        portfolio = z.shown[q][:]
        for _ in range(sum(z.portfolios[q]) - sum(portfolio)):
            portfolio[_take(pool, size, rng)] += 1
            size -= 1
        z.portfolios[q] = portfolio
    z.greenhouse = pool
