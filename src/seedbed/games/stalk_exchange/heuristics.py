"""Flower-market knowledge for bots (never used by the rules): what a position is worth to one
player, and the greedy policy built on it.

A player's score is its portfolio priced at the final stalk values, and it wins by beating the
others' portfolios, so the worth of a type to the viewer is its *edge* in it: tokens held minus
what an average opponent holds (estimated from the tokens nobody has seen). The worth of a
position is ``Σ edge[t] · price[t]``, where the price blends today's value, the value after the
Bust (S-41: the top type is halved, so being the top type is a mixed blessing) — more so as the
end comes closer — and the harvests that look near (bloom groups with few empty neighbours).

The policy builds its candidates instead of scanning the menu of up to ~250 actions:

* **Plant**: a space's score is what its planting does next upkeep (groups it closes are
  harvested and raise their types) plus the pressure it puts on neighbouring groups, weighted by
  the viewer's edge in their types; a token's score is the edge in its own type (a bulb of it
  will be harvested one day), counted only where the bulb can bloom (S-33, S-53: a bulb with
  no empty neighbour waits). Both parts add up, so the best plant is the best space with the
  best token, of equally good spaces one where the bulb blooms.
* **Swap**: take a token of a well-priced type for one of a poorly priced type.
* **Seedy Business**: an extra action is taken only when it gains more than a token is worth;
  tokens are worth less as the end nears (unspent ones score nothing). Flush is used when the
  Exchange offers nothing worth a basic action.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from seedbed.engine.api import Action, JsonDict
from seedbed.engine.rng import Rng
from seedbed.games.stalk_exchange.actions import END_ACTIONS, FLUSH, EndActions, Plant, Swap
from seedbed.games.stalk_exchange.config import FLOWER_INDEX, FLOWERS, NUM_TYPES
from seedbed.games.stalk_exchange.hexgrid import HexBoard, hex_board
from seedbed.games.stalk_exchange.scoring import bust

TABLE_SEARCH = "rollout:iterations=4000,reward=lead"
"""The search bot at this game's tables (``seedbed.bots.strength``): 4,000 greedy rollouts a
move, played natively, decide within a second on one core (CPU max 657 ms over 101 decisions
of 4 games); against three copies of the table bot before it (``ismcts:iterations=1500``) it
accepted H1 on two seed ranges (35.9% of 140 games, 31.4% of 300), and it won 46% of 96 games
against three greedy bots (docs/bots.md, issue 33)."""

MEASURED = (
    ("greedy", "random", 4, 200, 0.808, 0.747, 0.856, "tournament",
     "seedbed tournament stalk_exchange --players 4 --bots greedy,random --games 200 --seed 1 "
     "--jobs 2"),
    ("rollout:iterations=4000,reward=lead", "greedy", 4, 96, 0.460, 0.364, 0.559, "tournament",
     "seedbed tournament stalk_exchange --players 4 --bots rollout:iterations=4000,reward=lead,"
     "greedy --games 96 --seed 345000 --jobs 2"),
    ("ismcts:iterations=1500", "greedy", 4, 72, 0.412, 0.306, 0.527,
     "SPRT H0 25% against H1 32%, alpha = beta = 0.05: H1 accepted (LLR 3.18)",
     "seedbed match ismcts:iterations=1500 greedy --game stalk_exchange --players 4 "
     "--p0 0.25 --p1 0.32 --seed 11000 --jobs 2"),
)  # fmt: skip
"""What was measured of bots in this game (``seedbed.bots.strength``, docs/bots.md): bot spec,
opponent, players, games, win share and its 95% interval, how the run ended, its command."""

PRESSURE = 0.35  # worth of taking one empty neighbour from a group, per token of the group
BULB = 0.25  # worth of a planted bulb of a type (its eventual harvest), per unit of edge
TOKEN = 1.2  # worth of an unspent Seedy Business token at the start of the game
SCORE_SCALE = 4.0  # score lead that makes a win e times likelier (evaluate)


class Group:
    """A bloom group (S-30): its type, size and empty neighbours (board indices)."""

    __slots__ = ("liberties", "size", "type")

    def __init__(self, t: int, size: int, liberties: frozenset[int]) -> None:
        self.type = t
        self.size = size
        self.liberties = liberties


class Market:
    """The viewer's reading of the view: board, groups, edges and prices."""

    __slots__ = (
        "board", "cells", "edge", "empty", "end", "groups", "k_left", "mine", "seen", "values",
    )  # fmt: skip

    def __init__(self, view: JsonDict, public: Market | None = None) -> None:
        """The reading of ``view``; its public part (garden, groups, values, the tokens in
        sight) taken from ``public``, another seat's reading of the same position, if given."""
        self.board: HexBoard
        self.cells: list[tuple[int, bool] | None]  # (type, bloom) of each space
        self.empty: list[int]
        self.values: list[int]
        self.k_left: float
        self.end: float  # how much the Bust weighs in the price
        self.groups: list[Group]
        self.seen: list[int]
        if public is None:
            self._read_public(view)
        else:
            self.board, self.cells, self.empty = public.board, public.cells, public.empty
            self.values, self.k_left, self.end = public.values, public.k_left, public.end
            self.groups, self.seen = public.groups, public.seen
        portfolio = view["portfolio"] or {}
        self.mine = [portfolio.get(name, 0) for name in FLOWERS]
        self.edge = self._edge(view)

    def _read_public(self, view: JsonDict) -> None:
        self.board = board = hex_board(view["garden"]["radius"])
        self.cells = [None] * len(board)
        for tok in view["garden"]["tokens"]:
            i = board.index[(tok["space"][0], tok["space"][1])]
            self.cells[i] = (FLOWER_INDEX[tok["flower"]], tok["side"] == "bloom")
        self.empty = [i for i, c in enumerate(self.cells) if c is None]
        self.values = [view["market"]["values"][name] for name in FLOWERS]
        self.k_left = time_left(view)
        self.end = 1.0 - self.k_left
        self.groups = self._groups()
        self.seen = self._public_seen(view)

    def _groups(self) -> list[Group]:
        cells, nbrs = self.cells, self.board.neighbours
        seen: set[int] = set()
        out = []
        for start, c in enumerate(cells):
            if c is None or not c[1] or start in seen:
                continue
            t, stack, size, libs = c[0], [start], 0, set()
            seen.add(start)
            while stack:
                i = stack.pop()
                size += 1
                for j in nbrs[i]:
                    cj = cells[j]
                    if cj is None:
                        libs.add(j)
                    elif cj == (t, True) and j not in seen:
                        seen.add(j)
                        stack.append(j)
            out.append(Group(t, size, frozenset(libs)))
        return out

    def _public_seen(self, view: JsonDict) -> list[int]:
        """Tokens of each type in everyone's sight: garden, Exchange, compost, track."""
        seen = [0] * NUM_TYPES
        for c in self.cells:
            if c is not None:
                seen[c[0]] += 1
        for name in view["exchange"]:
            if name is not None:
                seen[FLOWER_INDEX[name]] += 1
        for t, name in enumerate(FLOWERS):
            seen[t] += view["compost"][name]
        for name in view["market"]["track"]:
            seen[FLOWER_INDEX[name]] += 1
        return seen

    def _edge(self, view: JsonDict) -> list[float]:
        """Tokens held minus an average opponent's estimated holding, per type."""
        viewer = view["viewer"]
        per_type = view["options"].get("tokens_per_type", 25)
        seen = [self.seen[t] + self.mine[t] for t in range(NUM_TYPES)]
        unseen = [max(0, per_type - s) for s in seen]
        total = sum(unseen) or 1
        others = [p for p in view["players"] if p["seat"] != viewer]
        size = sum(p["portfolio_size"] for p in others) / max(1, len(others))
        known = [0.0] * NUM_TYPES
        for p in others:
            for t, name in enumerate(FLOWERS):
                known[t] += p["known_to_hold"][name] / max(1, len(others))
        free = max(0.0, size - sum(known))
        return [self.mine[t] - (known[t] + free * unseen[t] / total) for t in range(NUM_TYPES)]

    # -------------------------------------------------------------- prices

    def prices(self, values: list[int]) -> list[float]:
        """What one token of each type looks worth at the end (module docstring)."""
        busted = bust(values)
        near = [0.0] * NUM_TYPES
        for g in self.groups:
            near[g.type] += g.size * 0.5 / max(1, len(g.liberties))
        w = 0.3 + 0.7 * self.end
        return [(1 - w) * values[t] + w * busted[t] + 0.5 * near[t] for t in range(NUM_TYPES)]

    def worth(self, values: list[int]) -> float:
        p = self.prices(values)
        return sum(self.edge[t] * p[t] for t in range(NUM_TYPES))

    def marginal(self) -> list[float]:
        """Worth of one more point of value for each type."""
        base = self.worth(self.values)
        out = []
        for t in range(NUM_TYPES):
            raised = self.values[:]
            raised[t] += 1
            out.append(self.worth(raised) - base)
        return out


def time_left(view: JsonDict) -> float:
    """Share of the game still to come: the nearer of the two end triggers (S-38)."""
    market = view["market"]
    supply = view["greenhouse"] / max(1.0, 125.0 - 10.0 * view["num_players"])
    crash = market["crash_distance"] / max(1, market["start"])
    return float(max(0.0, min(1.0, supply, crash)))


# ------------------------------------------------------------------ scoring candidates


def space_scores(m: Market, marginal: list[float]) -> dict[int, float]:
    """What planting any token on each empty space does (closing groups, pressing them)."""
    base = m.worth(m.values)
    by_space: dict[int, list[Group]] = {}
    for g in m.groups:
        for s in g.liberties:
            by_space.setdefault(s, []).append(g)
    out = {}
    for s in m.empty:
        groups = by_space.get(s, ())
        closed = [0] * NUM_TYPES
        score = 0.0
        for g in groups:
            if len(g.liberties) == 1:
                closed[g.type] += g.size
            else:
                score += PRESSURE * marginal[g.type] * g.size / (len(g.liberties) - 1)
        if any(closed):
            raised = [m.values[t] + closed[t] for t in range(NUM_TYPES)]
            score += m.worth(raised) - base
        out[s] = score
    return out


def can_bloom(m: Market, space: int) -> bool:
    """Whether a bulb planted on ``space`` can bloom at this turn's upkeep: a neighbouring
    space is empty, or becomes empty when the planting closes a group whose harvest frees it
    (S-33, S-53, S-55). A bulb that cannot bloom is never harvested until a neighbour empties,
    so it does not yet count for its type."""
    neighbours = m.board.neighbours[space]
    if any(m.cells[j] is None for j in neighbours):
        return True
    return any(g.liberties == frozenset((space,)) for g in m.groups)


def _plants(view: JsonDict, m: Market, marginal: list[float]) -> list[tuple[float, Action]]:
    """The best spaces with each token of the Exchange: a token's own worth (its eventual
    harvest) counts in full only where its bulb can bloom at this upkeep (S-33, S-53), so of
    spaces that do as much for the garden a token one wants to rise goes where it blooms
    (issue 38 item 10: a Globemaster was planted in a corner with no empty neighbour, as good
    as any space to the old score)."""
    spaces = space_scores(m, marginal)
    if not spaces:
        return []
    top = max(spaces.values())
    best = [(s, can_bloom(m, s)) for s, v in spaces.items() if v >= top - 1e-9]
    out: list[tuple[float, Action]] = []
    for slot, name in enumerate(view["exchange"]):
        if name is None:
            continue
        bulb = BULB * marginal[FLOWER_INDEX[name]]
        for s, blooms in best:  # a bulb that cannot bloom yet may one day (S-53)
            out.append((top + (bulb if blooms else min(0.0, bulb)), Plant(slot, m.board.spaces[s])))
    return out


def _swaps(view: JsonDict, m: Market) -> list[tuple[float, Action]]:
    price = m.prices(m.values)
    out: list[tuple[float, Action]] = []
    for slot, name in enumerate(view["exchange"]):
        if name is None:
            continue
        take = FLOWER_INDEX[name]
        for give in range(NUM_TYPES):
            if give != take and m.mine[give] > 0:
                out.append((price[take] - price[give], Swap(slot, give)))
    return out


def _pick(scored: list[tuple[float, Action]], rng: Rng) -> tuple[float, Action]:
    top = max(s for s, _ in scored)
    best = [t for t in scored if t[0] >= top - 1e-9]
    return best[rng.below(len(best))] if len(best) > 1 else best[0]


def choose(view: JsonDict, legal: Sequence[Action], rng: Rng) -> Action:
    """The greedy policy: the best-looking action of ``legal`` for ``view["viewer"]``, from its
    observation only (ties broken with ``rng``). Candidates are built, not scanned (module
    docstring); ``legal`` is read only for its length."""
    if len(legal) == 1:
        return legal[0]
    m = Market(view)
    me = view["players"][view["viewer"]]
    seedy = me["seedy_unspent"]
    basic_left = view["basic_taken"] < view["basic_actions"]
    marginal = m.marginal()
    scored = _plants(view, m, marginal) + _swaps(view, m)
    token = TOKEN * m.k_left
    if not basic_left:
        scored = [(s - token, a) for s, a in scored] if seedy else []
        scored.append((0.0, END_ACTIONS))
    elif not scored:
        scored.append((0.0, END_ACTIONS))
    if seedy and basic_left:
        # a renewed Exchange is worth about an average good action; pay only if it beats ours
        best_now = max((s for s, a in scored if not isinstance(a, EndActions)), default=-math.inf)
        scored.append(
            (min(0.5, 0.5 * m.k_left + 0.2) - token if best_now < 0 else -math.inf, FLUSH)
        )
    # Every candidate meets its rule by construction (S-24 … S-27): an occupied slot, an
    # empty space, a held type, a token for extras, End only when allowed.
    return _pick(scored, rng)[1]


# ------------------------------------------------------------------ evaluate


def final_scores(view: JsonDict, m: Market | None = None) -> list[float]:
    """Expected final scores at the prices the greedy policy uses (today's values blended
    with the Bust's as the end nears, plus harvests that look near): the viewer's portfolio,
    and for the others what they are known to hold plus an even share of the tokens nobody
    has seen. ``m``: the view's reading, if already made."""
    m = Market(view) if m is None else m
    values = m.prices(m.values)
    viewer = view["viewer"]
    out: list[float] = []
    avg = [m.mine[t] - m.edge[t] for t in range(NUM_TYPES)]
    for p in view["players"]:
        holding: Any = m.mine if p["seat"] == viewer else avg
        if view.get("portfolios"):
            holding = [view["portfolios"][p["seat"]][n] for n in FLOWERS]
        out.append(sum(holding[t] * values[t] for t in range(NUM_TYPES)))
    return out


def evaluate(view: JsonDict, m: Market | None = None) -> float:
    """How good the position looks for ``view["viewer"]``, in [0, 1]: a soft-max of the
    expected final scores (roughly its chance of winning), from its observation only."""
    scores = final_scores(view, m)
    me = scores[view["viewer"]]
    total = sum(math.exp(max(-50.0, min(50.0, (s - me) / SCORE_SCALE))) for s in scores)
    return 1.0 / total


def evaluate_views(views: Sequence[JsonDict]) -> list[float]:
    """:func:`evaluate` of each seat's own view of one position, the public part of the
    reading (garden, groups, values, tokens in sight) made once for all of them."""
    public = Market(views[0])
    return [evaluate(v, public if i == 0 else Market(v, public)) for i, v in enumerate(views)]


# ------------------------------------------------------------------ hints (issue 17)

_REASONS = {
    "plant": "Planting this token here grows the stalks you hold most of",
    "swap": "This swap moves your portfolio toward the flowers the market favours",
    "flush": "No token on the Exchange is worth taking: a fresh Exchange is",
    "end": "No action left is worth more than keeping things as they are",
}


BEST = "The best-looking move by the greedy heuristic"
"""The reason of a kind without its own (code ``best``)."""


def reason_parts(view: JsonDict, action: Action) -> list[JsonDict]:
    """Why :func:`choose` picked ``action`` (a hint, issue 17) as codes and parameters (issue
    36, written per language by the browser): the action's kind (or ``best``); for a plant,
    ``plant-does`` with the flowers of the groups it closes (harvested at this upkeep, S-32)
    and presses, then ``blooms`` or ``cannot-bloom`` (S-53) (issue 38 item 10)."""
    if isinstance(action, Plant):
        return plant_parts(view, action)
    kind = str(action.to_json()["type"])
    return [{"code": kind if kind in _REASONS else "best", "params": {}}]


def plant_parts(view: JsonDict, plant: Plant) -> list[JsonDict]:
    """What a plant does to the Garden's groups, and whether its bulb can bloom."""
    m = Market(view)
    space = m.board.index[(plant.space[0], plant.space[1])]
    touching = [g for g in m.groups if space in g.liberties]
    closed = _flowers(g for g in touching if len(g.liberties) == 1)
    pressed = _flowers(g for g in touching if len(g.liberties) > 1)
    does: JsonDict = {"code": "plant", "params": {}}
    if closed or pressed:
        does = {"code": "plant-does", "params": {"closes": closed, "presses": pressed}}
    return [does, {"code": "blooms" if can_bloom(m, space) else "cannot-bloom", "params": {}}]


def reason_text(parts: list[JsonDict]) -> str:
    """The English line of :func:`reason_parts` (the hint's ``reason``)."""
    first = parts[0]
    if first["code"] != "plant-does":
        said = _REASONS.get(str(first["code"]), BEST)
    else:
        does = []
        if first["params"]["closes"]:
            listed = _flower_list(first["params"]["closes"])
            does.append(f"closes the {listed} next to it (harvested at this upkeep)")
        if first["params"]["presses"]:
            pressed = _flower_list(first["params"]["presses"])
            does.append(f"takes a free space from the {pressed} next to it")
        said = f"This plant {' and '.join(does)}"
    if len(parts) == 1:
        return f"{said}."
    if parts[1]["code"] == "blooms":
        return f"{said}; the bulb blooms at upkeep."
    return f"{said}; the bulb cannot bloom until a neighbouring space is empty (S-53)."


def reason(view: JsonDict, action: Action) -> str:
    """One line on why :func:`choose` picked ``action``, in English."""
    return reason_text(reason_parts(view, action))


def plant_reason(view: JsonDict, plant: Plant) -> str:
    """What a plant does, in English."""
    return reason_text(plant_parts(view, plant))


def _flowers(groups: Any) -> list[str]:
    """The flower types of ``groups``, once each, by their English names' order."""
    return sorted({FLOWERS[g.type] for g in groups}, key=str.capitalize)


def _flower_list(flowers: list[str]) -> str:
    """ "Tulip group", "Tulip and Dahlia groups": ``flowers`` capitalised, joined."""
    names = [f.capitalize() for f in flowers]
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return f"{listed} group" if len(names) == 1 else f"{listed} groups"
