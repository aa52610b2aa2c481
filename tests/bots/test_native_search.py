"""The ISMCTS tree in Rust (issue 33 item 2): with the same seed and settings it chooses the
same move as the Python tree, with the same root statistics, on recorded positions of every
game; it reads only the seat's information (twin states); ``tree=native|python`` and where the
native tree cannot run; the benchmark prints both trees side by side."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from tests.bots.test_ismcts import GAMES, twin_pairs

import seedbed
from seedbed.bots import BotSpecError, InfoSet, make_bot
from seedbed.bots.ismcts import Heuristics, IsmctsBot, Search, SearchResult, Settings
from seedbed.bots.native_search import native_samples, native_search, why_not
from seedbed.bots.rollout import RolloutBot
from seedbed.engine.api import State
from seedbed.engine.native_state import NATIVE, native_rng
from seedbed.engine.registry import heuristics as registry_heuristics
from seedbed.engine.rng import Rng


def game_heuristics(game: str) -> Heuristics:
    found: Heuristics = registry_heuristics(game)
    return found


pytestmark = pytest.mark.skipif(NATIVE is None, reason="the native engine is not built")

FIXTURE = Path(__file__).parent / "data" / "native_search_positions.json"
"""Recorded positions: (game, seat on the move, the state's ``to_json()``)."""

SPECS = {
    "bohnanza": [
        "ismcts:iterations=60,rollout=random,prior=none",
        "ismcts:iterations=60,rollout=random,prior=greedy",
        "ismcts:iterations=30,rollout=greedy,prior=greedy,anchor=0.5",
        "ismcts:iterations=60,rollout=random,prior=none,max_children=2,widen=2",
        "ismcts:iterations=60",
        "ismcts:iterations=60,rollout=cutoff,depth=5,prior=none",
        "ismcts:iterations=30,rollout=cutoff,depth=8,policy=greedy,anchor=0.5",
    ],
    "stalk_exchange": [
        "ismcts:iterations=60,rollout=random,prior=none",
        "ismcts:iterations=60,rollout=random,prior=none,max_children=4,c=1.5",
        "ismcts:iterations=60,rollout=cutoff,prior=none",
        "ismcts:iterations=60,rollout=cutoff,depth=3,prior=none,max_children=4",
        "ismcts:iterations=60",
        "ismcts:iterations=30,rollout=greedy,prior=greedy,anchor=0.5",
        "ismcts:iterations=30,rollout=cutoff,depth=4,policy=greedy,max_children=4",
    ],
    "fields_of_green": [
        "ismcts:iterations=60,rollout=random,prior=none",
        "ismcts:iterations=60,rollout=random,prior=greedy,max_children=4",
        "ismcts:iterations=30,rollout=greedy,prior=greedy,anchor=0.5",
        "ismcts:iterations=60,max_children=4",
        "ismcts:iterations=60,rollout=cutoff,depth=6,prior=none",
        "ismcts:iterations=30,rollout=cutoff,depth=10,policy=greedy",
    ],
}


def record(per_game: int = 4) -> list[dict[str, Any]]:
    """Positions along seeded random 4-player games, some moves apart (run this module to
    write the fixture again: ``python -m tests.bots.test_native_search``)."""
    out: list[dict[str, Any]] = []
    for game in GAMES:
        state = seedbed.game(game, engine="native").new_state(4, 9)
        rng, found = Rng(1), 0
        while found < per_game and not state.is_terminal():
            for _ in range(5 + rng.below(12)):
                if state.is_terminal():
                    break
                p = state.to_move()[0]
                menu = state.legal_actions(p)
                state.apply(p, menu[rng.below(len(menu))])
            if not state.is_terminal() and len(state.legal_actions(state.to_move()[0])) > 1:
                out.append({"game": game, "player": state.to_move()[0], "state": state.to_json()})
                found += 1
    return out


def positions() -> list[tuple[str, int, State]]:
    games = {g: seedbed.game(g, engine="native") for g in GAMES}
    rows = json.loads(FIXTURE.read_text())
    return [(r["game"], r["player"], games[r["game"]].state_from_json(r["state"])) for r in rows]


def root(result: SearchResult) -> list[tuple[str, int, float]]:
    return [(str(a), c.visits, round(c.total, 9)) for a, c in result.root.edges.items()]


def search(spec: str, tree: str, game: str, state: State, player: int) -> SearchResult:
    """The spec's search with ``Rng(4)``; with ``tree=native``, the tree grown in Rust (not
    the Python fallback)."""
    bot = make_bot(f"{spec},tree={tree}", game)
    assert isinstance(bot, IsmctsBot)
    if tree == "native":
        found = native_search(bot, InfoSet(state, player), Rng(4))
        assert found is not None, spec
        return found
    return bot.search(InfoSet(state, player), Rng(4))


# ------------------------------------------------------------------ parity


def test_the_fixture_holds_several_positions_of_every_game() -> None:
    found = positions()
    for game in GAMES:
        assert sum(g == game for g, _, _ in found) >= 4
    assert any(s.observe(p)["phase"] == "trade" for g, p, s in found if g == "bohnanza")


@pytest.mark.parametrize("game", GAMES)
def test_the_native_tree_chooses_as_the_python_tree(game: str) -> None:
    """Issue 33 item 2: the same move and the same root visits and rewards, exactly."""
    for g, p, state in positions():
        if g != game:
            continue
        for spec in SPECS[game]:
            settings = make_bot(spec, game)
            assert isinstance(settings, IsmctsBot) and why_not(settings.settings, game) is None
            native = search(spec, "native", game, state, p)
            python = search(spec, "python", game, state, p)
            assert native.action == python.action, (spec, state.key())
            assert root(native) == root(python), (spec, state.key())
            assert native.iterations == python.iterations


@pytest.mark.parametrize("spec", [SPECS["bohnanza"][0], SPECS["bohnanza"][-1]])
def test_the_generator_advances_as_the_python_tree_advances_it(spec: str) -> None:
    _, p, state = positions()[0]
    rngs = [Rng(11), Rng(11)]
    for tree, rng in zip(("native", "python"), rngs, strict=True):
        bot = make_bot(f"{spec},tree={tree}", "bohnanza")
        assert isinstance(bot, IsmctsBot)
        bot.search(InfoSet(state, p), rng)
    assert rngs[0].state == rngs[1].state


EVALUATED = {
    "bohnanza": [
        (2, {}),
        (4, {}),
        (5, {"treasury_visibility": "open"}),
        (3, {"edition": "classic"}),
    ],
    "stalk_exchange": [(2, {}), (4, {}), (5, {})],
    "fields_of_green": [(2, {}), (3, {}), (4, {})],
}
"""Player counts and options whose positions the native evaluation is checked on."""


@pytest.mark.parametrize("game", GAMES)
def test_the_native_greedy_policy_is_the_heuristics_policy(game: str) -> None:
    """Issue 33 item 2: the greedy policy the native tree plays (priors, greedy rollouts and
    cut-off policies) chooses as ``heuristics.choose`` and draws the same numbers, at every
    decision of seeded games played half greedily, half at random (Stalk Exchange's policy
    was Python's only before)."""
    heur = game_heuristics(game)
    checked = 0
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        state = seedbed.game(game, engine="native").new_state(players, seed)
        rng = Rng(seed)
        while not state.is_terminal() and checked < 150 * players:
            p = state.to_move()[0]
            menu = state.legal_actions(p)
            python_rng, native_rng_ = Rng(checked), Rng(checked)
            expected = heur.choose(state.observe(p), menu, python_rng)
            with native_rng(native_rng_) as generator:
                found = NATIVE.search_greedy(state.zones, p, generator)
            assert found is not None and json.loads(found) == expected.to_json(), state.key()
            assert native_rng_.state == python_rng.state
            checked += 1
            state.apply(p, expected if rng.below(2) else menu[rng.below(len(menu))])
    assert checked > 100


@pytest.mark.parametrize("game", GAMES)
def test_the_native_evaluation_is_the_heuristics_evaluation(game: str) -> None:
    """Issue 33 item 2: a cut-off rollout's leaf is scored in Rust exactly (float for float)
    as the Python search scores it with the game's ``heuristics`` (every seat's ``evaluate``
    of its own observation, or ``evaluate_all`` / ``evaluate_views``), at positions along
    seeded random games of several player counts and options, to their ends."""
    heur = game_heuristics(game)
    checked = 0
    for players, options in EVALUATED[game]:
        state = seedbed.game(game, engine="native").new_state(players, 5, options or None)
        rng = Rng(players)
        while True:
            me = state.to_move()[0] if state.to_move() else 0
            reference = Search(Settings(), me, players, Rng(1), heur).evaluate(state)
            assert NATIVE.search_evaluate(state.zones, me) == reference, state.key()
            checked += 1
            if state.is_terminal():
                break
            for _ in range(1 + rng.below(3)):
                if state.is_terminal():
                    break
                p = state.to_move()[0]
                menu = state.legal_actions(p)
                state.apply(p, menu[rng.below(len(menu))])
    assert checked > 100


@pytest.mark.parametrize("game", GAMES)
def test_the_native_rollout_samples_score_as_the_python_ones(game: str) -> None:
    """Issue 33 item 2: the rollout bot's samples in Rust give every candidate the same
    rewards, sample for sample, so the same move; the generator ends alike."""
    for g, p, state in positions():
        if g != game:
            continue
        for spec in ("rollout:iterations=24,reward=lead", "rollout:iterations=12,top=3"):
            found = []
            for tree in ("native", "python"):
                bot = make_bot(f"{spec},tree={tree}", game)
                assert isinstance(bot, RolloutBot)
                rng = Rng(5)
                result = bot.search(InfoSet(state, p), rng)
                arms = [
                    (str(a.action), a.plays, round(a.total, 9), a.by_sample) for a in result.arms
                ]
                found.append((result.action, arms, result.rollouts, rng.state))
            assert found[0] == found[1], (spec, state.key())


def test_native_rollout_samples_run_only_where_they_can() -> None:
    _, p, state = positions()[0]
    bot = make_bot("rollout:iterations=4", "bohnanza")
    assert isinstance(bot, RolloutBot)
    assert native_samples(bot, InfoSet(state, p), Rng(1), list(state.legal_actions(p))[:2], 2)
    for spec, game in (
        ("rollout:tree=python", "bohnanza"),
        ("rollout:depth=3", "bohnanza"),
        ("rollout:depth=3", "stalk_exchange"),
    ):
        other = make_bot(spec, game)
        assert isinstance(other, RolloutBot)
        s = seedbed.game(game, engine="native").new_state(3, 1)
        q = s.to_move()[0]
        assert native_samples(other, InfoSet(s, q), Rng(1), [s.legal_actions(q)[0]], 1) is None


# ------------------------------------------------------------------ only the seat's information


@pytest.mark.parametrize("game", GAMES)
def test_native_twins_differing_in_hidden_information_get_the_same_search(game: str) -> None:
    """Issue 33 item 2: two positions that differ only in what the seat cannot see (another
    seat's hand, the deck's order, the rng) give the native search the same tree."""
    native = seedbed.game(game, engine="native")
    spec = SPECS[game][-1]
    for s, t, p in twin_pairs(game):
        a_state, b_state = (native.state_from_json(x.to_json()) for x in (s, t))
        assert a_state.key() != b_state.key()
        found = []
        for state in (a_state, b_state):
            bot = make_bot(spec, game)
            assert isinstance(bot, IsmctsBot)
            result = native_search(bot, InfoSet(state, p), Rng(7))
            assert result is not None  # the tree grew in Rust
            found.append((result.action, root(result)))
        assert found[0] == found[1]


# ------------------------------------------------------------------ which tree runs


def test_tree_is_a_spec_option_defaulting_to_native() -> None:
    bot = make_bot("ismcts", "bohnanza")
    assert isinstance(bot, IsmctsBot) and bot.settings.tree == "native"
    with pytest.raises(BotSpecError, match="tree must be one of native, python"):
        make_bot("ismcts:tree=gpu", "bohnanza")


def test_where_the_native_tree_cannot_run_the_python_tree_does() -> None:
    assert why_not(Settings(rollout="random", prior="none"), "stalk_exchange") is None
    assert why_not(Settings(), "bohnanza") is None  # the default spec: cutoff, greedy prior
    assert why_not(Settings(prior="none"), "stalk_exchange") is None
    assert why_not(Settings(prior="none", policy="greedy", depth=2), "stalk_exchange") is None
    assert why_not(Settings(), "stalk_exchange") is None  # its table bot's spec
    assert why_not(Settings(rollout="random", prior="none", bulky=False), "bohnanza")
    assert why_not(Settings(rollout="random", prior="none", tree="python"), "bohnanza")
    state = seedbed.game("stalk_exchange", engine="python").new_state(3, 1)
    bot = make_bot("ismcts:iterations=5,rollout=random,prior=none", "stalk_exchange")
    assert isinstance(bot, IsmctsBot)
    assert native_search(bot, InfoSet(state, 0), Rng(1)) is None  # a Python state
    assert state.is_legal(0, bot.act(InfoSet(state, 0), Rng(1)))


def test_a_card_set_the_heuristics_do_not_price_keeps_cutoff_in_python() -> None:
    """Issue 33 item 2: Fields of Green's evaluation prices the shipped card set; with other
    cards the native tree declines a cut-off search (the generator untouched) and the Python
    tree runs it."""
    from tests.games.fields_of_green.fixture_cards import FIXTURE

    game = seedbed.game("fields_of_green", engine="native")
    state = game.new_state(3, 1, {"cards": FIXTURE})
    p = state.to_move()[0]
    assert NATIVE.search_evaluate(state.zones, p) is None
    bot = make_bot("ismcts:iterations=5,rollout=cutoff,prior=none", "fields_of_green")
    assert isinstance(bot, IsmctsBot)
    rng = Rng(3)
    assert native_search(bot, InfoSet(state, p), rng) is None
    assert rng.state == Rng(3).state
    assert state.is_legal(p, bot.act(InfoSet(state, p), rng))


def test_a_table_deadline_caps_the_native_iterations() -> None:
    state = seedbed.game("stalk_exchange", engine="native").new_state(3, 1)
    bot = make_bot("ismcts:iterations=100000,rollout=random,prior=none", "stalk_exchange")
    assert isinstance(bot, IsmctsBot)
    info = InfoSet(state, 0, deadline=time.perf_counter())
    result = native_search(bot, info, Rng(1))
    assert result is not None and result.iterations < 100000
    assert state.is_legal(0, result.action)


def test_the_benchmark_prints_both_trees_and_their_ratio() -> None:
    from seedbed.cli.arena import bench_ismcts

    spec = "ismcts:iterations=20,rollout=random,prior=none"
    text = bench_ismcts("stalk_exchange", 3, spec, 0.05, 0)  # the default engine: native
    lines = text.splitlines()
    assert lines[1].startswith("  tree=python ") and lines[2].startswith("  tree=native ")
    assert "native/python:" in lines[3] and lines[3].endswith("x")


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(record(), separators=(",", ":")) + "\n")
