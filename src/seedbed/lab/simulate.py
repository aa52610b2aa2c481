"""Seeded uniformly random play, generic over games, and the statistics of many such games.

The random policy picks uniformly from ``state.legal_actions(p)`` for the first player on the
move, ``p = state.to_move()[0]``, with a :class:`~seedbed.engine.rng.Rng` of its own (never the
global ``random``, never the state's generator). Game-specific statistics come from the game's
declaration (:class:`~seedbed.engine.spec.GameSpec`: which event kinds mark a turn and a trade,
how a game ended, CLI shorthands and data files), so the loop itself knows no game.

>>> import seedbed
>>> state, record, stats = play_random_game(seedbed.game("bohnanza"), 3, seed=5)
>>> state.is_terminal(), stats.steps == len(record.moves), stats.turns > 0
(True, True, True)
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from seedbed.data_files import option_from_file
from seedbed.engine.api import Action, Event, Game, JsonDict, Outcome, PlayerId, State
from seedbed.engine.record import GameRecord, new_record
from seedbed.engine.registry import spec as game_spec
from seedbed.engine.rng import Rng

MAX_STEPS = 1_000_000
"""A game that has not ended after this many actions is a bug in the game, not a long game."""

_POLICY_SALT = 0x5EED_BED0_C401CE
"""Mixed into the seed of the policy's generator so its choices do not echo the deal."""


# ------------------------------------------------------------------ options from text


def parse_option(text: str) -> tuple[str, Any]:
    """``key=value`` with the value read as JSON when it parses, else kept as a string.

    >>> parse_option("max_offers=0"), parse_option("max_offers=null")
    (('max_offers', 0), ('max_offers', None))
    >>> parse_option("edition=classic"), parse_option("offer_menu.max_give=3")
    (('edition', 'classic'), ('offer_menu.max_give', 3))
    """
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise ValueError(f"option {text!r} is not of the form key=value")
    try:
        value: Any = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return key, value


def parse_options(game_name: str, texts: Iterable[str]) -> JsonDict:
    """Options from ``key=value`` texts, with the game's CLI shorthands expanded and its data
    files (``card_set=PATH``) read into their options."""
    declared = game_spec(game_name)
    out: JsonDict = {}
    for text in texts:
        key, value = parse_option(text)
        if declared.data_file(key) is not None:
            key, value = option_from_file(declared, key, text.partition("=")[2])
        out[declared.option_aliases.get(key, key)] = value
    return out


def check_setup(game: Game, num_players: int, options: Mapping[str, Any] | None) -> JsonDict:
    """The normalised options; ValueError with a one-line reason for bad options or counts."""
    normalized = game.normalize_options(options)
    counts = game.player_counts(normalized)
    if num_players not in counts:
        raise ValueError(
            f"{game.name} with these options takes {counts.start}-{counts.stop - 1} players, "
            f"not {num_players}"
        )
    game.new_state(num_players, 0, normalized)  # refuses what only a real game can check
    return normalized


# ------------------------------------------------------------------ one game


@dataclass
class GameStats:
    """What happened in one game: actions applied, events by kind, turns and trades."""

    steps: int = 0
    events: Counter[str] = field(default_factory=Counter)
    turns: int = 0
    trades: int = 0
    ending: tuple[str, int] | None = None
    """How the game ended and after how many rounds (games that declare an ``ending``)."""


def policy_rng(seed: int) -> Rng:
    """The random policy's generator for the game dealt with ``seed``."""
    return Rng(seed ^ _POLICY_SALT).spawn()


def random_step(state: State, rng: Rng) -> tuple[PlayerId, Action, list[Event]]:
    """One move of the uniform random policy: the first player on the move picks uniformly
    from its menu. Returns the player, the action and the events it caused."""
    p = state.to_move()[0]
    legal = state.legal_actions(p)
    action = legal[rng.below(len(legal))]
    return p, action, state.apply(p, action)


def play_random_game(
    game: Game,
    n: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    rng: Rng | None = None,
) -> tuple[State, GameRecord, GameStats]:
    """Play one game to the end with the uniform random policy.

    ``rng`` drives the choices (default :func:`policy_rng` of ``seed``). Returns the terminal
    state, the game's record (normalised options, every move and the outcome) and its stats.
    """
    choose = rng if rng is not None else policy_rng(seed)
    state = game.new_state(n, seed, options)
    record = new_record(game.name, n, seed, dict(options or {}))
    record.seating = ["random"] * n
    events: Counter[str] = Counter()
    moves = record.moves
    steps = 0
    while not state.is_terminal():
        p, action, happened = random_step(state, choose)
        for event in happened:
            events[event.kind] += 1
        moves.append((p, action.to_json()))
        steps += 1
        if steps >= MAX_STEPS:
            raise RuntimeError(f"{game.name} seed {seed}: no end after {steps} actions")
    record.finish(state.outcome())
    declared = game_spec(game.name)
    ending = declared.ending(state.observe(None)) if declared.ending else None
    return state, record, game_stats(game.name, steps, events, ending)


def game_stats(
    name: str, steps: int, events: Counter[str], ending: tuple[str, int] | None = None
) -> GameStats:
    """A game's stats from its actions and event counts (turns and trades as its
    declaration marks them)."""
    declared = game_spec(name)
    turns = events[declared.turn_event] + (1 if declared.silent_first_turn else 0)
    trades = events[declared.trade_event] if declared.trade_event else 0
    return GameStats(steps, events, turns, trades, ending)


BULK_CHUNK = 64
"""Games per call of a game's bulk hook (``simulate_bulk``)."""


def bulk_games(
    game: Game, n: int, seeds: Sequence[int], options: Mapping[str, Any] | None = None
) -> list[tuple[Outcome, GameStats]] | None:
    """Whole random games played by the game itself, one per seed, when its implementation
    offers that (a native engine's ``simulate_bulk(n, seeds, options)``: per game the
    outcome, the number of actions and the count of events by kind, exactly what
    :func:`play_random_game` gives with :func:`policy_rng`, and the ending when the game sets
    ``bulk_ending``); None when it does not, or when the game's stats need its final state (a
    declared ``ending`` the hook does not give)."""
    hook = getattr(game, "simulate_bulk", None)
    declared = game_spec(game.name).ending is not None
    if hook is None or (declared and not getattr(game, "bulk_ending", False)):
        return None
    played: list[tuple[Any, ...]] = hook(n, list(seeds), options)
    return [
        (row[0], game_stats(game.name, row[1], Counter(row[2]), row[3] if declared else None))
        for row in played
    ]


# ------------------------------------------------------------------ many games


@dataclass
class Summary:
    """Running totals over games with the same player count."""

    num_players: int
    games: int = 0
    seconds: float = 0.0
    steps: int = 0
    turns: int = 0
    trades: int = 0
    score_sum: list[int] = field(default_factory=list)
    win_share: list[float] = field(default_factory=list)
    events: Counter[str] = field(default_factory=Counter)
    endings: dict[str, list[int]] = field(default_factory=dict)
    """Ending label -> the rounds each game with that ending lasted."""

    def __post_init__(self) -> None:
        self.score_sum = [0] * self.num_players
        self.win_share = [0.0] * self.num_players

    def add(self, outcome: Outcome, stats: GameStats, seconds: float) -> None:
        """Count one finished game (a win shared by k players counts 1/k to each)."""
        self.games += 1
        self.seconds += seconds
        self.steps += stats.steps
        self.turns += stats.turns
        self.trades += stats.trades
        self.events.update(stats.events)
        if stats.ending is not None:
            label, rounds = stats.ending
            self.endings.setdefault(label, []).append(rounds)
        for p, score in enumerate(outcome.scores):
            self.score_sum[p] += score
        for p in outcome.winners:
            self.win_share[p] += 1.0 / len(outcome.winners)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def mean_scores(self) -> list[float]:
        return [s / self.games if self.games else 0.0 for s in self.score_sum]

    @property
    def win_shares(self) -> list[float]:
        return [w / self.games if self.games else 0.0 for w in self.win_share]

    @property
    def mean_turns(self) -> float:
        return self.turns / self.games if self.games else 0.0

    @property
    def mean_steps(self) -> float:
        return self.steps / self.games if self.games else 0.0

    @property
    def trades_per_turn(self) -> float:
        return self.trades / self.turns if self.turns else 0.0


def simulate(
    game: Game,
    n: int,
    games: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    on_game: Callable[[int, State, GameRecord, GameStats], None] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Iterator[Summary]:
    """Play ``games`` random games (game i dealt with ``seed + i``), yielding the running
    :class:`Summary` after each; ``on_game`` sees every finished game (e.g. to save it).

    Without ``on_game``, a game that plays whole random games itself (:func:`bulk_games`,
    the native engine) plays them in chunks of :data:`BULK_CHUNK`, with the same results;
    each game of a chunk is counted with the chunk's mean time."""
    summary = Summary(n)
    if on_game is None and getattr(game, "simulate_bulk", None) is not None:
        for first in range(0, games, BULK_CHUNK):
            start = clock()
            seeds = range(seed + first, seed + min(games, first + BULK_CHUNK))
            played = bulk_games(game, n, seeds, options)
            if played is None:
                break
            spent = (clock() - start) / len(played)
            for outcome, stats in played:
                summary.add(outcome, stats, spent)
                yield summary
        else:
            return
    for i in range(games):
        start = clock()
        state, record, stats = play_random_game(game, n, seed + i, options)
        summary.add(state.outcome(), stats, clock() - start)
        if on_game is not None:
            on_game(i, state, record, stats)
        yield summary
