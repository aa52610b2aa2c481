"""The lab's report: one self-contained ``report.html`` (plots as base64 PNG, the measures,
the significant differences with the test named, the command and seeds to reproduce) beside
the raw ``results.csv``."""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path

from seedbed.design.grid import label
from seedbed.design.measures import measure
from seedbed.design.plots import all_plots
from seedbed.design.significance import TEST_NAME, differences
from seedbed.design.sweep import Cell, SweepPlan
from seedbed.design.tables import extras_rows, summary_rows


def _table(rows: Sequence[dict[str, str]]) -> str:
    head = "".join(f"<th>{html.escape(k)}</th>" for k in rows[0])
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(v)}</td>" for v in row.values()) + "</tr>"
        for row in rows
    )
    return f"<table><tr>{head}</tr>{body}</table>"


def _differences(cells: Sequence[Cell]) -> str:
    measures = [measure(c.results) for c in cells]
    found = [d for d in differences(measures) if d.significant]
    if not found:
        return f"<p>No significant difference between cells (α = 0.05, {TEST_NAME}).</p>"
    items = "".join(
        f"<li>seat {d.seat}: {html.escape(label(cells[d.a].options))} "
        f"({measures[d.a].seat_share[d.seat]:.1%}) vs {html.escape(label(cells[d.b].options))} "
        f"({measures[d.b].seat_share[d.seat]:.1%}), adjusted p = {d.p:.3g} *</li>"
        for d in found
    )
    return f"<p>Significant at α = 0.05 (marked *), by the {TEST_NAME}:</p><ul>{items}</ul>"


def _game_measures(cells: Sequence[Cell]) -> str:
    rows = extras_rows(cells)
    if not rows:
        return ""
    return f'<h2 id="game-measures">The game\'s own measures</h2>{_table(rows)}'


def write_report(plan: SweepPlan, cells: Sequence[Cell], command: str, path: Path) -> None:
    """The whole page; ``command`` re-runs the sweep to the same numbers."""
    measures = [measure(c.results) for c in cells]
    figures = "".join(
        f'<figure id="plot-{name}"><img alt="{html.escape(title)}" '
        f'src="data:image/png;base64,{png}"><figcaption>{html.escape(title)}</figcaption></figure>'
        for name, (title, png) in all_plots(cells, measures).items()
    )
    seeds = f"deals {plan.seed} … {plan.seed + plan.deals - 1} (deal d dealt with seed + d)"
    page = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>seedbed lab: {html.escape(plan.game)}</title>
<style>body{{font-family:sans-serif;max-width:70em;margin:1em auto}}
table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:2px 6px}}
img{{max-width:100%}}</style></head><body>
<h1>seedbed lab: {html.escape(plan.game)}</h1>
<p>{plan.players} players, bots {html.escape(", ".join(plan.slots))} (every deal under each
seat rotation), {plan.deals} deals per cell, the same deals in every cell.</p>
<h2>Reproduce</h2><pre id="command">{html.escape(command)}</pre><p>Seeds: {seeds}.</p>
<h2>Measures</h2>{_table(summary_rows(cells, extras=False))}{_game_measures(cells)}
<h2>Differences</h2>{_differences(cells)}
<h2>Plots</h2>{figures}
</body></html>
"""
    path.write_text(page, encoding="utf-8")
