"""Executors (arena/executors.py): batches, order, and identical per-game results on every
executor (in-process, local processes, a local Ray instance)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from seedbed.arena.executors import (
    LocalExecutor,
    RunStats,
    batches,
    make_executor,
)
from seedbed.arena.play import GameResult
from seedbed.arena.tournament import GameTask, lineup, schedule


def tasks() -> list[GameTask]:
    # two games kinds in one run: fast stalk exchange and bohnanza without offers
    stalk = schedule("stalk_exchange", lineup(["random"], 3), 12, seed=100)
    bohnanza = schedule(
        "bohnanza", lineup(["random"], 4), 4, seed=7, options={"max_offers": 0}, first_index=12
    )
    return stalk + bohnanza


def plays(results: list[GameResult]) -> list[tuple[object, ...]]:
    return [(r.index, r.seed, r.seating, r.scores, r.winners, r.moves_sha) for r in results]


def test_batches_cover_the_tasks_in_order() -> None:
    work = tasks()
    for workers in (1, 2, 7):
        split = batches(work, workers)
        assert [t for b in split for t in b] == work
    assert len(batches(work, 1)) == 4
    assert batches([], 2) == []


def test_local_one_and_two_jobs_give_identical_results() -> None:
    with LocalExecutor(1) as one:
        reference, speed_one = one.run(tasks())
    ticks: list[int] = []
    with LocalExecutor(2) as two:
        results, speed_two = two.run(tasks(), ticks.append)
    assert results == reference and plays(results) == plays(reference)
    assert [r.index for r in results] == list(range(16))
    assert sum(ticks) == 16 and speed_two.workers == 2 and speed_one.workers == 1
    assert speed_one.games == speed_two.games == 16


def test_run_stats_estimate_parallel_efficiency() -> None:
    stats = RunStats(games=100, wall_seconds=2.0, game_seconds=6.0, workers=4)
    assert stats.games_per_second == 50.0
    assert stats.single_process_games_per_second == pytest.approx(100 / 6)
    assert stats.speedup == 3.0 and stats.efficiency == 0.75
    both = stats + RunStats(10, 1.0, 2.0, 2)
    assert (both.games, both.wall_seconds, both.game_seconds, both.workers) == (110, 3.0, 8.0, 4)
    assert RunStats(0, 0.0, 0.0, 1).efficiency == 0.0


def test_make_executor_checks_its_arguments() -> None:
    with pytest.raises(ValueError, match="unknown backend"):
        make_executor("dask")
    with pytest.raises(ValueError, match="--address needs --backend ray"):
        make_executor("local", 2, "auto")
    with pytest.raises(ValueError, match="--jobs must be at least 1"):
        make_executor("local", 0)


@pytest.fixture(scope="module")
def ray_session() -> Iterator[None]:
    ray = pytest.importorskip("ray")
    try:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    except Exception as exc:  # no Ray here (sandbox, ports): say why, do not fail
        print(f"skipping the Ray test: Ray cannot start ({exc})")
        pytest.skip(f"Ray cannot start: {exc}")
    yield
    ray.shutdown()


def test_ray_gives_the_same_results_as_local(ray_session: None) -> None:
    with LocalExecutor(1) as local:
        reference, _ = local.run(tasks())
    start = time.perf_counter()
    with make_executor("ray") as executor:
        assert executor.workers == 2
        results, speed = executor.run(tasks())
    assert results == reference and plays(results) == plays(reference)
    assert speed.workers == 2 and time.perf_counter() - start < 60
