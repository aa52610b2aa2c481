"""``seedbed accounts``: the operator's command for the accounts a server stores (list, show,
disable, delete; issue 30 item 1), against the same database URL as ``seedbed serve``.

disable and delete end every session of the account at once (the server reads sessions from
the database on every request). delete keeps the games: the account's name becomes "deleted
player" on its seats in stored tables and on their chat lines, its remembered tokens are
forgotten, and the name is free for a new account (docs/decisions.md). Destructive steps ask
first on a terminal, need ``--yes`` without one. Exit codes as ``seedbed tables``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from seedbed.cli.tables import TIME, DatabaseUrl, Refused, Yes, confirm, opened, reported

if TYPE_CHECKING:
    from seedbed.server.account_store import AccountInfo, AccountStore

app = typer.Typer(
    name="accounts",
    help="List, inspect, disable and delete the accounts a server stores, against the same "
    "database as seedbed serve. disable and delete sign the account out everywhere at once; "
    'delete keeps its games, shown under "deleted player". Operating a server: '
    "docs/operating.md.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
)

AccountName = Annotated[
    str,
    typer.Argument(
        metavar="ACCOUNT",
        help="The account's name (any spelling that folds to it) or #ID (seedbed accounts list).",
    ),
]
ID = re.compile(r"#([0-9]{1,12})")


def lookup(accounts: AccountStore, wanted: str) -> AccountInfo:
    """The account named ``wanted`` (a name, or ``#id``); Refused when there is none."""
    from seedbed.server.account_names import name_key

    number = ID.fullmatch(wanted.strip())
    found = accounts.by_key(name_key(wanted)) if number is None else None
    if found is not None:
        found = accounts.by_id(found.id)
    elif number is not None:
        found = accounts.by_id(int(number[1]))
    if found is None:
        raise Refused(f"no account {wanted!r} in this database")
    return found


def state(info: AccountInfo) -> str:
    return "deleted" if info.deleted else "disabled" if info.disabled else "active"


@app.command("list")
def list_accounts(
    limit: Annotated[int, typer.Option(min=1, max=1000, help="Most accounts to list.")] = 100,
    offset: Annotated[int, typer.Option(min=0, help="Accounts to skip first, oldest first.")] = 0,
    database_url: DatabaseUrl = None,
) -> None:
    """List accounts, oldest first: id, name, state (active, disabled, deleted), creation.

    Example: seedbed accounts list --limit 20
    """
    from seedbed.server.account_store import AccountStore

    with reported(), opened(database_url) as store:
        found = AccountStore(store.engine).page(limit, offset)
    if not found:
        typer.echo("no accounts here")
        return
    table = Table(caption="accounts, oldest first (UTC)", box=box.SIMPLE_HEAD, pad_edge=False)
    for column in ("id", "name", "state", "created"):
        table.add_column(column, no_wrap=column != "name", overflow="fold")
    for info in found:
        table.add_row(f"#{info.id}", info.name, state(info), f"{info.created_at:{TIME}}")
    Console().print(table)


@app.command()
def show(account: AccountName, database_url: DatabaseUrl = None) -> None:
    """Show one account: id, name, state, creation, its live sessions and the seats it
    remembers (never a password hash, session id or token).

    Example: seedbed accounts show Ann
    """
    from seedbed.server.account_store import AccountStore

    with reported(), opened(database_url) as store:
        info = lookup(AccountStore(store.engine), account)
    table = Table(title=f"account #{info.id}", show_header=False)
    table.add_column("field")
    table.add_column("value", overflow="fold")
    for name, value in (
        ("name", info.name),
        ("state", state(info)),
        ("created", f"{info.created_at:{TIME}} UTC"),
        ("sessions", str(info.sessions)),
        ("seats remembered", str(info.seats)),
    ):
        table.add_row(name, value)
    Console().print(table)


@app.command()
def disable(account: AccountName, yes: Yes = False, database_url: DatabaseUrl = None) -> None:
    """Disable an account: it is signed out everywhere at once and cannot sign in again
    (a sign-in gets the same answer as a wrong password). Its games and seats stay; a seat
    token it holds still opens its seat. Asks first unless --yes.

    Example: seedbed accounts disable Ann --yes
    """
    from seedbed.server.account_store import AccountStore

    with reported(), opened(database_url) as store:
        accounts = AccountStore(store.engine)
        info = lookup(accounts, account)
        if not info.usable:
            raise Refused(f"account #{info.id} is {state(info)} already")
        confirm(f"Disable account #{info.id} ({info.name}) and end its sessions?", yes)
        accounts.disable(info.id)
    typer.echo(f"disabled account #{info.id}; its sessions are ended")


@app.command()
def delete(account: AccountName, yes: Yes = False, database_url: DatabaseUrl = None) -> None:
    """Delete an account, keeping its games: it is signed out everywhere, its password and
    remembered tokens are forgotten, its name reads "deleted player" on its seats in stored
    tables (and their chat lines), and the name is free for a new account. A table a running
    server holds in memory shows the new name once it is loaded again. Asks first unless --yes.

    Example: seedbed accounts delete Ann --yes
    """
    from seedbed.server.account_store import AccountStore

    with reported(), opened(database_url) as store:
        accounts = AccountStore(store.engine)
        info = lookup(accounts, account)
        if info.deleted:
            raise Refused(f"account #{info.id} is deleted already")
        confirm(f"Delete account #{info.id} ({info.name})? This cannot be undone.", yes)
        tables = accounts.delete(info.id)
    typer.echo(f'deleted account #{info.id}; {len(tables)} tables now show "deleted player"')
