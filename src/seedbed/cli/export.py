"""``seedbed export``: recorded games as a Parquet dataset of decisions, one row per decision
(:mod:`seedbed.adapters.dataset`, issue 18 item 5; the columns are in docs/research.md). The
adapters are imported when the command runs, so ``seedbed --help`` loads no NumPy or Arrow.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from seedbed.cli.errors import EngineOption, fail, select_engine, user_errors


def export(
    files: Annotated[
        list[Path],
        typer.Argument(
            metavar="FILE...",
            help="JSON Lines files of game records (seedbed simulate --record, seedbed "
            "play-text --record) or of a tournament's results written with --moves.",
        ),
    ],
    out: Annotated[Path, typer.Option("--out", "-o", help="The Parquet file to write.")],
    games: Annotated[
        int | None, typer.Option("--games", "-n", help="Export only the first N games.")
    ] = None,
    engine: EngineOption = None,
) -> None:
    """Turn recorded games into a Parquet dataset for learning: one row per decision with the
    game, its options, the seat, the seat's observation encoding, its legal actions (the mask's
    ones), the action taken and the seat's final rank and score. Every game is replayed and
    checked against its recorded outcome.

    Example: seedbed export games.jsonl --out decisions.parquet

    Example: seedbed export results.jsonl --out decisions.parquet --games 10
    """
    with user_errors():
        select_engine(engine)
        try:
            from seedbed.adapters.dataset import load_sources, write_dataset
        except ImportError as exc:
            fail(f"seedbed export needs the rl extra (pip install 'seedbed[rl]'): {exc}")
        if games is not None and games < 1:
            fail(f"--games must be at least 1, not {games}")
        records = [source for path in files for source in load_sources(path)]
        if games is not None:
            records = records[:games]
        written, rows = write_dataset(records, out, engine)
    typer.echo(f"wrote {rows:,} decisions of {written} games to {out}")
