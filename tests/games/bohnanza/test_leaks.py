"""The differential leak test of DESIGN §4 for Bohnanza (B-68 … B-72).

From states reached by random play we build a twin that differs only in what a viewer p cannot
know, and require byte-identical ``observe(p)`` and identical redacted events for the same
actions. The twins:

(a) another player's hand: cards not named by that player's outstanding offers are permuted
    and some are swapped with deck cards below the top ``REACH`` (conservation holds);
(b) the deck order below the top ``REACH`` cards (no single action draws that many);
(c) another player's treasury: its cards swapped with deep deck cards and reordered.

We also scan every observation and redacted event for card ids the viewer cannot see.

The twins are built on the Python engine's zones; on the native engine (issue 14) both twins
are loaded into native states (``state_from_json``) and compared through the State API only.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

import seedbed
from both_engines import engines, game_on
from seedbed.engine.api import Action, PlayerId, State
from seedbed.engine.rng import Rng
from seedbed.games.bohnanza import BohnanzaState
from seedbed.games.bohnanza.actions import (
    Accept,
    BuyField,
    DiscardFromHand,
    Offer,
    PlantFromHand,
)
from seedbed.games.bohnanza.state import OPEN

GAME = seedbed.game("bohnanza", engine="python")  # the twins are made by editing its zones
ENGINES = engines("bohnanza")
REACH = 8  # more cards than one action can draw: 4 (phase 4) + 2 (the next reveal), duel 2 + 3
CONFIGS = [
    ("standard", 2),
    ("standard", 3),
    ("standard", 4),
    ("standard", 6),
    ("standard", 7),
    ("classic", 3),
    ("classic", 5),
]
ACTIONS_PER_ACTOR = 6


def dump(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True)


def on_engine(s: BohnanzaState, engine: str) -> State:
    """The same position on ``engine``."""
    if engine == "python":
        return s
    return game_on("bohnanza", engine).state_from_json(s.to_json())  # type: ignore[attr-defined]


def zones(state: State) -> BohnanzaState:
    """The Python zones of a state of either engine (to read its hidden parts)."""
    if isinstance(state, BohnanzaState):
        return state
    return state.python_state()  # type: ignore[attr-defined, no-any-return]


def played_states(
    edition: str, n: int, seed: int, every: int, options: dict[str, Any] | None = None
) -> Iterator[BohnanzaState]:
    """States along one random game (a clone every ``every`` steps)."""
    state = GAME.new_state(n, seed, {"edition": edition, **(options or {})})
    assert isinstance(state, BohnanzaState)
    rng = Rng(seed + 12345)
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            yield state.clone()
        movers = state.to_move()
        p = movers[rng.below(len(movers))] if rng.below(4) == 0 else movers[0]
        menu = state.legal_actions(p)
        state.apply(p, menu[rng.below(len(menu))])
        step += 1
    yield state


def named_by_offers(s: BohnanzaState, q: PlayerId) -> set[int]:
    """Cards of q's hand that q's outstanding offers show (by variety) to everyone."""
    named: set[int] = set()
    for i, rec in enumerate(s.offers):
        if rec.proposer == q and s.offer_status[i] == OPEN:
            named.update(rec.give_hand)
    return named


def deep_deck(s: BohnanzaState) -> int:
    """How many deck cards lie below the top REACH (the list's end is the top)."""
    return max(0, len(s.deck) - REACH)


# ------------------------------------------------------------------ the twins


def hand_twin(
    s: BohnanzaState, p: PlayerId, rng: Rng, swap: bool
) -> tuple[BohnanzaState, PlayerId] | None:
    others = [q for q in range(s.num_players) if q != p and s.hands[q]]
    if not others:
        return None
    q = others[rng.below(len(others))]
    t = s.clone()
    named = named_by_offers(s, q)
    free = [i for i, c in enumerate(t.hands[q]) if c not in named]
    cards = [t.hands[q][i] for i in free]
    if swap:
        for j in range(len(cards)):
            depth = deep_deck(t)
            if depth and rng.below(2):
                k = rng.below(depth)
                cards[j], t.deck[k] = t.deck[k], cards[j]
    rng.shuffle(cards)
    for i, c in zip(free, cards, strict=True):
        t.hands[q][i] = c
    t.refresh()
    return (t, q) if t.key() != s.key() else None


def deck_twin(s: BohnanzaState, rng: Rng) -> BohnanzaState | None:
    depth = deep_deck(s)
    if depth < 2:
        return None
    t = s.clone()
    bottom = t.deck[:depth]
    rng.shuffle(bottom)
    t.deck[:depth] = bottom
    t.refresh()
    return t if t.key() != s.key() else None


def treasury_twin(s: BohnanzaState, p: PlayerId, rng: Rng) -> tuple[BohnanzaState, PlayerId] | None:
    others = [q for q in range(s.num_players) if q != p and s.treasury[q]]
    if not others or not deep_deck(s):
        return None
    r = others[rng.below(len(others))]
    t = s.clone()
    coins = t.treasury[r]
    for j in range(len(coins)):
        if rng.below(2):
            k = rng.below(deep_deck(t))
            coins[j], t.deck[k] = t.deck[k], coins[j]
    rng.shuffle(coins)
    t.refresh()
    return (t, r) if t.key() != s.key() else None


# ------------------------------------------------------------------ comparing


def actions_of(s: State, q: PlayerId, rng: Rng) -> list[Action]:
    menu = s.legal_actions(q)
    if len(menu) <= ACTIONS_PER_ACTOR:
        return list(menu)
    return [menu[rng.below(len(menu))] for _ in range(ACTIONS_PER_ACTOR)]


def touches_hand(a: Action) -> bool:
    """Actions whose effect depends on which card sits at a hand position."""
    if isinstance(a, PlantFromHand | DiscardFromHand):
        return True
    if isinstance(a, Offer):
        return bool(a.give_hand)
    return isinstance(a, Accept) and bool(a.positions)


def same_for_viewer(s: State, t: State, p: PlayerId, actor: PlayerId, a: Action, what: str) -> None:
    """Apply ``a`` by ``actor`` to clones of both and compare what p receives."""
    s2, t2 = s.clone(), t.clone()
    legal = s2.is_legal(actor, a)
    assert t2.is_legal(actor, a) == legal, f"{what}: legality of {a} by {actor} differs"
    if not legal:
        return
    ev_s = [e.for_viewer(p) for e in s2.apply(actor, a)]
    ev_t = [e.for_viewer(p) for e in t2.apply(actor, a)]
    assert dump(ev_s) == dump(ev_t), f"{what}: events of {a} by {actor} differ for {p}"
    assert dump(s2.observe(p)) == dump(t2.observe(p)), (
        f"{what}: after {a} by {actor}, observe({p}) differs"
    )


def compare(
    s: State,
    t: State,
    p: PlayerId,
    rng: Rng,
    what: str,
    skip: Any = None,
) -> None:
    """Identical observations now, and after each sampled action by p or by a mover whose
    action cannot reveal the difference (``skip(actor, action)`` says which cannot)."""
    assert dump(s.observe(p)) == dump(t.observe(p)), f"{what}: observe({p}) differs"
    assert dump(s.observe(None)) == dump(t.observe(None)), f"{what}: observe(None) differs"
    for actor in s.to_move():
        for a in actions_of(s, actor, rng):
            if actor != p and skip is not None and skip(actor, a):
                continue
            same_for_viewer(s, t, p, actor, a, what)


def leak_check(s: BohnanzaState, rng: Rng, engine: str = "python") -> int:
    """All three twins for one viewer chosen at random, compared on ``engine``; how many
    twins were compared."""
    compared = 0
    p = rng.below(s.num_players)
    found = hand_twin(s, p, rng, swap=True)
    if found is not None:
        t, q = found
        compare(
            on_engine(s, engine),
            on_engine(t, engine),
            p,
            rng,
            f"hand of {q}",
            lambda actor, a: actor == q and touches_hand(a),
        )
        compared += 1
    d = deck_twin(s, rng)
    if d is not None:
        compare(on_engine(s, engine), on_engine(d, engine), p, rng, "deck order")
        compared += 1
    found = treasury_twin(s, p, rng)
    if found is not None:
        t, r = found
        compare(
            on_engine(s, engine),
            on_engine(t, engine),
            p,
            rng,
            f"treasury of {r}",
            lambda actor, a: actor == r and isinstance(a, BuyField),
        )
        compared += 1
    return compared


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("edition", "num_players"), CONFIGS)
def test_differential_leaks(edition: str, num_players: int, engine: str) -> None:
    rng = Rng(num_players * 31 + len(edition))
    compared = 0
    for seed in range(2):
        for s in played_states(edition, num_players, seed, every=29):
            compared += leak_check(s, rng, engine)
    assert compared > 30


@pytest.mark.parametrize("engine", ENGINES)
def test_differential_leaks_open_treasury_all_positions(engine: str) -> None:
    rng = Rng(99)
    options = {"treasury_visibility": "open", "offer_menu": {"positions": "all"}}
    compared = 0
    for s in played_states("standard", 4, 7, every=29, options=options):
        compared += leak_check(s, rng, engine)
    assert compared > 30


# ------------------------------------------------------------------ hand positions


def position_twin(s: BohnanzaState, q: PlayerId, rng: Rng) -> tuple[BohnanzaState, list[int]]:
    """q's hand permuted (cards named by q's open offers keep their places); returns the
    twin and the map old position -> new position."""
    t = s.clone()
    named = named_by_offers(s, q)
    free = [i for i, c in enumerate(s.hands[q]) if c not in named]
    moved = free[:]
    rng.shuffle(moved)
    where = list(range(len(s.hands[q])))
    for old, new in zip(free, moved, strict=True):
        t.hands[q][new] = s.hands[q][old]
        where[old] = new
    t.refresh()
    return t, where


def remap(a: Action, where: list[int]) -> Action:
    if isinstance(a, Offer):
        return Offer.make(
            a.to, a.give_faceup, [where[i] for i in a.give_hand], a.want, a.want_faceup
        )
    if isinstance(a, Accept):
        return Accept(a.offer_id, tuple(sorted(where[i] for i in a.positions)))
    return a


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("edition", "num_players"), [("standard", 4), ("classic", 3)])
def test_hand_positions_stay_private(edition: str, num_players: int, engine: str) -> None:
    """B-69: the hand positions used in offers and acceptances are private. The same cards
    offered or handed over from other positions must look the same to everyone else."""
    rng = Rng(5)
    checked = 0
    for seed in range(2):
        for s in played_states(edition, num_players, seed, every=7):
            if s.phase != 2:  # trading
                continue
            for q in s.to_move():
                t, where = position_twin(s, q, rng)
                for a in actions_of(s, q, rng):
                    if not (isinstance(a, Offer | Accept)) or not touches_hand(a):
                        continue
                    b = remap(a, where)
                    s2, t2 = on_engine(s.clone(), engine), on_engine(t.clone(), engine)
                    ev_s, ev_t = s2.apply(q, a), t2.apply(q, b)
                    for p in [None, *range(num_players)]:
                        if p == q:
                            continue
                        mine = dump([e.for_viewer(p) for e in ev_s])
                        twin = dump([e.for_viewer(p) for e in ev_t])
                        assert mine == twin, f"{a} by {q}: player {p} learns hand positions"
                        assert dump(s2.observe(p)) == dump(t2.observe(p)), (
                            f"{a} by {q}: observe({p}) shows hand positions"
                        )
                    checked += 1
    assert checked > 20


# ------------------------------------------------------------------ id scans


def ids_in(obj: Any) -> set[int]:
    """Every card id in a JSON value: cards appear as objects with an ``id`` field."""
    found: set[int] = set()
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            if isinstance(x.get("id"), int) and "variety" in x:
                found.add(x["id"])
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    return found


def hidden_from(s: BohnanzaState, viewer: PlayerId | None) -> set[int]:
    hidden = set(s.deck) | set(s.box)
    for q in range(s.num_players):
        if q != viewer:
            hidden.update(s.hands[q])
            hidden.update(s.treasury[q])
    return hidden


Hidden = dict[PlayerId | None, set[int]]


def scan_game(
    edition: str, num_players: int, seed: int, engine: str = "python"
) -> Iterator[tuple[State, Any, Hidden]]:
    """Every state of one random game on ``engine``, with the events of the action that led
    to it and the cards each viewer could not see before that action."""
    rng = Rng(77 + seed)
    state = game_on("bohnanza", engine).new_state(num_players, seed, {"edition": edition})
    events: list[Any] = []
    before: Hidden = {}
    while True:
        yield state, events, before
        if state.is_terminal():
            return
        before = {v: hidden_from(zones(state), v) for v in [None, *range(num_players)]}
        movers = state.to_move()
        p = movers[rng.below(len(movers))]
        menu = state.legal_actions(p)
        events = state.apply(p, menu[rng.below(len(menu))])


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("edition", "num_players"), CONFIGS)
def test_observations_name_no_hidden_card(edition: str, num_players: int, engine: str) -> None:
    """B-9/B-70: observe(v) names no card in another hand, the deck, another treasury or
    the box."""
    for seed in range(2):
        for state, _, _ in scan_game(edition, num_players, seed, engine):
            z = zones(state)
            for v in [None, *range(num_players)]:
                leaked = ids_in(state.observe(v)) & hidden_from(z, v)
                assert not leaked, (
                    f"seed {seed} turn {z.turn} phase {z.phase}: "
                    f"observe({v}) names hidden cards {sorted(leaked)}"
                )


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("edition", "num_players"), CONFIGS)
def test_events_name_no_hidden_card(edition: str, num_players: int, engine: str) -> None:
    """Redacted events name no card that the viewer could see neither before nor after the
    action (a card drawn into another hand, one moved between hidden zones)."""
    for seed in range(2):
        for state, events, before in scan_game(edition, num_players, seed, engine):
            z = zones(state)
            for v in [None, *range(num_players)]:
                hidden = hidden_from(z, v) & before.get(v, set())
                seen = ids_in([e.for_viewer(v) for e in events]) & hidden
                assert not seen, f"seed {seed}: events for {v} name hidden cards {sorted(seen)}"


@pytest.mark.parametrize(("edition", "num_players"), [("standard", 2), ("standard", 5)])
def test_spectators_see_no_hand_or_treasury(edition: str, num_players: int) -> None:
    for state, events, before in scan_game(edition, num_players, 0):
        spectator = state.observe(None)
        assert "hand" not in spectator and "treasury" not in spectator
        assert all("hand" not in info for info in spectator["players"])
        hands = {c for h in zones(state).hands for c in h} & before.get(None, set())
        assert not ids_in([e.for_viewer(None) for e in events]) & hands


def test_own_hand_is_shown_in_order() -> None:
    """The viewer does see their own hand, in order, and their own treasury (B-69)."""
    state = GAME.new_state(4, 3)
    assert isinstance(state, BohnanzaState)
    for p in range(4):
        obs = state.observe(p)
        assert [c["id"] for c in obs["hand"]] == state.hands[p]
        assert obs["treasury"] == []
