"""The ``seedbed`` command line: simulate, replay, tournament, match and bench, generic over
games.

A thin layer: the loops live in :mod:`seedbed.lab.simulate` and :mod:`seedbed.lab.bench`, the
renderings in :mod:`seedbed.engine.render`; this module parses arguments, does the file I/O
and prints. Bad input ends with a one-line ``error: …`` on stderr and exit code 2. The
``bench`` command is in :mod:`seedbed.cli.bench`, ``serve`` in :mod:`seedbed.cli.serve` and
``tables`` in :mod:`seedbed.cli.tables`; all are registered here.
"""

from __future__ import annotations

import statistics
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, TextIO

import typer
from rich.console import Console
from rich.table import Table

import seedbed
from seedbed import engines
from seedbed.arena.executors import BACKENDS, Executor, make_executor
from seedbed.arena.journal import Journal
from seedbed.arena.match import play_kept, run_match
from seedbed.arena.stats import Sprt
from seedbed.arena.summary import Summary, summarize
from seedbed.arena.tournament import deals_for, lineup, schedule
from seedbed.bots.specs import parse_spec, parse_spec_list
from seedbed.cli import accounts as accounts_cli
from seedbed.cli import arena as arena_cli
from seedbed.cli import bench as bench_cli
from seedbed.cli import export as export_cli
from seedbed.cli import figures
from seedbed.cli import games as games_cli
from seedbed.cli import lab as lab_cli
from seedbed.cli import play_text as play_text_cli
from seedbed.cli import serve as serve_cli
from seedbed.cli import tables as tables_cli
from seedbed.cli.errors import (
    GAME_HELP,
    EngineOption,
    fail,
    lookup,
    select_engine,
    user_errors,
)
from seedbed.engine.api import Game, PlayerId, State
from seedbed.engine.record import GameRecord, Step, read_records, steps
from seedbed.engine.registry import spec
from seedbed.engine.render import compact, options_line, render_event, render_observation
from seedbed.lab import simulate as sim

app = typer.Typer(
    name="seedbed",
    help="Play, study and build AI for plant-trading tabletop games.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
)


def version_callback(value: bool) -> None:
    if value:
        typer.echo(f"seedbed {seedbed.__version__}")
        typer.echo(engines.describe())
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=version_callback, is_eager=True, help="Show the version."
        ),
    ] = False,
) -> None:
    """Play, study and build AI for plant-trading tabletop games (Bohnanza, …)."""


OPTION_HELP = (
    "A game option KEY=VALUE, repeatable. The value is read as JSON when it parses, else as "
    "text; a dotted key (group.key) sets a nested option; a game's data-file keys read a "
    ".toml or .json file (KEY=PATH). 'seedbed games GAME' lists a game's options with their "
    "defaults, bounds, rule clauses and shorthands."
)
LEAN_HELP = (
    "Play without the game's bulky actions (the options its declaration gives for that; "
    "'seedbed games GAME' shows them)."
)


# ------------------------------------------------------------------ simulate


def game_options(game: Game, texts: Sequence[str], lean: bool) -> dict[str, Any]:
    """Options from ``--option`` texts and ``--lean``."""
    options = sim.parse_options(game.name, texts)
    if lean:
        switch = spec(game.name).lean_options
        if switch is None:
            fail(f"{game.name} has no bulky actions to leave out (--lean)")
        for key, value in switch.items():
            if key in options and options[key] != value:
                fail(f"--lean sets {key}={value}, which conflicts with --option {key}")
            options[key] = value
    return options


def summary_tables(game: Game, summary: sim.Summary, first_seed: int) -> list[Table]:
    last = first_seed + summary.games - 1
    seats = Table(title=f"{game.name}: {summary.num_players} players, seeds {first_seed}-{last}")
    seats.add_column("seat", justify="right")
    seats.add_column("mean score", justify="right")
    seats.add_column("win share", justify="right")
    for p, (score, share) in enumerate(zip(summary.mean_scores, summary.win_shares, strict=True)):
        seats.add_row(str(p), f"{score:.2f}", f"{share:.1%}")
    totals = Table(title="random play", show_header=False)
    totals.add_column("figure")
    totals.add_column("value", justify="right")
    totals.add_row("games", f"{summary.games:,}")
    totals.add_row("speed", figures.speed(summary.games_per_second))
    totals.add_row("mean actions", f"{summary.mean_steps:,.1f}")
    declared = spec(game.name)
    totals.add_row(f"mean {declared.turn_name}", f"{summary.mean_turns:.2f}")
    if declared.trade_event:
        totals.add_row("mean trades per turn", f"{summary.trades_per_turn:.3f}")
    tables = [seats, totals]
    if summary.endings:
        tables.append(endings_table(summary))
    return tables


def endings_table(summary: sim.Summary) -> Table:
    """How the games ended and after how many rounds."""
    table = Table(title="how the games ended")
    for name in ("ending", "games", "share", "mean rounds", "median", "range"):
        table.add_column(name, justify="left" if name == "ending" else "right")
    for label, rounds in sorted(summary.endings.items(), key=lambda kv: -len(kv[1])):
        ordered = sorted(rounds)
        table.add_row(
            label,
            f"{len(rounds):,}",
            f"{len(rounds) / summary.games:.1%}",
            f"{sum(rounds) / len(rounds):.2f}",
            f"{statistics.median(ordered):g}",
            f"{ordered[0]}-{ordered[-1]}",
        )
    return table


def open_record_file(path: Path | None) -> TextIO | None:
    if path is None:
        return None
    try:
        return path.open("w", encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write {path}: {exc.strerror or exc}")


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(metavar="GAME", help=GAME_HELP)],
    players: Annotated[int, typer.Option("--players", "-p", help="Number of players.")] = 4,
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games to play.")] = 1000,
    seed: Annotated[int, typer.Option(help="Seed of game 0; game i is dealt with seed + i.")] = 1,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            metavar="KEY=VALUE",
            help=OPTION_HELP,
        ),
    ] = None,
    record: Annotated[
        Path | None,
        typer.Option(
            help="Write every game to this file as JSON Lines records, one after another."
        ),
    ] = None,
    lean: Annotated[bool, typer.Option("--lean", help=LEAN_HELP)] = False,
    progress: Annotated[
        bool, typer.Option("--progress/--no-progress", help="Show a progress bar on stderr.")
    ] = True,
    engine: EngineOption = None,
) -> None:
    """Play seeded, uniformly random games and print per-seat scores, win shares, speed and
    (for games with several endings) how the games ended.

    Example: seedbed simulate bohnanza --players 4 --games 1000 --seed 1 -o edition=classic

    Example: seedbed simulate stalk_exchange --players 3 --games 1000 -o garden_radius=4
    """
    with user_errors():
        select_engine(engine)
        g = lookup(game, engine)
        if games < 1:
            fail(f"--games must be at least 1, not {games}")
        options = game_options(g, option or [], lean)
        normalized = sim.check_setup(g, players, options)
        out = open_record_file(record)
        try:
            summary = run_simulation(g, players, games, seed, normalized, out, progress)
        finally:
            if out is not None:
                out.close()
    console = Console()
    typer.echo(f"options: {options_line(g.name, normalized)}")
    typer.echo(f"engine: {engines.running(g.name, engine)}")
    for table in summary_tables(g, summary, seed):
        console.print(table)
    if record is not None:
        console.print(f"wrote {summary.games} game records to {record}", markup=False)


def run_simulation(
    game: Game,
    players: int,
    games: int,
    seed: int,
    options: dict[str, Any],
    out: TextIO | None,
    show_progress: bool,
) -> sim.Summary:
    def save(i: int, state: State, rec: GameRecord, stats: sim.GameStats) -> None:
        if out is not None:
            out.write(rec.to_jsonl())

    # Without --record nothing per game is needed: the engine may play the games in bulk.
    runs = sim.simulate(game, players, games, seed, options, on_game=None if out is None else save)
    summary = sim.Summary(players)
    with arena_cli.progress(f"{game.name} {players}p", games, show_progress) as advance:
        for current in runs:
            summary = current
            advance(1)
    return summary


# ------------------------------------------------------------------ replay


def parse_viewers(text: str, n: int) -> list[PlayerId | None]:
    if text == "all":
        return list(range(n))
    if text == "spectator":
        return [None]
    if text.isdigit() and int(text) < n:
        return [int(text)]
    fail(f"--viewer must be all, spectator or a seat 0-{n - 1}, not {text!r}")


def load_record(path: Path, index: int) -> tuple[GameRecord, int]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        fail(f"no such file: {path}")
    except IsADirectoryError:
        fail(f"{path} is a directory, not a game record file")
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"cannot read {path}: {exc}")
    try:
        records = read_records(text.splitlines())
    except ValueError as exc:
        fail(f"{path}: {exc}")
    if not -len(records) <= index < len(records):
        fail(f"{path} holds {len(records)} game(s); --game-index {index} is out of range")
    return records[index], len(records)


def views_lines(game_name: str, state: State, events: list[Any], viewers: list[Any]) -> list[str]:
    lines: list[str] = []
    for v in viewers:
        lines.append(f"  -- {'spectator' if v is None else f'seat {v}'} sees")
        lines += [f"     event: {render_event(game_name, e, v)}" for e in events]
        lines += [f"     {line}" for line in render_observation(game_name, state.observe(v))]
    return lines


@app.command()
def replay(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="A JSON Lines file of game records.")
    ],
    game_index: Annotated[
        int, typer.Option("--game-index", "-k", help="Which game of the file (0 = first).")
    ] = 0,
    viewer: Annotated[
        str,
        typer.Option(help="Whose views to print: all (every seat), spectator, or a seat N."),
    ] = "all",
    engine: EngineOption = None,
) -> None:
    """Replay a recorded game move by move, printing each move and each viewer's view
    (observation plus the events as that viewer may see them).

    Example: seedbed replay games.jsonl --game-index 2 --viewer 0
    """
    with user_errors():
        select_engine(engine)
        rec, count = load_record(file, game_index)
        g = lookup(rec.game, engine)
        replaying = steps(rec, g)  # deals at once: a bad header fails before anything prints
        viewers = parse_viewers(viewer, rec.num_players)
        head = f"{rec.game}: game {game_index} of {count} in {file}, {rec.num_players} players"
        typer.echo(f"{head}, seed {rec.seed}, options: {options_line(rec.game, rec.options)}")
        state = None
        for step in replaying:  # a move that does not replay: ReplayError, "error: move N …"
            typer.echo("\n".join(step_lines(g.name, step, viewers)))
            state = step.state
        assert state is not None  # the deal is always a step
        finish(state, rec)


def step_lines(game_name: str, step: Step, viewers: list[PlayerId | None]) -> list[str]:
    """The step's heading, then what each viewer sees after it."""
    if step.move is None:
        head = "== start"
    else:
        head = f"== move {step.version}: seat {step.move.player} {step.move.action}"
    return [head, *views_lines(game_name, step.state, step.events, viewers)]


def finish(state: State, rec: GameRecord) -> None:
    if not state.is_terminal():
        typer.echo(f"== unfinished after {len(rec.moves)} moves")
        typer.echo("error: the record ends before the game does (unfinished, cut short)", err=True)
        raise typer.Exit(1)
    outcome = state.outcome().to_json()
    typer.echo(f"== outcome: {compact(outcome)}")
    if rec.outcome is not None and rec.outcome != outcome:
        typer.echo(f"error: the record says {compact(rec.outcome)}", err=True)
        raise typer.Exit(1)


# ------------------------------------------------------------------ tournament and match

OptionTexts = Annotated[
    list[str] | None, typer.Option("--option", "-o", metavar="KEY=VALUE", help=OPTION_HELP)
]
Players = Annotated[int, typer.Option("--players", "-p", help="Number of players.")]
Jobs = Annotated[
    int | None,
    typer.Option(
        "--jobs",
        "-j",
        help="Games at once: local processes (default 1: this process), or Ray CPUs for a "
        "local Ray instance (default: all).",
    ),
]
Backend = Annotated[
    str, typer.Option(help="Where games run: local (processes on this machine) or ray.")
]
Address = Annotated[
    str | None,
    typer.Option(help="With --backend ray: join this cluster (auto, or host:port)."),
]
Progress_ = Annotated[
    bool, typer.Option("--progress/--no-progress", help="Show a progress bar on stderr.")
]
Think = Annotated[
    float | None,
    typer.Option(
        "--think",
        metavar="SECONDS",
        help="Each decision's think budget, as a server's pool gives (a search stops adding "
        "iterations or samples at it); kept in the journal. Default: no cap.",
    ),
]
JournalPath = Annotated[
    Path | None,
    typer.Option(
        help="Keep every finished game in this JSON Lines file; run the same command "
        "again with it to resume a stopped run (its games are read, not played)."
    ),
]
MAX_THINK = 60.0
"""The most --think may give a move: a bot spec's ``seconds`` has the same bound."""


def check_think(think: float | None) -> None:
    """A think budget is a positive number of seconds, at most a minute."""
    if think is not None and not 0 < think <= MAX_THINK:
        fail(f"--think must be more than 0 and at most {MAX_THINK:g} seconds, not {think:g}")


def arena_setup(
    game: str, players: int, option: list[str] | None, engine: str | None
) -> tuple[Game, dict[str, Any]]:
    select_engine(engine)
    g = lookup(game, engine)
    return g, sim.check_setup(g, players, game_options(g, option or [], lean=False))


def open_executor(backend: str, jobs: int | None, address: str | None) -> Executor:
    if backend not in BACKENDS:
        fail(f"--backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    try:
        return make_executor(backend, jobs, address)
    except (ConnectionError, RuntimeError, TimeoutError) as exc:  # Ray could not start/join
        fail(f"cannot start the {backend} backend: {exc}")


@app.command()
def tournament(
    game: Annotated[str, typer.Argument(metavar="GAME", help=GAME_HELP)],
    players: Players = 4,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            "-b",
            help="Bot specs, comma-separated: greedy,ismcts:iterations=500,c=0.7,random. With "
            "fewer specs than seats the last fills the remaining seats (greedy,random at 4 "
            "players = greedy and 3 random); every deal is played under each seat rotation.",
        ),
    ] = "random",
    games: Annotated[
        int,
        typer.Option(
            "--games", "-n", help="Games to play, rounded up to whole deals (× seat rotations)."
        ),
    ] = 100,
    seed: Annotated[int, typer.Option(help="Seed of deal 0; deal d is dealt with seed + d.")] = 1,
    option: OptionTexts = None,
    jobs: Jobs = None,
    backend: Backend = "local",
    address: Address = None,
    out: Annotated[
        Path | None, typer.Option(help="Write the results as JSON Lines, one line per game.")
    ] = None,
    moves: Annotated[
        bool,
        typer.Option(
            "--moves/--no-moves", help="Put each game's moves into --out (so it replays)."
        ),
    ] = False,
    report: Annotated[
        Path | None, typer.Option(help="Write index.html with plots and tables into this DIR.")
    ] = None,
    progress: Progress_ = True,
    engine: EngineOption = None,
    think: Think = None,
    journal: JournalPath = None,
) -> None:
    """Play a tournament between bots over shared deals with seat rotation, and print win
    shares with 95% intervals, mean scores and OpenSkill ratings per bot, seat advantage, and
    speed (games/s, parallel efficiency).

    Example: seedbed tournament bohnanza --players 4 --bots greedy,ismcts:iterations=500,random
    --games 400 --jobs 2 --out results.jsonl --report report/
    """
    with user_errors():
        _, normalized = arena_setup(game, players, option, engine)
        if games < 1:
            fail(f"--games must be at least 1, not {games}")
        check_think(think)
        slots = lineup(parse_spec_list(bots), players)
        arena_cli.check_bots(game, slots)
        deals = deals_for(games, slots)
        tasks = schedule(game, slots, deals, seed, normalized, keep_moves=moves, think=think)
        kept = Journal(journal) if journal is not None else None
        with (
            open_executor(backend, jobs, address) as executor,
            arena_cli.progress(f"{game} {players}p {backend}", len(tasks), progress) as tick,
        ):
            results, speed = play_kept(executor, tasks, tick, kept)
        summary = summarize(results, speed, backend)
        if out is not None:
            arena_cli.write_results(out, results)
        page = None if report is None else write_arena_report(summary, report)
    console = Console()
    typer.echo(f"options: {options_line(game, normalized)}")
    typer.echo(f"engine: {engines.running(game, engine)}")
    for table in arena_cli.tournament_tables(summary):
        console.print(table)
    if out is not None:
        console.print(f"wrote {len(results)} results to {out}", markup=False)
    if page is not None:
        console.print(f"wrote the report to {page}", markup=False)


def write_arena_report(summary: Summary, directory: Path) -> Path:
    from seedbed.arena.report import write_report  # lazily: matplotlib takes a moment

    return write_report(summary, directory)


@app.command()
def match(
    bot_a: Annotated[str, typer.Argument(metavar="A", help="The bot under test (a spec).")],
    bot_b: Annotated[str, typer.Argument(metavar="B", help="Its opponent, in every other seat.")],
    game: Annotated[str, typer.Option("--game", "-g", help=GAME_HELP)],
    players: Players = 4,
    p0: Annotated[
        float | None, typer.Option(help="H0: A's win rate (default 1/N, parity).")
    ] = None,
    p1: Annotated[float | None, typer.Option(help="H1: A's win rate (default p0 + 0.05).")] = None,
    alpha: Annotated[float, typer.Option(help="Chance of accepting H1 when H0 holds.")] = 0.05,
    beta: Annotated[float, typer.Option(help="Chance of accepting H0 when H1 holds.")] = 0.05,
    max_games: Annotated[
        int, typer.Option(help="Stop undecided after this many games (whole deals).")
    ] = 2000,
    seed: Annotated[int, typer.Option(help="Seed of deal 0; deal d is dealt with seed + d.")] = 1,
    option: OptionTexts = None,
    jobs: Jobs = None,
    backend: Backend = "local",
    address: Address = None,
    progress: Progress_ = True,
    engine: EngineOption = None,
    journal: JournalPath = None,
    think: Think = None,
) -> None:
    """Bot A against N-1 copies of bot B, with seat rotation over shared deals, until a
    sequential probability ratio test (SPRT) on A's win rate decides: accept H0 (p = p0) or
    H1 (p = p1). A win shared by k players counts 1/k.

    Without a progress bar (--no-progress, or stderr not a terminal), a line on stderr after
    each round of games tells where the test stands: games, A's win share, LLR.

    A long match survives a stop with --journal FILE: rerun the same command to go on.

    Example: seedbed match greedy random --game bohnanza --players 4 --p0 0.25 --p1 0.30
    """
    with user_errors():
        _, normalized = arena_setup(game, players, option, engine)
        if max_games < 1:
            fail(f"--max-games must be at least 1, not {max_games}")
        check_think(think)
        base = 1 / players if p0 is None else p0
        sprt = Sprt(base, base + 0.05 if p1 is None else p1, alpha, beta)
        a, b = str(parse_spec(bot_a)), str(parse_spec(bot_b))
        if a == b:
            fail(f"bot A and bot B are the same ({a}): nothing to compare")
        arena_cli.check_bots(game, [a, b])
        kept = Journal(journal) if journal is not None else None
        with (
            open_executor(backend, jobs, address) as executor,
            arena_cli.progress(f"{game} {a} vs {b}", max_games, progress) as tick,
        ):
            result = run_match(
                executor, game, a, b, players, sprt, max_games, seed, normalized, tick,
                on_round=None if progress and sys.stderr.isatty() else arena_cli.round_line,
                journal=kept, think=think,
            )  # fmt: skip
    typer.echo("\n".join(arena_cli.match_lines(result, game, players)))


# ------------------------------------------------------------------ bench, serve, tables

app.command()(bench_cli.bench)
app.command()(games_cli.games)
app.command()(export_cli.export)
app.command(name="play-text")(play_text_cli.play_text)
app.command()(serve_cli.serve)
app.add_typer(tables_cli.app)
app.add_typer(lab_cli.app)
app.add_typer(accounts_cli.app)
