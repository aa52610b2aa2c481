"""``seedbed play-text GAME``: a person at a terminal plays one game against bots, in the text a
language-model agent gets (:mod:`seedbed.adapters.text_table`, issue 18 item 4).

The person is told what happened since their last move, sees the table and the moves allowed,
and types a move (``plant 0``, or in brackets, ``[plant 0]``); a move that cannot be read or
is not allowed is refused with the reason, and asked again. ``quit`` or the end of the input
stops the game. The bots are specs, as for ``seedbed tournament``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from seedbed.adapters.text import ReplyError
from seedbed.adapters.text_table import TextTable
from seedbed.arena.play import seat_rng
from seedbed.arena.tournament import lineup
from seedbed.bots.api import InfoSet
from seedbed.bots.specs import make_bot, parse_spec_list
from seedbed.cli.arena import check_bots
from seedbed.cli.errors import GAME_HELP, EngineOption, fail, lookup, select_engine, user_errors
from seedbed.engine.api import Action
from seedbed.engine.record import GameRecord
from seedbed.lab import simulate as sim

QUIT = "quit"


def play_text(
    game: Annotated[str, typer.Argument(metavar="GAME", help=GAME_HELP)],
    players: Annotated[int, typer.Option("--players", "-p", help="Number of players.")] = 3,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            "-b",
            help="Bot specs for the other seats in seat order, comma-separated: "
            "greedy,ismcts:iterations=200. With fewer specs than seats the last fills the rest.",
        ),
    ] = "greedy",
    seat: Annotated[int, typer.Option(help="Your seat, 0 = first to move.")] = 0,
    seed: Annotated[int, typer.Option(help="The deal's seed.")] = 1,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            metavar="KEY=VALUE",
            help="A game option KEY=VALUE, repeatable, as for seedbed simulate.",
        ),
    ] = None,
    record: Annotated[
        Path | None,
        typer.Option(help="Write the game to this file as a JSON Lines record (when it ends)."),
    ] = None,
    engine: EngineOption = None,
) -> None:
    """Play one game at the terminal against bots, in text: each time it is your move you see
    what happened since your last one, the table as your seat sees it, and the moves allowed
    now; type one (for example plant 0). quit stops.

    Example: seedbed play-text stalk_exchange --players 3 --bots greedy,random --seat 1

    Example: seedbed play-text bohnanza -p 4 -b greedy -o max_offers=2 --record me.jsonl
    """
    with user_errors():
        select_engine(engine)
        g = lookup(game, engine)
        options = sim.check_setup(g, players, sim.parse_options(game, option or []))
        if not 0 <= seat < players:
            fail(f"--seat must be a seat 0-{players - 1}, not {seat}")
        specs = lineup(parse_spec_list(bots), players - 1)
        check_bots(game, specs)
        table = TextTable(game, players, seed, options, engine)
    seating = [*specs[:seat], "person", *specs[seat:]]
    others = {p: make_bot(spec, game) for p, spec in enumerate(seating) if p != seat}
    rngs = {p: seat_rng(seed, p) for p in others}
    rec = GameRecord(game, players, seed, table.options, seating)
    typer.echo(table.intro(seat))
    typer.echo(f"Seats: {', '.join(f'{p} {s}' for p, s in enumerate(seating))}.")
    while (p := table.seat_on_move()) is not None:
        if p == seat:
            action = ask(table, seat)
            if action is None:
                typer.echo("You left the game.")
                raise typer.Exit(1)
        else:
            action = others[p].act(InfoSet(table.state, p), rngs[p])
            table.play(p, action)
        rec.add(p, action)
    rec.finish(table.state.outcome())
    news = table.news(seat)
    if news:
        typer.echo(news)
    typer.echo(table.outcome_text())
    if record is not None:
        with user_errors():
            record.write_text(rec.to_jsonl(), encoding="utf-8")
        typer.echo(f"wrote the game record to {record}")


def ask(table: TextTable, seat: int) -> Action | None:
    """The person's move, asked until one is allowed (played); None when they quit."""
    typer.echo("")
    typer.echo(table.prompt(seat))
    while True:
        typer.echo("your move> ", nl=False)
        line = sys.stdin.readline()
        if not line or line.strip() == QUIT:
            return None
        try:
            return table.reply(seat, line)
        except ReplyError as exc:
            typer.echo(f"refused: {exc}")
