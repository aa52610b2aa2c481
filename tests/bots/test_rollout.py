"""Rollout search (issue 16, part 2): legal moves in every game, the heuristic's move among the
candidates and kept within the margin, sequential halving's budget, common random numbers,
seeding, no reading of hidden state (twin states), specs, and native greedy rollouts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from tests.bots.test_ismcts import GAMES, SampledFrom, positions, trading_position, twin_pairs

import seedbed
from seedbed.bots import BotSpecError, InfoSet, make_bot
from seedbed.bots.rollout import Arm, RolloutBot, make_rollout, pick, survivors
from seedbed.engine.api import Action, JsonDict, State
from seedbed.engine.menu import kind_of
from seedbed.engine.registry import heuristics as game_heuristics
from seedbed.engine.rng import Rng


class Last:
    """Heuristics stand-in: the menu's last action, a value of 0.5 everywhere."""

    def choose(self, view: JsonDict, legal: Sequence[Action], rng: Rng) -> Action:
        return legal[len(legal) - 1]

    def evaluate(self, view: JsonDict) -> float:
        return 0.5


def cheap(game: str, **params: Any) -> RolloutBot:
    """A small fast bot: the stand-in's moves, cut off at once (every reward 0.5)."""
    return make_rollout(game, heuristics=Last(), **{"iterations": 12, "depth": 2, **params})


def figures(bot: RolloutBot) -> list[tuple[str, int, float]]:
    assert bot.last is not None
    return [(str(a.action), a.plays, round(a.total, 9)) for a in bot.last.arms]


@pytest.mark.parametrize("game", GAMES)
def test_legal_actions_in_every_game(game: str) -> None:
    for n in (2, 4):
        for state in positions(game, n, seed=3 + n, count=3, gap=11):
            p = state.to_move()[0]
            action = make_bot("rollout:iterations=6,depth=3", game).act(InfoSet(state, p), Rng(1))
            assert state.is_legal(p, action)


@pytest.mark.parametrize("game", GAMES)
def test_the_heuristics_move_is_the_first_candidate(game: str) -> None:
    heur = game_heuristics(game)
    for state in positions(game, 3, seed=8, count=4, gap=9):
        p = state.to_move()[0]
        info = InfoSet(state, p)
        bot = make_rollout(game, iterations=4, depth=1)
        got = bot.candidates(info, Rng(5))
        assert got[0] == heur.choose(state.observe(p), state.legal_actions(p), Rng(5))
        assert len(got) == len(set(got)) <= 4
        assert all(state.is_legal(p, a) for a in got)


def test_fields_of_green_ranks_candidates_by_the_heuristics_score() -> None:
    heur = game_heuristics("fields_of_green")
    for state in positions("fields_of_green", 4, seed=2, count=8, gap=7):
        p = state.to_move()[0]
        view, menu = state.observe(p), state.legal_actions(p)
        top = heur.ranked(view, menu, 3)
        scores = [heur.score(view, a) for a in top]
        assert scores == sorted(scores, reverse=True)
        assert scores[0] == max(heur.score(view, a) for a in menu)


def test_sequential_halving_spends_the_budget_and_halves() -> None:
    state = positions("fields_of_green", 4, seed=4, count=6, gap=9)[-1]
    p = state.to_move()[0]
    bot = cheap("fields_of_green", iterations=40, top=4)
    result = bot.search(InfoSet(state, p), Rng(1))
    arms = len(result.arms)
    if arms == 4:
        assert result.rounds == [4, 2]
        assert 36 <= result.rollouts <= 44
    assert result.rollouts == sum(a.plays for a in result.arms)


def arm(action: str, *rewards: float) -> Arm:
    out = Arm(action)  # type: ignore[arg-type]
    for k, r in enumerate(rewards):
        out.add(k, r)
    return out


def test_survivors_keep_the_better_half_and_the_heuristics_move() -> None:
    arms = [arm("a", 0.0), arm("b", 3.0), arm("c", 2.0), arm("d", 1.0)]
    assert survivors(arms, [0, 1, 2, 3]) == [0, 1, 2]
    assert survivors(arms, [0, 1]) == [0, 1]


def test_another_move_must_beat_the_heuristics_by_margin_and_z_standard_errors() -> None:
    greedy = arm("greedy", 0, 1, 0, 1, 0, 1)
    steady = arm("steady", 0.5, 1.5, 0.5, 1.5, 0.5, 1.5)  # +0.5 in every sample
    lucky = arm("lucky", 3, 0, 0, 1, 0, 1)  # +1/3 on average, from one sample
    assert pick([greedy, steady], 0.0, 2.0) == "steady"
    assert pick([greedy, steady], 0.5, 2.0) == "greedy"  # not more than the margin
    assert pick([greedy, lucky], 0.0, 2.0) == "greedy"  # 1/3 is 0.6 standard errors
    assert pick([greedy, lucky], 0.0, 0.5) == "lucky"
    assert pick([arm("greedy", 1.0, 1.0), arm("other", 1.0, 1.0)], 0.0, 0.0) == "greedy"
    assert pick([greedy, arm("unshared")], 0.0, 0.0) == "greedy"


class Counting(InfoSet):
    """An InfoSet counting its determinizations."""

    samples = 0

    def sample(self, rng: Rng) -> State:
        self.samples += 1
        return super().sample(rng)


class FirstDraw(Last):
    """The stand-in, valuing a leaf by the rollout generator's next draw (recorded)."""

    def __init__(self) -> None:
        self.draws: list[int] = []

    def choose(self, view: JsonDict, legal: Sequence[Action], rng: Rng) -> Action:
        self.draws.append(rng.clone().next64())
        return legal[len(legal) - 1]


def test_common_random_numbers_one_deal_and_one_generator_per_sample() -> None:
    """Every candidate in play is tried in the same determinization with the same rollout
    generator: 30 rollouts over 3 candidates in 2 rounds are 5 + 7 samples."""
    state = positions("stalk_exchange", 3, seed=6, count=2, gap=5)[-1]
    p = state.to_move()[0]
    heur = FirstDraw()
    bot = make_rollout("stalk_exchange", heuristics=heur, iterations=30, top=3, depth=1)
    info = Counting(state, p)
    result = bot.search(info, Rng(2))
    assert len(result.arms) == 3 and result.rounds == [3, 2]
    assert info.samples == 5 + 7 and result.rollouts == 3 * 5 + 2 * 7
    first = heur.draws[1:4]  # after the root's choice: the first sample's three rollouts
    assert len(set(first)) == 1 and heur.draws[4] != first[0]


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_action(game: str) -> None:
    state = positions(game, 3, seed=12, count=2, gap=8)[-1]
    p = state.to_move()[0]
    bots = [cheap(game), cheap(game)]
    a = bots[0].search(InfoSet(state, p), Rng(9)).action
    b = bots[1].search(InfoSet(state, p), Rng(9)).action
    assert a == b and figures(bots[0]) == figures(bots[1])


@pytest.mark.parametrize("game", GAMES)
def test_the_true_state_is_read_only_through_determinize(game: str) -> None:
    for s, t, p in twin_pairs(game):
        bots = [cheap(game), cheap(game)]
        a = bots[0].search(SampledFrom(s, p, t), Rng(7)).action
        b = bots[1].search(InfoSet(t, p), Rng(7)).action
        assert a == b and figures(bots[0]) == figures(bots[1])


def test_spec_parameters_and_errors() -> None:
    bot = make_bot("rollout:iterations=50,top=3,depth=-1,reward=lead,margin=0.5,z=1", "bohnanza")
    assert isinstance(bot, RolloutBot)
    s = bot.settings
    assert (s.iterations, s.top, s.depth, s.reward, s.margin, s.z) == (50, 3, -1, "lead", 0.5, 1)
    for bad in ("rollout:reward=wins", "rollout:top=0", "rollout:depth=-2", "rollout:z=-1"):
        with pytest.raises(BotSpecError):
            make_bot(bad, "bohnanza")


def native_position(game: str, seed: int, moves: int) -> State:
    """A native state ``moves`` random moves into a 4-player game (the native samples)."""
    state, rng = seedbed.game(game, engine="native").new_state(4, seed), Rng(seed)
    for _ in range(moves):
        p = state.to_move()[0]
        menu = state.legal_actions(p)
        state.apply(p, menu[rng.below(len(menu))])
    return state


def two_engines(game: str, seed: int) -> list[State]:
    """A Python position (the Python samples) and a native one (the native samples)."""
    return [positions(game, 4, seed=seed, count=2, gap=13)[-1], native_position(game, seed, 23)]


@pytest.mark.parametrize("game", ["bohnanza", "fields_of_green", "stalk_exchange"])
@pytest.mark.parametrize("engine", [0, 1], ids=["python", "native"])
def test_a_tiny_deadline_still_gives_a_legal_move_by_its_rules(game: str, engine: int) -> None:
    """Issue 33 item 3: at a deadline the rollout bot stops sampling (natively too) and
    still chooses by its rules: a legal candidate, the heuristic's unless another beat it."""
    import time

    state = two_engines(game, 5)[engine]
    p = state.to_move()[0]
    bot = make_rollout(game, iterations=1_000_000, reward="lead")
    info = InfoSet(state, p, deadline=time.perf_counter() + 0.01)
    result = bot.search(info, Rng(2))
    assert state.is_legal(p, result.action)
    assert result.rollouts < 1_000_000
    assert result.action == pick(result.arms, 0.0, 2.0)
    assert result.action in [arm.action for arm in result.arms]


@pytest.mark.parametrize("game", ["bohnanza", "fields_of_green"])
def test_a_seconds_budget_plays_every_round_of_halving(game: str) -> None:
    """Issue 33 item 3: ``seconds=S`` spends the time (not a count) over the rounds of
    sequential halving, each round its share, in small batches of native samples."""
    state = native_position(game, 6, 23)
    p = state.to_move()[0]
    bot = make_bot("rollout:seconds=0.2,reward=lead", game)
    assert isinstance(bot, RolloutBot) and bot.settings.seconds == 0.2
    result = bot.search(InfoSet(state, p), Rng(3))
    assert state.is_legal(p, result.action)
    k = len(result.arms)
    if k > 1:
        assert len(result.rounds) == max(1, (k - 1).bit_length())
        assert all(arm.plays > 0 for arm in result.arms)
    with pytest.raises(BotSpecError, match="iterations or seconds, not both"):
        make_bot("rollout:seconds=1,iterations=5", game)


def test_one_legal_move_needs_no_search() -> None:
    game = seedbed.game("fields_of_green")
    state, rng = game.new_state(3, 1), Rng(1)
    bot = make_rollout("fields_of_green", iterations=5)
    for _ in range(200):
        p = state.to_move()[0]
        menu = state.legal_actions(p)
        if len(menu) == 1:
            assert bot.act(InfoSet(state, p), rng) == menu[0] and bot.last is None
            return
        state.apply(p, menu[rng.below(len(menu))])
    pytest.fail("no forced move in 200 random moves")


def test_lead_reward_is_the_score_over_the_best_other_seat() -> None:
    state = positions("stalk_exchange", 3, seed=3, count=3, gap=10)[-1]
    p = state.to_move()[0]
    bot = make_rollout("stalk_exchange", iterations=6, top=2, reward="lead")
    result = bot.search(InfoSet(state, p), Rng(4))
    for arm in result.arms:
        assert arm.plays == 0 or float(arm.total).is_integer()  # sums of score differences


def test_bulky_false_never_proposes_an_offer() -> None:
    state, p = trading_position(3, seed=8)
    for seed in range(3):
        bot = make_rollout("bohnanza", iterations=24, top=6, bulky=False)
        action = bot.act(InfoSet(state, p), Rng(seed))
        assert kind_of(action) != "offer" and state.is_legal(p, action)
        assert bot.last is not None and len(bot.last.arms) > 1
        assert all(kind_of(a.action) != "offer" for a in bot.last.arms)


def test_doctest_examples() -> None:
    import doctest

    from seedbed.bots import rollout

    result = doctest.testmod(rollout)
    assert result.attempted > 0 and result.failed == 0
