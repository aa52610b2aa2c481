"""The arena's side of the command line (``tournament``, ``match``, ``bench ismcts``): running
games under a progress bar, the summary tables, the results file. :mod:`seedbed.cli.main` and
:mod:`seedbed.cli.bench` declare the commands and turn the ``ValueError`` raised here into
one-line errors.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from seedbed.arena.executors import RunStats
from seedbed.arena.match import MatchResult
from seedbed.arena.play import GameResult
from seedbed.arena.stats import Tally
from seedbed.arena.summary import Summary
from seedbed.bots.specs import BotSpecError, make_bot, parse_spec
from seedbed.cli import figures
from seedbed.cli.figures import plural


@contextmanager
def progress(label: str, total: int, show: bool) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr; yields the function that advances it by n games."""
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        disable=not show,
    )
    with bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)


def check_bots(game: str, specs: Sequence[str]) -> None:
    """Build each distinct bot once here, so a bot that cannot play this game is reported as
    one line before any worker starts."""
    for spec in dict.fromkeys(specs):
        try:
            make_bot(spec, game)
        except BotSpecError:
            raise
        except Exception as exc:  # an unusable bot: missing heuristics, bad parameters …
            raise ValueError(f"bot {spec} cannot play {game}: {exc}") from None


def write_results(path: Path, results: Sequence[GameResult]) -> None:
    """One JSON line per game, in schedule order."""
    try:
        with path.open("w", encoding="utf-8") as out:
            for result in results:
                out.write(json.dumps(result.to_json(), sort_keys=True) + "\n")
    except OSError as exc:
        raise ValueError(f"cannot write {path}: {exc.strerror or exc}") from None


def read_results(path: Path) -> list[GameResult]:
    """The results a ``--out`` file holds; ValueError naming the line when malformed."""
    results = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                results.append(GameResult.from_json(json.loads(line)))
            except ValueError as exc:
                raise ValueError(f"{path} line {number}: {exc}") from None
    return results


# ------------------------------------------------------------------ tables


def _ci(t: Tally) -> str:
    lo, hi = t.interval
    return f"{100 * lo:.1f}-{100 * hi:.1f}%"


def bot_table(summary: Summary) -> Table:
    table = Table(
        title=f"{summary.game}, {summary.num_players} players: bots",
        caption="win share per seat played (a shared win counts 1/k), Wilson 95% CI; "
        "rating: OpenSkill Plackett-Luce mu±σ, seat advantage rated apart",
    )
    for name in ("bot", "seats", "win share", "95% CI", "score", "rating", "rating 95%"):
        if name == "bot":  # long specs wrap; numbers never do (a cut number misleads)
            table.add_column(name, overflow="fold", min_width=8)
        else:
            table.add_column(name, justify="right", no_wrap=True)
    for t in summary.bots:
        r = summary.rating_of(t.name)
        lo, hi = r.interval
        table.add_row(
            t.name,
            f"{t.trials:,}",
            f"{t.share:.1%}",
            _ci(t),
            f"{t.mean_score:.2f}",
            f"{r.mu:.1f}±{r.sigma:.1f}",
            f"{lo:.1f}..{hi:.1f}",
        )
    return table


def seat_table(summary: Summary) -> Table:
    table = Table(title="seats (seat advantage)")
    for name in ("seat", "games", "win share", "95% CI", "score", "seat term mu±σ"):
        table.add_column(name, justify="right")
    for t, r in zip(summary.seats, summary.seat_ratings, strict=True):
        seat = t.name.removeprefix("seat ")
        table.add_row(
            seat,
            f"{t.trials:,}",
            f"{t.share:.1%}",
            _ci(t),
            f"{t.mean_score:.2f}",
            f"{r.mu:+.1f}±{r.sigma:.1f}",
        )
    return table


def speed_table(speed: RunStats, backend: str, games: int, deals: int) -> Table:
    table = Table(title="run", show_header=False)
    table.add_column("figure")
    table.add_column("value", justify="right")
    table.add_row("games", f"{games:,} ({plural(deals, 'deal')} × seat rotations)")
    table.add_row("backend", f"{backend}, {speed.workers} worker(s)")
    table.add_row("wall time", f"{speed.wall_seconds:.2f} s")
    table.add_row("speed", figures.speed(speed.games_per_second))
    table.add_row("speed in one process", figures.speed(speed.single_process_games_per_second))
    table.add_row("parallel efficiency", f"{speed.efficiency:.0%} (speedup {speed.speedup:.2f})")
    return table


def tournament_tables(summary: Summary) -> list[Table]:
    tables = [bot_table(summary), seat_table(summary)]
    if summary.speed is not None:
        tables.append(speed_table(summary.speed, summary.backend, summary.games, summary.deals))
    return tables


def match_lines(match: MatchResult, game: str, num_players: int) -> list[str]:
    s = match.sprt
    lo, hi = match.interval
    field = f"{num_players - 1} × {match.opponent}"
    lines = [
        f"match: {match.bot} against {field} in {game}, seat rotation over shared deals",
        f"SPRT H0 p={s.p0:.3f} against H1 p={s.p1:.3f} (alpha {s.alpha:g}, beta {s.beta:g}): "
        f"{_decision_text(match)}",
        f"games: {match.games:,} ({plural(match.deals, 'deal')})",
        f"{match.bot} win share: {match.share:.1%} (95% CI {lo:.1%}-{hi:.1%}), "
        f"parity {1 / num_players:.1%}",
        f"LLR {match.llr:.3f} (accept H0 at <= {s.lower:.3f}, H1 at >= {s.upper:.3f})",
    ]
    if match.speed is not None:
        sp = match.speed
        lines.append(
            f"speed: {figures.speed(sp.games_per_second)} on {sp.workers} worker(s), "
            f"parallel efficiency {sp.efficiency:.0%}"
        )
    return lines


def round_line(match: MatchResult) -> None:
    """Where a running match stands, one line on stderr (after each round of games)."""
    lo, hi = match.interval
    typer.echo(
        f"{match.games:,} games: {match.bot} {match.share:.1%} (95% CI {lo:.1%}-{hi:.1%}), "
        f"LLR {match.llr:.3f}",
        err=True,
    )


def _decision_text(match: MatchResult) -> str:
    if match.decision.name == "CONTINUE":
        return "undecided (stopped at --max-games)"
    return match.decision.value


# ------------------------------------------------------------------ bench ismcts


def bench_ismcts(game: str, players: int, spec: str, seconds: float, seed: int) -> str:
    """The search's iterations per second on this machine, one core. A spec that does not
    name its ``tree`` is measured with both trees, the same positions and draws (issue 33
    item 2): ``tree=python`` and ``tree=native`` side by side, and their ratio."""
    from seedbed.bots.ismcts import iterations_per_second as measure
    from seedbed.bots.ismcts import settings_from
    from seedbed.bots.native_search import why_not
    from seedbed.engine.native_state import NativeState
    from seedbed.engine.registry import game as get_game

    parsed = parse_spec(spec)
    if parsed.name != "ismcts":
        raise ValueError(f"--spec must be an ismcts spec, not {spec!r}")

    def line(text: str) -> tuple[float, str]:
        rate, iterations, spent = measure(game, players, text, seconds, seed)
        return rate, f"{rate:,.1f} iterations/s ({iterations:,} iterations in {spent:.2f} s)"

    head = f"{parsed} on {game}, {players} players, one core:"
    if "tree" in dict(parsed.params):
        return f"{head} {line(str(parsed))[1]}"
    python_rate, python_line = line(f"{parsed},tree=python".replace("ismcts,", "ismcts:"))
    out = [head, f"  tree=python  {python_line}"]
    native_spec = f"{parsed},tree=native".replace("ismcts,", "ismcts:")
    why = why_not(settings_from(parse_spec(native_spec).settings()), game)
    if why is None and not isinstance(get_game(game).new_state(players, seed), NativeState):
        why = "the positions are the Python engine's (--engine native)"
    if why is not None:
        out.append(f"  tree=native  runs the Python tree here: {why}")
        return "\n".join(out)
    native_rate, native_line = line(native_spec)
    out.append(f"  tree=native  {native_line}")
    out.append(f"  native/python: {native_rate / python_rate:,.1f}x")
    return "\n".join(out)
