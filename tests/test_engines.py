"""Engine selection (issue 14): ``seedbed.game(name, engine=...)``, ``SEEDBED_ENGINE``,
``--engine`` and ``seedbed --version``; and that a choice of engine changes speed only: the
same simulate summary, the same ISMCTS search with random rollouts (played natively by
``state.playout``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import seedbed
from both_engines import engines
from seedbed.bots import InfoSet, make_bot
from seedbed.bots.ismcts import IsmctsBot
from seedbed.engine.registry import native_unavailable
from seedbed.engine.rng import Rng
from seedbed.games.bohnanza.game import Bohnanza, BohnanzaState
from seedbed.lab import simulate as sim

BUILT = native_unavailable("bohnanza") is None
needs_native = pytest.mark.skipif(
    not BUILT and os.environ.get("CI") != "true",
    reason="seedbed._native is not built (make native); never skipped under CI=true",
)


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, **(env or {})}
    return subprocess.run(
        [str(Path(sys.executable).parent / "seedbed"), *args],
        capture_output=True,
        text=True,
        env=full,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )


@needs_native
def test_the_default_is_native_where_built_and_python_elsewhere() -> None:
    from seedbed.games.bohnanza.native import NativeBohnanza

    assert isinstance(seedbed.game("bohnanza"), NativeBohnanza)
    assert isinstance(seedbed.game("bohnanza", engine="native"), NativeBohnanza)
    python = seedbed.game("bohnanza", engine="python")
    assert isinstance(python, Bohnanza) and not isinstance(python, NativeBohnanza)
    from seedbed.games.stalk_exchange.native import NativeStalkExchange

    assert isinstance(seedbed.game("stalk_exchange"), NativeStalkExchange)  # issue 15
    from seedbed.games.fields_of_green.native import NativeFieldsOfGreen

    assert isinstance(seedbed.game("fields_of_green"), NativeFieldsOfGreen)  # issue 15


def test_asking_for_an_engine_a_game_lacks_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SEEDBED_GAMES", os.environ.get("SEEDBED_GAMES", ""))  # restored after
    name = seedbed.register("toy_game.spec")  # a game with the Python engine only
    with pytest.raises(ValueError, match="no native engine"):
        seedbed.game(name, engine="native")
    with pytest.raises(ValueError, match="unknown engine"):
        seedbed.game("bohnanza", engine="rust")


@needs_native
def test_version_names_the_engines_and_the_environment_sets_the_default() -> None:
    done = run("--version")
    assert done.returncode == 0, done.stderr
    assert (
        "engines: native (bohnanza, fields_of_green, stalk_exchange), python (all games)"
        in done.stdout
    )
    done = run("--version", env={"SEEDBED_ENGINE": "python"})
    assert "default: python" in done.stdout
    done = run("--version", env={"SEEDBED_ENGINE": "fast"})
    assert done.returncode != 0 and "SEEDBED_ENGINE='fast' is not an engine" in done.stderr


@needs_native
def test_engine_option_of_simulate_changes_the_engine_not_the_results() -> None:
    outputs = {}
    for engine in ("python", "native"):
        done = run("simulate", "bohnanza", "--games", "6", "--seed", "3", "--engine", engine)
        assert done.returncode == 0, done.stderr
        assert f"engine: {engine}" in done.stdout
        outputs[engine] = [ln for ln in done.stdout.splitlines() if "seat" in ln.lower()]
    assert outputs["python"] == outputs["native"] and outputs["python"]
    bad = run("simulate", "bohnanza", "--games", "1", "--engine", "fast")
    assert bad.returncode == 2 and "--engine must be one of native, python" in bad.stderr


@pytest.mark.parametrize("engine", engines("bohnanza"))
def test_bulk_simulation_equals_the_per_step_path(engine: str) -> None:
    game = seedbed.game("bohnanza", engine)
    options = {"max_offers": 2}
    for seed in (5, 6):
        state, _, stats = sim.play_random_game(game, 3, seed, options)
        bulk = sim.bulk_games(game, 3, [seed], options)
        if bulk is None:  # the Python engine plays step by step only
            assert engine == "python"
            continue
        ((outcome, bulk_stats),) = bulk
        assert outcome == state.outcome()
        assert (bulk_stats.steps, bulk_stats.events, bulk_stats.turns, bulk_stats.trades) == (
            stats.steps,
            stats.events,
            stats.turns,
            stats.trades,
        )


@needs_native
def test_ismcts_random_rollouts_search_alike_on_both_engines() -> None:
    """A native state plays its random rollouts natively (state.playout): the same draws as
    the Python loop, so the same tree and the same move."""
    python = seedbed.game("bohnanza", engine="python").new_state(4, 9)
    native = seedbed.game("bohnanza", engine="native").new_state(4, 9)
    assert isinstance(python, BohnanzaState) and python.key() == native.key()
    results = []
    for state in (python, native):
        bot = make_bot("ismcts:iterations=40,rollout=random,prior=none", "bohnanza")
        assert isinstance(bot, IsmctsBot)
        p = state.to_move()[0]
        found = bot.search(InfoSet(state, p), Rng(4))
        results.append((found.action, [(c.visits, c.total) for c in found.root.edges.values()]))
    assert results[0] == results[1]
