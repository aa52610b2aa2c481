"""A tournament report: ``index.html`` with tables and PNG plots, in one directory.

Plots are drawn on :class:`matplotlib.figure.Figure` objects with the Agg canvas directly (no
``pyplot``), so nothing depends on a display or on global figure state. The page is static
and self-contained apart from its PNGs: open it from the file system.

Plots: score distribution per bot, win share per bot and per seat with 95% intervals (seat
advantage against the 1/N parity line), game length, ratings with 95% intervals.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path

from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from seedbed.arena.ratings import Rated
from seedbed.arena.stats import Z95, Tally
from seedbed.arena.summary import Summary

PLOTS = ("scores.png", "bots.png", "seats.png", "length.png", "ratings.png")


def _figure(width: float = 7.0, height: float = 3.6) -> Figure:
    fig = Figure(figsize=(width, height), dpi=100, layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def _save(fig: Figure, path: Path) -> None:
    fig.savefig(path, format="png")


def plot_scores(summary: Summary, path: Path) -> None:
    fig = _figure()
    ax = fig.add_subplot()
    ax.boxplot([t.scores for t in summary.bots], showmeans=True)
    ax.set_xticks(range(1, len(summary.bots) + 1), [t.name for t in summary.bots])
    ax.set_ylabel("final score (per seat played)")
    ax.set_title("score distribution per bot")
    _save(fig, path)


def plot_shares(tallies: Sequence[Tally], parity: float, title: str, path: Path) -> None:
    """Win shares with 95% Wilson intervals and the 1/N parity line."""
    fig = _figure()
    ax = fig.add_subplot()
    shares = [t.share for t in tallies]
    low = [t.share - t.interval[0] for t in tallies]
    high = [t.interval[1] - t.share for t in tallies]
    xs = list(range(len(tallies)))
    ax.bar(xs, shares, color="#6a9f58")
    ax.errorbar(xs, shares, yerr=[low, high], fmt="none", ecolor="black", capsize=4)
    ax.axhline(parity, color="#b5443b", linestyle="--", label=f"parity 1/N = {parity:.3f}")
    ax.set_xticks(xs, [t.name for t in tallies])
    ax.set_ylabel("win share (95% interval)")
    ax.set_title(title)
    ax.legend(loc="upper right")
    _save(fig, path)


def plot_length(summary: Summary, path: Path) -> None:
    fig = _figure()
    ax = fig.add_subplot()
    lengths = summary.lengths
    ax.hist(lengths, bins=min(30, max(1, len(set(lengths)))), color="#4f7cac")
    ax.set_xlabel("actions per game")
    ax.set_ylabel("games")
    ax.set_title(f"game length (mean {sum(lengths) / len(lengths):.1f} actions)")
    _save(fig, path)


def plot_ratings(summary: Summary, path: Path) -> None:
    fig = _figure(7.0, 4.2)
    bots_ax, seats_ax = fig.subplots(1, 2, width_ratios=[3, 2])
    _rating_bars(bots_ax, summary.bot_ratings, "bot rating (mu, 95% interval)")
    _rating_bars(seats_ax, summary.seat_ratings, "seat term (mu, 95% interval)")
    seats_ax.axvline(0.0, color="grey", linewidth=0.8)
    _save(fig, path)


def _rating_bars(ax: Axes, rated: Sequence[Rated], title: str) -> None:
    ys = list(range(len(rated)))[::-1]
    mus = [r.mu for r in rated]
    err = [Z95 * r.sigma for r in rated]
    ax.errorbar(mus, ys, xerr=err, fmt="o", capsize=4, color="#4f7cac")
    ax.set_yticks(ys, [r.name for r in rated])
    ax.set_title(title, fontsize=10)


# ------------------------------------------------------------------ html


def _table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"


def _ci(t: Tally) -> str:
    lo, hi = t.interval
    return f"{lo:.1%} – {hi:.1%}"


def bot_rows(summary: Summary) -> list[list[str]]:
    rows = []
    for t in summary.bots:
        r = summary.rating_of(t.name)
        lo, hi = r.interval
        rows.append(
            [
                t.name,
                f"{t.trials}",
                f"{t.share:.1%}",
                _ci(t),
                f"{t.mean_score:.2f}",
                f"{r.mu:.2f} ± {r.sigma:.2f}",
                f"{lo:.1f} – {hi:.1f}",
            ]
        )
    return rows


def seat_rows(summary: Summary) -> list[list[str]]:
    rows = []
    for t, r in zip(summary.seats, summary.seat_ratings, strict=True):
        rows.append(
            [t.name, f"{t.trials}", f"{t.share:.1%}", _ci(t), f"{t.mean_score:.2f}", f"{r.mu:+.2f}"]
        )
    return rows


_STYLE = """body{font-family:system-ui,sans-serif;max-width:60em;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.25em .6em;
text-align:right}td:first-child,th:first-child{text-align:left}img{max-width:100%}"""


def write_report(summary: Summary, directory: Path) -> Path:
    """Write ``index.html`` and the PNG plots into ``directory`` (created if missing);
    returns the page's path."""
    directory.mkdir(parents=True, exist_ok=True)
    parity = 1.0 / summary.num_players
    plot_scores(summary, directory / "scores.png")
    plot_shares(summary.bots, parity, "win share per bot (per seat played)", directory / "bots.png")
    plot_shares(
        summary.seats, parity, "win share per seat (seat advantage)", directory / "seats.png"
    )
    plot_length(summary, directory / "length.png")
    plot_ratings(summary, directory / "ratings.png")
    page = directory / "index.html"
    page.write_text(_page(summary), encoding="utf-8")
    return page


def _page(summary: Summary) -> str:
    title = f"{summary.game}: {summary.num_players}-player tournament"
    bots = _table(
        ["bot", "seats played", "win share", "95% CI", "mean score", "rating", "95% interval"],
        bot_rows(summary),
    )
    seats = _table(
        ["seat", "games", "win share", "95% CI", "mean score", "seat term"], seat_rows(summary)
    )
    images = "".join(f'<p><img src="{name}" alt="{name[:-4]}"></p>' for name in PLOTS)
    facts = (
        f"{summary.games} game{'' if summary.games == 1 else 's'} = {summary.deals} "
        f"deal{'' if summary.deals == 1 else 's'} × seat rotations; "
        f"options {html.escape(str(summary.results[0].options))}. "
        "A win shared by k players counts 1/k; intervals are Wilson 95%; ratings are "
        "OpenSkill Plackett–Luce with a seat term (mu ± 1.96 sigma)."
    )
    return (
        f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
        f"<style>{_STYLE}</style></head><body><h1>{html.escape(title)}</h1><p>{facts}</p>"
        f"<h2>Bots</h2>{bots}<h2>Seats</h2>{seats}<h2>Plots</h2>{images}</body></html>\n"
    )
