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


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"tables": 0}, "--tables must be at least 1"),
        ({"think": -1.0}, "--think must be >= 0"),
        ({"seconds": 0.0}, "--seconds must be > 0"),
        ({"warmup": -2.0}, "--warmup must be >= 0"),
        ({"players": 9}, "stalk_exchange takes 2-5 players, not 9"),
        ({"game": "chess"}, "chess"),
    ],
)
def test_impossible_settings_are_refused(changes: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        check(BenchConfig(**{"game": "stalk_exchange", **changes}))  # type: ignore[arg-type]
