"""Tournament reports (arena/report.py): index.html and valid PNG plots."""

from __future__ import annotations

from pathlib import Path

from matplotlib.image import imread

from seedbed.arena.report import PLOTS, write_report
from seedbed.arena.summary import summarize
from seedbed.arena.tournament import lineup, run_batch, schedule

from .conftest import synthetic

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def test_the_report_writes_the_page_and_valid_pngs(tmp_path: Path, first_bot: str) -> None:
    results = run_batch(schedule("stalk_exchange", lineup([first_bot, "random"], 3), 4, seed=1))
    page = write_report(summarize(results), tmp_path / "report")
    assert page == tmp_path / "report" / "index.html"
    text = page.read_text(encoding="utf-8")
    assert "<table>" in text and "first" in text and "seat 2" in text
    for name in PLOTS:
        path = tmp_path / "report" / name
        assert f'src="{name}"' in text
        assert path.read_bytes()[:8] == PNG_SIGNATURE
        height, width, _ = imread(path).shape
        assert width >= 400 and height >= 200


def test_the_report_copes_with_a_bot_that_always_wins(tmp_path: Path) -> None:
    results = []
    for i in range(13):  # 13 wins in 13: Wilson's raw upper bound rounds below 1
        seating = ["strong", "weak", "weak", "weak"]
        seating = seating[i % 4 :] + seating[: i % 4]
        results.append(synthetic(seating, [9 if b == "strong" else 0 for b in seating], i))
    summary = summarize(results)
    assert [t.share for t in summary.bots] == [1.0, 0.0]
    assert summary.bots[1].interval[0] == 0.0 and summary.bots[0].interval[1] == 1.0
    write_report(summary, tmp_path)
    assert all((tmp_path / name).read_bytes()[:8] == PNG_SIGNATURE for name in PLOTS)
