"""`seedbed bench server`: a short real run through the protocol measures acts and round
trips with no errors, and impossible settings are refused in one line."""

from __future__ import annotations

import pytest

from seedbed.server.bench import BenchConfig, check, run


def test_a_short_run_measures_acts_without_errors() -> None:
    config = BenchConfig(
        "stalk_exchange", tables=3, players=2, think=0.0, seconds=2.0, warmup=0.5, seed=4
    )
    result = run(config, show_progress=False)
    assert result.errors == {}
    assert result.actions == len(result.latencies) > 10
    assert all(0 < t < 5 for t in result.latencies)
    assert result.started >= 3
    text = "\n".join(result.lines())
    assert "3 tables x 2 human seats of stalk_exchange" in text and "actions/s" in text
    assert "p99" in text and "errors       none" in text


def test_a_cluster_run_spreads_the_seats_over_the_processes(pg_database: str) -> None:
    """Issue 32 item 5: ``--processes 2`` starts two ``--cluster`` servers on PostgreSQL and
    connects each table's seats round-robin over them (one of each table's two seats is
    relayed to the owner); acts are measured with no errors."""
    config = BenchConfig(
        "stalk_exchange", tables=3, players=2, think=0.0, seconds=2.0, warmup=0.5, seed=4,
        database_url=pg_database, processes=2,
    )  # fmt: skip
    result = run(config, show_progress=False)
    assert result.errors == {}
    assert result.actions == len(result.latencies) > 10
    assert "2 processes (--cluster)" in "\n".join(result.lines())


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"tables": 0}, "--tables must be at least 1"),
        ({"think": -1.0}, "--think must be >= 0"),
        ({"seconds": 0.0}, "--seconds must be > 0"),
        ({"warmup": -2.0}, "--warmup must be >= 0"),
        ({"players": 9}, "stalk_exchange takes 2-5 players, not 9"),
        ({"game": "chess"}, "chess"),
        ({"processes": 0}, "--processes must be 1 to 16"),
        ({"processes": 2}, "--processes needs --database-url postgresql"),
    ],
)
def test_impossible_settings_are_refused(changes: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        check(BenchConfig(**{"game": "stalk_exchange", **changes}))  # type: ignore[arg-type]
