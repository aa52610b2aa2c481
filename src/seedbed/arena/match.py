"""A sequential match: bot A against N-1 copies of bot B, until the SPRT decides.

Deals are played under every seat rotation (A takes each seat once per deal) and the test is
updated deal by deal in schedule order: checking only at whole deals keeps A's seats balanced,
and makes a little conservative what Wald's test assumes is checked after every game. Games are
run in rounds of several deals to keep the workers busy; games past the deciding deal are played
but not counted, so the decision and the games counted do not depend on the executor.

The trial is "A wins the game" (a win shared by k players counts 1/k).

With a :class:`~seedbed.arena.journal.Journal`, every game is kept as it finishes and a game
the journal already holds is read back, not played: a stopped match resumes where it stopped.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from seedbed.arena.executors import Executor, OnGames, RunStats
from seedbed.arena.journal import Journal
from seedbed.arena.play import GameResult
from seedbed.arena.stats import Decision, Sprt, bot_share, wilson
from seedbed.arena.tournament import GameTask, lineup, schedule, seatings
from seedbed.engine.api import JsonDict

ROUND_DEALS_PER_WORKER = 8


@dataclass
class MatchResult:
    bot: str
    opponent: str
    sprt: Sprt
    decision: Decision = Decision.CONTINUE
    wins: float = 0.0
    results: list[GameResult] = field(default_factory=list)
    speed: RunStats | None = None

    @property
    def games(self) -> int:
        return len(self.results)

    @property
    def deals(self) -> int:
        return len({r.deal for r in self.results})

    @property
    def losses(self) -> float:
        return self.games - self.wins

    @property
    def share(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(min(self.wins, self.games), self.games)

    @property
    def llr(self) -> float:
        return self.sprt.llr(self.wins, self.losses)


def run_match(
    executor: Executor,
    game: str,
    bot: str,
    opponent: str,
    num_players: int,
    sprt: Sprt,
    max_games: int,
    seed: int = 1,
    options: JsonDict | None = None,
    on_games: OnGames | None = None,
    on_round: Callable[[MatchResult], None] | None = None,
    journal: Journal | None = None,
    think: float | None = None,
) -> MatchResult:
    """Play rounds of deals until the SPRT accepts a hypothesis or ``max_games`` (rounded up
    to whole deals) have been counted; ``on_round(match)`` after each round is counted.
    Games ``journal`` holds are not played again; the games played are added to it. Each
    decision gets ``think`` seconds (``InfoSet.deadline``; None: no cap)."""
    slots = lineup([bot, opponent], num_players)
    if slots[0] == slots[-1]:
        raise ValueError(f"bot A and bot B are the same ({slots[0]}): nothing to compare")
    per_deal = len(seatings(slots))
    max_deals = max(1, -(-max_games // per_deal))
    match = MatchResult(slots[0], slots[-1], sprt)
    round_deals = max(1, executor.workers * ROUND_DEALS_PER_WORKER)
    next_deal = 0
    while match.decision is Decision.CONTINUE and next_deal < max_deals:
        deals = min(round_deals, max_deals - next_deal)
        tasks = schedule(
            game,
            slots,
            deals,
            seed,
            options,
            first_deal=next_deal,
            first_index=match.games,
            think=think,
        )
        results, speed = play_kept(executor, tasks, on_games, journal)
        if speed is not None:
            match.speed = speed if match.speed is None else match.speed + speed
        count_deals(match, results, per_deal)
        next_deal += deals
        if on_round is not None:
            on_round(match)
    return match


def play_kept(
    executor: Executor,
    tasks: Sequence[GameTask],
    on_games: OnGames | None,
    journal: Journal | None,
) -> tuple[list[GameResult], RunStats | None]:
    """The tasks' results in schedule order: the journal's, and the others played (and added
    to the journal as they come back); the speed of the games played (None: none were)."""
    known = [journal.known(task) if journal is not None else None for task in tasks]
    missing = [task for task, result in zip(tasks, known, strict=True) if result is None]
    if on_games is not None and len(missing) < len(tasks):
        on_games(len(tasks) - len(missing))
    if not missing:
        return [result for result in known if result is not None], None
    # with a journal, a game is shipped alone: each is kept as it ends, so a stop loses at
    # most the games in play (a match worth a journal plays slow games: shipping is noise)
    if journal is None:
        played, speed = executor.run(missing, on_games)
    else:
        played, speed = executor.run(missing, on_games, journal.add, most=1)
    fresh = iter(played)
    return [next(fresh) if result is None else result for result in known], speed


def count_deals(match: MatchResult, results: Sequence[GameResult], per_deal: int) -> None:
    """Add whole deals in order, stopping at the first deal after which the test decides."""
    for start in range(0, len(results), per_deal):
        deal = results[start : start + per_deal]
        match.results.extend(deal)
        match.wins += sum(bot_share(r, match.bot) for r in deal)
        match.decision = match.sprt.decide(match.wins, match.losses)
        if match.decision is not Decision.CONTINUE:
            return
