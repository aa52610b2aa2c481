"""The greedy bot and the games' heuristics (issue 5): legal and deterministic everywhere,
Bohnanza trades sensibly, and greedy beats random bots clearly."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

import seedbed
from both_engines import engines
from seedbed.bots import InfoSet, make_bot
from seedbed.bots.greedy import GreedyBot
from seedbed.engine import Rng
from seedbed.engine.registry import heuristics
from seedbed.games.bohnanza.actions import Accept, Decline, Offer

GAMES = {
    "bohnanza": (2, 3, 4, 5, 6, 7),
    "stalk_exchange": (2, 3, 4, 5),
    "fields_of_green": (2, 3, 4),
}
CASES = [(g, n) for g, counts in GAMES.items() for n in counts]


def _builder() -> Any:
    """The Bohnanza position builder of the rules tests (loaded by path: tests/ is no package)."""
    name = "seedbed_tests_bohnanza_builder"
    if name not in sys.modules:
        path = Path(__file__).parents[1] / "games" / "bohnanza" / "builder.py"
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def _check_greedy_on_random_play(game: str, n: int, seed: int, steps: int) -> int:
    """Random play; at every third step greedy answers for each player on the move."""
    state = seedbed.game(game).new_state(n, seed)
    h = heuristics(game)
    walk, pick = Rng(seed), Rng(seed + 1)
    checked = 0
    for step in range(steps):
        if state.is_terminal():
            break
        if step % 3 == 0:
            for p in state.to_move():
                info = InfoSet(state, p)
                action = h.choose(info.observation(), info.legal_actions(), pick)
                assert state.is_legal(p, action), (game, n, seed, step, str(action))
                value = h.evaluate(info.observation())
                assert 0.0 <= value <= 1.0
                checked += 1
        p = state.to_move()[0]
        menu = state.legal_actions(p)
        state.apply(p, menu[walk.below(len(menu))])
    return checked


@pytest.mark.parametrize(("game", "n"), CASES)
def test_greedy_is_legal_in_random_positions(game: str, n: int) -> None:
    steps = 400 if game == "bohnanza" else 250
    assert sum(_check_greedy_on_random_play(game, n, seed, steps) for seed in (1, 2)) > 20


def _self_play(game: str, n: int, seed: int, engine: str | None = None) -> tuple[list[str], Any]:
    """A whole game of greedy bots (each move checked legal); its moves and outcome."""
    state = seedbed.game(game, engine).new_state(n, seed)
    bots = [make_bot("greedy", game) for _ in range(n)]
    rngs = [Rng(seed * 10 + p) for p in range(n)]
    moves = []
    while not state.is_terminal():
        p = state.to_move()[0]
        action = bots[p].act(InfoSet(state, p), rngs[p])
        assert state.is_legal(p, action), (game, n, str(action))
        state.apply(p, action)
        moves.append(f"{p}:{action}")
    return moves, state.outcome()


@pytest.mark.parametrize(("game", "n"), [("bohnanza", 3), ("bohnanza", 2), *[
    (g, n) for g, n in CASES if g != "bohnanza" and n in (2, 4)
]])  # fmt: skip
def test_greedy_self_play_is_legal_and_deterministic(game: str, n: int) -> None:
    first = _self_play(game, n, seed=11)
    assert _self_play(game, n, seed=11) == first


NATIVE = [
    pytest.param(game, *param.values, marks=param.marks, id=f"{game}-native")
    for game in GAMES
    for param in engines(game)
    if param.id == "native"
]


@pytest.mark.parametrize(("game", "engine"), NATIVE)
def test_greedy_plays_the_same_games_on_both_engines(game: str, engine: str) -> None:
    """The heuristics see only the observation and the menu, which both engines give equal:
    so greedy plays the same moves on either. Fields of Green's greedy once told the end of a
    harvest by object identity (``a is END_HARVEST``), which the native menu's equal object
    failed, so it ended harvests it would have declined item by item."""
    for seed in (5, 11):
        assert _self_play(game, 3, seed, engine) == _self_play(game, 3, seed, "python")


def test_choose_is_deterministic_given_the_rng() -> None:
    for game, n in (("bohnanza", 4), ("stalk_exchange", 3), ("fields_of_green", 3)):
        state = seedbed.game(game).new_state(n, 3)
        p = state.to_move()[0]
        view, menu = state.observe(p), state.legal_actions(p)
        h = heuristics(game)
        assert {str(h.choose(view, menu, Rng(5))) for _ in range(3)} == {
            str(h.choose(view, menu, Rng(5)))
        }


def test_the_greedy_kind_is_registered() -> None:
    bot = make_bot("greedy", "bohnanza")
    assert isinstance(bot, GreedyBot) and bot.name == "greedy"


# ------------------------------------------------------------------ Bohnanza trading


def _choose(state: Any, p: int, seed: int = 1) -> Any:
    info = InfoSet(state, p)
    return heuristics("bohnanza").choose(info.observation(), info.legal_actions(), Rng(seed))


def test_bohnanza_greedy_offers_the_card_that_would_break_a_field() -> None:
    b = _builder()
    # Seat 0 trades: the face-up soy would force harvesting blue ×7 or chili ×7, each one card
    # short of its next coin, with more of both in the hand.
    s = b.build(
        4,
        phase="trade",
        hands={0: ["blue", "chili", "wax"], 1: ["stink"] * 3, 2: ["red"] * 3, 3: ["green"] * 3},
        fields={0: [["blue"] * 7, ["chili"] * 7]},
        faceup=["soy", None],
    )
    action = _choose(s, 0)
    assert isinstance(action, Offer), str(action)
    assert action.give_faceup == (0,) and s.is_legal(0, action)


def test_bohnanza_greedy_accepts_a_good_offer_and_declines_a_bad_one() -> None:
    b = _builder()
    s = b.build(
        4,
        phase="trade",
        hands={0: ["soy", "wax"], 1: ["red", "stink", "stink"], 2: ["green"], 3: ["wax"]},
        fields={1: [["red"] * 3, ["stink"] * 2]},
        faceup=["red", "soy"],
    )
    b.act(s, 0, "offer 1 give f0 want -")  # a red for seat 1's red field: a gift
    action = _choose(s, 1)
    assert isinstance(action, Accept), str(action)

    s = b.build(
        4,
        phase="trade",
        hands={0: ["soy", "wax"], 1: ["red", "stink", "stink"], 2: ["green"], 3: ["wax"]},
        fields={1: [["red"] * 3, ["stink"] * 2]},
        faceup=["red", "soy"],
    )
    # a soy (which would break a field) for the stink and red that extend seat 1's fields
    b.act(s, 0, "offer 1 give f1 want red,stink")
    action = _choose(s, 1)
    assert isinstance(action, Decline), str(action)


def test_bohnanza_greedy_answers_an_offer_it_cannot_accept() -> None:
    """An offer addressed to the bot that it cannot accept (it holds none of the wanted
    variety, B-40) is declined (B-41), not left open until trading ends: a person who offered
    gets an answer (issue 17, found playing a game in the browser)."""
    b = _builder()
    s = b.build(
        4,
        phase="trade",
        hands={0: ["soy", "wax"], 1: ["stink", "stink"], 2: ["green"], 3: ["wax"]},
        fields={1: [["red"] * 3, ["stink"] * 2]},
        faceup=["red", "soy"],
    )
    b.act(s, 0, "offer 1 give f0 want blue")  # seat 1 holds no blue
    action = _choose(s, 1)
    assert isinstance(action, Decline), str(action)


def test_bohnanza_greedy_never_harvests_a_single_bean_for_nothing() -> None:
    """B-23: a harvest is allowed whenever the player is on the move, so nothing forces one
    here. A single chili pays no coin; harvesting it throws the card away. The old worth
    priced an empty field above a single bean, so greedy harvested singles for 0 coins (881
    of 1,483 harvests in 20 three-player self-play games), and it planted a stink over the
    chili rather than into its empty field (issue 16, seen playing a 3-player table)."""
    b = _builder()

    def position(phase: str) -> Any:
        hands = {0: ["stink", "red", "green"], 1: ["wax"], 2: ["wax"], 3: ["wax"]}
        return b.build(4, phase=phase, planted=1, hands=hands, fields={0: [["chili"], []]})

    s = position("draw")
    assert str(_choose(s, 0)) == "finish-turn"
    s = position("plant")
    # whatever breaks a tie: the worth prices a lone bean like an empty field, so planting
    # over the chili was a tie and half the seeds harvested it (issue 37's new generator
    # drew the other side of that tie)
    for seed in range(1, 9):
        assert str(_choose(s, 0, seed)) in {"plant 1", "end-planting"}, seed


def test_greedy_without_bulky_kinds_makes_no_offers_but_answers() -> None:
    """``greedy:bulky=false`` (issue 16, "trading pays"): the seat never offers (Bohnanza's
    bulky kind) but still answers offers made to it (B-39, B-41)."""
    from seedbed.arena.play import play_game

    kinds: dict[str, set[str]] = {"greedy": set(), "greedy:bulky=false": set()}
    for seed in range(3):
        seating = ["greedy:bulky=false", "greedy", "greedy", "greedy"]
        result = play_game("bohnanza", seating, seed)
        assert result.record is not None
        for p, move in result.record.moves:
            kinds[seating[p]].add(move["type"])
    assert "offer" in kinds["greedy"] and "offer" not in kinds["greedy:bulky=false"]
    assert "accept" in kinds["greedy:bulky=false"]


def _wasteful_faceup() -> Any:
    """Seat 0 trades with a face-up soy and two single beans (chili, red) whose varieties it
    still holds in its hand: kept, the soy must be planted in phase 3 (B-46, B-51) over a
    single bean, a harvest for 0 coins (B-21, B-23). Seat 1 grows soy, one card short of
    its second coin."""
    return _builder().build(
        4,
        phase="trade",
        hands={0: ["chili", "red", "wax"], 1: ["stink"] * 2, 2: ["green"], 3: ["wax"]},
        fields={0: [["chili"], ["red"]], 1: [["soy"] * 3, ["stink"] * 2]},
        faceup=["soy", None],
    )


@pytest.mark.parametrize("engine", ["python", "native"])
def test_bohnanza_greedy_gives_away_a_faceup_card_rather_than_harvest_for_nothing(
    engine: str,
) -> None:
    """Issue 38 item 2: greedy kept face-up cards it could only plant by harvesting a single
    bean for 0 coins ("harvested 1 Chili … for 0 coins"), and refused them to a player who
    asked for them for nothing. The active player may give face-up cards away (B-36, B-37:
    nothing wanted = a donation, nothing given = asking for a gift); trading played out by
    greedy at every seat, seat 0 offers the soy and it goes to seat 1's trade area (B-39)
    instead of staying with seat 0 (B-46). Both engines play the same moves."""
    s, moves = _trade_out(_wasteful_faceup(), engine)
    seen = s.observe(None)["players"]
    assert [c["variety"] for c in seen[0]["trade_area"]] == [], moves
    assert [c["variety"] for c in seen[1]["trade_area"]] == ["soy"], moves
    assert any(m.startswith("0: offer any give f0 ") for m in moves), moves


def test_bohnanza_greedy_grants_a_request_for_a_faceup_card_it_would_waste() -> None:
    """Issue 38 item 2: asked for the face-up soy for nothing (B-37), the active greedy gives
    it (B-39) rather than keep it for a 0-coin harvest."""
    s = _wasteful_faceup()
    _builder().act(s, 1, "offer 0 give - want f0")
    assert isinstance(_choose(s, 0), Accept), str(_choose(s, 0))


def _trade_out(s: Any, engine: str) -> tuple[Any, list[str]]:
    """Play the trading phase of ``s`` out with greedy at every seat, on ``engine`` (the native
    greedy choosing what Python's does at every step): the state after it and the moves."""
    if engine == "native":
        s = seedbed.game("bohnanza", engine="native").state_from_json(s.to_json())
    rng, moves = Rng(1), []
    while s.observe(None)["phase"] == "trade":
        p = s.to_move()[0]
        info = InfoSet(s, p)
        action = heuristics("bohnanza").choose(info.observation(), info.legal_actions(), rng)
        if engine == "native":
            assert s.greedy_choose(p, rng.clone()) == action
        moves.append(f"{p}: {action}")
        s.apply(p, action)
    return s, moves


def _wasteful_front(active_hand: list[str]) -> Any:
    """Seat 1 waits for its turn with two single beans (chili, red) and a soy at the front of
    its hand: on its next turn it must plant the soy (B-32), over a single bean, a harvest
    for 0 coins (B-21, B-23). Seat 0 trades with ``active_hand`` and a face-up wax, which it
    can plant only over its two stink (0 coins) and so offers (issue 38 item 2)."""
    return _builder().build(
        4,
        phase="trade",
        hands={0: active_hand, 1: ["soy"], 2: ["green"], 3: ["wax"]},
        fields={0: [["soy"] * 3, ["stink"] * 2], 1: [["chili"], ["red"]]},
        faceup=["wax", None],
    )


@pytest.mark.parametrize("engine", ["python", "native"])
def test_bohnanza_greedy_gives_away_a_hand_front_it_would_plant_for_nothing(engine: str) -> None:
    """Issue 33 item 3: the search bot kept cards it could have given away and harvested
    one-bean fields for 0 coins to plant them. A non-active player may give hand cards to
    the active player (B-35 … B-37); the card at the front of its hand must be planted on its
    next turn, so greedy gives it away now rather than harvest a single bean for 0 coins
    then. Trading played out by greedy at every seat (both engines the same moves): seat 1
    offers its soy for nothing and it goes to seat 0's trade area (B-39), to extend seat 0's
    soy field."""
    s, moves = _trade_out(_wasteful_front(["stink"]), engine)
    seen = s.observe(None)["players"]
    assert "soy" in [c["variety"] for c in seen[0]["trade_area"]], moves
    assert any(m.startswith("1: offer 0 give h0 ") for m in moves), moves
    assert s.observe(1)["hand"] == [], moves


def test_bohnanza_greedy_active_offers_its_hand_front_it_would_plant_for_nothing() -> None:
    """Issue 33 item 3, the active side: the active player may give hand cards too (B-36,
    B-37). Seat 1 as the active player offers the soy at its hand's front (its next turn's
    forced plant over a single bean) to any player, before the face-up wax."""
    s = _wasteful_front(["stink"])
    s.active = 1
    a = _choose(s, 1)
    assert isinstance(a, Offer) and a.to is None and a.give_hand == (0,), str(a)


@pytest.mark.parametrize("engine", ["python", "native"])
def test_bohnanza_greedy_accepts_a_deal_that_takes_its_wasteful_hand_front(engine: str) -> None:
    """Issue 33 item 3: a deal that relieves the hand's front is worth taking. Seat 0 (active)
    offers seat 1 a chili for its soy; seat 1's soy would harvest a single bean for 0 coins
    on its next turn, the chili extends a field, so it accepts (B-39)."""
    s = _wasteful_front(["chili"])
    _builder().act(s, 0, "offer 1 give h0 want soy")
    if engine == "native":
        s = seedbed.game("bohnanza", engine="native").state_from_json(s.to_json())
    a = _choose(s, 1)
    assert isinstance(a, Accept), str(a)
    if engine == "native":
        assert s.greedy_choose(1, Rng(1)) == a


def test_bohnanza_greedy_ends_trading_when_nothing_is_left() -> None:
    b = _builder()
    s = b.build(
        4,
        phase="trade",
        hands={0: ["blue", "blue"], 1: ["stink"], 2: ["red"], 3: ["green"]},
        fields={0: [["blue"] * 2, ["chili"] * 2]},
        faceup=["blue", "chili"],
    )
    assert str(_choose(s, 0)) == "end-trading"


# ------------------------------------------------------------------ strength


def _greedy_share(game: str, deals: range) -> float:
    wins = 0.0
    games = 0
    for seed in deals:
        for seat in range(4):
            state = seedbed.game(game).new_state(4, seed)
            bots = [make_bot("greedy" if p == seat else "random", game) for p in range(4)]
            rngs = [Rng(seed * 100 + p) for p in range(4)]
            while not state.is_terminal():
                p = state.to_move()[0]
                state.apply(p, bots[p].act(InfoSet(state, p), rngs[p]))
            winners = state.outcome().winners
            wins += 1 / len(winners) if seat in winners else 0.0
            games += 1
    return wins / games


@pytest.mark.parametrize("game", list(GAMES))
def test_greedy_beats_random_bots_clearly(game: str) -> None:
    assert _greedy_share(game, range(2)) >= 0.5
