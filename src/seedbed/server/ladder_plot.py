"""A player's rating history as a plot (issue 30 item 4: "a plot of its history, not a table of
numbers"): an SVG drawn by matplotlib's SVG canvas on a :class:`Figure` of its own (no pyplot
and no interactive backend, so no global state shared between threads), imported on first use
so that the server starts without loading matplotlib. Drawn off the event loop; cached by
the caller.

>>> svg = plot_svg("Greedy bot in Bohnanza", [(20.1, 25.0, 1.6), (21.0, 25.5, 1.5)])
>>> svg.startswith(b"<?xml") and b"<svg" in svg
True
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from seedbed.i18n import translate

WIDTH, HEIGHT, DPI = 6.4, 2.8, 100


def plot_svg(
    title: str, points: Sequence[tuple[float, float, float]], lang: str | None = None
) -> bytes:
    """The plot of ``points`` (shown rating, mu, sigma after each rated game, oldest first):
    the shown rating as a line with a marker per game, mu ± sigma as a band behind it; a
    plot that says so when there is no rated game yet. Its words in ``lang`` (issue 36)."""
    from matplotlib.backends.backend_svg import FigureCanvasSVG
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    figure = Figure(figsize=(WIDTH, HEIGHT), dpi=DPI)
    FigureCanvasSVG(figure)
    axes = figure.add_subplot()
    games = list(range(1, len(points) + 1))
    if points:
        shown = [p[0] for p in points]
        low = [p[1] - p[2] for p in points]
        high = [p[1] + p[2] for p in points]
        axes.fill_between(games, low, high, color="#9cc5a1", alpha=0.35, label="mu ± sigma")
        line = translate(lang, "rating shown")
        axes.plot(games, shown, color="#2f6b3a", marker="o", markersize=3, label=line)
        axes.legend(loc="best", fontsize=8, framealpha=0.8)
        axes.set_xlim(0.5, len(points) + 0.5)
    else:
        axes.text(0.5, 0.5, translate(lang, "no rated games yet"), ha="center", va="center",
                  transform=axes.transAxes, color="#666666")  # fmt: skip
    axes.set_title(title, fontsize=10, parse_math=False)  # a name's "$" is no formula
    axes.set_xlabel(translate(lang, "rated games"), fontsize=8)
    axes.set_ylabel(translate(lang, "rating (mu - 3 sigma)"), fontsize=8)
    axes.tick_params(labelsize=8)
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.grid(True, color="#dddddd", linewidth=0.5)
    figure.tight_layout()
    out = io.BytesIO()
    figure.savefig(out, format="svg", metadata={"Date": None})
    return out.getvalue()
