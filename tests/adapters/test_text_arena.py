"""Issue 18, item 4: seedbed games through TextArena. TextArena's own wrappers
(LLMObservationWrapper, ActionFormattingWrapper, from ``textarena.make``) and an agent of
TextArena's ``Agent`` class play whole games of every game; malformed and illegal replies are
refused with a reason and change nothing; a seat that keeps failing loses the game."""

from __future__ import annotations

import re

import pytest
import textarena as ta

from seedbed.adapters.text_arena import ENV_IDS, SeedbedTextEnv, env_id
from seedbed.adapters.text_arena_wrapper import BoundedObservationWrapper
from seedbed.engine.rng import Rng

SHOWN = re.compile(r"\[([^\[\]]+)\]")
GAMES = [
    ("bohnanza", 3, {"max_offers": 1}),
    ("stalk_exchange", 2, {}),
    ("fields_of_green", 2, {}),
]


class ScriptedAgent(ta.Agent):  # type: ignore[misc]
    """Answers with one of the moves the latest board shows, in prose; every ``bad``-th
    answer is nonsense instead."""

    def __init__(self, seed: int, bad: int) -> None:
        self.rng = Rng(seed)
        self.bad = bad
        self.calls = 0
        self.last_bad = False

    def __call__(self, observation: str) -> str:
        self.calls += 1
        board = observation.rsplit("The table:", 1)[1]
        self.last_bad = self.calls % self.bad == 0
        if self.last_bad:
            return "Hmm, I am not sure what to do here."
        moves = SHOWN.findall(board.split("Your moves now", 1)[1])
        return f"I pick [{moves[self.rng.below(len(moves))]}]"


def test_every_game_is_registered() -> None:
    assert [env_id(g) for g in ("bohnanza", "fields_of_green", "stalk_exchange")] == ENV_IDS
    assert env_id("fields_of_green") == "seedbed-FieldsOfGreen-v0"


@pytest.mark.parametrize(("game", "num_players", "options"), GAMES)
def test_textarena_agents_play_whole_games(
    game: str, num_players: int, options: dict[str, int]
) -> None:
    env = ta.make(env_id(game), **options)
    assert isinstance(env, ta.wrappers.ActionFormattingWrapper)
    env.reset(num_players=num_players, seed=4)
    agents = [ScriptedAgent(seed=p, bad=7) for p in range(num_players)]
    done, steps, refused = False, 0, 0
    inner = env.env.env  # ActionFormattingWrapper(LLMObservationWrapper(SeedbedTextEnv))
    assert isinstance(inner, SeedbedTextEnv)
    while not done:
        player_id, observation = env.get_observation()
        assert player_id == inner.table.seat_on_move()
        assert "You are seat" in observation
        key = inner.table.state.key()
        done, _ = env.step(agents[player_id](observation))
        if agents[player_id].last_bad:
            refused += 1
            assert not done and inner.table.state.key() == key
        steps += 1
    rewards, game_info = env.close()
    assert inner.table.state.is_terminal()
    outcome = inner.table.state.outcome()
    assert sum(rewards.values()) == pytest.approx(1.0)
    assert [game_info[p]["score"] for p in range(num_players)] == list(outcome.scores)
    assert refused > steps // 10
    assert not any(info["invalid_move"] for info in game_info.values())


def test_an_illegal_reply_is_refused_with_the_reason_and_the_board_again() -> None:
    env = ta.wrappers.LLMObservationWrapper(SeedbedTextEnv("stalk_exchange"))
    env.reset(num_players=2, seed=1)
    player_id, _ = env.get_observation()
    key = env.env.table.state.key()
    done, _ = env.step("[plant 9 0,0]")
    assert not done and env.env.table.state.key() == key
    again, observation = env.get_observation()
    assert again == player_id
    refusal = observation.rsplit("attempted an invalid move", 1)[1]
    assert "'plant 9 0,0' is not allowed now" in refusal and "allowed now: plant" in refusal
    assert "Your moves now" in refusal  # the board is sent again after the reason


def test_a_seat_that_keeps_failing_loses() -> None:
    env = SeedbedTextEnv("stalk_exchange", error_allowance=2)
    env.reset(num_players=3, seed=2)
    results = [env.step("no idea") for _ in range(3)]
    assert [done for done, _ in results] == [False, False, True]
    rewards, game_info = env.close()
    assert rewards == {0: -1.0, 1: 0.0, 2: 0.0}
    assert game_info[0]["invalid_move"] and "invalid moves in a row" in game_info[0]["reason"]


def test_the_same_seed_deals_the_same_game() -> None:
    a, b = SeedbedTextEnv("fields_of_green"), SeedbedTextEnv("fields_of_green")
    a.reset(num_players=2, seed=9)
    b.reset(num_players=2, seed=9)
    assert a.get_observation() == b.get_observation()
    assert a.table is not None and b.table is not None
    assert a.table.state.key() == b.table.state.key()


def longest_prompt(env: ta.Env, num_players: int, seed: int) -> int:
    """The longest observation string of one whole game played by scripted agents."""
    env.reset(num_players=num_players, seed=seed)
    agents = [ScriptedAgent(seed=p, bad=5) for p in range(num_players)]
    done, longest = False, 0
    while not done:
        player_id, observation = env.get_observation()
        longest = max(longest, len(observation))
        done, _ = env.step(agents[player_id](observation))
    return longest


def test_the_registered_ids_keep_prompts_bounded_and_show_the_refusal() -> None:
    """Issue 39 item 2, issue 34 item 5: the registered ids use the bounded wrapper, which shows
    the intro, the last few messages, the last refusal (TextArena's "attempted an invalid
    move. Reason: ..." wording) and the board: a whole game's longest prompt stays within a few
    boards, where the whole history grows with the game."""
    env = ta.make(env_id("stalk_exchange"))
    assert isinstance(env.env, BoundedObservationWrapper)
    env.reset(num_players=2, seed=1)
    player_id, first = env.get_observation()
    assert first.count("You are seat 0 in a") == 1 and "Your moves now" in first
    done, _ = env.step("[plant 9 0,0]")
    again, observation = env.get_observation()
    assert again == player_id and not done
    refusal = observation.split("attempted an invalid move. Reason:", 1)[1]
    assert "'plant 9 0,0' is not allowed now" in refusal and "Your moves now" in refusal
    assert observation.count("attempted an invalid move") == 1
    bounded = longest_prompt(ta.make(env_id("bohnanza"), max_offers=1), 3, seed=2)
    whole = longest_prompt(
        ta.wrappers.LLMObservationWrapper(SeedbedTextEnv("bohnanza", max_offers=1)), 3, seed=2
    )
    assert bounded * 5 < whole
