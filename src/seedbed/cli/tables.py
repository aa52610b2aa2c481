"""``seedbed tables``: the operator's command for the tables a server stores (list, show,
abort, delete, prune), against the same database URL as ``seedbed serve``.

Destructive steps ask for confirmation on a terminal, and without one they need ``--yes``.
An unknown table, a refused or declined step exits 1. Bad input and database errors exit 2
(:mod:`seedbed.cli.errors`). Storage is imported when a command runs, so ``seedbed --help``
does not load SQLAlchemy.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from seedbed.cli.errors import fail, user_errors

if TYPE_CHECKING:
    from seedbed.server.storage import Store, TableInfo, TablePage

REFUSED = 1
"""Exit code of an unknown table and of a step refused or declined (nothing changed)."""

DURATION = re.compile(r"(\d{1,7})([hdw])")
UNIT_HOURS = {"h": 1, "d": 24, "w": 24 * 7}
MAX_AGE = dt.timedelta(days=36_500)
TIME = "%Y-%m-%d %H:%M"

app = typer.Typer(
    name="tables",
    help="List, inspect and clean up the tables a server stores, against the same database "
    "as seedbed serve. abort and delete of a table a running server is serving take full "
    "effect when that server next checks the database (every minute) or loads the table; "
    "prune never touches running tables. "
    "Operating a server: docs/operating.md.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
)


class Refused(Exception):
    """Nothing was changed: an unknown table, a step refused or not confirmed."""


DatabaseUrl = Annotated[
    str | None,
    typer.Option(
        help="sqlite:///PATH or postgresql+psycopg://USER@HOST/DB, as given to seedbed serve; "
        "default: seedbed serve's SQLite file in the user's data directory."
    ),
]
TableId = Annotated[str, typer.Argument(metavar="ID", help="The table's id (seedbed tables list).")]
Yes = Annotated[
    bool, typer.Option("--yes", "-y", help="Do it without asking (needed without a terminal).")
]


# ------------------------------------------------------------------ plumbing


@contextmanager
def reported() -> Iterator[None]:
    """One line on stderr for every failure: exit 1 when nothing was changed on purpose,
    2 for bad input and database errors."""
    from sqlalchemy.exc import SQLAlchemyError

    with user_errors():
        try:
            yield
        except Refused as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(REFUSED) from None
        except SQLAlchemyError as exc:
            cause = getattr(exc, "orig", None) or exc
            fail(f"database: {str(cause).strip().splitlines()[0]}")


@contextmanager
def opened(database_url: str | None) -> Iterator[Store]:
    """The store at ``database_url`` (default: the server's), migrated like the server does
    at start, so the command reads any revision's database."""
    from seedbed.server import config
    from seedbed.server.storage import Store, check_url, migrate

    url = database_url or config.default_database_url()
    check_url(url)
    check_sqlite_file(url)
    store = Store(url)
    try:
        migrate(store.engine)
        yield store
    finally:
        store.close()


def check_sqlite_file(url: str) -> None:
    """A mistyped SQLite path would silently become a new, empty database."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    path = parsed.database or ":memory:"
    on_disk = parsed.get_backend_name() == "sqlite" and path != ":memory:"
    if on_disk and not Path(path).is_file():
        fail(f"no database at {path} (seedbed serve creates it on first run)")


def interactive() -> bool:
    return sys.stdin.isatty()


def confirm(question: str, yes: bool) -> None:
    """Go on with --yes or a yes on the terminal; else Refused (nothing changed)."""
    if yes:
        return
    if not interactive():
        raise Refused("stdin is not a terminal to confirm on; pass --yes to do it anyway")
    if not typer.confirm(question, default=False):
        raise Refused("not confirmed; nothing changed")


def found(info: TableInfo | None, table_id: str) -> TableInfo:
    if info is None:
        raise Refused(f"no table {table_id} in this database")
    return info


def parse_duration(text: str) -> dt.timedelta:
    """``12h``, ``30d``, ``2w``: a whole number of hours, days or weeks, 1h to 100 years.
    Minutes and months are left out: ``6m`` could mean either."""
    match = DURATION.fullmatch(text.strip())
    if match is None:
        raise ValueError(
            f"--older-than takes hours, days or weeks like 12h, 30d or 2w, not {text!r}"
        )
    age = dt.timedelta(hours=int(match[1]) * UNIT_HOURS[match[2]])
    if not dt.timedelta(hours=1) <= age <= MAX_AGE:
        raise ValueError(f"--older-than must be 1h-36500d (100 years), not {text}")
    return age


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


# ------------------------------------------------------------------ renderings


def page_table(page: TablePage, offset: int) -> Table:
    last = offset + len(page.items)
    caption = f"tables {offset + 1}-{last} of {page.total}, newest first (UTC)"
    table = Table(caption=caption, box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    # An id or a time cut short is useless to the operator. The columns fit 80 characters,
    # rich's width when the output is piped; the last change is in ``show``.
    table.add_column("id", no_wrap=True, min_width=16)
    table.add_column("game", overflow="fold", min_width=15)
    table.add_column("seats", justify="right")
    table.add_column("status", no_wrap=True)
    table.add_column("moves", justify="right")
    table.add_column("created", no_wrap=True, min_width=16)
    for info in page.items:
        t = info.table
        table.add_row(
            t.id, t.game, str(t.num_players), info.status, f"{info.moves:,}",
            f"{info.created_at:{TIME}}",
        )  # fmt: skip
    return table


def seat_label(entry: dict[str, Any]) -> str:
    """A seat as the operator sees it: a bot's spec or a human's name (never the token
    digest)."""
    if entry.get("kind") == "bot":
        return f"bot {entry.get('spec', '?')}"
    if entry.get("kind") == "open":
        return "open seat"
    return f"human {entry.get('name') or '(no name)'}"


def seed_text(info: TableInfo) -> str:
    """The seed would reveal the deal, so it is shown only once the table has ended."""
    chosen = " (chosen by the creator)" if info.table.seed_chosen else ""
    if info.status == "running":
        return f"hidden while the game runs{chosen}"
    return f"{info.table.seed}{chosen}"


def ending_rows(info: TableInfo) -> list[tuple[str, str]]:
    if info.finished_at is None:
        return []
    rows = [(f"{info.status} at", f"{info.finished_at:{TIME}} UTC")]
    if info.outcome is not None:
        rows.append(("outcome", json.dumps(info.outcome, sort_keys=True)))
    if info.abort_reason is not None:
        rows.append(("abort reason", info.abort_reason))
    return rows


def info_table(info: TableInfo) -> Table:
    t = info.table
    timer = "none" if t.turn_seconds is None else f"{t.turn_seconds:g} s per turn"
    rows = [
        ("game", f"{t.game}, {t.num_players} players"),
        ("options", json.dumps(t.options, sort_keys=True)),
        ("status", info.status),
        ("moves", plural(info.moves, "move")),
        ("created", f"{info.created_at:{TIME}} UTC"),
        ("last change", f"{info.updated_at:{TIME}} UTC"),
        *ending_rows(info),
        ("turn timer", timer),
        ("seed", seed_text(info)),
        *((f"seat {i}", seat_label(entry)) for i, entry in enumerate(t.seating)),
    ]
    table = Table(title=f"table {t.id}", show_header=False)
    table.add_column("field")
    table.add_column("value", overflow="fold")
    for name, value in rows:
        table.add_row(name, value)
    return table


# ------------------------------------------------------------------ commands


@app.command("list")
def list_tables(
    status: Annotated[
        str | None,
        typer.Option(help="Only tables with this status: running, finished or aborted."),
    ] = None,
    game: Annotated[str | None, typer.Option(help="Only tables of this game.")] = None,
    limit: Annotated[int, typer.Option(help="Most tables to list (1-500).")] = 50,
    offset: Annotated[int, typer.Option(help="Tables to skip first, newest first.")] = 0,
    database_url: DatabaseUrl = None,
) -> None:
    """List stored tables, newest first: id, game, seats, status, moves, creation time.

    Example: seedbed tables list --status running --game bohnanza --limit 20
    """
    with reported(), opened(database_url) as store:
        page = store.list_tables(status, game, limit, offset)
    if page.items:
        Console().print(page_table(page, offset))
    else:
        typer.echo(f"no tables here ({page.total} match in all)")


@app.command()
def show(table_id: TableId, database_url: DatabaseUrl = None) -> None:
    """Show one table: game, options, status, times, moves count, the outcome or abort
    reason, and who sits where (names and bot specs, never tokens). The seed is shown only
    once the table has finished or been aborted.

    Example: seedbed tables show 3f9c0a1b2c3d4e5f
    """
    with reported(), opened(database_url) as store:
        info = found(store.info(table_id), table_id)
    Console().print(info_table(info))


@app.command()
def abort(
    table_id: TableId,
    reason: Annotated[
        str, typer.Option(help="Why, kept with the table (at most 500 characters).")
    ] = "aborted by the operator",
    yes: Yes = False,
    database_url: DatabaseUrl = None,
) -> None:
    """Abort a running table: it ends without an outcome, recorded as aborted with the
    reason, and is not resumed. Asks first unless --yes. A server that is serving the table
    keeps its copy in memory: the abort takes full effect when that server next checks the
    database (seedbed serve does every minute) or loads the table.

    Example: seedbed tables abort 3f9c0a1b2c3d4e5f --reason "reported abuse" --yes
    """
    from seedbed.server.storage import check_reason

    with reported():
        check_reason(reason)
        with opened(database_url) as store:
            info = found(store.info(table_id), table_id)
            if info.status != "running":
                raise Refused(f"table {table_id} is {info.status}; only a running table is aborted")
            moves = plural(info.moves, "move")
            confirm(f"Abort table {table_id} ({info.table.game}, {moves})?", yes)
            if not store.abort(table_id, reason):
                raise Refused(f"table {table_id} ended before the abort; nothing changed")
    typer.echo(f"aborted table {table_id}")


@app.command()
def delete(table_id: TableId, yes: Yes = False, database_url: DatabaseUrl = None) -> None:
    """Delete a table of any status and all its moves, for good. Asks first unless --yes.
    A server that is serving the table keeps its copy in memory: the delete takes full
    effect when that server next checks the database (seedbed serve does every minute) or
    loads the table; until then its moves fail to store. Abort a running table first.

    Example: seedbed tables delete 3f9c0a1b2c3d4e5f --yes
    """
    with reported(), opened(database_url) as store:
        info = found(store.info(table_id), table_id)
        what = f"{info.status} {info.table.game}, {plural(info.moves, 'move')}"
        confirm(f"Delete table {table_id} ({what}) and its moves? This cannot be undone.", yes)
        if not store.delete(table_id):
            raise Refused(f"table {table_id} was deleted meanwhile")
    typer.echo(f"deleted table {table_id}")


@app.command()
def prune(
    older_than: Annotated[
        str,
        typer.Option(
            help="Age of the end: hours, days or weeks, like 12h, 30d or 2w (1h to 36500d)."
        ),
    ],
    yes: Yes = False,
    database_url: DatabaseUrl = None,
) -> None:
    """Delete every finished or aborted table that ended longer ago than --older-than, with
    its moves; says how many first and asks unless --yes. Running tables are never pruned,
    however old.

    Example: seedbed tables prune --older-than 30d --yes
    """
    from seedbed.server.storage import now

    with reported():
        age = parse_duration(older_than)
        with opened(database_url) as store:
            moment = now()  # one cutoff for the count and the prune
            count = store.count_prunable(age, moment)
            before = f"{moment - age:{TIME}} UTC"
            tables = plural(count, "finished or aborted table")
            typer.echo(f"{tables} ended more than {older_than} ago (before {before})")
            if count == 0:
                return
            confirm(f"Delete {plural(count, 'table')} and their moves?", yes)
            pruned = store.prune(age, moment)
    typer.echo(f"deleted {plural(pruned, 'table')}")
