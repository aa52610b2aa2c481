"""The bot protocol: what a bot sees and how it answers.

A bot is asked to act for one seat through an :class:`InfoSet`: the seat's observation
(``state.observe(me)``), its legal actions, and — for search — full states sampled consistently
with what the seat knows (``state.determinize(me, rng)``). The true state itself is never handed
to a bot, so no bot can read a hidden card. Each bot gets its own seeded :class:`Rng` from the
arena; nothing uses the global ``random``.

>>> import seedbed
>>> from seedbed.engine import Rng
>>> state = seedbed.game("stalk_exchange").new_state(3, seed=1)
>>> info = InfoSet(state, 0)
>>> len(info.legal_actions()) > 0, info.observation()["viewer"]
(True, 0)
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from seedbed.engine.api import Action, JsonDict, PlayerId, State
from seedbed.engine.native_state import NativeState
from seedbed.engine.registry import heuristics, spec
from seedbed.engine.rng import Rng


def with_manners(view: JsonDict, manners: Mapping[str, Any] | None) -> JsonDict:
    """``view`` with the table's manners (``GameSpec.manners``, issue 16) under ``manners``,
    as bots read them; ``view`` itself when there are none.

    >>> with_manners({"phase": "trade"}, {"open_offers": 1})
    {'phase': 'trade', 'manners': {'open_offers': 1}}
    """
    return {**view, "manners": dict(manners)} if manners else view


class InfoSet:
    """One seat's view of the game at a decision: everything a bot may use. ``manners``:
    the table's options for the bots' manners (``GameSpec.manners``; a server's table
    options), shown in :meth:`observation` as ``manners``; none in the arena (the game's
    heuristics then keep their defaults). ``deadline``: the ``time.perf_counter()`` reading
    by which the move is due (a server's think budget, issue 37 item 3); searches stop adding
    iterations past it (:meth:`out_of_time`), whatever their iteration count; None: no limit."""

    __slots__ = ("_state", "deadline", "game_name", "manners", "num_players", "player")

    def __init__(
        self,
        state: State,
        player: PlayerId,
        manners: Mapping[str, Any] | None = None,
        deadline: float | None = None,
    ) -> None:
        self._state = state
        self.player = player
        self.game_name = state.game_name
        self.num_players = state.num_players
        self.manners: dict[str, Any] = dict(manners or {})
        self.deadline = deadline

    def until(self, deadline: float) -> InfoSet:
        """The same view, due by ``deadline`` or its own deadline, whichever comes first: a
        search gives a part of its time (a round of its samples) this cap (issue 33 item 3)."""
        due = deadline if self.deadline is None else min(deadline, self.deadline)
        return InfoSet(self._state, self.player, self.manners, due)

    def out_of_time(self) -> bool:
        """Whether the move's deadline has passed (never without one)."""
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def observation(self) -> JsonDict:
        """What the seat may know (``observe``), JSON-ready, with the table's manners."""
        return with_manners(self._state.observe(self.player), self.manners)

    def legal_actions(self) -> Sequence[Action]:
        """The seat's menu, in the game's deterministic order (may be lazy)."""
        return self._state.legal_actions(self.player)

    def is_legal(self, action: Action) -> bool:
        """Whether the seat may play ``action`` now (also for actions outside the menu)."""
        return self._state.is_legal(self.player, action)

    def native_zones(self) -> Any:
        """The native engine's position (a ``seedbed._native`` state class), None for a Python
        state: for a native search, which reads only its ``determinize(player)`` (as
        :meth:`sample`) and the seat's own menu, in Rust."""
        return self._state.zones if isinstance(self._state, NativeState) else None

    def sample(self, rng: Rng) -> State:
        """A full state consistent with the seat's knowledge, hidden parts drawn with ``rng``:
        a new object each call, safe to play on (``determinize``)."""
        return self._state.determinize(self.player, rng)


class Bot(ABC):
    """A player. ``act`` returns one legal action of ``info.legal_actions()``."""

    name: str = "bot"

    @abstractmethod
    def act(self, info: InfoSet, rng: Rng) -> Action:
        """Choose the seat's next action; ``rng`` is the bot's own generator."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


def polite_menu(game_name: str, view: JsonDict, menu: Sequence[Action]) -> Sequence[Action]:
    """The part of ``menu`` a courteous player chooses among: the game's
    ``heuristics.polite(view, menu)`` if it defines one (Bohnanza's trading etiquette, issue
    16: answers, passes and a short list of sensible offers, never a withdrawal), else the
    whole menu. Search bots choose their own moves here, and a server's fallback move too."""
    if spec(game_name).heuristics is None:
        return menu
    polite = getattr(heuristics(game_name), "polite", None)
    return menu if polite is None else polite(view, menu)


Waits = Callable[[JsonDict, Action, Collection[PlayerId], Collection[PlayerId]], bool]
"""A game's ``heuristics.waits(view, action, people, keen)``: whether a bot's chosen move
waits for the table's hold (issue 38 item 1) for the people, of whom ``keen`` ones take part
in every trading they may (issue 31 item 4)."""


@dataclass(frozen=True)
class HoldRule:
    """Which moves of a bot a server holds at a table with people, and for how long (issue 38
    item 1), as the game's heuristics declare it: ``waits`` (a chosen move that must wait),
    ``option`` (the table option, one of the game's manners, giving the seconds) and
    ``events`` (the event kinds after which the hold starts again)."""

    waits: Waits
    option: str
    events: frozenset[str]


def hold_rule(game_name: str) -> HoldRule | None:
    """The game's hold (``heuristics.waits``, ``HOLD_OPTION``, ``HOLD_EVENTS``), or None when
    its heuristics declare none (then no move of a bot ever waits).

    >>> hold_rule("bohnanza").option, hold_rule("stalk_exchange")
    ('offer_hold', None)
    """
    if spec(game_name).heuristics is None:
        return None
    module = heuristics(game_name)
    waits = getattr(module, "waits", None)
    if waits is None:
        return None
    return HoldRule(waits, str(module.HOLD_OPTION), frozenset(module.HOLD_EVENTS))
