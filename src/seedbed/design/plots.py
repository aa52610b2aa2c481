"""The lab report's plots, each titled in words a designer reads ("Seat 0 wins 55% at
rounds=3, 48% at rounds=5"), drawn on Agg figures (no pyplot, no display) and returned as
base64 PNG so the page is one self-contained file."""

from __future__ import annotations

import base64
import io
from collections.abc import Sequence

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from seedbed.design.grid import label
from seedbed.design.measures import CellMeasures, margin
from seedbed.design.sweep import Cell

PLOT_NAMES = ("seats", "scores", "margins", "length")


def _figure(cells: int) -> Figure:
    fig = Figure(figsize=(max(6.0, 1.2 * cells + 3), 3.4), dpi=80, layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def _png(fig: Figure) -> str:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def seats_title(cells: Sequence[Cell], measures: Sequence[CellMeasures], seat: int = 0) -> str:
    """The first seat's share in each cell, in words."""
    parts = [
        f"{m.seat_share[seat]:.0%} at {label(c.options)}"
        for c, m in zip(cells, measures, strict=True)
    ]
    return f"Seat {seat} wins " + ", ".join(parts)


def plot_seats(cells: Sequence[Cell], measures: Sequence[CellMeasures]) -> tuple[str, str]:
    """Win share by seat per cell with 95% Wilson intervals and the 1/N parity line."""
    fig = _figure(len(cells))
    ax = fig.add_subplot()
    seats = len(measures[0].seat_share)
    width = 0.8 / seats
    for seat in range(seats):
        xs = [i + (seat - (seats - 1) / 2) * width for i in range(len(cells))]
        shares = [m.seat_share[seat] for m in measures]
        low = [m.seat_share[seat] - m.seat_interval[seat][0] for m in measures]
        high = [m.seat_interval[seat][1] - m.seat_share[seat] for m in measures]
        ax.bar(xs, shares, width, label=f"seat {seat}")
        ax.errorbar(xs, shares, yerr=[low, high], fmt="none", ecolor="black", capsize=3)
    ax.axhline(1 / seats, color="#b5443b", linestyle="--", linewidth=1)
    ax.set_xticks(range(len(cells)), [label(c.options) for c in cells])
    ax.set_ylabel("win share (95% interval)")
    ax.legend(fontsize="small")
    title = seats_title(cells, measures)
    ax.set_title(title, fontsize="medium")
    return title, _png(fig)


def _boxes(
    cells: Sequence[Cell], values: list[list[float]], ylabel: str, title: str
) -> tuple[str, str]:
    fig = _figure(len(cells))
    ax = fig.add_subplot()
    ax.boxplot(values, showmeans=True)
    ax.set_xticks(range(1, len(cells) + 1), [label(c.options) for c in cells])
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize="medium")
    return title, _png(fig)


def _means(cells: Sequence[Cell], values: list[list[float]], unit: str) -> str:
    return ", ".join(
        f"{sum(v) / len(v):.1f} {unit} at {label(c.options)}"
        for c, v in zip(cells, values, strict=True)
    )


def plot_scores(cells: Sequence[Cell]) -> tuple[str, str]:
    values = [[float(max(r.scores)) for r in c.results] for c in cells]
    return _boxes(
        cells, values, "winning score", "The winner scores " + _means(cells, values, "points")
    )


def plot_margins(cells: Sequence[Cell]) -> tuple[str, str]:
    values = [[float(margin(r)) for r in c.results] for c in cells]
    return _boxes(
        cells, values, "winner's margin", "The winner leads by " + _means(cells, values, "points")
    )


def plot_length(cells: Sequence[Cell]) -> tuple[str, str]:
    values = [[float(r.actions) for r in c.results] for c in cells]
    return _boxes(
        cells, values, "actions per game", "A game lasts " + _means(cells, values, "actions")
    )


def all_plots(
    cells: Sequence[Cell], measures: Sequence[CellMeasures]
) -> dict[str, tuple[str, str]]:
    """Every plot by name (:data:`PLOT_NAMES`): its title and its PNG in base64."""
    return {
        "seats": plot_seats(cells, measures),
        "scores": plot_scores(cells),
        "margins": plot_margins(cells),
        "length": plot_length(cells),
    }
