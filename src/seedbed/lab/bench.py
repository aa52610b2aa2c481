"""Speed measurements, generic over games: random playouts and actions per second, and the
cost of ``State.clone()`` on mid-game states. Figures are for printing, never for asserting.

Everything runs in the calling process on one core. Playouts do no recording: the loop is
the bare random policy of :mod:`seedbed.lab.simulate` (:func:`~seedbed.lab.simulate.random_step`).

>>> import seedbed
>>> r = playouts(seedbed.game("bohnanza"), 3, {"max_offers": 0}, seconds=0.0)
>>> r.games >= 1 and r.actions > 0
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from seedbed.engine.api import Game, JsonDict, State
from seedbed.engine.registry import spec as game_spec
from seedbed.lab.simulate import BULK_CHUNK, bulk_games, policy_rng, random_step


@dataclass(frozen=True)
class PlayoutRate:
    """Random playouts finished within a time budget (the last one may run past it)."""

    label: str
    games: int
    actions: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds > 0 else 0.0


@dataclass(frozen=True)
class CloneCost:
    states: int
    clones: int
    seconds: float

    @property
    def microseconds(self) -> float:
        return 1e6 * self.seconds / self.clones if self.clones else 0.0


def _playout(game: Game, n: int, seed: int, options: Mapping[str, Any] | None) -> int:
    """One random game without recording; the number of actions applied."""
    state = game.new_state(n, seed, options)
    rng = policy_rng(seed)
    steps = 0
    while not state.is_terminal():
        random_step(state, rng)
        steps += 1
    return steps


def _timed(label: str, seconds: float, play: Callable[[int], tuple[int, int]]) -> PlayoutRate:
    """Call ``play(games so far) -> (games, actions)`` for about ``seconds`` (at least once)."""
    games = actions = 0
    start = time.perf_counter()
    elapsed = 0.0
    while games == 0 or elapsed < seconds:
        played, steps = play(games)
        games += played
        actions += steps
        elapsed = time.perf_counter() - start
    return PlayoutRate(label, games, actions, elapsed)


def playouts(
    game: Game,
    n: int,
    options: Mapping[str, Any] | None,
    seconds: float,
    seed: int = 0,
    label: str = "",
) -> PlayoutRate:
    """Random playouts stepped through the State API for about ``seconds`` (at least one)."""
    return _timed(label, seconds, lambda done: (1, _playout(game, n, seed + done, options)))


def whole_playouts(
    game: Game,
    n: int,
    options: Mapping[str, Any] | None,
    seconds: float,
    seed: int = 0,
    label: str = "",
) -> PlayoutRate | None:
    """Whole random games played by the game itself (:func:`~seedbed.lab.simulate.bulk_games`,
    a native engine's playouts with no Python per step) for about ``seconds``, in chunks of
    ``BULK_CHUNK`` games; None when the game does not play whole games itself."""
    if bulk_games(game, n, [seed], options) is None:
        return None

    def chunk(done: int) -> tuple[int, int]:
        played = bulk_games(game, n, range(seed + done, seed + done + BULK_CHUNK), options)
        assert played is not None
        return len(played), sum(stats.steps for _, stats in played)

    return _timed(label, seconds, chunk)


def state_bytes(states: list[State]) -> int | None:
    """Mean bytes per state, for states that can say (a native state's ``memory_bytes()``)."""
    sizes = [getattr(s, "memory_bytes", None) for s in states]
    if not states or any(size is None for size in sizes):
        return None
    return sum(int(size()) for size in sizes if size is not None) // len(states)


def midgame_states(
    game: Game, n: int, options: Mapping[str, Any] | None, games: int = 4, seed: int = 0
) -> list[State]:
    """Snapshots (every 8th action) from the middle half of ``games`` seeded random games."""
    states: list[State] = []
    for i in range(games):
        state = game.new_state(n, seed + i, options)
        rng = policy_rng(seed + i)
        snapshots: list[State] = []
        steps = 0
        while not state.is_terminal():
            if steps % 8 == 0:
                snapshots.append(state.clone())
            random_step(state, rng)
            steps += 1
        quarter = len(snapshots) // 4
        states += snapshots[quarter : len(snapshots) - quarter] or snapshots
    return states


def clone_cost(states: list[State], seconds: float) -> CloneCost:
    """Mean cost of ``clone()`` over ``states``, cloning them round-robin for ``seconds``."""
    clones = 0
    start = time.perf_counter()
    elapsed = 0.0
    while clones == 0 or elapsed < seconds:
        for s in states:
            s.clone()
        clones += len(states)
        elapsed = time.perf_counter() - start
    return CloneCost(len(states), clones, elapsed)


def variants(game: Game) -> list[tuple[str, JsonDict]]:
    """The option sets a bench compares: lean (without the game's bulky actions, when it
    declares options for that), then the default."""
    declared = game_spec(game.name)
    lean = declared.lean_options
    if lean is None:
        return [("default options", {})]
    shown = ", ".join(f"{k}={v}" for k, v in lean.items())
    bulky = ", ".join(sorted(declared.bulky_kinds))
    return [(f"lean ({shown})", dict(lean)), (f"default (random {bulky})", {})]


@dataclass(frozen=True)
class BenchReport:
    game: str
    num_players: int
    playouts: list[PlayoutRate]
    """Random games stepped through the State API (``legal_actions`` + ``apply``)."""
    clone: CloneCost
    whole: list[PlayoutRate | None]
    """Whole random games played by the game itself, per variant (None: it cannot)."""
    bytes_per_state: int | None

    def lines(self) -> list[str]:
        out = [f"{self.game}, {self.num_players} players, one core (single process)"]
        width = max(len(r.label) for r in self.playouts)
        for r, whole in zip(self.playouts, self.whole, strict=True):
            out.append(
                f"  playouts/s  {r.label:<{width}}  {r.games_per_second:10.1f}"
                f"   actions/s {r.actions_per_second:12,.0f}"
                f"   ({r.games} games, {r.actions / r.games:.0f} actions/game)"
            )
            if whole is not None:
                out.append(
                    f"  whole games {'(no Python per step)':<{width}}"
                    f"  {whole.games_per_second:10.1f}"
                    f"   actions/s {whole.actions_per_second:12,.0f}   ({whole.games} games)"
                )
        out.append(
            f"  clone()     {'mid-game states':<{width}}  {self.clone.microseconds:10.2f} µs"
            f"   ({self.clone.clones:,} clones of {self.clone.states} states)"
        )
        if self.bytes_per_state is not None:
            label = "per mid-game state"
            out.append(f"  memory      {label:<{width}}  {self.bytes_per_state:10,} B")
        return out

    def figures(self) -> list[tuple[str, float, str]]:
        """(what, value, unit) of every figure; whole games fall back to the stepped ones."""
        out: list[tuple[str, float, str]] = []
        for r, whole in zip(self.playouts, self.whole, strict=True):
            best = whole or r
            out.append((f"whole games/s, {r.label}", best.games_per_second, "/s"))
            out.append((f"API actions/s, {r.label}", r.actions_per_second, "/s"))
        out.append(("clone() of a mid-game state", self.clone.microseconds, "µs"))
        return out


def comparison(reports: Mapping[str, BenchReport]) -> list[str]:
    """The figures of two engines side by side with their ratio (second over first; for
    ``clone()`` first over second, so a ratio above 1 is always the second one faster)."""
    (name_a, a), (name_b, b) = reports.items()
    out = [f"{'':44}{name_a:>14}{name_b:>14}{'ratio':>9}"]
    for (what, x, unit), (_, y, _) in zip(a.figures(), b.figures(), strict=True):
        ratio = (x / y if unit == "µs" else y / x) if x > 0 and y > 0 else 0.0
        fmt = "{:14,.2f}" if unit == "µs" else "{:14,.0f}"
        cells = fmt.format(x) + fmt.format(y)
        out.append(f"  {what + (' (µs)' if unit == 'µs' else ''):<42}{cells}{ratio:8.1f}x")
    for name, r in reports.items():
        if r.bytes_per_state is not None:
            out.append(f"  bytes per mid-game state, {name}: {r.bytes_per_state:,}")
    return out


def bench(game: Game, n: int, seconds: float, seed: int = 0) -> BenchReport:
    """Every figure of the bench for one game and player count, ``seconds`` per figure."""
    chosen = variants(game)
    rates = [playouts(game, n, opts, seconds, seed, label) for label, opts in chosen]
    whole = [whole_playouts(game, n, opts, seconds, seed, label) for label, opts in chosen]
    states = midgame_states(game, n, chosen[-1][1], seed=seed)
    return BenchReport(game.name, n, rates, clone_cost(states, seconds), whole, state_bytes(states))


def same_games(games: list[Game], n: int, seed: int, count: int = 3) -> bool:
    """Whether every game plays the same number of actions in the first ``count`` seeded
    random games of each variant (engines of one game must)."""
    for _, opts in variants(games[0]):
        steps = {tuple(_playout(g, n, seed + i, opts) for i in range(count)) for g in games}
        if len(steps) > 1:
            return False
    return True
