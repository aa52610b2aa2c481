"""The cost of the worst allowed game options (issue 12, defect 3; docs/options.md).

For each game it plays seeded random games at its worst allowed combination: every numeric
option at its upper bound together, the most expensive choice of every other option, and the
largest player count. It prints, over all steps and viewers:

* the largest observation, ``json.dumps(state.observe(viewer))``;
* the largest view message the server sends (observation, capped menu and events, built by
  ``seedbed.server.views.view_text``), because that is what has to fit in 256 KiB;
* the largest menu, ``len(legal_actions)``;
* the slowest single step, and the 99th percentile: the mover's ``legal_actions``,
  ``apply``, and the view message of every viewer (which includes ``observe`` and the menus
  of the players on the move); and the slowest ``new_state`` after the first (the first
  also loads card data once per process).

Two policies play: uniform random, and a "bloating" stranger who, of a few sampled actions,
takes the one that makes its own observation largest. Bohnanza's trading menus grow with the
hand, which random games keep small, so a probe also deals two traders hands of 33 cards
(about the most a hoarding player reaches at 7 players) and times their menus and views.

The targets (one view < 256 KiB, one act < 50 ms on one core) are printed beside the figures,
never asserted: timings depend on the machine.

    .venv/bin/python benchmarks/bench_option_bounds.py [SECONDS] [GAME[=OPTIONS_JSON] ...]

``GAME=OPTIONS_JSON`` replaces that game's worst combination (to try candidate bounds before
they are the bounds: the normalisation would refuse values above them).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import seedbed
from seedbed.engine.api import Action, Event, Game, PlayerId, State
from seedbed.engine.rng import Rng
from seedbed.games.bohnanza.state import TRADE
from seedbed.server.views import view_text

VIEW_TARGET = 256 * 1024  # bytes
STEP_TARGET = 0.050  # seconds
_BLOAT_SAMPLE = 4  # actions the bloating policy compares

Policy = Callable[[State, PlayerId, Sequence[Action], Rng], Action]


def _top(game: str, name: str) -> int:
    """The upper bound a game declares for an integer option."""
    opt = seedbed.spec(game).option(name)
    assert opt is not None and opt.most is not None
    return opt.most


def worst_cases() -> dict[str, list[tuple[int, dict[str, Any]]]]:
    """Per game: (player count, options) pairs at the upper bounds."""
    stalk: dict[str, Any] = {
        o.name: o.most for o in seedbed.spec("stalk_exchange").options if o.most is not None
    }
    bohnanza = {
        "edition": "standard",
        "treasury_visibility": "open",
        "max_offers": _top("bohnanza", "max_offers"),
        "offer_menu": {
            "max_give": _top("bohnanza", "offer_menu.max_give"),
            "max_want": _top("bohnanza", "offer_menu.max_want"),
            "positions": "all",
        },
    }
    return {
        "bohnanza": [(7, bohnanza), (5, {**bohnanza, "edition": "classic"})],
        "stalk_exchange": [(5, stalk)],
        "fields_of_green": [(4, {"ruleset": "published"}), (4, {"ruleset": "prototype"})],
    }


@dataclass
class Figures:
    """The largest sizes and slowest times seen."""

    games: int = 0
    steps: int = 0
    observation: int = 0
    view: int = 0
    menu: int = 0
    step: float = 0.0
    setup: float = 0.0
    steps_seconds: list[float] = field(default_factory=list)

    def add_step(self, seconds: float) -> None:
        self.step = max(self.step, seconds)
        self.steps_seconds.append(seconds)

    def p99(self) -> float:
        ordered = sorted(self.steps_seconds)
        return ordered[int(0.99 * (len(ordered) - 1))] if ordered else 0.0

    def lines(self, label: str) -> list[str]:
        ok_view = "ok" if self.view < VIEW_TARGET else "OVER"
        ok_step = "ok" if max(self.step, self.setup) < STEP_TARGET else "OVER"
        setup = f"{1000 * self.setup:.1f}" if self.games > 1 else "-"
        return [
            f"{label}: {self.games} games, {self.steps:,} steps",
            f"  largest observation    {self.observation / 1024:9.1f} KiB",
            f"  largest view message   {self.view / 1024:9.1f} KiB   (target < 256 KiB: {ok_view})",
            f"  largest menu           {self.menu:9,} actions",
            f"  slowest step           {1000 * self.step:9.1f} ms    (target < 50 ms: {ok_step})",
            f"  99th percentile step   {1000 * self.p99():9.1f} ms",
            f"  slowest new_state      {setup:>9} ms    (games after the first)",
        ]


def measure_views(state: State, events: list[Event], figures: Figures, version: int) -> None:
    """Observation and view sizes of every viewer (spectator included)."""
    viewers: list[PlayerId | None] = [None, *range(state.num_players)]
    for viewer in viewers:
        observed = len(json.dumps(state.observe(viewer)))
        figures.observation = max(figures.observation, observed)
        figures.view = max(figures.view, len(view_text(state, viewer, version, events)))


def bloating(state: State, player: PlayerId, menu: Sequence[Action], rng: Rng) -> Action:
    """A stranger's policy: of a few sampled actions, the one after which the acting player's
    observation is largest (hoarding cards, filling gardens, leaving offers open)."""
    best, best_size = menu[0], -1
    for _ in range(_BLOAT_SAMPLE):
        action = menu[rng.below(len(menu))]
        twin = state.clone()
        twin.apply(player, action)
        size = len(json.dumps(twin.observe(player)))
        if size > best_size:
            best, best_size = action, size
    return best


def uniform(state: State, player: PlayerId, menu: Sequence[Action], rng: Rng) -> Action:
    return menu[rng.below(len(menu))]


def one_step(state: State, rng: Rng, policy: Policy, figures: Figures, version: int) -> None:
    player = state.to_move()[0]
    choice_rng = rng.spawn()
    start = time.perf_counter()
    menu = state.legal_actions(player)
    lap = time.perf_counter()
    action = policy(state, player, menu, choice_rng)  # the policy's own time is not counted
    resumed = time.perf_counter()
    events = state.apply(player, action)
    viewers: list[PlayerId | None] = [None, *range(state.num_players)]
    for viewer in viewers:
        view_text(state, viewer, version, events)
    figures.add_step(time.perf_counter() - resumed + lap - start)
    figures.menu = max(figures.menu, len(menu))
    measure_views(state, events, figures, version)


def play(game: Game, n: int, options: Mapping[str, Any], policy: Policy, seconds: float) -> Figures:
    """Random games for about ``seconds`` (the last one is cut short)."""
    figures = Figures()
    deadline = time.perf_counter() + seconds
    while figures.games == 0 or time.perf_counter() < deadline:
        seed = 1000 + figures.games
        start = time.perf_counter()
        state = game.new_state(n, seed, options)
        if figures.games:
            figures.setup = max(figures.setup, time.perf_counter() - start)
        measure_views(state, [], figures, 0)
        rng = Rng(seed)
        while not state.is_terminal() and time.perf_counter() < deadline:
            figures.steps += 1
            one_step(state, rng, policy, figures, figures.steps)
        figures.games += 1  # a game cut short by the deadline counts too
    return figures


POLICIES: dict[str, Policy] = {"uniform": uniform, "bloating": bloating}
BIG_HAND = 33


def bohnanza_big_hands(options: Mapping[str, Any], seconds: float) -> Figures:
    """Trading with two hands of ``BIG_HAND`` cards, each time with a freshly dealt hand (so
    no menu cache helps): the active player's and a trader's menu and every view."""
    figures = Figures()
    game = seedbed.game("bohnanza")
    deadline = time.perf_counter() + seconds
    while figures.games == 0 or time.perf_counter() < deadline:
        state: Any = game.new_state(7, 2000 + figures.games, options)
        rng = Rng(figures.games)
        while state.phase != TRADE:
            one_step(state, rng, uniform, Figures(), 0)
        for p in (state.active, (state.active + 1) % 7):
            while len(state.hands[p]) < BIG_HAND:  # cards move, none is made: B-12 holds
                state.hands[p].append(state.deck.pop(rng.below(len(state.deck))))
        state.refresh()
        for p in (state.active, (state.active + 1) % 7):
            start = time.perf_counter()
            menu = state.legal_actions(p)
            for viewer in [None, *range(7)]:
                view_text(state, viewer, 1, [])
            figures.add_step(time.perf_counter() - start)
            figures.menu = max(figures.menu, len(menu))
            figures.steps += 1
        measure_views(state, [], figures, 1)
        figures.games += 1
    return figures


def main(argv: list[str]) -> None:
    seconds = float(argv[0]) if argv else 3.0
    cases = worst_cases()
    wanted = argv[1:] or list(cases)
    for item in wanted:
        name, _, override = item.partition("=")
        game = seedbed.game(name)
        runs = cases[name]
        if override:
            runs = [(runs[0][0], json.loads(override))]
        for n, options in runs:
            for policy_name, policy in POLICIES.items():
                label = f"{name} {n}p {policy_name} {json.dumps(options, sort_keys=True)}"
                figures = play(game, n, options, policy, seconds)
                print("\n".join(figures.lines(label)), flush=True)
            if name == "bohnanza" and n == 7:
                label = f"bohnanza 7p hands of {BIG_HAND} {json.dumps(options, sort_keys=True)}"
                figures = bohnanza_big_hands(options, seconds)
                print("\n".join(figures.lines(label)), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
