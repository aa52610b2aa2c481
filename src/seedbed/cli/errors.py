"""How every ``seedbed`` command reports a user's mistake: one line on stderr, ``error: …``,
and exit code 2, never a traceback; and the GAME argument's help and :func:`lookup`, which
reports an unknown game that way. Shared by the command modules (``main``, ``bench``,
``serve``, ``tables``…) without importing one another."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, NoReturn

import typer

import seedbed
from seedbed import engines
from seedbed.engine.api import Game
from seedbed.engine.registry import ENGINES, game_names

USAGE_ERROR = 2


class CliError(Exception):
    """A user error: printed as one line, exit code 2."""


def fail(message: str) -> NoReturn:
    raise CliError(message)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn CliError / ValueError / OSError into ``error: …`` and exit code 2 (no traceback)."""
    try:
        yield
    except BrokenPipeError:  # the reader went away (| head): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        raise typer.Exit(1) from None
    except (CliError, ValueError, OSError) as exc:
        message = str(exc) or type(exc).__name__
        typer.echo(f"error: {message.splitlines()[0]}", err=True)
        raise typer.Exit(USAGE_ERROR) from None


GAME_HELP = f"The game to play; one of: {', '.join(game_names())}."


def lookup(name: str, engine: str | None = None) -> Game:
    """The game ``name`` on ``engine`` (None: the default); ``error: …`` when unknown or when
    the engine asked for cannot run it."""
    try:
        return seedbed.game(name, engine)
    except ValueError as exc:
        fail(str(exc))


ENGINE_HELP = (
    f"The engine that plays the game: {' or '.join(ENGINES)} (default: native where the game "
    f"has one and it is built, else python; the environment variable {engines.ENV} sets the "
    "default). Worker processes use the same engine."
)
EngineOption = Annotated[str | None, typer.Option("--engine", metavar="ENGINE", help=ENGINE_HELP)]


def select_engine(engine: str | None) -> None:
    """Make ``--engine`` the engine of this command and of the processes it starts."""
    if engine is None:
        return
    if engine not in ENGINES:
        fail(f"--engine must be one of {', '.join(ENGINES)}, not {engine!r}")
    engines.use(engine)
