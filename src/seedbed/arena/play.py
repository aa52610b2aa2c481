"""Play one game between bots: the driver every executor runs.

Each seat's bot gets its own :class:`~seedbed.engine.rng.Rng`, derived from ``(seed, seat)``
alone — never the global ``random`` and never the state's generator — so a game is a pure
function of (game, options, seed, seating): the same on every executor, in every process.
The driver asks the first player on the move, ``state.to_move()[0]``, through an
:class:`~seedbed.bots.api.InfoSet`, and refuses an illegal answer with an error naming the bot.

>>> result = play_game("stalk_exchange", ["random", "random", "random"], seed=3)
>>> result.seating, len(result.scores), result.actions == len(result.record.moves)
(('random', 'random', 'random'), 3, True)
>>> play_game("stalk_exchange", ["random"] * 3, seed=3) == result  # timing aside
True
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, overload

from seedbed.bots.api import InfoSet
from seedbed.bots.specs import BotSpec, make_bot, parse_spec
from seedbed.engine.api import Action, JsonDict, Outcome, State
from seedbed.engine.errors import IllegalActionError, InvalidActionError
from seedbed.engine.record import GameRecord, new_record
from seedbed.engine.registry import game as lookup_game
from seedbed.engine.rng import Rng

MAX_STEPS = 1_000_000
"""A game that has not ended after this many actions is a bug in the game, not a long game."""

_BOT_SALT = 0xB0_75EA_7ED5
"""Mixed into the seed of the bots' generators so their choices do not echo the deal."""


class IllegalBotActionError(ValueError):
    """A bot answered with something that is not a legal action for its seat."""


class _Spawns(Protocol):
    def spawn(self) -> Any: ...


G = TypeVar("G", bound=_Spawns)


@overload
def seat_rng(seed: int, seat: int) -> Rng: ...
@overload
def seat_rng(seed: int, seat: int, generator: Callable[[int], G]) -> G: ...
def seat_rng(seed: int, seat: int, generator: Callable[[int], Any] = Rng) -> Any:
    """The generator of the bot at ``seat`` in the game dealt with ``seed``: a function of
    these two numbers only (seat ``s`` takes the ``s``-th stream spawned from the seed).
    ``generator``: the class that makes it (the core's ``seedbed._native.Rng`` gives the same
    stream, made natively: the vector environment's opponents, D-89)."""
    base = generator(seed ^ _BOT_SALT)
    rng = base.spawn()
    for _ in range(seat):
        rng = base.spawn()
    return rng


def moves_digest(moves: Sequence[tuple[int, JsonDict]]) -> str:
    """A short fingerprint of a move list: equal games have equal digests."""
    text = json.dumps(moves, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class GameResult:
    """One finished game. Equality ignores ``seconds`` and ``record`` (the moves are compared
    through ``moves_sha``), so results from different executors compare directly."""

    game: str
    seed: int
    seating: tuple[str, ...]
    """The bot spec at each seat."""
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]
    actions: int
    moves_sha: str
    options: JsonDict
    seconds: float = field(default=0.0, compare=False)
    record: GameRecord | None = field(default=None, compare=False, repr=False)
    """The full record (moves and outcome) when it was kept."""
    index: int = 0
    """Position in a tournament's schedule."""
    deal: int = 0
    rotation: int = 0
    extras: JsonDict = field(default_factory=dict, compare=False)
    """What a ``final`` hook of :func:`play_game` read of the last state (the design lab's
    ending, rounds, tie-break and the game's own measures); empty otherwise."""
    think: float | None = None
    """The think budget each decision had, in seconds (``InfoSet.deadline``), or None (no
    cap): part of what the game was, so a journal of another budget is not this match's."""

    @property
    def num_players(self) -> int:
        return len(self.seating)

    def shares(self) -> tuple[float, ...]:
        """Each seat's share of the win: 1/k for each of k winners, 0 for the others."""
        k = len(self.winners)
        return tuple(1.0 / k if p in self.winners else 0.0 for p in range(self.num_players))

    def to_json(self) -> JsonDict:
        """One JSON Lines row; with ``moves`` when the record was kept (then it replays)."""
        out: JsonDict = {
            "game": self.game,
            "index": self.index,
            "deal": self.deal,
            "rotation": self.rotation,
            "seed": self.seed,
            "num_players": self.num_players,
            "options": self.options,
            "seating": list(self.seating),
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "actions": self.actions,
            "moves_sha": self.moves_sha,
            "seconds": round(self.seconds, 6),
        }
        if self.extras:
            out["extras"] = self.extras
        if self.think is not None:
            out["think"] = self.think
        if self.record is not None and self.record.moves:
            out["moves"] = [[p, a] for p, a in self.record.moves]
            out["outcome"] = self.record.outcome
        return out

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> GameResult:
        """The inverse of :meth:`to_json`; ValueError when a field is missing or malformed."""
        try:
            record = None
            if "moves" in obj:
                record = GameRecord(
                    obj["game"], int(obj["num_players"]), int(obj["seed"]), dict(obj["options"])
                )
                record.seating = list(obj["seating"])
                record.moves = [(int(p), a) for p, a in obj["moves"]]
                record.outcome = obj.get("outcome")
            return cls(
                game=str(obj["game"]),
                seed=int(obj["seed"]),
                seating=tuple(str(s) for s in obj["seating"]),
                scores=tuple(int(x) for x in obj["scores"]),
                ranks=tuple(int(x) for x in obj["ranks"]),
                winners=tuple(int(x) for x in obj["winners"]),
                actions=int(obj["actions"]),
                moves_sha=str(obj["moves_sha"]),
                options=dict(obj["options"]),
                seconds=float(obj.get("seconds", 0.0)),
                record=record,
                index=int(obj.get("index", 0)),
                deal=int(obj.get("deal", 0)),
                rotation=int(obj.get("rotation", 0)),
                extras=dict(obj.get("extras", {})),
                think=None if obj.get("think") is None else float(obj["think"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a game result ({type(exc).__name__}: {exc})") from None


def play_game(
    game_name: str,
    specs: Sequence[str | BotSpec],
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    keep_moves: bool = True,
    clock: Callable[[int, float, float], None] | None = None,
    final: Callable[[State, Outcome], JsonDict] | None = None,
    think: float | None = None,
) -> GameResult:
    """Play one game to the end, bot ``specs[s]`` at seat ``s``; the deal is ``seed``.

    ``keep_moves=False`` drops the record's moves from the result (its digest stays), which
    keeps results small when they travel between processes. ``clock(seat, seconds, cpu)``,
    if given, hears how long each decision took, in wall-clock seconds and in CPU seconds of
    this thread (:mod:`seedbed.lab.decisions`). ``final(state, outcome)``, if given, reads
    the finished state; its answer is the result's ``extras``. ``think`` seconds, if given,
    cap each decision as a server's pool does (issue 33 item 3): the bot is asked with
    ``InfoSet(..., deadline=now + think)``; searches stop adding samples past it."""
    parsed = [parse_spec(s) if isinstance(s, str) else s for s in specs]
    seating = tuple(str(s) for s in parsed)
    game = lookup_game(game_name)
    bots = [make_bot(s, game_name) for s in parsed]
    rngs = [seat_rng(seed, seat) for seat in range(len(parsed))]
    start = time.perf_counter()
    state = game.new_state(len(parsed), seed, options)
    record = new_record(game_name, len(parsed), seed, dict(options or {}))
    record.seating = list(seating)
    moves = record.moves
    while not state.is_terminal():
        p = state.to_move()[0]
        asked, cpu = time.perf_counter(), time.thread_time()
        deadline = None if think is None else asked + think
        action = bots[p].act(InfoSet(state, p, deadline=deadline), rngs[p])
        if clock is not None:
            clock(p, time.perf_counter() - asked, time.thread_time() - cpu)
        _apply(state, p, action, seating[p], where=f"{game_name} seed {seed}, move {len(moves)}")
        moves.append((p, action.to_json()))
        if len(moves) >= MAX_STEPS:
            raise RuntimeError(f"{game_name} seed {seed}: no end after {len(moves)} actions")
    seconds = time.perf_counter() - start
    outcome = state.outcome()
    record.finish(outcome)
    return GameResult(
        game=game_name,
        seed=seed,
        seating=seating,
        scores=outcome.scores,
        ranks=outcome.ranks,
        winners=outcome.winners,
        actions=len(moves),
        moves_sha=moves_digest(moves),
        options=record.options,
        seconds=seconds,
        record=record if keep_moves else None,
        extras={} if final is None else final(state, outcome),
        think=think,
    )


def _apply(state: State, player: int, action: object, bot: str, where: str) -> None:
    """Apply a bot's answer; a non-action or an illegal one raises IllegalBotActionError."""
    if not isinstance(action, Action):
        raise IllegalBotActionError(
            f"bot {bot} at seat {player} returned {action!r}, not an action ({where})"
        )
    try:
        state.apply(player, action)
    except (IllegalActionError, InvalidActionError) as exc:
        raise IllegalBotActionError(
            f"bot {bot} at seat {player} chose the illegal action {action} ({where}): {exc}"
        ) from None
