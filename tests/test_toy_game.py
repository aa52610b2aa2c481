"""A game from outside seedbed, registered with one line (issue 13, item 3 acceptance).

``tests/toy_game`` is High Card (rules: ``tests/toy_game/rules.md``, clauses T-1 … T-13), a
complete game package that seedbed does not know. The fixture below registers it with one
line, ``seedbed.register("toy_game.spec")``, and the tests then show that every generic layer
lists and plays it with no other change: the conformance kit, the random, greedy and ISMCTS
bots, the arena, the command line (``simulate``, ``replay``, ``bench``, ``tournament``, in
this process and in a child process), the text renderer, the integer encoding, and the
server (``GET /api/games``, a table created over HTTP and played to the end through the
WebSocket protocol). The rules tests cite the clauses they check.

``import toy_game`` works here because ``tests/`` has no ``__init__.py``: pytest puts the
folder on ``sys.path``. Child processes get it through ``PYTHONPATH``; ``seedbed.register``
itself exports the declaration module in ``SEEDBED_GAMES``.
"""

from __future__ import annotations

import doctest
import importlib
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import seedbed
from seedbed.engine import registry
from seedbed.engine.api import Event
from seedbed.engine.errors import IllegalActionError, InvalidActionError, NotOnMoveError
from seedbed.engine.record import read_records
from seedbed.engine.rng import Rng
from seedbed.engine.testing import check_game
from toy_game.actions import PlayCard
from toy_game.game import HighCardState

TESTS = Path(__file__).resolve().parent
NAME = "high_card"
SEEDBED = Path(sys.executable).parent / "seedbed"


@pytest.fixture(scope="module", autouse=True)
def high_card() -> Iterator[str]:
    """High Card registered for this module's tests; forgotten afterwards, so that the rest
    of the session still sees seedbed's own three games."""
    saved = {key: os.environ.get(key) for key in ("PYTHONPATH", registry_env())}
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(TESTS), saved["PYTHONPATH"]]))
    name = seedbed.register("toy_game.spec")  # the one line a game from outside needs
    try:
        yield name
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        for table in (registry._MODULES, registry._SPECS, registry._GAMES):
            table.pop(name, None)  # type: ignore[attr-defined]


def registry_env() -> str:
    from seedbed.plugins import ENV

    return ENV


def new(seed: int = 1, **options: Any) -> HighCardState:
    state = seedbed.game(NAME).new_state(2, seed, options)
    assert isinstance(state, HighCardState)
    return state


def play_round(state: HighCardState, first: int, second: int) -> list[Event]:
    """Both players commit (seat 0 the card ``first``, seat 1 ``second``)."""
    return state.apply(0, PlayCard(first)) + state.apply(1, PlayCard(second))


def set_hands(state: HighCardState, hand0: list[int], hand1: list[int]) -> None:
    """Put these cards in the hands (taken from wherever they are), for rules tests."""
    everything = state.all_cards()
    state.hands = [hand0[:], hand1[:]]
    state.deck = [c for c in everything if c not in hand0 and c not in hand1]


# ------------------------------------------------------------------ registration


def test_one_line_registers_the_game(high_card: str) -> None:
    assert high_card == NAME
    assert NAME in seedbed.game_names()
    assert seedbed.spec(NAME).title == "High Card"
    assert "toy_game.spec" in os.environ["SEEDBED_GAMES"].split(",")
    assert seedbed.game(NAME).name == NAME


def test_the_package_examples_run() -> None:
    for module in ("actions", "display", "encoding", "obs_encoding", "options"):
        found = importlib.import_module(f"toy_game.{module}")
        result = doctest.testmod(found, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0 and result.attempted > 0, module


# ------------------------------------------------------------------ the rules, by clause


def test_t1_two_players_only() -> None:
    """T-1."""
    game = seedbed.game(NAME)
    assert list(game.player_counts()) == [2]
    for n in (1, 3):
        with pytest.raises(ValueError, match=r"T-1"):
            game.new_state(n, 1)


def test_t2_options_and_their_bounds() -> None:
    """T-2: defaults, bounds and unknown options."""
    game = seedbed.game(NAME)
    assert game.normalize_options({}) == {"rounds": 5, "top_card": 13}
    for bad in ({"rounds": 0}, {"rounds": 11}, {"top_card": 41}, {"rounds": True}):
        with pytest.raises(ValueError, match=r"T-2"):
            game.normalize_options(bad)
    with pytest.raises(ValueError, match=r"unknown option 'colour'.*T-2"):
        game.normalize_options({"colour": "red"})
    spec = seedbed.spec(NAME)
    assert [(o.name, o.least, o.most) for o in spec.options] == [
        ("rounds", 1, 10),
        ("top_card", 6, 40),
    ]


def test_t3_two_cards_per_round() -> None:
    """T-3."""
    game = seedbed.game(NAME)
    assert game.normalize_options({"rounds": 10, "top_card": 20})["rounds"] == 10
    with pytest.raises(ValueError, match=r"T-3"):
        game.new_state(2, 1, {"rounds": 10, "top_card": 19})


def test_t4_t5_deck_and_deal() -> None:
    """T-4: one card of each number; T-5: three cards each, the rest face down."""
    state = new(rounds=4, top_card=9)
    assert state.all_cards() == list(range(1, 10))
    assert [len(h) for h in state.hands] == [3, 3] and len(state.deck) == 3
    assert new(seed=1, rounds=4, top_card=9).key() == state.key()
    assert new(seed=2, rounds=4, top_card=9).hands != state.hands


def test_t6_both_players_move_at_once_and_the_commitment_is_hidden() -> None:
    """T-6: both on the move; the committed card is private to its player."""
    state = new()
    assert state.to_move() == (0, 1)
    card = state.hands[1][0]
    events = state.apply(1, PlayCard(card))
    assert state.to_move() == (0,)
    commit = events[0]
    assert commit.for_viewer(None) == {"kind": "commit", "player": 1}
    assert commit.for_viewer(0) == {"kind": "commit", "player": 1}
    assert commit.for_viewer(1)["card"] == card
    assert state.observe(0)["players"][1]["committed"] is True
    assert state.observe(0)["my_card"] is None and state.observe(1)["my_card"] == card


def test_t7_the_card_must_be_in_the_hand() -> None:
    """T-7."""
    state = new()
    other = state.hands[1][0]
    key = state.key()
    with pytest.raises(IllegalActionError, match=r"not in player 0's hand \[T-7\]") as refused:
        state.apply(0, PlayCard(other))
    assert refused.value.clause == "T-7"
    assert not state.is_legal(0, PlayCard(99)) and state.key() == key


def test_t8_one_card_a_round() -> None:
    """T-8."""
    state = new()
    state.apply(0, PlayCard(state.hands[0][0]))
    assert state.legal_actions(0) == ()
    with pytest.raises(NotOnMoveError, match=r"T-8"):
        state.apply(0, PlayCard(state.hands[0][0]))


def test_t9_the_higher_card_scores() -> None:
    """T-9: the higher card scores a point; both go to the discard pile, face up."""
    state = new()
    set_hands(state, [2, 9, 11], [5, 7, 13])
    events = play_round(state, 9, 5)
    reveal = next(e for e in events if e.kind == "reveal")
    assert reveal.for_viewer(None) == {"kind": "reveal", "round": 1, "cards": [9, 5], "winner": 0}
    assert state.scores == [1, 0] and state.discard == [9, 5]
    play_round(state, 2, 13)
    assert state.scores == [1, 1] and state.observe(None)["discard"] == [9, 5, 2, 13]


def test_t10_draw_while_the_deck_holds_two() -> None:
    """T-10: each draws its top card (seat 0 first), seen by its drawer only."""
    state = new(rounds=3, top_card=7)  # deck of 1 after the deal: no draws
    play_round(state, state.hands[0][0], state.hands[1][0])
    assert [len(h) for h in state.hands] == [2, 2] and len(state.deck) == 1
    state = new(rounds=5, top_card=13)
    top, below = state.deck[-1], state.deck[-2]
    events = play_round(state, state.hands[0][0], state.hands[1][0])
    draws = [e for e in events if e.kind == "draw"]
    assert [e.for_viewer(p)["card"] for p, e in enumerate(draws)] == [top, below]
    assert "card" not in draws[0].for_viewer(1) and "card" not in draws[1].for_viewer(None)
    assert [len(h) for h in state.hands] == [3, 3] and len(state.deck) == 5


def test_t11_the_game_ends_after_the_last_round() -> None:
    """T-11."""
    state = new(rounds=2, top_card=6)
    for _ in range(2):
        assert not state.is_terminal()
        play_round(state, state.hands[0][0], state.hands[1][0])
    assert state.is_terminal() and state.to_move() == ()
    assert state.legal_actions(0) == () and state.legal_actions(1) == ()
    with pytest.raises(NotOnMoveError, match=r"T-11"):
        state.apply(0, PlayCard(state.hands[0][0]))


def test_t12_ranks_by_points_and_ties_share() -> None:
    """T-12."""
    state = new(rounds=2, top_card=6)
    set_hands(state, [1, 6, 2], [3, 4, 5])
    play_round(state, 6, 3)
    with pytest.raises(ValueError):
        state.outcome()
    play_round(state, 1, 4)
    out = state.outcome()
    assert (out.scores, out.ranks, out.winners) == ((1, 1), (1, 1), (0, 1))
    state = new(rounds=1, top_card=6)
    set_hands(state, [1, 2, 3], [4, 5, 6])
    play_round(state, 1, 4)
    out = state.outcome()
    assert (out.scores, out.ranks, out.winners) == ((0, 1), (2, 1), (1,))


def test_t13_what_each_viewer_sees() -> None:
    """T-13: own hand and committed card; sizes of the rest; no hand for a spectator;
    every hand at the end. ``determinize`` deals the unseen cards again."""
    state = new()
    mine = state.observe(0)
    assert mine["hand"] == sorted(state.hands[0]) and mine["deck"] == len(state.deck)
    assert mine["players"][1]["hand_size"] == 3 and "hands" not in mine
    assert state.observe(None)["hand"] is None
    assert set(state.hands[1]).isdisjoint(mine["hand"])
    state.apply(1, PlayCard(state.hands[1][0]))
    worlds = {state.determinize(0, Rng(s)).key() for s in range(20)}
    assert len(worlds) > 1
    assert all(state.determinize(0, Rng(s)).observe(0) == state.observe(0) for s in range(5))
    ended = new(rounds=1, top_card=6)
    play_round(ended, ended.hands[0][0], ended.hands[1][0])
    assert ended.observe(None)["hands"] == [sorted(h) for h in ended.hands]


def test_actions_parse_and_refuse_malformed_input() -> None:
    """T-6: the one action kind, declared with the codec (JSON and text forms)."""
    game = seedbed.game(NAME)
    assert (
        game.parse_action("play 7") == PlayCard(7) == game.action_from_json(PlayCard(7).to_json())
    )
    for text in ("play", "play x", "play 7 8", "fold", "play ²", "play " + "9" * 5000):
        with pytest.raises(InvalidActionError):
            game.parse_action(text)
    for obj in ({"type": "play", "card": "7"}, {"type": "play", "card": True}, [], {"card": 7}):
        with pytest.raises(InvalidActionError):
            game.action_from_json(obj)


# ------------------------------------------------------------------ the conformance kit


@pytest.mark.parametrize(
    "options", [{}, {"rounds": 1, "top_card": 6}, {"rounds": 10, "top_card": 20}, {"top_card": 40}]
)
def test_the_conformance_kit_passes(options: dict[str, Any]) -> None:
    report = check_game(seedbed.game(NAME), 2, range(40), options)
    assert report.games == 40 and report.replays == 40


def test_the_encoding_covers_every_menu() -> None:
    """The declared encoding module: every menu action has one integer in range."""
    spec = seedbed.spec(NAME)
    assert spec.encoding is not None
    module = importlib.import_module(spec.encoding)
    for seed in range(10):
        state = new(seed)
        encoding = module.action_encoding(state.options)
        while not state.is_terminal():
            p = state.to_move()[0]
            menu = state.legal_actions(p)
            indices = encoding.legal_indices(state, p)
            assert len(indices) == len(menu) and all(0 <= i < encoding.size for i in indices)
            assert [encoding.decode(state, p, encoding.encode(state, p, a)) for a in menu] == menu
            state.apply(p, menu[seed % len(menu)])


def test_the_research_environments_need_only_the_declaration() -> None:
    """Issue 18: declaring an observation encoding beside the action encoding gives a game
    its PettingZoo and Gymnasium environments, which pass the libraries' own checks."""
    import warnings

    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test, seed_test

    from seedbed.adapters.gymnasium import SeedbedEnv, register_envs
    from seedbed.adapters.pettingzoo import env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # dict observations, render modes
        api_test(env(NAME, 2), num_cycles=100)
        seed_test(lambda: env(NAME, 2, {"rounds": 3}), num_cycles=50)
        check_env(SeedbedEnv(NAME, "greedy", render_mode="ansi"))
    assert "seedbed/HighCard-v0" in register_envs()


# ------------------------------------------------------------------ bots and arena


@pytest.mark.parametrize("bot", ["random", "greedy", "ismcts:iterations=60"])
def test_the_bots_play_it(bot: str) -> None:
    from seedbed.bots import InfoSet, make_bot

    for seed in range(3):
        state = new(seed)
        bots = [make_bot(bot, NAME), make_bot("random", NAME)]
        rng = Rng(seed)
        while not state.is_terminal():
            p = state.to_move()[0]
            action = bots[p].act(InfoSet(state, p), rng)
            assert state.is_legal(p, action)
            state.apply(p, action)
        assert sorted(state.outcome().ranks) in ([1, 1], [1, 2])


def test_greedy_beats_random() -> None:
    """The declared heuristics make the greedy bot better than chance (both seatings of
    each deal, played by the arena's driver)."""
    from seedbed.arena.play import play_game

    share = 0.0
    deals = 100
    for seed in range(deals):
        for seating in (["greedy", "random"], ["random", "greedy"]):
            result = play_game(NAME, seating, seed=seed)
            share += result.shares()[seating.index("greedy")]
    assert share / (2 * deals) > 0.57  # about 0.64 with the default options


def test_the_arena_plays_a_tournament_and_a_match() -> None:
    from seedbed.arena.executors import make_executor
    from seedbed.arena.match import run_match
    from seedbed.arena.stats import Sprt
    from seedbed.arena.summary import summarize
    from seedbed.arena.tournament import deals_for, lineup, schedule
    from seedbed.bots.specs import parse_spec_list

    slots = lineup(parse_spec_list("greedy,random"), 2)
    tasks = schedule(NAME, slots, deals_for(8, slots), 1, {"rounds": 3}, keep_moves=True)
    with make_executor("local", 1, None) as executor:
        results, speed = executor.run(tasks)
    assert len(results) == 8
    summary = summarize(results, speed, "local")
    assert summary.games == 8
    record = results[0].record
    assert record is not None and seedbed.replay(record).is_terminal()
    with make_executor("local", 1, None) as executor:
        match = run_match(executor, NAME, "greedy", "random", 2, Sprt(0.45, 0.55), max_games=8)
    assert match.games >= 8 and all(r.game == NAME for r in match.results)


# ------------------------------------------------------------------ the command line


def cli(*args: str) -> str:
    from typer.testing import CliRunner

    from seedbed.cli.main import app

    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, f"seedbed {' '.join(args)}: {result.output}{result.exception!r}"
    return result.output


def test_cli_simulate_and_replay(tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    out = cli(
        "simulate", NAME, "--players", "2", "--games", "20", "--no-progress",
        "-o", "rounds=4", "--record", str(records),
    )  # fmt: skip
    assert "rounds=4" in out and "win share" in out, out
    assert len(read_records(records.read_text().splitlines())) == 20
    shown = cli("replay", str(records), "--game-index", "3", "--viewer", "0")
    assert shown.startswith(f"{NAME}: game 3 of 20") and "== outcome:" in shown, shown
    assert "seat 0 sees" in shown and "event: commit" in shown, shown


def test_cli_simulate_reads_the_declaration() -> None:
    """The summary names the declared turn event ("rounds", counted from the "round"
    events) and tallies the declared ``ending``."""
    out = cli("simulate", NAME, "--players", "2", "--games", "20", "--no-progress")
    assert "mean rounds" in out and "5.00" in out, out
    assert "how the games ended" in out, out


def test_cli_bench() -> None:
    out = cli("bench", NAME, "--players", "2", "--seconds", "0.2")
    engine, report = out.split("\n", 1)
    assert engine.startswith("engine: python (")  # bench says which engine it ran (issue 14)
    assert report.startswith(f"{NAME}, 2 players") and "playouts/s" in report, out
    out = cli("bench", "ismcts", NAME, "--players", "2", "--seconds", "0.2")
    assert out.strip(), out


def test_cli_tournament(tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    out = cli(
        "tournament", NAME, "--players", "2", "--bots", "greedy,random", "--games", "6",
        "--no-progress", "--out", str(results), "--moves",
    )  # fmt: skip
    assert "greedy" in out and "random" in out, out
    assert len(results.read_text().splitlines()) == 6


def test_cli_in_a_child_process_knows_the_game(tmp_path: Path) -> None:
    """A child process learns the game from ``SEEDBED_GAMES`` (set by ``seedbed.register``)
    and imports it through ``PYTHONPATH``."""
    assert "toy_game.spec" in os.environ["SEEDBED_GAMES"]
    done = subprocess.run(
        [str(SEEDBED), "simulate", NAME, "--players", "2", "--games", "5", "--no-progress"],
        capture_output=True,
        text=True,
        timeout=120,
        env=os.environ.copy(),
    )
    assert done.returncode == 0, done.stderr
    assert "High Card" in done.stdout or NAME in done.stdout, done.stdout


def test_the_text_renderer_shows_it() -> None:
    from seedbed.engine.render import render_event, render_observation

    state = new()
    lines = render_observation(NAME, state.observe(0))
    assert lines and any("hand" in line for line in lines), lines
    events = state.apply(0, PlayCard(state.hands[0][0]))
    assert render_event(NAME, events[0], None).startswith("commit")


# ------------------------------------------------------------------ the server


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from fastapi.testclient import TestClient

    from seedbed.server.app import create_app
    from seedbed.server.config import ServerSettings

    url = f"sqlite:///{tmp_path_factory.mktemp('toy-server') / 'seedbed.sqlite3'}"
    settings = ServerSettings(database_url=url, bot_workers=1, bot_seconds=1.0)
    with TestClient(create_app(settings)) as c:
        yield c


def test_the_server_lists_it(client: Any) -> None:
    response = client.get("/api/games")
    assert response.status_code == 200
    games = {g["name"]: g for g in response.json()["games"]}
    info = games[NAME]
    assert info["title"] == "High Card" and info["player_counts"] == [2]
    assert info["default_options"] == {"rounds": 5, "top_card": 13}
    assert [o["name"] for o in info["options"]] == ["rounds", "top_card"]


def test_a_table_is_played_to_the_end_over_websockets(client: Any) -> None:
    body = {
        "game": NAME,
        "num_players": 2,
        "options": {"rounds": 3},
        "seats": [{"human": {"name": "Ann"}}, {"human": {"name": "Bob"}}],
    }
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    created = response.json()
    table_id = created["table_id"]
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    path = f"/ws/tables/{table_id}?token="
    with (
        client.websocket_connect(path + tokens[0]) as ann,
        client.websocket_connect(path + tokens[1]) as bob,
    ):
        sockets = {0: ann, 1: bob}
        latest = {p: ws.receive_json() for p, ws in sockets.items()}
        for ws in sockets.values():  # after the first view: the history's pages, then the chat
            while ws.receive_json()["type"] != "chat":
                pass
        assert latest[0]["type"] == "view" and latest[0]["seat"] == 0
        if latest[0].get("waiting_to_join"):  # Bob's first connection ends the wait: a view
            latest[0] = ann.receive_json()
            assert latest[0]["type"] == "view" and "waiting_to_join" not in latest[0]
        assert latest[0]["view"]["hand"] and latest[0]["view"]["players"][1]["hand_size"] == 3
        for _ in range(3 * 2):
            p = latest[0]["to_move"][0]
            mine = latest[p]
            action = mine["legal_actions"][0]
            sockets[p].send_json({"type": "act", "version": mine["version"], "action": action})
            for q, ws in sockets.items():  # every seat gets the new view
                latest[q] = ws.receive_json()
                assert latest[q]["type"] == "view", latest[q]
        assert latest[0]["status"] == "finished" and latest[1]["status"] == "finished"
        outcome = latest[0]["outcome"]
        assert sorted(outcome["ranks"]) in ([1, 1], [1, 2])
    summary = client.get(f"/api/tables/{table_id}").json()
    assert summary["status"] == "finished" and summary["game"] == NAME
    record = client.get(f"/api/tables/{table_id}/record")
    assert record.status_code == 200
    replayed = seedbed.replay(seedbed.GameRecord.from_jsonl(record.text))
    assert replayed.outcome().to_json() == outcome


def test_the_view_carries_the_declared_display(client: Any) -> None:
    """The server makes the display from the declaration's ``display`` module."""
    body = {
        "game": NAME,
        "num_players": 2,
        "seats": [{"human": {"name": "Ann"}}, {"human": {"name": "Bob"}}],
    }
    created = client.post("/api/tables", json=body).json()
    token = created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{created['table_id']}?token={token}") as ws:
        view = ws.receive_json()
    assert view["display"] == {"rounds": []}, view["display"]


def test_bots_play_a_table_on_the_server(client: Any) -> None:
    body = {
        "game": NAME,
        "num_players": 2,
        "options": {"rounds": 3},
        "seats": [{"bot": "greedy"}, {"bot": "random"}],
    }
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    table_id = response.json()["table_id"]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        summary = client.get(f"/api/tables/{table_id}").json()
        if summary["status"] != "running":
            break
        time.sleep(0.1)
    assert summary["status"] == "finished", summary
