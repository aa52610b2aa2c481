"""ISMCTS (issue 5): legal moves in every game, budgets, seeding, no reading of hidden state
(twin states), spec errors, pluggable rollouts, bounded branching, bulky=false, strength."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

import pytest

import seedbed
from seedbed.bots import BotSpecError, InfoSet, make_bot, parse_spec
from seedbed.bots.ismcts import (
    IsmctsBot,
    Node,
    Search,
    Settings,
    iterations_per_second,
    kind_of,
    make_ismcts,
    outcome_rewards,
    runs,
    without_kinds,
)
from seedbed.engine.api import Action, JsonDict, Outcome, State
from seedbed.engine.registry import heuristics as game_heuristics
from seedbed.engine.rng import Rng
from seedbed.games.bohnanza import BohnanzaState
from seedbed.games.bohnanza.state import OPEN, TRADE
from seedbed.games.fields_of_green import FieldsOfGreenState
from seedbed.games.stalk_exchange import StalkExchangeState

GAMES = ["bohnanza", "stalk_exchange", "fields_of_green"]


class StandIn:
    """Heuristics stand-in: a first-action policy and a value hashed from the view (a pure
    function of the observation), counting calls."""

    def __init__(self) -> None:
        self.chosen = 0
        self.evaluated = 0

    def choose(self, view: JsonDict, legal: Sequence[Action], rng: Rng) -> Action:
        self.chosen += 1
        return legal[len(legal) - 1]

    def evaluate(self, view: JsonDict) -> float:
        self.evaluated += 1
        return (hash(json.dumps(view, sort_keys=True)) % 1000) / 1000


def advance(state: State, steps: int, rng: Rng) -> State:
    """``steps`` uniformly random moves of the sequential driver (fewer if the game ends)."""
    for _ in range(steps):
        movers = state.to_move()
        if not movers:
            break
        menu = state.legal_actions(movers[0])
        state.apply(movers[0], menu[rng.below(len(menu))])
    return state


def positions(game: str, n: int, seed: int, count: int, gap: int) -> list[State]:
    """Clones of states ``gap`` random moves apart along one seeded random game (Python
    states: the twins below edit their zones)."""
    state, rng = seedbed.game(game, engine="python").new_state(n, seed), Rng(seed)
    out: list[State] = []
    while len(out) < count and not state.is_terminal():
        advance(state, gap, rng)
        if not state.is_terminal():
            out.append(state.clone())
    return out


def cheap(game: str, heur: StandIn | None = None, **params: Any) -> IsmctsBot:
    """A small fast bot: cutoff rollouts with the stand-in (random moves, then evaluate)."""
    return make_ismcts(
        game,
        heuristics=heur or StandIn(),
        rollout="cutoff",
        depth=4,
        **{"iterations": 25, **params},
    )


def stats(bot: IsmctsBot) -> list[tuple[str, int, float]]:
    assert bot.last is not None
    return [(str(a), c.visits, round(c.total, 9)) for a, c in bot.last.root.edges.items()]


# ------------------------------------------------------------------ legality


@pytest.mark.parametrize("game", GAMES)
def test_legal_actions_in_every_game_and_player_count(game: str) -> None:
    g = seedbed.game(game)
    rng = Rng(1)
    for n in g.player_counts():
        bot = make_ismcts(game, iterations=6) if game == "stalk_exchange" else cheap(game)
        for state in positions(game, n, seed=n, count=3, gap=23):
            for p in {state.to_move()[0], state.to_move()[-1]}:  # also a later mover
                action = bot.act(InfoSet(state, p), rng)
                assert state.is_legal(p, action), (game, n, p, action)


def test_random_rollouts_play_to_the_end_in_every_game() -> None:
    for game in GAMES:
        state = positions(game, 3, seed=4, count=1, gap=40)[0]
        bot = make_ismcts(game, iterations=3)
        p = state.to_move()[0]
        result = bot.search(InfoSet(state, p), Rng(2))
        assert result.iterations == 3 and state.is_legal(p, result.action)


# ------------------------------------------------------------------ budgets and seeding


def test_iterations_are_counted_exactly() -> None:
    state = seedbed.game("stalk_exchange").new_state(3, seed=2)
    bot = make_ismcts("stalk_exchange", iterations=37)
    result = bot.search(InfoSet(state, 0), Rng(0))
    assert result.iterations == 37
    assert result.root.visits == 37
    assert sum(c.visits for c in result.root.edges.values()) == 37


def test_seconds_budget_is_roughly_kept() -> None:
    state = seedbed.game("stalk_exchange").new_state(4, seed=2)
    bot = make_bot("ismcts:seconds=0.25", "stalk_exchange")
    assert isinstance(bot, IsmctsBot) and bot.settings.iterations is None
    start = time.perf_counter()
    bot.act(InfoSet(state, 0), Rng(0))
    elapsed = time.perf_counter() - start
    assert 0.25 <= elapsed < 1.0
    assert bot.last is not None and bot.last.iterations > 5


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_action(game: str) -> None:
    state = positions(game, 4, seed=3, count=1, gap=31)[0]
    p = state.to_move()[0]
    bots = [cheap(game), cheap(game)]
    results = [b.search(InfoSet(state.clone(), p), Rng(99)) for b in bots]
    assert results[0].action == results[1].action
    assert stats(bots[0]) == stats(bots[1])
    other = cheap(game)
    other.search(InfoSet(state.clone(), p), Rng(100))
    assert stats(other) != stats(bots[0])


# ------------------------------------------------------------------ the information boundary


def other_rng(t: Any, rng: Rng) -> None:
    t.rng = Rng(rng.next64())  # the state's own generator is hidden too


def bohnanza_twin(s: State, p: int, rng: Rng) -> State | None:
    """Another player's hand reordered, the deck below its top 8 reshuffled, another rng."""
    assert isinstance(s, BohnanzaState)
    t = s.clone()
    if s.phase == TRADE or any(st == OPEN for st in s.offer_status):
        return None
    for q in range(s.num_players):
        if q != p:
            rng.shuffle(t.hands[q])
    bottom = t.deck[: max(0, len(t.deck) - 8)]
    rng.shuffle(bottom)
    t.deck[: len(bottom)] = bottom
    other_rng(t, rng)
    t.refresh()
    return t


def stalk_twin(s: State, p: int, rng: Rng) -> State | None:
    """An unshown token of another player exchanged with a Greenhouse token, another rng."""
    assert isinstance(s, StalkExchangeState)
    t = s.clone()
    q = (p + 1) % s.num_players
    free = [k - shown for k, shown in zip(t.portfolios[q], t.shown[q], strict=True)]
    a = next((i for i, k in enumerate(free) if k > 0), -1)
    b = next((i for i, k in enumerate(t.greenhouse) if k > 0 and i != a), -1)
    if a >= 0 and b >= 0:
        t.portfolios[q][a] -= 1
        t.portfolios[q][b] += 1
        t.greenhouse[b] -= 1
        t.greenhouse[a] += 1
    other_rng(t, rng)
    return t


def fields_twin(s: State, p: int, rng: Rng) -> State | None:
    """The piles (and the 2-player shared pile) reshuffled, another rng."""
    assert isinstance(s, FieldsOfGreenState)
    t = s.clone()
    for pile in [*t.piles, t.shared]:
        rng.shuffle(pile)
    other_rng(t, rng)
    return t


TWINS = {"bohnanza": bohnanza_twin, "stalk_exchange": stalk_twin, "fields_of_green": fields_twin}


def twin_pairs(game: str) -> list[tuple[State, State, int]]:
    rng = Rng(5)
    out: list[tuple[State, State, int]] = []
    for n in (2, 4):
        for s in positions(game, n, seed=10 + n, count=6, gap=13):
            p = s.to_move()[0]
            t = TWINS[game](s, p, rng)
            if t is not None and t.key() != s.key():
                assert json.dumps(s.observe(p)) == json.dumps(t.observe(p))
                out.append((s, t, p))
    assert len(out) >= 4
    return out


class SampledFrom(InfoSet):
    """The InfoSet of ``state`` whose determinizations come from another state (a twin)."""

    def __init__(self, state: State, player: int, twin: State) -> None:
        super().__init__(state, player)
        self.twin = twin

    def sample(self, rng: Rng) -> State:
        return self.twin.determinize(self.player, rng)


@pytest.mark.parametrize("game", GAMES)
def test_the_true_state_is_read_only_through_determinize(game: str) -> None:
    """Searching s with t's determinizations is searching t: nothing else of the true state
    (hidden parts) reaches the search."""
    for s, t, p in twin_pairs(game):
        bots = [cheap(game, iterations=15), cheap(game, iterations=15)]
        a = bots[0].search(SampledFrom(s, p, t), Rng(7)).action
        b = bots[1].search(InfoSet(t, p), Rng(7)).action
        assert a == b and stats(bots[0]) == stats(bots[1])


@pytest.mark.parametrize("game", ["stalk_exchange", "bohnanza", "fields_of_green"])
def test_twins_differing_in_hidden_information_get_the_same_search(game: str) -> None:
    for s, t, p in twin_pairs(game):
        bots = [cheap(game, iterations=15), cheap(game, iterations=15)]
        a = bots[0].search(InfoSet(s, p), Rng(7)).action
        b = bots[1].search(InfoSet(t, p), Rng(7)).action
        assert a == b and stats(bots[0]) == stats(bots[1])


# ------------------------------------------------------------------ specs


def test_spec_defaults_and_round_trip() -> None:
    bot = make_bot("ismcts", "stalk_exchange")
    assert isinstance(bot, IsmctsBot)
    s = bot.settings
    got = (s.iterations, s.seconds, s.c, s.rollout, s.depth, s.prior, s.bulky)
    assert got == (1000, None, 0.7, "cutoff", 0, "greedy", True)
    spec = "ismcts:iterations=50,c=1.2,rollout=cutoff,depth=3,bulky=false"
    assert str(parse_spec(spec)) == spec


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("ismcts:iterations=10,seconds=1", "not both"),
        ("ismcts:rollout=smart", "rollout must be one of"),
        ("ismcts:policy=cutoff", "policy must be one of"),
        ("ismcts:prior=best", "prior must be one of"),
        ("ismcts:c=-0.5", "at least 0"),
        ("ismcts:iterations=0", "at least 1"),
        ("ismcts:iterations=lots", "must be int"),
        ("ismcts:temperature=1", "no parameter"),
    ],
)
def test_spec_errors(spec: str, words: str) -> None:
    with pytest.raises(BotSpecError, match=words):
        parse_spec(spec)


def test_settings_refuse_what_specs_refuse() -> None:
    with pytest.raises(BotSpecError, match="not both"):
        Settings(iterations=5, seconds=1.0)
    with pytest.raises(BotSpecError, match="c must be"):
        Settings(c=-1.0)


# ------------------------------------------------------------------ rollouts and rewards


def test_outcome_rewards_win_share_and_rank() -> None:
    r = outcome_rewards(Outcome((9, 9, 3, 1), (1, 1, 3, 4), (0, 1)), 4)
    assert r == pytest.approx([0.375 + 0.25, 0.375 + 0.25, 0.25 / 3, 0.0])
    assert outcome_rewards(Outcome((5, 2), (1, 2), (0,)), 2) == [1.0, 0.0]


def test_greedy_and_cutoff_rollouts_use_the_heuristics() -> None:
    state = positions("stalk_exchange", 3, seed=6, count=1, gap=10)[0]
    info = InfoSet(state, state.to_move()[0])
    greedy = StandIn()
    bot = make_ismcts("stalk_exchange", greedy, iterations=4, rollout="greedy", prior="none")
    bot.search(info, Rng(1))
    assert greedy.chosen > 4 * 10 and greedy.evaluated == 0
    cut = StandIn()
    bot = make_ismcts("stalk_exchange", cut, iterations=5, rollout="cutoff", depth=0, prior="none")
    bot.search(info, Rng(1))
    assert cut.chosen == 0 and cut.evaluated == 5 * 3  # each player's view, every iteration
    both = StandIn()
    bot = make_ismcts(
        "stalk_exchange",
        both,
        iterations=5,
        rollout="cutoff",
        depth=2,
        policy="greedy",
        prior="none",
    )
    bot.search(info, Rng(1))
    assert both.chosen == 5 * 2 and both.evaluated == 5 * 3


class AllAtOnce(StandIn):
    """A stand-in that also scores every seat from one observation (``evaluate_all``)."""

    def __init__(self) -> None:
        super().__init__()
        self.evaluated_all = 0

    def evaluate_all(self, view: JsonDict) -> list[float]:
        self.evaluated_all += 1
        return [0.5] * len(view["players"])


def test_cutoff_scores_a_leaf_with_evaluate_all_once_when_the_game_has_it() -> None:
    """One observation and one call per leaf instead of one per player (Fields of Green's
    evaluation reads public facts only)."""
    state = positions("stalk_exchange", 3, seed=6, count=1, gap=10)[0]
    info = InfoSet(state, state.to_move()[0])
    heur = AllAtOnce()
    bot = make_ismcts("stalk_exchange", heur, iterations=5, rollout="cutoff", prior="none")
    bot.search(info, Rng(1))
    assert heur.evaluated == 0 and heur.evaluated_all == 5


@pytest.mark.parametrize("n", [2, 3, 4])
def test_fields_of_green_evaluate_all_is_every_seats_own_evaluation(n: int) -> None:
    """The Fields of Green evaluation reads public facts only: any seat's observation gives
    each seat the value its own observation gives it."""
    heur = game_heuristics("fields_of_green")
    for state in positions("fields_of_green", n, seed=n, count=6, gap=25):
        own = [heur.evaluate(state.observe(q)) for q in range(n)]
        for viewer in range(n):
            assert heur.evaluate_all(state.observe(viewer)) == pytest.approx(own)


def test_fields_of_green_prices_each_farm_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A search's leaves mostly keep the root's farms: known_final_vp prices each seat's
    public facts once and answers as final_vp does."""
    heur = game_heuristics("fields_of_green")
    state = positions("fields_of_green", 3, seed=5, count=1, gap=40)[0]
    view = state.observe(0)
    expected = [heur.final_vp(p, view["year"], view["phase"]) for p in view["players"]]
    calls: list[int] = []
    real = heur.final_vp

    def counted(*args: Any) -> float:
        calls.append(1)
        return float(real(*args))

    monkeypatch.setattr(heur, "final_vp", counted)
    monkeypatch.setattr(heur, "_FINAL_VP", {})
    first = heur.evaluate_all(view)
    assert heur.evaluate_all(state.observe(1)) == first and len(calls) == 3
    found = [heur.known_final_vp(p, view["year"], view["phase"]) for p in view["players"]]
    assert found == expected


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_stalk_exchange_evaluate_views_is_each_seats_own_evaluation(n: int) -> None:
    """evaluate_views shares the garden's reading between the seats' views and changes
    nothing: each seat gets exactly what evaluate gives its own view."""
    heur = game_heuristics("stalk_exchange")
    for state in positions("stalk_exchange", n, seed=n, count=8, gap=6):
        views = [state.observe(q) for q in range(n)]
        assert heur.evaluate_views(views) == [heur.evaluate(v) for v in views]


def test_anchor_keeps_the_heuristics_move_unless_another_does_better() -> None:
    """anchor > 0 adds anchor/(1 + visits) to the heuristic's move in UCB (a progressive
    bias): where search finds no move better, the heuristic's move keeps the visits and is
    played. In Fields of Green the search's moves lost 62 greedy points over 100 decisions
    without it, 22 with anchor=1 (docs/bots.md)."""
    states = positions("stalk_exchange", 4, seed=8, count=6, gap=5)
    chosen = {0.0: 0, 10.0: 0}  # leaves worth noise in [0, 1): an anchor of 10 outweighs it
    for state in states:
        me = state.to_move()[0]
        greedy_move = StandIn().choose({}, state.legal_actions(me), Rng(0))
        for anchor in chosen:
            bot = make_ismcts("stalk_exchange", StandIn(), iterations=60, rollout="cutoff",
                              anchor=anchor)  # fmt: skip
            chosen[anchor] += bot.search(InfoSet(state, me), Rng(2)).action == greedy_move
    assert chosen[10.0] == len(states) and chosen[0.0] < len(states)


def test_greedy_prior_makes_the_heuristics_move_a_nodes_first_child() -> None:
    """prior=greedy: a node's first child is the heuristic's choice, so progressive widening
    of a large menu (Stalk Exchange: ~250 actions, 16 + sqrt(n) children) never misses the
    move a greedy player would make; every new node asks the heuristic once."""
    state = positions("stalk_exchange", 4, seed=3, count=1, gap=6)[0]
    me = state.to_move()[0]
    assert len(state.legal_actions(me)) > 16
    info = InfoSet(state, me)
    h = StandIn()
    bot = make_ismcts("stalk_exchange", h, iterations=30, rollout="cutoff", depth=0)
    result = bot.search(info, Rng(2))
    menu = state.legal_actions(me)
    assert next(iter(result.root.edges)) == menu[len(menu) - 1]  # the stand-in's choice
    assert 1 <= h.chosen <= 30  # at most once per node that was expanded from
    plain = StandIn()
    make_ismcts("stalk_exchange", plain, iterations=30, prior="none").search(info, Rng(2))
    assert plain.chosen == 0


# ------------------------------------------------------------------ selection and branching


def test_ucb_exploration_uses_availability_not_parent_visits() -> None:
    search = Search(Settings(c=1.0), 0, 2, Rng(0), None)
    rare, common = Node(None, 0), Node(None, 0)
    for child in (rare, common):
        child.visits, child.total = 4, 2.0
    rare.avail, common.avail = 4, 400  # equal means: the more often available explores more
    assert search.best([rare, common]) is common
    assert (rare.avail, common.avail) == (5, 401)


def trading_position(n: int, seed: int) -> tuple[State, int]:
    """A Bohnanza trading position whose first mover has a large (lazy) menu."""
    state, rng = seedbed.game("bohnanza").new_state(n, seed), Rng(seed)
    while True:
        advance(state, 1, rng)
        p = state.to_move()[0]
        menu = state.legal_actions(p)
        if len(menu) > 500 and any(kind_of(menu[i]) == "pass" for i in range(8)):
            return state, p


def test_large_menus_are_widened_and_cover_every_action_type() -> None:
    state, p = trading_position(4, seed=3)
    menu = state.legal_actions(p)
    found = runs(menu, len(menu))
    kinds = {k for k, _, _ in found}
    assert "offer" in kinds and "pass" in kinds and len(found) < 30
    bot = cheap("bohnanza", iterations=60, max_children=8, widen=1.0)
    bot.act(InfoSet(state, p), Rng(4))
    assert bot.last is not None
    children = bot.last.root.edges
    assert 8 <= len(children) <= 8 + 8  # max_children + sqrt(60)
    assert {kind_of(a) for a in children} >= {"offer", "pass"}


def test_bulky_false_never_proposes_an_offer() -> None:
    """Bohnanza declares offers bulky: ``bulky=false`` keeps the bot from proposing any."""
    state, p = trading_position(3, seed=8)
    view = without_kinds(state.legal_actions(p), seedbed.spec("bohnanza").bulky_kinds)
    assert len(view) < 30 and all(kind_of(a) != "offer" for a in view)
    for seed in range(3):
        bot = cheap("bohnanza", iterations=40, bulky=False)
        action = bot.act(InfoSet(state, p), Rng(seed))
        assert kind_of(action) != "offer" and state.is_legal(p, action)
        assert bot.last is not None
        assert all(kind_of(a) != "offer" for a in bot.last.root.edges)


# ------------------------------------------------------------------ strength and speed


def test_small_ismcts_beats_random_in_stalk_exchange() -> None:
    game = seedbed.game("stalk_exchange")
    random_bot = make_bot("random", "stalk_exchange")
    wins = 0
    for seed in range(6):
        me = seed % 2  # alternate seats
        search = make_ismcts("stalk_exchange", iterations=40, max_children=8)
        state, rng = game.new_state(2, seed), Rng(seed)
        while not state.is_terminal():
            p = state.to_move()[0]
            bot = search if p == me else random_bot
            state.apply(p, bot.act(InfoSet(state, p), rng))
        wins += me in state.outcome().winners and len(state.outcome().winners) == 1
    assert wins >= 5


def test_iterations_per_second_reports_a_rate() -> None:
    rate, iterations, seconds = iterations_per_second(
        "stalk_exchange", 4, "ismcts:iterations=20", seconds=0.3, seed=1
    )
    assert iterations >= 20 and iterations % 20 == 0 and seconds >= 0.3
    assert rate == pytest.approx(iterations / seconds)
    with pytest.raises(BotSpecError):
        iterations_per_second("stalk_exchange", 4, "random", seconds=0.1)


@pytest.mark.parametrize("game", GAMES)
def test_with_the_real_heuristics(game: str) -> None:
    try:
        seedbed.engine.registry.heuristics(game)
    except ImportError:
        pytest.skip(f"{game} has no heuristics yet")
    state = positions(game, 3, seed=2, count=1, gap=17)[0]
    p = state.to_move()[0]
    specs = ["ismcts:iterations=4,rollout=cutoff,depth=3", "ismcts:iterations=2,rollout=greedy"]
    for spec in specs:
        bot = make_bot(spec, game)
        assert isinstance(bot, IsmctsBot)
        assert state.is_legal(p, bot.search(InfoSet(state, p), Rng(0)).action)


def test_doctest_examples() -> None:
    import doctest

    from seedbed.bots import ismcts

    result = doctest.testmod(ismcts)
    assert result.attempted > 0 and result.failed == 0
