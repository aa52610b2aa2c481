"""The raw results and the measures as CSV: one row per game, one row per cell."""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence
from pathlib import Path

from seedbed.design.grid import label
from seedbed.design.measures import margin, measure
from seedbed.design.sweep import Cell


def write_results(cells: Sequence[Cell], path: Path) -> None:
    """Every game: its cell, deal, seating, scores, winners, length and margin."""
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(
            [
                "cell",
                "options",
                "deal",
                "seed",
                "seating",
                "scores",
                "winners",
                "actions",
                "margin",
                "extras",
            ]
        )
        for i, cell in enumerate(cells):
            for r in cell.results:
                writer.writerow(
                    [
                        i,
                        json.dumps(cell.options, sort_keys=True),
                        r.deal,
                        r.seed,
                        " ".join(r.seating),
                        " ".join(map(str, r.scores)),
                        " ".join(map(str, r.winners)),
                        r.actions,
                        margin(r),
                        json.dumps(r.extras, sort_keys=True),
                    ]
                )


def summary_rows(cells: Sequence[Cell], extras: bool = True) -> list[dict[str, str]]:
    """One row per cell: games, each seat's win share with its 95% interval, and the rest
    (the game's own measures too, unless ``extras`` is false)."""
    rows: list[dict[str, str]] = []
    for i, cell in enumerate(cells):
        m = measure(cell.results)
        row = {"cell": str(i), "options": label(cell.options), "games": str(m.games)}
        for seat, (share, (low, high)) in enumerate(
            zip(m.seat_share, m.seat_interval, strict=True)
        ):
            row[f"seat {seat} wins"] = f"{share:.1%} [{low:.1%}, {high:.1%}]"
        row["mean winning score"] = f"{m.mean_winning_score:.1f}"
        row["mean margin"] = f"{m.mean_margin:.2f}"
        row["mean actions"] = f"{m.mean_actions:.1f}"
        row["ties"] = f"{m.ties:.1%}"
        row["tie-breaks"] = f"{m.tiebreaks:.1%}"
        if m.mean_rounds is not None:
            row["mean rounds"] = f"{m.mean_rounds:.1f}"
            row["median rounds"] = f"{m.median_rounds:g}"
        row["endings"] = "; ".join(f"{k} {v:.0%}" for k, v in sorted(m.endings.items()))
        for key, value in m.extras.items() if extras else ():
            row[key] = f"{value:.2f}"
        rows.append(row)
    return rows


def extras_rows(cells: Sequence[Cell]) -> list[dict[str, str]]:
    """The game's own measures turned on their side: one row per measure, one column per
    cell (a game may declare dozens, e.g. a pick rate and a win rate per card)."""
    measured = [measure(c.results).extras for c in cells]
    names = list(dict.fromkeys(k for m in measured for k in m))
    return [
        {"measure": name}
        | {
            label(c.options): f"{m[name]:.2f}" if name in m else ""
            for c, m in zip(cells, measured, strict=True)
        }
        for name in names
    ]


def write_summary(cells: Sequence[Cell], path: Path) -> None:
    rows = summary_rows(cells)
    with path.open("w", newline="", encoding="utf-8") as out:
        names = list(dict.fromkeys(k for row in rows for k in row))
        writer = csv.DictWriter(out, fieldnames=names, restval="")
        writer.writeheader()
        writer.writerows(rows)
