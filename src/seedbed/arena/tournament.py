"""Tournaments over shared deals with seat rotation.

**Lineup.** A tournament seats one *lineup*: a bot spec per seat. Given N seats and K specs,
K = N uses them as given; K < N seats the first K-1 specs once each and fills the remaining
N-K+1 seats with the last spec (``greedy,random`` at 4 players is greedy + 3 random, the
usual "one against the field"); K > N is refused.

**Rotation.** Every deal (seed) is played under each cyclic rotation of the lineup: in
rotation r, lineup entry j sits at seat (j + r) mod N. So every bot plays every seat on the
same shuffles, which cancels both deal luck and seat advantage from the comparison. Rotations
that give the same seating (a lineup of one bot, or a periodic one like ``a,b,a,b``) are
played once, since they would replay the very same game: a deal then has ``period`` games.

Games are described by :class:`GameTask`, small picklable values, so any executor can run
them anywhere; results carry the task's index and come back in schedule order.

>>> lineup(["greedy", "random"], 4)
['greedy', 'random', 'random', 'random']
>>> seatings(["a", "b", "b"])
[('a', 'b', 'b'), ('b', 'a', 'b'), ('b', 'b', 'a')]
>>> seatings(["a", "b", "a", "b"])
[('a', 'b', 'a', 'b'), ('b', 'a', 'b', 'a')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from seedbed.arena.play import GameResult, play_game
from seedbed.bots.specs import BotSpec, parse_spec
from seedbed.engine.api import JsonDict


def lineup(specs: Sequence[str | BotSpec], num_players: int) -> list[str]:
    """The bot spec of each lineup slot (see the module text); specs in canonical form."""
    texts = [str(parse_spec(s) if isinstance(s, str) else s) for s in specs]
    if not texts:
        raise ValueError("no bots given")
    if len(texts) > num_players:
        raise ValueError(
            f"{len(texts)} bots for {num_players} seats; give at most {num_players} "
            "(the last one fills any remaining seats)"
        )
    return texts[:-1] + [texts[-1]] * (num_players - len(texts) + 1)


def seatings(slots: Sequence[str]) -> list[tuple[str, ...]]:
    """The distinct cyclic rotations of a lineup: rotation r seats slot j at (j + r) mod N."""
    n = len(slots)
    out: list[tuple[str, ...]] = []
    for r in range(n):
        seating = tuple(slots[(s - r) % n] for s in range(n))
        if seating in out:  # the lineup is periodic: the rest repeat these
            break
        out.append(seating)
    return out


@dataclass(frozen=True)
class GameTask:
    """One game to play: everything a worker needs, picklable and small."""

    index: int
    game: str
    seating: tuple[str, ...]
    seed: int
    options: JsonDict = field(default_factory=dict)
    deal: int = 0
    rotation: int = 0
    keep_moves: bool = False
    think: float | None = None
    """Seconds each decision may take (``InfoSet.deadline``), None: no cap."""

    def run(self) -> GameResult:
        result = play_game(
            self.game,
            self.seating,
            self.seed,
            self.options,
            keep_moves=self.keep_moves,
            think=self.think,
        )
        return replace(result, index=self.index, deal=self.deal, rotation=self.rotation)


def run_batch(tasks: Sequence[GameTask]) -> list[GameResult]:
    """Play a batch of games in order (the unit of work an executor ships)."""
    return [task.run() for task in tasks]


def schedule(
    game: str,
    slots: Sequence[str],
    deals: int,
    seed: int,
    options: JsonDict | None = None,
    *,
    first_deal: int = 0,
    first_index: int = 0,
    keep_moves: bool = False,
    think: float | None = None,
) -> list[GameTask]:
    """Tasks for deals ``first_deal …`` (deal d is dealt with ``seed + d``), every deal under
    each distinct rotation, numbered from ``first_index``; each decision gets ``think``
    seconds (None: no cap)."""
    rotations = seatings(slots)
    tasks: list[GameTask] = []
    for deal in range(first_deal, first_deal + deals):
        for r, seating in enumerate(rotations):
            tasks.append(
                GameTask(
                    first_index + len(tasks),
                    game,
                    seating,
                    seed + deal,
                    dict(options or {}),
                    deal,
                    r,
                    keep_moves,
                    think,
                )
            )
    return tasks


def deals_for(games: int, slots: Sequence[str]) -> int:
    """Deals needed for at least ``games`` games (whole deals: each under every rotation)."""
    per_deal = len(seatings(slots))
    return max(1, -(-games // per_deal))
