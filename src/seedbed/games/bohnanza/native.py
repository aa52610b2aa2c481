"""Bohnanza on the native engine (issue 14): the declarations of the one native state wrapper
(``seedbed.engine.native_state``, issue 33 item 1) for Bohnanza.

:class:`NativeBohnanzaState` keeps its position in a ``seedbed._native.BohnanzaZones`` (the
Rust port of ``state.py`` … ``observe.py``, the one state class declared for Bohnanza) and
speaks the same API as
:class:`~seedbed.games.bohnanza.game.BohnanzaState`: the same action objects (decoded with
``actions.action_from_json`` from the JSON the native menu gives), the same :class:`Event` and
:class:`Outcome` values, the same errors (the extension raises ``seedbed.engine.errors``'
classes with Python's messages and clauses), ``observe`` dicts, ``determinize`` with the
caller's :class:`~seedbed.engine.rng.Rng` advanced exactly as the Python game advances it,
``clone``, ``key``, ``to_json`` and pickling. :class:`NativeBohnanza` is the Python game with
``new_state`` and ``state_from_json`` replaced: options, player counts, table refusals and the
action parsers are the Python game's own.

Code that needs the Python zones of a position (the action encoding, tests that inspect
fields) gets them from :meth:`NativeBohnanzaState.python_state`, a materialised
:class:`BohnanzaState` equal to this one (same ``key()``).

This module imports without the extension (a pure-Python install): :data:`GAME` is then None
and :data:`UNAVAILABLE` says why; the registry falls back to the Python engine or refuses, as
``docs/native.md`` ("Engine selection") describes.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, overload

from seedbed.engine.api import Action, Event, JsonDict, Outcome, PlayerId
from seedbed.engine.errors import IllegalActionError, InvalidActionError
from seedbed.engine.native_state import (
    NATIVE,
    UNAVAILABLE,
    CodeBook,
    NativeState,
    events_of,
    native_rng,
)
from seedbed.engine.rng import Rng
from seedbed.games.bohnanza.actions import Offer, action_from_json
from seedbed.games.bohnanza.cards import Config
from seedbed.games.bohnanza.game import (
    GAME as PYTHON_GAME,
)
from seedbed.games.bohnanza.game import (
    HANDLERS,
    Bohnanza,
    BohnanzaState,
    foreign_action_error,
)
from seedbed.games.bohnanza.options import normalize_options

_native = NATIVE

EAGER_MENU = 64
"""Menus up to this length are decoded from the native menu at once; longer ones (trading
offers) are a :class:`NativeMenu`."""

CACHE_LIMIT = 50_000
"""Entries :data:`_ACTIONS` may hold before it starts again: bounded memory."""

_BOOK = CodeBook(
    lambda code: str(_native.BohnanzaZones.action_json(code)),
    action_from_json,
    lambda: CACHE_LIMIT,
)
"""Action objects by code (``native/core/src/bohnanza/codes.rs``: every action but an offer
has one code, whatever the state), so a menu crosses as integers and is decoded once; the
native menu takes them from here (``menu_tuple``, ``menu_item``). (The events' cache is
native: ``BohnanzaZones.event_cache_limit``.)"""
_ACTIONS = _BOOK.actions
_action_of = _BOOK.make
_code_of = _BOOK.code_of


def _dumps(action: Action) -> str:
    return json.dumps(action.to_json(), separators=(",", ":"))


def _canonical(action: Action) -> bool:
    """Whether ``action`` is what its own JSON reads back as (a hand-built action may hold
    unsorted positions, which JSON sorts: its refusal then quotes it from Python)."""
    try:
        return action_from_json(action.to_json()) == action
    except InvalidActionError:
        return False


class NativeMenu(Sequence[Action]):
    """A long (trading) menu of a native state, lazy: its length, item *i* (one item decoded,
    so a random policy pays for one offer, not thousands), iteration (item by item) and
    membership come from the native menu. ``a in menu`` and ``menu.index(a)`` find an offer
    natively from its fields (``OfferSpace::index_of``, the inverse of item *i*, as
    ``OfferSpace.index`` of ``menu.py``) and any other action by its code (one without a
    code among the few items before the offers, with ``==``); only an offer the native side
    cannot read (floats or strings in it, built by hand) is answered by the Python engine's
    menu of the position (its twin, built then). Valid for
    the position it was made in, as every menu is."""

    __slots__ = ("_length", "_origin", "_player", "_twin", "_zones")

    def __init__(self, zones: Any, player: PlayerId, length: int) -> None:
        self._zones = zones.clone()  # the position, kept apart from later moves
        self._origin = zones  # remembers the item decoded last, to apply it without JSON
        self._player = player
        self._length = length
        self._twin: Sequence[Action] | None = None

    def twin(self) -> Sequence[Action]:
        """The Python engine's menu of this position (its lazy TradingMenu)."""
        if self._twin is None:
            state = PYTHON_GAME.state_from_json(json.loads(self._zones.to_json()))
            self._twin = state.legal_actions(self._player)
        return self._twin

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Action]: ...
    def __getitem__(self, i: int | slice) -> Action | Sequence[Action]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(self._length))]
        item: Action = self._zones.menu_item(self._player, i, _ACTIONS, _action_of, self._origin)
        return item

    def __iter__(self) -> Iterator[Action]:
        for i in range(self._length):
            yield self[i]

    def __contains__(self, a: object) -> bool:
        return self._place(a) >= 0

    def index(self, value: Any, start: int = 0, stop: int = sys.maxsize) -> int:
        """Where ``value`` is (a menu lists an action once), found natively; ValueError
        when it is not in ``menu[start:stop]``."""
        i = self._place(value)
        first, end, _ = slice(start, stop).indices(self._length)
        if not first <= i < end:
            raise ValueError(f"{value!r} is not in the menu")
        return i

    def count(self, value: Any) -> int:
        return int(value in self)

    def _place(self, a: object) -> int:
        """Where ``a`` is in this menu, or -1."""
        if isinstance(a, Offer):
            try:
                found: int | None = self._zones.menu_offer_index(
                    self._player, a.to, a.give_faceup, a.give_hand, a.want, a.want_faceup
                )
            except OverflowError:  # a number beyond 64 bits: no menu names one
                return -1
            except TypeError:  # not integers (built by hand): the Python rules answer
                return self._twin_place(a)
            return -1 if found is None else found
        if not isinstance(a, Action) or type(a) not in HANDLERS:
            return -1  # not a Bohnanza action: equal to no item
        code = _code_of(a)
        if code is not None:
            found = self._zones.menu_index(self._player, code)
            return -1 if found is None else found
        # No code known (built by hand: a list inside, numbers past the codes' layout): the
        # short fixed part before the offers, compared as Python compares.
        for i in range(self._length):
            item = self[i]
            if isinstance(item, Offer):
                break
            if item == a:
                return i
        return -1

    def _twin_place(self, a: object) -> int:
        """Where the Python engine's menu has ``a``, or -1 (for actions the native side
        cannot read)."""
        twin = self.twin()
        return twin.index(a) if a in twin else -1


class NativeBohnanzaState(NativeState):
    """A Bohnanza position held by the native engine. See ``seedbed.engine.api.State``."""

    __slots__ = ("_cfg",)
    game_name = "bohnanza"

    def __init__(self, zones: Any) -> None:
        super().__init__(zones)
        self._cfg: Config | None = None

    def _twin(self, obj: JsonDict) -> BohnanzaState:
        return PYTHON_GAME.state_from_json(obj)

    def _cloned(self, new: Any) -> None:
        new._cfg = self._cfg

    @property
    def cfg(self) -> Config:
        """The table's configuration (immutable data of the table, as the Python state's)."""
        if self._cfg is None:
            self._cfg = self.python_state().cfg
        return self._cfg

    def legal_actions(self, player: PlayerId) -> Sequence[Action]:
        if player not in self._movers:
            return ()
        length = self.zones.menu_tuple(player, EAGER_MENU, _ACTIONS, _action_of)
        if type(length) is tuple:  # the actions themselves (the same tuple at one position)
            menu: tuple[Action, ...] = length
            return menu
        if length <= EAGER_MENU:
            return tuple(action_from_json(obj) for obj in json.loads(self.zones.menu_json(player)))
        # Thousands of offers: decoding every one from JSON made a greedy bot 100x slower,
        # and building the Python twin at every step made random play slower than Python.
        return NativeMenu(self.zones, player, length)

    def refusal(self, player: PlayerId, action: Action) -> IllegalActionError | None:
        """Why ``action`` is illegal for ``player`` now, or None when it is legal."""
        if type(action) not in HANDLERS:
            return foreign_action_error(action)
        try:
            why: IllegalActionError | None = self.zones.refusal(player, _dumps(action))
        except (InvalidActionError, OverflowError):
            # Numbers beyond the native 64 bits: the Python rules give the refusal.
            return self.python_state().refusal(player, action)
        if why is not None and not _canonical(action):
            return self.python_state().refusal(player, action)  # quoted as it was built
        return why

    def apply(self, player: PlayerId, action: Action) -> list[Event]:
        listed = self.zones.apply_listed(player, action)  # an item this state handed out
        if listed is not None:
            return self._applied(listed)
        if type(action) not in HANDLERS:
            raise foreign_action_error(action)
        code = _code_of(action)
        try:
            if code is not None:
                return self._applied(self.zones.apply_code(player, code))
            text = self.zones.apply_json(player, _dumps(action))
        except (InvalidActionError, OverflowError):
            raise self._python_refusal(player, action) from None
        except IllegalActionError:
            if code is None and not _canonical(action):  # quoted as it was built
                raise self._python_refusal(player, action) from None
            raise
        self._movers = tuple(self.zones.to_move())
        self._moved()
        return events_of(text)

    # ---------------------------------------------------------------- beyond the API

    def memory_bytes(self) -> int:
        """The bytes the native state holds (its zones and this trading phase's offers)."""
        size: int = self.zones.memory_bytes()
        return size

    def greedy_playout(self, rng: Rng, max_steps: int) -> int:
        """Play on with the greedy policy (``heuristics.choose`` at every seat, the first
        player on the move playing) until the end or ``max_steps`` actions, natively and in
        place; ``rng`` advances exactly as the Python loop's would. Returns the number of
        actions taken."""
        with native_rng(rng) as generator:
            steps: int = self.zones.greedy_playout(generator, max_steps)
        self._movers = tuple(self.zones.to_move())
        self._moved()
        return steps

    def greedy_choose(self, player: PlayerId, rng: Rng) -> Action:
        """What ``heuristics.choose(self.observe(player), self.legal_actions(player), rng)``
        plays, natively, with the same draws from ``rng``; ValueError when ``player`` is not
        on the move."""
        with native_rng(rng) as generator:
            action: Action = self.zones.greedy_choose(player, generator, _ACTIONS, _action_of)
        return action

    def python_state(self) -> BohnanzaState:
        """This position as the Python engine's state (for code that reads the zones
        directly, such as the action encoding); cached until the next move. Do not mutate
        it: it is shared."""
        state: BohnanzaState = super().python_state()
        return state

    def all_cards(self) -> list[int]:
        """Every card id in every zone (for conservation checks, B-12)."""
        return self.python_state().all_cards()


def _from_json_text(text: str) -> NativeBohnanzaState:
    assert _native is not None, UNAVAILABLE
    return NativeBohnanzaState(_native.bohnanza_state_from_json(text))


class NativeBohnanza(Bohnanza):
    """Bohnanza with native states; everything else is the Python game's."""

    engine = "native"

    def new_state(  # type: ignore[override]
        self, num_players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> NativeBohnanzaState:
        assert _native is not None, UNAVAILABLE
        opts = self.table_options(num_players, options)
        return NativeBohnanzaState(_native.bohnanza_new_state(num_players, seed, json.dumps(opts)))

    def state_from_json(  # type: ignore[override]
        self, obj: Mapping[str, Any]
    ) -> NativeBohnanzaState:
        """Rebuild a state from ``to_json()`` output (either engine's)."""
        normalize_options(obj["options"])  # the Python game's refusals of bad options
        return _from_json_text(json.dumps(obj))

    def simulate_bulk(
        self, num_players: int, seeds: Sequence[int], options: Mapping[str, Any] | None = None
    ) -> list[tuple[Outcome, int, dict[str, int]]]:
        """Whole random games played natively, one per seed, with the policy of
        ``seedbed.lab.simulate`` (``policy_rng(seed)``): per game its outcome, number of
        actions and count of events by kind, equal to what the per-step path gives."""
        assert _native is not None, UNAVAILABLE
        opts = self.table_options(num_players, options)
        found = _native.bohnanza_simulate(num_players, list(seeds), json.dumps(opts))
        return [
            (
                Outcome(tuple(scores), tuple(ranks), tuple(winners), tuple(tiebreak or ())),
                steps,
                counts,
            )
            for scores, ranks, winners, tiebreak, steps, counts in found
        ]


GAME: NativeBohnanza | None = NativeBohnanza() if _native is not None else None
"""The native game, or None when the extension is not built (see :data:`UNAVAILABLE`)."""

__all__ = ["GAME", "UNAVAILABLE", "NativeBohnanza", "NativeBohnanzaState"]
