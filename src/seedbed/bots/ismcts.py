"""Single-observer information-set MCTS (SO-ISMCTS; Cowling, Powley & Whitehouse 2012),
generic over the engine API.

The bot holds only an :class:`~seedbed.bots.api.InfoSet`. Each iteration draws a
determinization with ``info.sample(rng)`` (never the true state), walks down the one tree of
the observer's information set, expands one action legal in this determinization, rolls out
and backs a reward per player up the path. Opponents' moves are in the tree too, each node
scoring the rewards of the player who acted into it (multi-player SO-ISMCTS).

* **Selection** — UCB1 with *availability counts*: a child's exploration term is
  ``c * sqrt(ln(avail) / visits)`` where ``avail`` counts the visits of its parent in which
  it was legal, not the parent's visits (an action legal in few determinizations is not
  over-explored).
* **Several players on the move** — the sequential-driver convention: ``to_move()[0]`` acts
  (the root acts for the observer, whichever seat of ``to_move()`` it holds).
* **Large menus** — a node whose menu in the current determinization has at most
  ``max_children`` entries expands every action before UCB applies. A larger (possibly lazy)
  menu is never enumerated: the node grows by *progressive widening* to at most
  ``max_children + widen * sqrt(visits)`` children, each new one drawn *type-balanced*: the
  menu's runs of one action type (``to_json()["type"]``) are found with O(runs · log n)
  probes, a type is picked uniformly, then an action of that type uniformly. So a lone
  ``pass`` among 10,000 offers is as likely a new child as an offer, and every type can be
  chosen. Existing children are checked by the lazy menu's own ``in`` or by ``is_legal``
  (availability), never by scanning the menu.
* **Reward** — from the outcome, per player: ``0.75 * win share`` (1/k for each of k tied
  winners) ``+ 0.25 * (n - rank) / (n - 1)`` — mostly winning, a little for placing better,
  in [0, 1]. A ``cutoff`` rollout uses the game's ``heuristics.evaluate`` of each player's
  observation instead (also in [0, 1]).
* **Rollouts** — ``random`` (uniform over ``legal_actions(to_move()[0])``), ``greedy`` (the
  game's ``heuristics.choose``) or ``cutoff`` (``policy`` random or greedy for ``depth``
  steps, then ``evaluate``).
* **Courtesy** — where the game's heuristics define ``polite(view, menu)`` (Bohnanza's
  trading etiquette, issue 16), the observer's own moves in the tree are drawn from it only:
  its offers come from the heuristic's short list of candidates, never from the raw menu.
* ``bulky=false`` — the observer never plays an action of the game's *bulky* kinds (its
  declaration's ``bulky_kinds``, such as Bohnanza's offers): such actions are skipped for its
  own seat in the tree and in rollouts.

* ``tree=native`` (the default) grows this same tree in Rust where the game and settings allow
  (:mod:`seedbed.bots.native_search`): the same draws, so the same move; this module is the
  readable reference and runs the rest (``tree=python`` asks for it).

The final move is the root child with the most visits (ties: higher mean). With the same
InfoSet-equivalent situation and rng state, an iteration budget gives the same action.

>>> import seedbed
>>> from seedbed.bots.api import InfoSet
>>> from seedbed.engine.rng import Rng
>>> state = seedbed.game("stalk_exchange").new_state(3, seed=1)
>>> bot = make_ismcts("stalk_exchange", iterations=50)
>>> state.is_legal(0, bot.act(InfoSet(state, 0), Rng(3)))
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast, overload

from seedbed.bots.api import Bot, InfoSet, with_manners
from seedbed.bots.specs import BotKind, BotSpecError, Param, parse_spec
from seedbed.engine.api import Action, JsonDict, Outcome, PlayerId, State
from seedbed.engine.menu import Run, kind_of, runs
from seedbed.engine.registry import game as get_game
from seedbed.engine.registry import heuristics as game_heuristics
from seedbed.engine.registry import spec as game_spec
from seedbed.engine.rng import Rng

ROLLOUTS = ("random", "greedy", "cutoff")
POLICIES = ("random", "greedy")
PRIORS = ("none", "greedy")
TREES = ("native", "python")
"""Where the tree grows: ``native`` (``seedbed.bots.native_search``, where the engine is built
and the game and settings allow; the Python tree otherwise) or ``python``."""
WIN_WEIGHT = 0.75
"""Share of the reward given by winning (the rest by rank)."""
SMALL_FILTER = 64
"""Menus up to this size are filtered action by action (``bulky=false``)."""
RETRIES = 8


class Heuristics(Protocol):
    """What search uses of a game's ``heuristics`` module (or a stand-in in tests)."""

    def choose(self, view: JsonDict, legal: Sequence[Action], rng: Rng) -> Action: ...

    def evaluate(self, view: JsonDict) -> float: ...


EvaluateAll = Callable[[JsonDict], list[float]]
"""A game's optional ``heuristics.evaluate_all(view)``: every seat's ``evaluate`` from one
observation, for an evaluation that reads public facts only (Fields of Green). Cutoff
rollouts use it when the module has it: one observation and one call per leaf."""


EvaluateViews = Callable[[list[JsonDict]], list[float]]
"""A game's optional ``heuristics.evaluate_views(views)``: ``evaluate`` of each seat's own
view of one position, sharing the work the views have in common (Stalk Exchange's garden)."""


Polite = Callable[[JsonDict, Sequence[Action]], Sequence[Action]]
"""A game's ``heuristics.polite(view, menu)``, if it has one: the part of the menu a courteous
player chooses among (Bohnanza's trading etiquette, issue 16). The observer's own moves are
searched among these only, so its offers come from the heuristic's short list of candidates
and never from the raw offer menu; opponents' moves in the tree are not restricted."""


@dataclass(frozen=True)
class Settings:
    """The bot's parameters (see ``KIND`` for their meaning)."""

    iterations: int | None = 1000
    seconds: float | None = None
    c: float = 0.7
    rollout: str = "cutoff"
    depth: int = 0
    policy: str = "random"
    bulky: bool = True
    max_children: int = 16
    widen: float = 1.0
    prior: str = "greedy"
    anchor: float = 0.0
    tree: str = "native"

    def __post_init__(self) -> None:
        problem = _problem(self.iterations, self.seconds, self.rollout, self.policy, self.prior)
        if problem is None and self.tree not in TREES:
            problem = f"tree must be one of {', '.join(TREES)}, got {self.tree!r}"
        if problem is None and self.c < 0:
            problem = f"c must be at least 0, got {self.c:g}"
        if problem is not None:
            raise BotSpecError(f"bot ismcts: {problem}")


def _problem(
    iterations: Any, seconds: Any, rollout: Any, policy: Any, prior: Any = "none"
) -> str | None:
    if iterations is not None and seconds is not None:
        return "give iterations or seconds, not both"
    if prior not in PRIORS:
        return f"prior must be one of {', '.join(PRIORS)}, got {prior!r}"
    if rollout not in ROLLOUTS:
        return f"rollout must be one of {', '.join(ROLLOUTS)}, got {rollout!r}"
    if policy not in POLICIES:
        return f"policy must be one of {', '.join(POLICIES)}, got {policy!r}"
    return None


# ------------------------------------------------------------------ action types and menus


def pick_in(chosen: list[Run], rng: Rng) -> int:
    """A uniform menu index among the runs."""
    k = rng.below(sum(end - start for _, start, end in chosen))
    for _, start, end in chosen:
        if k < end - start:
            return start + k
        k -= end - start
    raise AssertionError("unreachable")


def balanced_index(by_kind: list[list[Run]], rng: Rng) -> int:
    """A type uniformly, then an index of that type uniformly."""
    return pick_in(by_kind[rng.below(len(by_kind))], rng)


def group_runs(found: list[Run], skip: frozenset[str]) -> list[list[Run]]:
    """The runs grouped by action kind, without the kinds in ``skip``."""
    groups: dict[str, list[Run]] = {}
    for run in found:
        if run[0] not in skip:
            groups.setdefault(run[0], []).append(run)
    return list(groups.values())


class Subset(Sequence[Action]):
    """A lazy view of some runs of a menu (the part a seat may play), in menu order."""

    __slots__ = ("menu", "parts", "size")

    def __init__(self, menu: Sequence[Action], parts: list[Run]) -> None:
        self.menu = menu
        self.parts = parts
        self.size = sum(end - start for _, start, end in parts)

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Action]: ...
    def __getitem__(self, i: int | slice) -> Action | Sequence[Action]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(self.size))]
        k = i + self.size if i < 0 else i
        if not 0 <= k < self.size:
            raise IndexError("index out of range")
        for _, start, end in self.parts:
            if k < end - start:
                return self.menu[start + k]
            k -= end - start
        raise IndexError("index out of range")

    def __iter__(self) -> Iterator[Action]:
        for _, start, end in self.parts:
            for j in range(start, end):
                yield self.menu[j]


def without_kinds(menu: Sequence[Action], skip: frozenset[str]) -> Sequence[Action]:
    """The menu minus the kinds in ``skip`` (the whole menu if nothing else is on it). Small
    menus are filtered exactly; large ones through their type runs, exactly once the rest is
    small."""
    if not skip:
        return menu
    view = menu
    if len(menu) > SMALL_FILTER:
        view = Subset(menu, [r for r in runs(menu, len(menu)) if r[0] not in skip])
        if len(view) > SMALL_FILTER:
            return view
    kept = [a for a in view if kind_of(a) not in skip]
    return kept if kept else menu


def own_move(menu: Sequence[Action], rng: Rng, skip: frozenset[str]) -> Action:
    """A random action of a menu not of a kind in ``skip`` (some draws, then a scan; the
    menu's first if none)."""
    for _ in range(RETRIES):
        a = menu[rng.below(len(menu))]
        if kind_of(a) not in skip:
            return a
    return next((a for a in menu if kind_of(a) not in skip), menu[0])


def lazy_membership(menu: Sequence[Action]) -> bool:
    """Whether ``in`` is a lookup for this menu (a lazy menu's own ``__contains__``), not a
    scan; otherwise membership goes through ``is_legal``."""
    cls = type(menu)
    return cls not in (list, tuple) and cls.__contains__ is not Sequence.__contains__


# ------------------------------------------------------------------ rewards


def outcome_rewards(outcome: Outcome, n: int) -> list[float]:
    """Per player in [0, 1]: ``0.75 * win share + 0.25 * (n - rank) / (n - 1)``."""
    if n < 2:
        return [1.0] * n
    place = (1.0 - WIN_WEIGHT) / (n - 1)
    out = [place * (n - rank) for rank in outcome.ranks]
    share = WIN_WEIGHT / max(1, len(outcome.winners))
    for w in outcome.winners:
        out[w] += share
    return out


# ------------------------------------------------------------------ the tree


class Node:
    """One node of the observer's information-set tree: the action into it, the player who
    chose it (whose rewards it sums), visits and availability; ``mover`` acts from it."""

    __slots__ = ("action", "avail", "edges", "mover", "player", "prior", "total", "visits")

    def __init__(self, action: Action | None, player: PlayerId, prior: bool = False) -> None:
        self.action = action
        self.player = player
        self.prior = prior
        """Whether this is the heuristic's move at its parent (``prior=greedy``)."""
        self.mover = -1
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.edges: dict[Action, Node] = {}

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass
class SearchResult:
    """The chosen action, the iterations run, the seconds taken and the root."""

    action: Action
    iterations: int
    seconds: float
    root: Node


class Search:
    """One search from one InfoSet: the tree policy, the rollouts and backpropagation."""

    def __init__(
        self,
        settings: Settings,
        me: PlayerId,
        n: int,
        rng: Rng,
        heur: Heuristics | None,
        skip: frozenset[str] = frozenset(),
        polite: Polite | None = None,
        native_greedy: bool = False,
    ) -> None:
        self.s = settings
        self.native_greedy = native_greedy
        """Whether ``heur`` is the game's own heuristics, so a native state's
        ``greedy_playout`` plays its policy (not a stand-in's)."""
        self.polite = polite
        self.me = me
        self.n = n
        self.rng = rng
        self.heur = heur
        self.skip = skip
        """Action kinds the observer never plays itself (``bulky=false``)."""
        self.restrict = bool(skip)

    # -------------------------------------------------------------- one iteration

    def iterate(self, root: Node, info: InfoSet) -> None:
        state = info.sample(self.rng)
        node, path, p = root, [root], self.me
        while True:
            if not state.to_move():
                self.backprop(path, outcome_rewards(state.outcome(), self.n))
                return
            if node.mover == -1:
                node.mover = p
            elif node.mover != p:  # another mover than before here: leave the tree
                break
            child, fresh = self.select(node, state, p)
            state.apply(p, cast(Action, child.action))
            path.append(child)
            node = child
            if fresh:
                break
            tm = state.to_move()
            p = tm[0] if tm else -1
        self.backprop(path, self.rollout(state))

    def backprop(self, path: list[Node], rewards: list[float]) -> None:
        for node in path:
            node.visits += 1
            if node.player >= 0:
                node.total += rewards[node.player]

    def select(self, node: Node, state: State, p: PlayerId) -> tuple[Node, bool]:
        """The child to descend to, and whether it is new (expanded now)."""
        menu = state.legal_actions(p)
        restrict = self.restrict and p == self.me
        if self.polite is not None and p == self.me:
            menu = self.polite(state.observe(p), menu)
        if len(menu) > self.s.max_children:
            return self.select_large(node, state, p, menu, restrict)
        edges = node.edges
        avail: list[Node] = []
        untried: list[Action] = []
        for a in without_kinds(menu, self.skip) if restrict else menu:
            child = edges.get(a)
            if child is None:
                untried.append(a)
            else:
                avail.append(child)
        if untried:
            first = self.prior_action(node, state, p, menu, restrict)
            prior = first is not None and first in untried
            if not prior:
                first = untried[self.rng.below(len(untried))]
            return self.expand(node, cast(Action, first), p, avail, prior), True
        return self.best(avail), False

    def select_large(
        self, node: Node, state: State, p: PlayerId, menu: Sequence[Action], restrict: bool
    ) -> tuple[Node, bool]:
        """Progressive widening with type-balanced draws; availability by ``is_legal``."""
        if lazy_membership(menu):
            avail = [c for a, c in node.edges.items() if a in menu]
        elif isinstance(menu, list):  # a polite menu: only its actions are available
            members = set(menu)
            avail = [c for a, c in node.edges.items() if a in members]
        else:
            legal = state.is_legal
            avail = [c for a, c in node.edges.items() if legal(p, a)]
        limit = self.s.max_children + int(self.s.widen * math.sqrt(node.visits))
        if len(node.edges) < limit or not avail:
            a = self.prior_action(node, state, p, menu, restrict)
            prior = a is not None
            if a is None:
                a = self.draw_new(node, menu, restrict)
            if a is not None:
                return self.expand(node, a, p, avail, prior), True
        if not avail:  # every draw was a child illegal here: descend through one anyway
            a = own_move(menu, self.rng, self.skip) if restrict else menu[self.rng.below(len(menu))]
            child = node.edges.get(a)
            return (self.expand(node, a, p, avail), True) if child is None else (child, False)
        return self.best(avail), False

    def prior_action(
        self, node: Node, state: State, p: PlayerId, menu: Sequence[Action], restrict: bool
    ) -> Action | None:
        """With ``prior=greedy``, a node's first child is the heuristic's choice for the
        mover (so a large menu's widening never misses the move a greedy player would make)."""
        if node.edges or self.s.prior == "none":
            return None
        a = cast(Heuristics, self.heur).choose(state.observe(p), menu, self.rng)
        return None if restrict and kind_of(a) in self.skip else a

    def draw_new(self, node: Node, menu: Sequence[Action], restrict: bool) -> Action | None:
        by_kind = group_runs(runs(menu, len(menu)), self.skip if restrict else frozenset())
        if not by_kind:
            return None
        for _ in range(RETRIES):
            a = menu[balanced_index(by_kind, self.rng)]
            if a not in node.edges and not (restrict and kind_of(a) in self.skip):
                return a
        return None

    def expand(
        self, node: Node, action: Action, p: PlayerId, avail: list[Node], prior: bool = False
    ) -> Node:
        child = Node(action, p, prior)
        node.edges[action] = child
        for c in avail:
            c.avail += 1
        child.avail = 1
        return child

    def best(self, avail: list[Node]) -> Node:
        """UCB1 with availability counts, plus ``anchor / (1 + visits)`` for the heuristic's
        move (a progressive bias: it keeps the visits, so the final choice, unless another
        move does clearly better); ties go to the earliest child."""
        c, anchor = self.s.c, self.s.anchor
        log, sqrt = math.log, math.sqrt
        best, best_value = avail[0], -math.inf
        for child in avail:
            child.avail += 1
            v = child.visits
            value = child.total / v + c * sqrt(log(child.avail) / v)
            if child.prior:
                value += anchor / (1 + v)
            if value > best_value:
                best, best_value = child, value
        return best

    # -------------------------------------------------------------- rollouts

    def rollout(self, state: State) -> list[float]:
        s = self.s
        if s.rollout == "cutoff":
            if self.play(state, s.policy == "greedy", s.depth):
                return outcome_rewards(state.outcome(), self.n)
            return self.evaluate(state)
        if s.rollout == "random" and not self.restrict:
            playout = getattr(state, "playout", None)
            if playout is not None:  # a native state: the same policy and draws, natively
                playout(self.rng, ROLLOUT_STEPS)
        self.play(state, s.rollout == "greedy", -1)
        return outcome_rewards(state.outcome(), self.n)

    def evaluate(self, state: State) -> list[float]:
        """Every player's value of a leaf: from one observation by the game's
        ``evaluate_all`` where it has one (an evaluation of public facts), else each
        player's ``evaluate`` of its own observation (all at once by ``evaluate_views``
        where the game has it)."""
        heur = cast(Heuristics, self.heur)
        evaluate_all = cast(EvaluateAll | None, getattr(heur, "evaluate_all", None))
        if evaluate_all is not None:
            return evaluate_all(state.observe(self.me))
        views = [state.observe(q) for q in range(self.n)]
        evaluate_views = cast(EvaluateViews | None, getattr(heur, "evaluate_views", None))
        if evaluate_views is not None:
            return evaluate_views(views)
        return [heur.evaluate(v) for v in views]

    def play(self, state: State, greedy: bool, steps: int) -> bool:
        """Play ``steps`` moves (all if negative); whether the game ended. Greedy moves are
        played natively by the state's ``greedy_playout`` where it has one (the same policy
        and draws); the loop plays what it leaves (an action kind it does not play)."""
        rng, me, restrict, heur = self.rng, self.me, self.restrict, self.heur
        if greedy and self.native_greedy and not restrict and steps != 0:
            native = getattr(state, "greedy_playout", None)
            if native is not None:
                done = native(rng, steps if steps > 0 else ROLLOUT_STEPS)
                steps = steps - done if steps > 0 else steps
        while steps != 0:
            tm = state.to_move()
            if not tm:
                return True
            p = tm[0]
            menu = state.legal_actions(p)
            mine = restrict and p == me
            if mine:
                menu = without_kinds(menu, self.skip)
            if greedy:
                a = cast(Heuristics, heur).choose(state.observe(p), menu, rng)
            else:
                a = menu[rng.below(len(menu))]
            if mine and kind_of(a) in self.skip:  # a menu not grouped by type, or greedy's pick
                a = own_move(menu, rng, self.skip)
            state.apply(p, a)
            steps -= 1
        return not state.to_move()

    # -------------------------------------------------------------- the budget

    def run(self, info: InfoSet) -> SearchResult:
        root = Node(None, -1)
        start = time.perf_counter()
        iterations = 0
        if self.s.seconds is not None:
            deadline = start + self.s.seconds
            while True:
                self.iterate(root, info)
                iterations += 1
                if time.perf_counter() >= deadline or info.out_of_time():
                    break
        else:
            for _ in range(self.s.iterations or 1):
                self.iterate(root, info)
                iterations += 1
                if info.out_of_time():  # the server's think budget caps the iterations
                    break
        action = choose_root(root, info, self.skip, self.polite)
        return SearchResult(action, iterations, time.perf_counter() - start, root)


def choose_root(
    root: Node, info: InfoSet, skip: frozenset[str], polite: Polite | None = None
) -> Action:
    """The most visited root child legal for the observer (ties: higher mean); with a
    ``polite`` filter, only a child of the observer's polite menu."""
    children = sorted(root.edges.values(), key=lambda c: (-c.visits, -c.mean()))
    menu = own_menu(info, skip, polite)
    allowed = set(menu) if isinstance(menu, list) else None
    for child in children:
        a = cast(Action, child.action)
        if (allowed is None or a in allowed) and info.is_legal(a):
            return a
    return menu[0]


def own_menu(info: InfoSet, skip: frozenset[str], polite: Polite | None) -> Sequence[Action]:
    """The observer's menu without the kinds in ``skip``, narrowed by ``polite``."""
    menu = without_kinds(info.legal_actions(), skip)
    return menu if polite is None else polite(info.observation(), menu)


# ------------------------------------------------------------------ the bot


class IsmctsBot(Bot):
    """SO-ISMCTS over the observer's information set (see the module docstring)."""

    def __init__(
        self, game_name: str, settings: Settings, heuristics: Heuristics | None = None
    ) -> None:
        self.game_name = game_name
        self.settings = settings
        self.heuristics = heuristics
        self.own_heuristics = heuristics is None
        """Whether the heuristics are the game's own (loaded from the registry), which a
        native state's ``greedy_playout`` plays."""
        self.last: SearchResult | None = None
        self.name = "ismcts"

    def needs_heuristics(self) -> bool:
        s = self.settings
        return s.rollout == "greedy" or s.rollout == "cutoff" or s.prior != "none"

    def search(self, info: InfoSet, rng: Rng) -> SearchResult:
        """Run the whole budget, whatever the menu (used by ``act`` and the benchmark)."""
        if not info.legal_actions():
            raise ValueError(f"player {info.player} is not on the move")
        from seedbed.bots.native_search import native_search  # it builds this module's Nodes

        found = native_search(self, info, rng)
        if found is not None:
            self.last = found
            return found
        if self.heuristics is None and self.needs_heuristics():
            self.heuristics = cast(Heuristics, game_heuristics(self.game_name))
        search = Search(
            self.settings,
            info.player,
            info.num_players,
            rng,
            self.heuristics,
            self.skipped(),
            self.polite(info.manners),
            self.own_heuristics,
        )
        self.last = search.run(info)
        return self.last

    def skipped(self) -> frozenset[str]:
        """The action kinds this bot never plays itself: the game's bulky kinds if
        ``bulky=false``, else none."""
        return frozenset() if self.settings.bulky else game_spec(self.game_name).bulky_kinds

    def polite(self, manners: Mapping[str, Any] | None = None) -> Polite | None:
        """The game's ``heuristics.polite`` (None without one): what its own moves are
        chosen among, reading the table's ``manners`` (issue 16) in every view it is given,
        also in the search tree's."""
        if self.heuristics is None and game_spec(self.game_name).heuristics is not None:
            self.heuristics = cast(Heuristics, game_heuristics(self.game_name))
        polite = cast("Polite | None", getattr(self.heuristics, "polite", None))
        if polite is None or not manners:
            return polite
        table = dict(manners)

        def courteous(view: JsonDict, menu: Sequence[Action]) -> Sequence[Action]:
            return polite(with_manners(view, table), menu)

        return courteous

    def act(self, info: InfoSet, rng: Rng) -> Action:
        menu = own_menu(info, self.skipped(), self.polite(info.manners))
        if len(menu) == 1:  # nothing to think about
            self.last = None
            return menu[0]
        return self.search(info, rng).action


def settings_from(params: Mapping[str, Any]) -> Settings:
    """Settings from spec parameters (no budget given: ``iterations=1000``)."""
    given = {k: v for k, v in params.items() if v is not None}
    if "seconds" in given and "iterations" not in given:
        given["iterations"] = None
    return Settings(**given)


def make_ismcts(game_name: str, heuristics: Heuristics | None = None, **params: Any) -> IsmctsBot:
    """An ISMCTS bot from keyword parameters (as in a spec), e.g. ``iterations=200``."""
    return IsmctsBot(game_name, settings_from(params), heuristics)


def _check(params: Mapping[str, Any]) -> str | None:
    problem = _problem(
        *(params[k] for k in ("iterations", "seconds", "rollout", "policy", "prior"))
    )
    tree = params["tree"]
    if problem is None and tree not in TREES:
        return f"tree must be one of {', '.join(TREES)}, got {tree!r}"
    return problem


KIND = BotKind(
    "ismcts",
    "single-observer information-set MCTS (UCB1 with availability counts)",
    lambda game, params: IsmctsBot(game, settings_from(params)),
    {
        # Maxima (issue 12): generous for research, affordable for a public server, whose
        # pool kills a move that overruns 3 * budget + 1 s anyway.
        "iterations": Param(
            int, None, "iterations per move (default 1000)", minimum=1, maximum=1_000_000
        ),
        "seconds": Param(
            float, None, "seconds per move instead of iterations", minimum=0, maximum=60
        ),
        "c": Param(float, 0.7, "UCB1 exploration constant", minimum=0, maximum=100),
        "rollout": Param(str, "cutoff", "rollout policy: random, greedy or cutoff"),
        "depth": Param(int, 0, "cutoff: moves played before evaluating", minimum=0, maximum=1000),
        "policy": Param(str, "random", "cutoff: policy of those moves, random or greedy"),
        "bulky": Param(bool, True, "false: never play the game's bulky action kinds itself"),
        "max_children": Param(
            int, 16, "menus larger than this are widened", minimum=1, maximum=10_000
        ),
        "widen": Param(
            float, 1.0, "progressive widening: children += widen*sqrt(n)", minimum=0, maximum=100
        ),
        "prior": Param(
            str, "greedy", "first child of a node: greedy (the heuristic's move) or none"
        ),
        "anchor": Param(
            float,
            0.0,
            "prior=greedy: UCB bonus anchor/(1+visits) of the heuristic's move",
            minimum=0,
            maximum=100,
        ),
        "tree": Param(
            str, "native", "native: the tree in Rust where it can run (else python); python"
        ),
    },
    _check,
)


# ------------------------------------------------------------------ the benchmark

ROLLOUT_STEPS = 1_000_000
"""Actions a native random rollout (``state.playout(rng, steps)``, the policy of ``play`` with
no kinds skipped: ``menu[rng.below(len(menu))]`` for the first player on the move) takes at
most before ``play`` goes on."""

BENCH_SPEC = "ismcts:iterations=1000"
"""What ``seedbed bench ismcts`` measures by default: the bot's default settings (cut-off
rollouts scored by the game's evaluation, the greedy prior), as the table bots search (D-80);
``--spec ismcts:rollout=random,prior=none`` measures whole random games as rollouts."""


def iterations_per_second(
    game_name: str,
    num_players: int,
    spec: str = "",
    seconds: float = 3.0,
    seed: int = 0,
) -> tuple[float, int, float]:
    """(iterations/s, iterations run, seconds searched): the bot of ``spec`` searching
    positions of seeded random games (a few random moves apart, a new game when one ends)
    until about ``seconds`` of search; only the search time counts."""
    parsed = parse_spec(spec or BENCH_SPEC)
    if parsed.name != "ismcts":
        raise BotSpecError(f"bench ismcts needs an ismcts spec, got {spec!r}")
    bot = IsmctsBot(game_name, settings_from(parsed.settings()))
    game = get_game(game_name)
    rng = Rng(seed)
    state = game.new_state(num_players, seed)
    deal, total, spent = seed, 0, 0.0
    while spent < seconds:
        for _ in range(1 + rng.below(8)):
            if state.is_terminal():
                break
            p = state.to_move()[0]
            menu = state.legal_actions(p)
            state.apply(p, menu[rng.below(len(menu))])
        if state.is_terminal():
            deal += 1
            state = game.new_state(num_players, deal)
            continue
        result = bot.search(InfoSet(state, state.to_move()[0]), rng)
        total += result.iterations
        spent += result.seconds
    return total / spent, total, spent
