"""Search in Rust (issue 33 item 2): :func:`native_search` runs
:class:`~seedbed.bots.ismcts.IsmctsBot`'s search through ``seedbed._native.ismcts_search``
(``native/core/src/search/``) where it can, and says None where it cannot, so the Python tree
(the readable reference) runs instead.

The native tree runs the Python one's algorithm draw for draw: the bot's own generator is
mirrored into Rust and back, each iteration determinizes the true position for the seat only
(``determinize(player, rng)``, as :meth:`~seedbed.bots.api.InfoSet.sample`), and the
observer's own moves come from the game's courteous menu (Bohnanza's etiquette of a bot-only
table). A cut-off rollout (``rollout=cutoff``) plays ``depth`` moves of its ``policy`` and
scores the leaf with the game's evaluation in Rust (its ``heuristics`` evaluation, bit for
bit). It runs when ``tree=native`` (the default), the position is a native state, the game's
heuristics are its own (not a stand-in), the greedy parts (``rollout=greedy``,
``prior=greedy``, ``policy=greedy`` with ``depth`` > 0) have a native policy (the game's
declaration says ``native_greedy``), the game evaluates natively with its options,
``bulky`` is true and the table sets no manners. Otherwise the Python tree runs.
"""

from __future__ import annotations

import json
import sys
import time
from typing import TYPE_CHECKING

from seedbed.bots.api import InfoSet
from seedbed.bots.ismcts import IsmctsBot, Node, SearchResult, Settings
from seedbed.engine.api import Action
from seedbed.engine.native_state import NATIVE, native_rng
from seedbed.engine.registry import game as get_game
from seedbed.engine.registry import spec as lookup_spec
from seedbed.engine.rng import Rng

if TYPE_CHECKING:
    from seedbed.bots.rollout import RolloutBot

if NATIVE is not None:  # the core adds floats as this interpreter's ``sum`` does
    NATIVE.python_sum(sys.version_info >= (3, 12))

# The rollout bot (:func:`native_samples`): its candidates, sequential halving and final
# test stay in Python; its samples (a determinization, a seed, every candidate played on by
# the greedy policy) run in Rust with the same draws.


def why_not(settings: Settings, game_name: str) -> str | None:
    """Why these settings cannot grow the tree natively in this game (None: they can)."""
    if settings.tree != "native":
        return "tree=python"
    if NATIVE is None:
        return "the native engine is not built"
    policy = settings.rollout == "cutoff" and settings.policy == "greedy" and settings.depth > 0
    greedy = settings.rollout == "greedy" or settings.prior == "greedy" or policy
    if greedy and not lookup_spec(game_name).native_greedy:
        return f"{game_name}'s greedy policy is Python's only"
    if not settings.bulky:
        return "bulky=false"
    return None


def native_search(bot: IsmctsBot, info: InfoSet, rng: Rng) -> SearchResult | None:
    """The bot's search of ``info`` in Rust, or None when it must run in Python."""
    s = bot.settings
    zones = info.native_zones()
    if zones is None or not bot.own_heuristics or info.manners or why_not(s, bot.game_name):
        return None
    cap = None if info.deadline is None else max(0.0, info.deadline - time.perf_counter())
    with native_rng(rng) as generator:
        found = NATIVE.ismcts_search(
            zones,
            info.player,
            generator,
            iterations=s.iterations,
            seconds=s.seconds,
            cap=cap,
            c=s.c,
            rollout=s.rollout,
            max_children=s.max_children,
            widen=s.widen,
            prior=s.prior,
            anchor=s.anchor,
            depth=s.depth,
            policy=s.policy,
        )
    if found is None:  # not with this position's options (the generator is untouched)
        return None
    index, iterations, seconds, root = found
    return SearchResult(info.legal_actions()[index], iterations, seconds, tree_root(info, root))


def tree_root(info: InfoSet, children: list[tuple[str, int, float]]) -> Node:
    """The root as the Python tree's :class:`Node`: its children (in the order they were
    added) with their visits and summed rewards; deeper nodes stay in Rust."""
    game = get_game(info.game_name, engine="native")
    root = Node(None, -1)
    for text, visits, total in children:
        action = game.action_from_json(json.loads(text))
        child = Node(action, info.player)
        child.visits, child.total = visits, total
        root.edges[action] = child
        root.visits += visits
    return root


def native_samples(
    bot: RolloutBot, info: InfoSet, rng: Rng, actions: list[Action], count: int
) -> list[list[float | None]] | None:
    """The rollout bot's ``count`` samples of ``actions`` in Rust (``rollout_samples``: per
    sample, each action's reward, None where it is illegal in that determinization), or None
    when they must run in Python: ``tree=python``, a Python state, rollouts cut off for the
    game's Python ``evaluate`` (``depth`` ≥ 0), a stand-in heuristics, or a game whose greedy
    policy is Python's only (its declaration says no ``native_greedy``)."""
    s = bot.settings
    zones = info.native_zones()
    usable = s.tree == "native" and NATIVE is not None and s.depth < 0
    if not usable or zones is None or not bot.base.own_heuristics:
        return None
    if not lookup_spec(bot.game_name).native_greedy:
        return None
    cap = None if info.deadline is None else max(0.0, info.deadline - time.perf_counter())
    arms = [json.dumps(a.to_json()) for a in actions]
    with native_rng(rng) as generator:
        rows: list[list[float | None]] = NATIVE.rollout_samples(
            zones, info.player, generator, arms, count, reward=s.reward, cap=cap
        )
    return rows
