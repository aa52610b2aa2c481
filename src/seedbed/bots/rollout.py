"""Rollout search: Monte Carlo policy improvement over the game's heuristic policy (the rollout
algorithm of Tesauro & Galperin 1996 and Bertsekas), over determinizations of the observer's
information set.

For the observer's move a few *candidates* are weighed: the heuristic's own choice first, then
the others the game's ``heuristics.ranked(view, menu, k)`` puts best (where the game has it;
else drawn from the menu, type-balanced). Each candidate is played in sampled determinizations
(``info.sample(rng)``, never the true state) and the game continued by **every seat playing the
heuristic policy** — natively, by the state's ``greedy_playout``, where the engine has one — to
the end (or for ``depth`` moves, then the game's ``evaluate``). Against heuristic players the
rollouts model the opponents exactly, so the search improves on the heuristic's move wherever
the samples can tell a better one.

* **Common random numbers** — within a round, every candidate still in play is tried in the same
  determinization with the same rollout generator, so their difference measures the move, not
  the deal.
* **Sequential halving** (Karnin, Koren & Somekh 2013) — the budget of ``iterations`` rollouts
  is split over ⌈log2 k⌉ rounds; after each, the worse half of the candidates is dropped. The
  heuristic's move is never dropped.
* **Reward** — ``outcome``: ISMCTS's (``0.75 * win share + 0.25 * rank``, the evaluation at a
  cutoff); ``lead``: the observer's final score minus the best other seat's (less noisy than a
  win; at a cutoff, the evaluation).
* **Budget** — ``iterations`` rollouts, or ``seconds`` of sampling (issue 33 item 3): each round
  of halving gets an equal share of the time left, played in small batches of samples (in Rust,
  each batch capped at the round's end). A think deadline (``InfoSet.deadline``: a server's
  budget, the arena's ``--think``) ends the search too; with ``seconds`` the rounds share the
  time up to whichever comes first, so every round is played.
* **The heuristic's move stays** unless the best other candidate beats it in the samples both
  were played in: its mean paired difference must exceed ``margin`` and ``z`` standard errors
  (noisy rollouts otherwise pick whichever candidate was luckiest, a move no better than the
  heuristic's on average).
* **Courtesy and ``bulky=false``** as ISMCTS's (``seedbed.bots.ismcts``): candidates come from
  the game's ``polite`` menu and never of a skipped kind. The rollouts after them model every
  seat, the observer's included, as the heuristic player (so they stay native): a bot with
  ``bulky=false`` never makes an offer, but its rollouts do not know that of it.

>>> import seedbed
>>> from seedbed.bots.api import InfoSet
>>> from seedbed.engine.rng import Rng
>>> state = seedbed.game("stalk_exchange").new_state(3, seed=1)
>>> bot = make_rollout("stalk_exchange", iterations=8)
>>> state.is_legal(0, bot.act(InfoSet(state, 0), Rng(3)))
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from seedbed.bots.api import Bot, InfoSet
from seedbed.bots.ismcts import (
    TREES,
    Heuristics,
    IsmctsBot,
    Search,
    Settings,
    balanced_index,
    group_runs,
    own_menu,
)
from seedbed.bots.specs import BotKind, BotSpecError, Param
from seedbed.engine.api import Action, JsonDict, PlayerId, State
from seedbed.engine.menu import kind_of, runs
from seedbed.engine.rng import Rng

REWARDS = ("outcome", "lead")
BATCH = 16
"""Samples asked at once under a ``seconds`` budget: the native samples take a count."""

Ranked = Callable[[JsonDict, Sequence[Action], int], list[Action]]
"""A game's optional ``heuristics.ranked(view, menu, k)``: the ``k`` best-looking actions of
the menu by the heuristic's own scoring, best first (its ``choose`` among the best)."""


@dataclass(frozen=True)
class RolloutSettings:
    """The bot's parameters (see ``KIND`` for their meaning)."""

    iterations: int | None = 200
    seconds: float | None = None
    top: int = 4
    depth: int = -1
    reward: str = "outcome"
    margin: float = 0.0
    z: float = 2.0
    bulky: bool = True
    tree: str = "native"

    def __post_init__(self) -> None:
        problem = _check(
            {
                "reward": self.reward,
                "tree": self.tree,
                "iterations": self.iterations,
                "seconds": self.seconds,
            }
        )
        if problem is not None:
            raise BotSpecError(f"bot rollout: {problem}")


@dataclass
class Arm:
    """One candidate: its action, the rewards summed and the rollouts played, and its reward
    in each sample (by the sample's number)."""

    action: Action
    total: float = 0.0
    plays: int = 0
    by_sample: dict[int, float] = field(default_factory=dict)

    def add(self, sample: int, reward: float) -> None:
        self.total += reward
        self.plays += 1
        self.by_sample[sample] = reward

    def mean(self) -> float:
        return self.total / self.plays if self.plays else -math.inf


@dataclass
class RolloutResult:
    """The chosen action, the candidates with their figures, rollouts played, seconds."""

    action: Action
    arms: list[Arm]
    rollouts: int
    seconds: float
    rounds: list[int] = field(default_factory=list)
    """Candidates in play at each round of sequential halving."""


class RolloutBot(Bot):
    """Rollout search over the heuristic policy (see the module docstring)."""

    name = "rollout"

    def __init__(
        self, game_name: str, settings: RolloutSettings, heuristics: Heuristics | None = None
    ) -> None:
        self.game_name = game_name
        self.settings = settings
        # the ISMCTS bot's plumbing: the game's heuristics, its courtesy, its skipped kinds
        self.base = IsmctsBot(game_name, Settings(bulky=settings.bulky), heuristics)
        self.last: RolloutResult | None = None

    def heuristics(self) -> Heuristics:
        if self.base.heuristics is None:
            self.base.polite()  # loads the game's heuristics
        if self.base.heuristics is None:
            raise BotSpecError(f"bot rollout: {self.game_name} has no heuristics")
        return self.base.heuristics

    def act(self, info: InfoSet, rng: Rng) -> Action:
        menu = own_menu(info, self.base.skipped(), self.base.polite(info.manners))
        if len(menu) == 1:
            self.last = None
            return menu[0]
        return self.search(info, rng).action

    def candidates(self, info: InfoSet, rng: Rng) -> list[Action]:
        """The heuristic's move first, then up to ``top - 1`` others (module docstring)."""
        skip = self.base.skipped()
        menu = own_menu(info, skip, self.base.polite(info.manners))
        heur = self.heuristics()
        view = info.observation()
        first = heur.choose(view, menu, rng)
        out = [first]
        k = self.settings.top
        if len(menu) <= k:
            out += [a for a in menu if a != first]
            return out
        ranked = cast("Ranked | None", getattr(heur, "ranked", None))
        if ranked is not None:
            out += [a for a in ranked(view, menu, k) if a != first and kind_of(a) not in skip]
            return out[:k]
        by_kind = group_runs(runs(menu, len(menu)), skip)
        for _ in range(4 * k):
            if len(out) >= k or not by_kind:
                break
            a = menu[balanced_index(by_kind, rng)]
            if a not in out:
                out.append(a)
        return out

    def search(self, info: InfoSet, rng: Rng) -> RolloutResult:
        """Sequential halving over the candidates with common random numbers."""
        start = time.perf_counter()
        arms = [Arm(a) for a in self.candidates(info, rng)]
        player = Player(self, info, rng)
        alive = list(range(len(arms)))
        rounds = max(1, math.ceil(math.log2(len(arms)))) if len(arms) > 1 else 0
        seconds = self.settings.seconds
        end = None if seconds is None else start + seconds
        if end is not None and info.deadline is not None:
            end = min(end, info.deadline)
        budget = self.settings.iterations or 0
        played, sizes = 0, []
        for r in range(rounds):
            sizes.append(len(alive))
            playing = [arms[i] for i in alive]
            if end is None:
                per = max(1, (budget - played) // (len(alive) * (rounds - r)))
                played += player.samples(playing, per)
            else:
                now = time.perf_counter()
                played += player.timed(playing, now + max(0.0, end - now) / (rounds - r))
            alive = survivors(arms, alive)
            if end is None and info.out_of_time():  # no later round (issue 38 item 9)
                break
        action = pick(arms, self.settings.margin, self.settings.z)
        self.last = RolloutResult(action, arms, played, time.perf_counter() - start, sizes)
        return self.last


def survivors(arms: list[Arm], alive: list[int]) -> list[int]:
    """The better half of ``alive`` by mean reward (ties: earlier candidates), always with
    the heuristic's move (index 0)."""
    ranked = sorted(alive, key=lambda i: (-arms[i].mean(), i))
    kept = ranked[: max(1, (len(alive) + 1) // 2)]
    return sorted(set(kept) | {0})


def pick(arms: list[Arm], margin: float, z: float) -> Action:
    """The best candidate by mean reward if it beats the heuristic's move (``arms[0]``) in the
    samples both were played in by more than ``margin`` and ``z`` standard errors of the mean
    paired difference; else the heuristic's move."""
    best = max(range(len(arms)), key=lambda i: (arms[i].mean(), -i))
    if best == 0:
        return arms[0].action
    base = arms[0].by_sample
    diffs = [r - base[k] for k, r in arms[best].by_sample.items() if k in base]
    n = len(diffs)
    if n < 2:
        return arms[0].action
    mean = sum(diffs) / n
    error = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
    return arms[best].action if mean > margin and mean > z * error else arms[0].action


class Player:
    """Plays the rollouts of one search: one determinization and one rollout generator per
    sample, shared by every candidate tried in it."""

    def __init__(self, bot: RolloutBot, info: InfoSet, rng: Rng) -> None:
        s = bot.settings
        rollout = "greedy" if s.depth < 0 else "cutoff"
        settings = Settings(rollout=rollout, policy="greedy", depth=max(0, s.depth), prior="none")
        self.me: PlayerId = info.player
        self.info = info
        self.rng = rng
        self.bot = bot
        self.lead = s.reward == "lead"
        self.samples_taken = 0
        self.search = Search(
            settings,
            self.me,
            info.num_players,
            rng,
            bot.heuristics(),
            frozenset(),  # rollouts model every seat as the heuristic player, natively
            native_greedy=bot.base.own_heuristics,
        )

    def samples(self, arms: list[Arm], count: int) -> int:
        """``count`` samples (fewer once the server's think budget is spent), natively where
        :func:`~seedbed.bots.native_search.native_samples` can; the rollouts played."""
        from seedbed.bots.native_search import native_samples  # it imports this module

        found = native_samples(self.bot, self.info, self.rng, [a.action for a in arms], count)
        if found is None:
            played = 0
            for _ in range(count):
                played += self.sample(arms)
                if self.info.out_of_time():  # the server's think budget caps the rollouts
                    break
            return played
        played = 0
        for row in found:
            number = self.samples_taken
            self.samples_taken += 1
            for arm, reward in zip(arms, row, strict=True):
                if reward is not None:
                    arm.add(number, reward)
                    played += 1
        return played

    def timed(self, arms: list[Arm], until: float) -> int:
        """Samples in batches of :data:`BATCH` until ``until`` (a ``perf_counter`` reading),
        at least one; the rollouts played. Each batch is capped at ``until`` (natively: after
        the sample that passes it), so the round ends on time within one sample."""
        whole = self.info
        self.info = whole.until(until)
        played = 0
        try:
            while True:
                played += self.samples(arms, BATCH)
                if self.info.out_of_time():
                    return played
        finally:
            self.info = whole

    def sample(self, arms: list[Arm]) -> int:
        """One determinization, every arm played in it; the rollouts played."""
        number = self.samples_taken
        self.samples_taken += 1
        det = self.info.sample(self.rng)
        seed = self.rng.next64()
        played = 0
        for arm in arms:
            if not det.is_legal(self.me, arm.action):
                continue
            state = det.clone()
            state.apply(self.me, arm.action)
            self.search.rng = Rng(seed)
            arm.add(number, self.reward(state))
            played += 1
        return played

    def reward(self, state: State) -> float:
        rewards = self.search.rollout(state)
        if self.lead and state.is_terminal():
            scores = state.outcome().scores
            return float(scores[self.me] - max(s for q, s in enumerate(scores) if q != self.me))
        return rewards[self.me]


def make_rollout(game_name: str, heuristics: Heuristics | None = None, **params: Any) -> RolloutBot:
    """A rollout bot from keyword parameters (as in a spec), e.g. ``iterations=200`` or
    ``seconds=0.9`` (then no iteration count)."""
    given = {k: v for k, v in params.items() if v is not None}
    if "seconds" in given and "iterations" not in given:
        given["iterations"] = None
    return RolloutBot(game_name, RolloutSettings(**given), heuristics)


def _make(game_name: str, params: Mapping[str, Any]) -> Bot:
    return make_rollout(game_name, **params)


def _check(params: Mapping[str, Any]) -> str | None:
    if params.get("iterations") is not None and params.get("seconds") is not None:
        return "give iterations or seconds, not both"
    reward = params.get("reward", "outcome")
    tree = params.get("tree", "native")
    if tree not in TREES:
        return f"tree must be one of {', '.join(TREES)}, got {tree!r}"
    if reward in REWARDS:
        return None
    return f"reward must be one of {', '.join(REWARDS)}, got {reward!r}"


KIND = BotKind(
    "rollout",
    "rollout search: the heuristic's best moves tried in games played on by the heuristic",
    _make,
    {
        "iterations": Param(
            int, None, "rollouts per move, all candidates together (default 200)", minimum=1,
            maximum=1_000_000
        ),
        "seconds": Param(
            float, None, "seconds of sampling per move instead of iterations", minimum=0,
            maximum=60
        ),
        "top": Param(int, 4, "candidate moves weighed (the heuristic's first)", minimum=1,
                     maximum=64),
        "depth": Param(
            int, -1, "moves played before evaluating (-1: to the end)", minimum=-1,
            maximum=10_000
        ),
        "reward": Param(str, "outcome", "outcome (win and rank) or lead (score over the best "
                        "other seat)"),
        "margin": Param(
            float, 0.0, "keep the heuristic's move unless another beats it by this", minimum=0,
            maximum=1_000
        ),
        "z": Param(
            float, 2.0, "...and by this many standard errors (paired samples)", minimum=0,
            maximum=10
        ),
        "bulky": Param(bool, True, "false: never play the game's bulky action kinds itself"),
        "tree": Param(str, "native", "native: the samples in Rust where they can run (else "
                      "python); python"),
    },
    _check,
)  # fmt: skip
