"""``seedbed games [GAME]``: the registered games, and one game's options, all read from the
games' declarations (``GameSpec``): the option help the command line gives."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from seedbed.cli.errors import fail, lookup, user_errors
from seedbed.engine.registry import game_names, spec
from seedbed.engine.spec import GameSpec, OptionSpec


def games(
    game: Annotated[
        str | None,
        typer.Argument(metavar="[GAME]", help="A game whose options to list (default: all games)."),
    ] = None,
) -> None:
    """List the games, or one game's options with their defaults, bounds, rule clauses and
    help, its command-line shorthands and data files.

    Example: seedbed games

    Example: seedbed games stalk_exchange
    """
    console = Console()
    with user_errors():
        if game is None:
            console.print(games_table())
            return
        lookup(game)
        declared = spec(game)
        console.print(options_table(declared))
        for line in extras(declared):
            typer.echo(line)


def games_table() -> Table:
    table = Table(title="games")
    for column in ("game", "title", "players", "options"):
        table.add_column(column)
    for name in game_names():
        declared = spec(name)
        counts = list(lookup(name).player_counts(None))
        table.add_row(name, declared.title, _counts(counts), str(len(declared.options)))
    return table


def options_table(declared: GameSpec) -> Table:
    table = Table(title=f"{declared.name} ({declared.title}): options")
    table.add_column("option", no_wrap=True)
    for column in ("default", "values", "clause", "meaning"):
        table.add_column(column, overflow="fold")
    for opt in declared.options:
        table.add_row(opt.name, _json(opt.default), values(opt), opt.clause, opt.help)
    return table


def values(opt: OptionSpec) -> str:
    """The values an option takes, in words."""
    if opt.kind == "choice":
        return ", ".join(str(c.value) for c in opt.choices)
    if opt.kind == "bool":
        return "true, false"
    if opt.kind in ("int", "table") and opt.least is not None:
        text = f"{opt.least} … {opt.most}" + (" or null" if opt.nullable else "")
        return text + (" (or per player count)" if opt.kind == "table" else "")
    return "see the meaning"


def extras(declared: GameSpec) -> list[str]:
    """The shorthands, data files and lean options of a game, one line each."""
    lines = [
        f"shorthand: {short}=… means {full}=…" for short, full in declared.option_aliases.items()
    ]
    lines += [
        f"data file: {d.key}=PATH reads a {d.noun} (.toml or .json) into option {d.option}"
        for d in declared.data_files
    ]
    if declared.lean_options is not None:
        shown = " ".join(f"{k}={_json(v)}" for k, v in declared.lean_options.items())
        lines.append(f"--lean sets {shown}")
    return lines


def _json(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def _counts(counts: list[int]) -> str:
    if not counts:
        fail("a game without player counts")
    return (
        f"{counts[0]}-{counts[-1]}"
        if counts == list(range(counts[0], counts[-1] + 1))
        else str(counts)
    )
