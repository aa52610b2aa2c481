"""``seedbed bench``: speeds of a game's random playouts and clones (``bench GAME``), of the
ISMCTS search (``bench ismcts GAME``), of a bot's decisions (``bench bot GAME``), and of the
server under load (``bench server``).

The measuring code is :mod:`seedbed.lab.bench`, :func:`seedbed.cli.arena.bench_ismcts`,
:mod:`seedbed.lab.decisions` and :mod:`seedbed.server.bench` (imported when the command
runs); :mod:`seedbed.cli.main` registers the command.
"""

from __future__ import annotations

from typing import Annotated

import typer

from seedbed import engines
from seedbed.bots.ismcts import BENCH_SPEC as ISMCTS_BENCH_SPEC
from seedbed.cli import arena as arena_cli
from seedbed.cli.errors import ENGINE_HELP, GAME_HELP, fail, lookup, select_engine, user_errors
from seedbed.engine.registry import game_names
from seedbed.lab import bench as benchmod
from seedbed.lab import simulate as sim


def bench(
    what: Annotated[
        str,
        typer.Argument(
            metavar="GAME|ismcts|bot|server",
            help=f"{GAME_HELP} Or ismcts or bot, then GAME. Or server.",
        ),
    ],
    game: Annotated[
        str | None, typer.Argument(metavar="[GAME]", help="The game, after ismcts or bot.")
    ] = None,
    players: Annotated[int, typer.Option("--players", "-p", help="Number of players.")] = 4,
    seconds: Annotated[
        float | None,
        typer.Option(
            help="Time budget per figure (each playout figure, the clone figure; default 3); "
            "with server: how long the load runs (default 20)."
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the first benchmark game.")] = 0,
    spec: Annotated[
        str | None,
        typer.Option(
            help="With ismcts: the bot spec to measure (default "
            "ismcts:iterations=1000: the bot's default settings, cut-off rollouts and the "
            "greedy prior). "
            "With bot: the bot whose decisions are timed (default greedy)."
        ),
    ] = None,
    opponent: Annotated[
        str, typer.Option(help="With bot: the bot at every other seat.")
    ] = "greedy",
    games: Annotated[
        int,
        typer.Option(help="With bot: whole games played; the bot sits at each seat in turn."),
    ] = 4,
    budget: Annotated[
        float | None,
        typer.Option(help="With bot: also count the decisions that took longer (seconds)."),
    ] = None,
    tables: Annotated[
        int, typer.Option(help="With server: concurrent tables, every seat a scripted human.")
    ] = 100,
    server_game: Annotated[
        str | None, typer.Option("--game", help="With server: the game the tables play.")
    ] = None,
    think: Annotated[
        float,
        typer.Option(
            help="With server: mean seconds a seat waits before each act, drawn uniformly "
            "from 0.5x to 1.5x (0.5: a brisk player or a fast bot; 0 saturates the server: "
            "every table always has a move waiting)."
        ),
    ] = 0.5,
    warmup: Annotated[
        float,
        typer.Option(
            help="With server: seconds played before measuring (the start's burst of table "
            "creations and connections is not a steady load)."
        ),
    ] = 3.0,
    database_url: Annotated[
        str | None,
        typer.Option(help="With server: the server's storage (default: a temporary SQLite file)."),
    ] = None,
    processes: Annotated[
        int,
        typer.Option(
            help="With server: start this many servers (--cluster, PostgreSQL only) and "
            "connect each table's seats round-robin over them (issue 32 item 5)."
        ),
    ] = 1,
    engine: Annotated[
        str | None,
        typer.Option(
            "--engine",
            metavar="ENGINE",
            help=f"{ENGINE_HELP} With bench GAME also both: each engine's figures from one "
            "run, side by side, with their ratios.",
        ),
    ] = None,
) -> None:
    """Measure random playouts/s and actions/s (without and with offers) and µs per clone()
    of mid-game states; or, as bench ismcts GAME, the search's iterations/s; or, as bench bot
    GAME, the milliseconds of each decision of one bot in whole games against --opponent
    (mean, p50, p90, p99, max). In this process on one core; figures vary by machine. As
    bench server: start seedbed serve, play --tables tables over WebSockets from this
    process, print actions/s and round-trip latency per act (p50/p95/p99).

    Example: seedbed bench bohnanza --players 4 --seconds 3

    Example: seedbed bench bohnanza --engine both

    Example: seedbed bench ismcts bohnanza --players 4 --seconds 5 --spec ismcts:iterations=200

    Example: seedbed bench bot fields_of_green --spec ismcts:iterations=1000 --budget 1

    Example: seedbed bench server --tables 100 --players 4 --game stalk_exchange --seconds 20

    Example: seedbed bench server --processes 3 --database-url postgresql+psycopg://... --game
    stalk_exchange --tables 1000 --think 2.75
    """
    with user_errors():
        if engine == BOTH:
            if what in ("server", "ismcts") or game is not None or spec is not None:
                fail("--engine both goes with bench GAME only")
            _bench_both(what, players, 3.0 if seconds is None else seconds, seed)
            return
        select_engine(engine)
        if what == "server":
            if game is not None:
                fail(f"bench server takes no GAME argument (use --game), not {game}")
            from seedbed.server import bench as server_bench

            if server_game is None:
                fail(f"bench server needs --game GAME; one of: {', '.join(game_names())}")
            config = server_bench.BenchConfig(
                server_game, tables, players, think, 20.0 if seconds is None else seconds,
                database_url, seed, warmup, processes,
            )  # fmt: skip
            typer.echo("\n".join(server_bench.run(config).lines()))
            return
        seconds = 3.0 if seconds is None else seconds
        if seconds < 0:
            fail(f"--seconds must be >= 0, not {seconds}")
        if budget is not None and what != "bot":
            fail("--budget goes with bench bot GAME")
        if what == "bot":
            if game is None:
                fail("bench bot needs a game: seedbed bench bot GAME")
            sim.check_setup(lookup(game, engine), players, {})
            lines = _bench_bot(game, players, spec or "greedy", opponent, games, seed, budget)
            typer.echo(f"engine: {engines.running(game, engine)}")
            typer.echo("\n".join(lines))
            return
        if what == "ismcts":
            if game is None:
                fail("bench ismcts needs a game: seedbed bench ismcts GAME")
            sim.check_setup(lookup(game, engine), players, {})
            line = arena_cli.bench_ismcts(game, players, spec or ISMCTS_BENCH_SPEC, seconds, seed)
            typer.echo(f"engine: {engines.running(game, engine)}")
            typer.echo(line)
            return
        if game is not None:
            fail(f"bench takes GAME or ismcts GAME, not {what} {game}")
        if spec is not None:
            fail("--spec goes with bench ismcts GAME")
        g = lookup(what, engine)
        for _, opts in benchmod.variants(g):
            sim.check_setup(g, players, opts)
        report = benchmod.bench(g, players, seconds, seed)
    typer.echo(f"engine: {engines.running(g.name, engine)} ({engines.describe()})")
    typer.echo("\n".join(report.lines()))


BOTH = "both"


def _bench_bot(
    game: str,
    players: int,
    spec: str,
    opponent: str,
    games: int,
    seed: int,
    budget: float | None,
) -> list[str]:
    """``bench bot GAME``: every decision of ``spec`` timed, under a progress bar."""
    from seedbed.lab.decisions import decision_times

    if games < 1:
        fail(f"--games must be at least 1, not {games}")
    if budget is not None and budget < 0:
        fail(f"--budget must be >= 0, not {budget}")
    arena_cli.check_bots(game, [spec, opponent])
    with arena_cli.progress(f"{game}: timing {spec}", games, show=True) as advance:
        times = decision_times(game, players, spec, opponent, games, seed, done=advance)
    return times.lines(budget)


def _bench_both(name: str, players: int, seconds: float, seed: int) -> None:
    """``bench GAME --engine both``: every figure on the Python engine, then on the native
    one, in this process on one core, and their ratios."""
    if seconds < 0:
        fail(f"--seconds must be >= 0, not {seconds}")
    games = [lookup(name, "python"), lookup(name, "native")]
    for g in games:
        for _, opts in benchmod.variants(g):
            sim.check_setup(g, players, opts)
    if not benchmod.same_games(games, players, seed):
        fail("the engines play different games: run the parity tests (tests/native)")
    reports = {}
    for label, g in zip(("python", "native"), games, strict=True):
        typer.echo(f"measuring the {label} engine …", err=True)
        reports[label] = benchmod.bench(g, players, seconds, seed)
    typer.echo(engines.describe())
    for label, report in reports.items():
        typer.echo(f"[{label}] " + "\n".join(report.lines()))
    typer.echo("\n".join(benchmod.comparison(reports)))
