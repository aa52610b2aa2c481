"""``seedbed lab``: the designer's lab (issue 35). ``sweep`` plays the same deals in every
cell of a grid of a game's declared options and writes the measures (win share by seat with
95% intervals, margins, length, ties) as CSV into an output folder, resumable from the
journals it keeps there."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from seedbed.arena.executors import BACKENDS, make_executor
from seedbed.bots.specs import parse_spec_list
from seedbed.cli import arena as arena_cli
from seedbed.cli.errors import GAME_HELP, EngineOption, fail, lookup, select_engine, user_errors
from seedbed.design.compare import compare as paired_compare
from seedbed.design.compare import option_set
from seedbed.design.grid import cells as grid_cells
from seedbed.design.grid import label
from seedbed.design.report import write_report
from seedbed.design.sweep import SweepPlan, run_sweep
from seedbed.design.tables import summary_rows, write_results, write_summary
from seedbed.lab.simulate import check_setup

app = typer.Typer(name="lab", help="The designer's lab: what if the rules were different?")


@app.command()
def sweep(
    game: Annotated[str, typer.Argument(metavar="GAME", help=GAME_HELP)],
    out: Annotated[Path, typer.Option(help="Folder for the journals, CSV files and report.")],
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            help="name=v1,v2 or name=lo..hi: an option's values to sweep; several make a grid.",
        ),
    ] = None,
    bots: Annotated[
        str, typer.Option("--bots", "-b", help="Bot specs, comma-separated (the last fills).")
    ] = "greedy",
    players: Annotated[int, typer.Option("--players", "-p", help="Number of players.")] = 2,
    games: Annotated[
        int, typer.Option("--games", "-n", help="Games per cell (whole deals).")
    ] = 100,
    seed: Annotated[int, typer.Option(help="Seed of deal 0; deal d is dealt with seed + d.")] = 1,
    backend: Annotated[str, typer.Option(help="local or ray.")] = "local",
    workers: Annotated[int, typer.Option("--workers", "-j", help="Games at once.")] = 1,
    progress: Annotated[bool, typer.Option("--progress/--no-progress")] = True,
    engine: EngineOption = None,
) -> None:
    """Play every cell of an option grid on the same deals and measure each cell.

    Example: seedbed lab sweep stalk_exchange --option garden_radius=2,3 --players 3
    --games 200 --out report/
    """
    with user_errors():
        select_engine(engine)
        lookup(game, engine)
        if games < 1:
            fail(f"--games must be at least 1, not {games}")
        if backend not in BACKENDS:
            fail(f"--backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
        plan = SweepPlan(
            game,
            grid_cells(game, option or []),
            [str(b) for b in parse_spec_list(bots)],
            players,
            games,
            seed,
        )
        arena_cli.check_bots(game, plan.slots)
        check_cells(game, engine, plan)
        label = f"{game} lab"
        with (
            make_executor(backend, workers) as executor,
            arena_cli.progress(label, plan.total_games(), progress) as advance,
        ):
            cells = run_sweep(plan, executor, out, advance)
        write_results(cells, out / "results.csv")
        write_summary(cells, out / "summary.csv")
        command = reproduce(game, option or [], bots, players, games, seed, out)
        write_report(plan, cells, command, out / "report.html")
    rows = [_console_row(row) for row in summary_rows(cells)]
    table = Table(title=f"{game}: {players} players, {plan.deals} deals per cell, seed {seed}")
    for key in rows[0]:
        table.add_column(key)
    for row in rows:
        table.add_row(*row.values())
    Console().print(table)
    typer.echo(f"wrote {out / 'report.html'}, {out / 'results.csv'} and {out / 'summary.csv'}")


def check_cells(game: str, engine: str | None, plan: SweepPlan) -> None:
    """Every cell's options and the player count, checked before any game is played."""
    rules = lookup(game, engine)
    for options in plan.cells:
        check_setup(rules, plan.players, options)


CONSOLE_COLUMNS = ("options", "games", "wins", "mean margin", "mean actions", "ties")
"""The columns the terminal shows; the game's own measures are in summary.csv and the report."""


def _console_row(row: dict[str, str]) -> dict[str, str]:
    return {k: v for k, v in row.items() if any(k.endswith(c) for c in CONSOLE_COLUMNS)}


def reproduce(
    game: str, options: list[str], bots: str, players: int, games: int, seed: int, out: Path
) -> str:
    """The command that plays the same games again (the backend and workers change nothing)."""
    words = ["seedbed", "lab", "sweep", game]
    for text in options:
        words += ["--option", text]
    words += ["--bots", bots, "--players", str(players), "--games", str(games)]
    words += ["--seed", str(seed), "--out", str(out)]
    return shlex.join(words)


@app.command()
def compare(
    game: Annotated[str, typer.Argument(metavar="GAME", help=GAME_HELP)],
    out: Annotated[Path, typer.Option(help="Folder for the journals and results.")],
    a: Annotated[list[str], typer.Option("--a", help="Side A: name=value (repeat for more).")],
    b: Annotated[list[str], typer.Option("--b", help="Side B: name=value (repeat for more).")],
    bots: Annotated[str, typer.Option("--bots", help="Bot specs, comma-separated.")] = "greedy",
    players: Annotated[int, typer.Option("--players", "-p", help="Number of players.")] = 2,
    games: Annotated[int, typer.Option("--games", "-n", help="Games per side.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of deal 0.")] = 1,
    backend: Annotated[str, typer.Option(help="local or ray.")] = "local",
    workers: Annotated[int, typer.Option("--workers", "-j", help="Games at once.")] = 1,
    progress: Annotated[bool, typer.Option("--progress/--no-progress")] = True,
    engine: EngineOption = None,
) -> None:
    """Two option sets (or card files: --a cards=mine.json) on the same deals, paired: each
    measure's difference B − A with a 95% interval.

    Example: seedbed lab compare high_card --a rounds=3 --b rounds=5 --out cmp/
    """
    with user_errors():
        select_engine(engine)
        lookup(game, engine)
        if backend not in BACKENDS:
            fail(f"--backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
        sides = [option_set(game, a), option_set(game, b)]
        specs = [str(s) for s in parse_spec_list(bots)]
        plan = SweepPlan(game, sides, specs, players, games, seed)
        arena_cli.check_bots(game, plan.slots)
        check_cells(game, engine, plan)
        with (
            make_executor(backend, workers) as executor,
            arena_cli.progress(f"{game} compare", plan.total_games(), progress) as advance,
        ):
            cells = run_sweep(plan, executor, out, advance)
        write_results(cells, out / "results.csv")
        found = paired_compare(cells[0].results, cells[1].results)
    table = Table(
        title=f"B − A on {len(cells[0].results)} paired games: A {label(sides[0])}, "
        f"B {label(sides[1])}"
    )
    for column in ("measure", "B − A", "95% interval", ""):
        table.add_column(column)
    for name, d in found.items():
        mark = "*" if d.significant else ""
        table.add_row(name, f"{d.mean:+.3f}", f"[{d.low:+.3f}, {d.high:+.3f}]", mark)
    Console().print(table)
    typer.echo("* the interval excludes 0 (paired normal interval over the games)")
