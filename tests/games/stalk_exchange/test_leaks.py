"""The differential leak test of DESIGN §4 for Stalk Exchange (S-45 … S-48).

From states reached by random play we build twins that differ only in what a viewer p cannot
know, and require byte-identical ``observe(p)`` (and spectator view) and identical redacted
events for the same actions, step after step. Tokens of one type are interchangeable, so a
hidden zone is a count vector and a twin moves tokens between hidden zones (conservation,
S-18, holds) without touching anything public:

(a) ``portfolio_twin``: tokens exchanged between the portfolios of two other players q and r
    (three or more players). Sizes stay, and so do the tokens their swaps showed (``shown``,
    public as ``known_to_hold``); the Greenhouse and the generator are untouched, so every
    draw is the same and the twins are compared for the whole rest of the game.
(b) ``bag_twin``: tokens exchanged between another player's portfolio and the Greenhouse;
    ``rng_twin``: another generator state. Both change what the next draw brings, which is
    then public, so these are compared at every action up to the next draw (a Flush or an
    upkeep), every menu action being tried at the point of divergence.

We also scan every observation and event of whole random games for anything hidden, and check
``determinize``: observe(p) unchanged, other portfolios at least ``known_to_hold``,
conservation, reproducible from the rng, varying across rngs, and the same on twins (ISMCTS
sees the world only through it, so it must not depend on what p cannot know).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from seedbed.engine.api import Action, Event
from seedbed.engine.rng import Rng
from seedbed.games.stalk_exchange import StalkExchangeState
from seedbed.games.stalk_exchange import game as game_module
from seedbed.games.stalk_exchange.actions import EndActions, Flush
from seedbed.games.stalk_exchange.config import FLOWERS, NUM_TYPES
from seedbed.games.stalk_exchange.observe import observe as engine_observe

from .invariants import GAME, check_invariants, random_states

PLAYER_COUNTS = [2, 3, 4, 5]


def dump(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True)


def played_states(
    n: int, seed: int, every: int, options: dict[str, Any] | None = None
) -> Iterator[StalkExchangeState]:
    """Clones of the states along one random game: the start, then every ``every`` steps."""
    yield GAME.new_state(n, seed, options)  # type: ignore[misc]
    for step, (s, _, _, _) in enumerate(random_states(n, seed, options), start=1):
        if step % every == 0 and not s.over:
            yield s.clone()


def free(s: StalkExchangeState, q: int) -> list[int]:
    """q's tokens by type beyond what q's swaps showed (what nobody else knows)."""
    return [k - shown for k, shown in zip(s.portfolios[q], s.shown[q], strict=True)]


def pick_type(counts: list[int], rng: Rng, unlike: int = -1) -> int:
    """A type with a positive count other than ``unlike`` (weighted by count), or -1."""
    weights = [k if t != unlike else 0 for t, k in enumerate(counts)]
    if sum(weights) == 0:
        return -1
    pick = rng.below(sum(weights))
    t = 0
    while pick >= weights[t]:
        pick -= weights[t]
        t += 1
    return t


# ------------------------------------------------------------------ the twins


def portfolio_twin(
    s: StalkExchangeState, p: int, rng: Rng
) -> tuple[StalkExchangeState, tuple[int, int]] | None:
    """(a): up to four tokens exchanged between two other portfolios, none of them shown."""
    others = [q for q in range(s.num_players) if q != p]
    if len(others) < 2:
        return None
    i = rng.below(len(others))
    q, r = others[i], others[(i + 1 + rng.below(len(others) - 1)) % len(others)]
    t = s.clone()
    for _ in range(1 + rng.below(4)):
        a = pick_type(free(t, q), rng)
        b = pick_type(free(t, r), rng, unlike=a)
        if a < 0 or b < 0:
            break
        t.portfolios[q][a] -= 1
        t.portfolios[q][b] += 1
        t.portfolios[r][b] -= 1
        t.portfolios[r][a] += 1
    return (t, (q, r)) if t.key() != s.key() else None


def bag_twin(
    s: StalkExchangeState, p: int, rng: Rng
) -> tuple[StalkExchangeState, tuple[int, int]] | None:
    """(b): up to four unshown tokens of another player exchanged with Greenhouse tokens."""
    others = [q for q in range(s.num_players) if q != p]
    q = others[rng.below(len(others))]
    t = s.clone()
    for _ in range(1 + rng.below(4)):
        a = pick_type(free(t, q), rng)
        b = pick_type(t.greenhouse, rng, unlike=a)
        if a < 0 or b < 0:
            break
        t.portfolios[q][a] -= 1
        t.portfolios[q][b] += 1
        t.greenhouse[b] -= 1
        t.greenhouse[a] += 1
    return (t, (q, q)) if t.key() != s.key() else None


def rng_twin(s: StalkExchangeState, rng: Rng) -> StalkExchangeState:
    """(b): another generator state."""
    t = s.clone()
    t.rng = Rng(rng.next64())
    return t


# ------------------------------------------------------------------ comparing


def same_view(s: StalkExchangeState, t: StalkExchangeState, p: int, what: str) -> None:
    check_invariants(t)
    for v in (p, None):
        assert dump(s.observe(v)) == dump(t.observe(v)), f"{what}: observe({v}) differs"


def same_events(a: list[Event], b: list[Event], p: int, what: str) -> None:
    for v in (p, None):
        mine = dump([e.for_viewer(v) for e in a])
        twin = dump([e.for_viewer(v) for e in b])
        assert mine == twin, f"{what}: events for {v} differ"


def draws(action: Action) -> bool:
    return isinstance(action, Flush | EndActions)


def compare_long(
    s: StalkExchangeState, t: StalkExchangeState, p: int, hidden: tuple[int, int], rng: Rng
) -> int:
    """Play the same random actions on both twins to the end; returns the steps compared.
    Only the players whose portfolios differ (``hidden``) may find an action legal in one
    twin and not the other (a swap giving a type they hold in one only); they then pick
    another action legal in both."""
    s, t = s.clone(), t.clone()
    steps = 0
    while not s.is_terminal():
        what = f"portfolios of {hidden}, turn {s.turns}"
        same_view(s, t, p, what)
        actor = s.active
        menu = s.legal_actions(actor)
        if actor not in hidden:
            assert len(t.legal_actions(actor)) == len(menu), f"{what}: menus differ"
        for _ in range(20):
            action = menu[rng.below(len(menu))]
            legal = t.is_legal(actor, action)
            if actor not in hidden:
                assert legal, f"{what}: {action} by {actor} refused in the twin"
            if legal:
                break
        else:
            return steps
        same_events(s.apply(actor, action), t.apply(actor, action), p, f"{what}, {action}")
        steps += 1
    return steps


def compare_short(
    s: StalkExchangeState,
    t: StalkExchangeState,
    p: int,
    rng: Rng,
    what: str,
    hidden: tuple[int, ...] = (),
) -> int:
    """Compare every menu action at this point, then play on with actions that draw nothing
    up to the next draw; returns the number of actions compared. Only a player whose
    portfolio differs (``hidden``) may find an action legal in one twin only."""
    s, t = s.clone(), t.clone()
    compared = 0
    while not s.is_terminal():
        same_view(s, t, p, what)
        actor = s.active
        menu = s.legal_actions(actor)
        if actor not in hidden:
            assert len(t.legal_actions(actor)) == len(menu), f"{what}: menus differ"
        sample = list(menu) if compared == 0 else [menu[rng.below(len(menu))] for _ in range(4)]
        for action in sample:
            legal = t.is_legal(actor, action)
            if not legal:  # a swap giving a type, or an EndActions, of the hidden player
                assert actor in hidden, f"{what}: {action} by {actor} refused in the twin"
                continue
            if draws(action):
                continue
            s2, t2 = s.clone(), t.clone()
            same_events(s2.apply(actor, action), t2.apply(actor, action), p, f"{what} {action}")
            same_view(s2, t2, p, f"{what} after {action}")
            compared += 1
        action = menu[rng.below(len(menu))]
        if draws(action) or not t.is_legal(actor, action):
            return compared
        same_events(s.apply(actor, action), t.apply(actor, action), p, f"{what} {action}")
    return compared


@pytest.mark.parametrize("num_players", PLAYER_COUNTS)
def test_other_portfolios_do_not_leak(num_players: int) -> None:
    rng = Rng(num_players * 101)
    twins = steps = 0
    for seed in range(3):
        for s in played_states(num_players, seed, every=7):
            p = rng.below(num_players)
            found = portfolio_twin(s, p, rng)
            if found is not None:
                t, hidden = found
                steps += compare_long(s, t, p, hidden, rng)
                twins += 1
            found = bag_twin(s, p, rng)
            if found is not None:
                t, (q, _) = found
                steps += compare_short(s, t, p, rng, f"bag and portfolio of {q}", (q,))
                twins += 1
    assert twins > 25
    assert steps > (1000 if num_players > 2 else 100)


@pytest.mark.parametrize("num_players", PLAYER_COUNTS)
def test_greenhouse_and_generator_do_not_leak(num_players: int) -> None:
    rng = Rng(num_players * 103)
    compared = 0
    for seed in range(2):
        for s in played_states(num_players, seed, every=9):
            p = rng.below(num_players)
            compared += compare_short(s, rng_twin(s, rng), p, rng, "generator state")
    assert compared > 300


def leaky_observe(part: str) -> Any:
    """``observe`` with one hidden detail added: the next player's portfolio, or the parity
    of the generator state."""

    def observe(z: StalkExchangeState, viewer: int | None) -> dict[str, Any]:
        out = engine_observe(z, viewer)
        if part == "portfolio":
            out["leak"] = z.portfolios[((viewer or 0) + 1) % z.num_players][:]
        else:
            out["leak"] = z.rng.state % 2
        return out

    return observe


@pytest.mark.parametrize("part", ["portfolio", "generator"])
def test_the_twins_catch_a_leak(monkeypatch: pytest.MonkeyPatch, part: str) -> None:
    """The comparisons must be able to fail: an observation showing the next player's
    portfolio, or something of the generator, is caught."""
    monkeypatch.setattr(game_module, "observe", leaky_observe(part))
    rng = Rng(3)
    with pytest.raises(AssertionError, match="differs"):
        for s in played_states(4, 0, every=5):
            p = rng.below(4)
            if part == "generator":
                compare_short(s, rng_twin(s, rng), p, rng, "generator state")
                continue
            found = portfolio_twin(s, p, rng)
            if found is not None:
                compare_long(s, found[0], p, found[1], rng)


# ------------------------------------------------------------------ scans


def count_vectors(obj: Any, path: str = "") -> Iterator[tuple[str, list[int]]]:
    """Every count vector in a JSON value: a dict over the five flower names, or a list of
    five ints; with its path (list indices written as ``*``)."""
    if isinstance(obj, dict):
        if set(obj) == set(FLOWERS):
            yield path, [obj[name] for name in FLOWERS]
        for k, v in obj.items():
            yield from count_vectors(v, f"{path}.{k}")
    elif isinstance(obj, list):
        if len(obj) == NUM_TYPES and all(type(x) is int for x in obj):
            yield path, list(obj)
        for v in obj:
            yield from count_vectors(v, f"{path}.*")


def all_scalars(obj: Any) -> Iterator[Any]:
    if isinstance(obj, dict):
        yield from obj.keys()
        for v in obj.values():
            yield from all_scalars(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from all_scalars(v)
    else:
        yield obj


VIEW_KEYS = {
    "game", "viewer", "num_players", "options", "over", "active", "basic_taken",
    "basic_actions", "turn", "round", "garden", "exchange", "market", "greenhouse", "compost",
    "players", "crash", "portfolio",
}  # fmt: skip
PLAYER_KEYS = {"seat", "portfolio_size", "seedy_unspent", "seedy_spent", "known_to_hold"}


def check_view(s: StalkExchangeState, v: int | None) -> None:
    """S-45 … S-47: exactly the public zones, v's own portfolio, nothing else."""
    obs = s.observe(v)
    assert set(obs) == VIEW_KEYS | ({"portfolios", "final_values"} if s.over else set())
    assert all(set(info) == PLAYER_KEYS for info in obs["players"])
    public = {".compost": s.compost, ".market.values": s.values}
    if v is not None:
        public[".portfolio"] = s.portfolios[v]
    seen_known = 0
    for path, vector in count_vectors(obs):
        if path == ".players.*.known_to_hold":
            assert vector == s.shown[seen_known], f"known_to_hold of {seen_known}"
            seen_known += 1
        elif s.over and path in (".portfolios.*", ".final_values"):
            continue  # S-42, S-48: revealed at the end
        else:
            assert path in public, f"observe({v}) holds a count vector at {path}"
            assert vector == public[path], f"observe({v}) {path} is not the public zone"
    rng_state = s.rng.state
    assert all(x != rng_state and str(rng_state) not in str(x) for x in all_scalars(obs)), (
        f"observe({v}) contains the generator state"
    )
    if not s.over:
        text = json.dumps(obs, separators=(",", ":"))
        for q in range(s.num_players):
            if q != v and s.portfolios[q] != s.shown[q]:
                assert json.dumps(s.portfolios[q], separators=(",", ":")) not in text


def check_events(s: StalkExchangeState, events: list[Event]) -> None:
    """Every Stalk Exchange event is public (S-45, S-48: every action with its arguments)
    and names no count vector but a harvest's tokens and the market's new values."""
    for e in events:
        public = e.for_viewer(None)
        assert e.private is None and not e.private_to, f"{e.kind} has a private part"
        assert all(e.for_viewer(v) == public for v in range(s.num_players))
        for path, vector in count_vectors(public):
            if e.kind == "market" and path == ".values":
                assert vector == s.values
            elif e.kind == "harvest" and path == ".flowers":
                harvested = [0] * NUM_TYPES
                for group in public["groups"]:
                    harvested[FLOWERS.index(group["flower"])] += len(group["spaces"])
                assert vector == harvested
            else:
                raise AssertionError(f"a {e.kind} event holds a count vector at {path}")
        rng_state = s.rng.state
        assert all(x != rng_state for x in all_scalars(public)), "an event holds the generator"


@pytest.mark.parametrize("num_players", PLAYER_COUNTS)
def test_whole_games_show_nothing_hidden(num_players: int) -> None:
    for seed in range(4):
        start = GAME.new_state(num_players, seed)
        assert isinstance(start, StalkExchangeState)
        for v in [None, *range(num_players)]:
            check_view(start, v)
        for s, _, _, events in random_states(num_players, seed):
            check_events(s, events)
            for v in [None, *range(num_players)]:
                check_view(s, v)


@pytest.mark.parametrize("num_players", [2, 4])
def test_known_to_hold_is_what_the_public_swaps_show(num_players: int) -> None:
    """S-48: ``known_to_hold`` is deduced from public events alone (taking a type shows one
    token of it, giving one uses up a shown token first), so it leaks nothing; and the
    player does hold it."""
    swaps = 0
    for seed in range(6):
        known = [[0] * NUM_TYPES for _ in range(num_players)]
        for s, _, _, events in random_states(num_players, seed):
            for e in events:
                if e.kind == "swap":
                    q, took, gave = e.public["player"], e.public["took"], e.public["gave"]
                    row = known[q]
                    row[FLOWERS.index(gave)] = max(row[FLOWERS.index(gave)] - 1, 0)
                    row[FLOWERS.index(took)] += 1
                    swaps += 1
            view = s.observe(None)["players"]
            for q in range(num_players):
                assert [view[q]["known_to_hold"][name] for name in FLOWERS] == known[q]
                assert all(k <= held for k, held in zip(known[q], s.portfolios[q], strict=True))
    assert swaps > 20


# ------------------------------------------------------------------ determinize


def hidden_part(d: StalkExchangeState, p: int) -> str:
    return dump([d.greenhouse, [d.portfolios[q] for q in range(d.num_players) if q != p]])


@pytest.mark.parametrize("num_players", PLAYER_COUNTS)
def test_determinize_keeps_what_p_knows_and_resamples_the_rest(num_players: int) -> None:
    rng = Rng(num_players)
    varied = 0
    for seed in range(2):
        for s in played_states(num_players, seed, every=11):
            key = s.key()
            p = rng.below(num_players)
            view = dump(s.observe(p))
            variants, rngs = set(), set()
            for k in range(12):
                d = s.determinize(p, Rng(k))
                assert s.key() == key, "determinize changed the original"
                assert dump(d.observe(p)) == view, "determinize changed what p observes"
                assert d.portfolios[p] == s.portfolios[p]
                check_invariants(d)  # conservation, sizes, other portfolios >= known_to_hold
                assert d.key() == s.determinize(p, Rng(k)).key(), "not reproducible"
                variants.add(hidden_part(d, p))
                rngs.add(d.rng.state)
            assert s.rng.state not in rngs, "determinize kept the state's own generator"
            assert len(rngs) == 12
            if sum(free(s, q)[t] for q in range(num_players) if q != p for t in range(5)) > 1:
                varied += len(variants) > 1
    assert varied > 10


@pytest.mark.parametrize("num_players", PLAYER_COUNTS)
def test_determinize_is_the_same_on_twins(num_players: int) -> None:
    """Determinize must not depend on what p cannot know: on twins it gives the same state."""
    rng = Rng(num_players + 50)
    compared = 0
    for seed in range(2):
        for s in played_states(num_players, seed, every=5):
            p = rng.below(num_players)
            twins = [rng_twin(s, rng)]
            for make in (portfolio_twin, bag_twin):
                found = make(s, p, rng)
                if found is not None:
                    twins.append(found[0])
            for t in twins:
                for k in range(3):
                    assert s.determinize(p, Rng(k)).key() == t.determinize(p, Rng(k)).key()
                    compared += 1
    assert compared > 100


def test_determinized_worlds_play_on_and_cover_every_hidden_type() -> None:
    s = GAME.new_state(4, 9)
    assert isinstance(s, StalkExchangeState)
    for _ in range(12):
        menu = s.legal_actions(s.active)
        s.apply(s.active, menu[len(menu) // 2])
    seen: list[set[int]] = [set(), set(), set()]
    for k in range(40):
        d = s.determinize(0, Rng(k))
        for i, q in enumerate((1, 2, 3)):
            seen[i].update(t for t in range(5) if d.portfolios[q][t] > d.shown[q][t])
        r = Rng(k)
        while not d.is_terminal():
            menu = d.legal_actions(d.active)
            d.apply(d.active, menu[r.below(len(menu))])
            check_invariants(d)
    pool = [s.greenhouse[t] + sum(free(s, q)[t] for q in (1, 2, 3)) for t in range(5)]
    assert all(seen_q == {t for t in range(5) if pool[t]} for seen_q in seen)


def test_determinize_after_the_end_changes_only_the_generator() -> None:
    *_, (s, _, _, _) = random_states(3, 4)
    assert s.over
    d = s.determinize(1, Rng(7))
    assert d.portfolios == s.portfolios and d.greenhouse == s.greenhouse
    assert d.rng.state != s.rng.state
    assert dump(d.observe(None)) == dump(s.observe(None))
