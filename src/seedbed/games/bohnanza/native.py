"""Bohnanza on the native engine (issue 14): the ``State`` API around ``seedbed._native``.

:class:`NativeBohnanzaState` keeps its position in a ``seedbed._native.BohnanzaZones`` (the
Rust port of ``state.py`` … ``observe.py``) and speaks the same API as
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
from contextlib import AbstractContextManager
from typing import Any, overload

from seedbed.engine.api import Action, Event, JsonDict, Outcome, PlayerId, State
from seedbed.engine.errors import IllegalActionError, InvalidActionError
from seedbed.engine.rng import Rng, mirrored
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

try:
    from seedbed import _native  # type: ignore[attr-defined]  # the extension, no stubs
except ImportError as exc:  # a pure-Python install: no Rust toolchain at build time
    _native = None
    UNAVAILABLE: str | None = (
        f"the native engine is not built (seedbed._native: {exc}); build it with "
        "`make native` (needs a Rust toolchain: cargo and maturin)"
    )
else:
    UNAVAILABLE = None

EAGER_MENU = 64
"""Menus up to this length are decoded from the native menu at once; longer ones (trading
offers) are a :class:`NativeMenu`."""


CACHE_LIMIT = 50_000
"""Entries :data:`_ACTIONS` may hold before it starts again: bounded memory. (The events'
cache is native: ``BohnanzaZones.event_cache_limit``.)"""

_ACTIONS: dict[int, Action] = {}
"""Action objects by code (``native/core/src/bohnanza/codes.rs``: every action but an offer
has one code, whatever the state), so a menu crosses as integers and is decoded once; the
native menu takes them from here (``menu_tuple``, ``menu_item``)."""
_CODES: dict[Action, int] = {}
"""The reverse of :data:`_ACTIONS`."""


def _dumps(action: Action) -> str:
    return json.dumps(action.to_json(), separators=(",", ":"))


def _events(text: str) -> list[Event]:
    return [
        Event(kind, public, private, tuple(private_to))
        for kind, public, private, private_to in json.loads(text)
    ]


def _canonical(action: Action) -> bool:
    """Whether ``action`` is what its own JSON reads back as (a hand-built action may hold
    unsorted positions, which JSON sorts: its refusal then quotes it from Python)."""
    try:
        return action_from_json(action.to_json()) == action
    except InvalidActionError:
        return False


def _action_of(code: int | str) -> Action:
    """The action object of a code (made from its JSON once, then shared: actions are
    immutable); given JSON text instead (an action without a code), a new one from it."""
    if isinstance(code, str):
        return action_from_json(json.loads(code))
    known = _ACTIONS.get(code)
    if known is None:
        if len(_ACTIONS) >= CACHE_LIMIT:
            _ACTIONS.clear()
            _CODES.clear()
        assert _native is not None, UNAVAILABLE
        known = action_from_json(json.loads(_native.bohnanza_action_json(code)))
        _ACTIONS[code] = known
        _CODES[known] = code
    return known


def _code_of(action: Action) -> int | None:
    """The code of an action seen in a menu, or None (an offer, an action never listed, or
    one that cannot be hashed)."""
    try:
        return _CODES.get(action)
    except TypeError:  # built by hand with a list inside
        return None


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


class NativeBohnanzaState(State):
    """A Bohnanza position held by the native engine. See ``seedbed.engine.api.State``."""

    __slots__ = ("_cfg", "_movers", "_python", "zones")
    game_name = "bohnanza"

    def __init__(self, zones: Any) -> None:
        self.zones = zones
        self._movers: tuple[int, ...] = tuple(zones.to_move())
        self._python: BohnanzaState | None = None
        self._cfg: Config | None = None

    # ---------------------------------------------------------------- the State API

    @property
    def num_players(self) -> int:
        return self.cfg.num_players

    @property
    def cfg(self) -> Config:
        """The table's configuration (immutable data of the table, as the Python state's)."""
        if self._cfg is None:
            self._cfg = self.python_state().cfg
        return self._cfg

    def to_move(self) -> tuple[PlayerId, ...]:
        return self._movers

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

    def is_legal(self, player: PlayerId, action: Action) -> bool:
        return self.refusal(player, action) is None

    def apply(self, player: PlayerId, action: Action) -> list[Event]:
        listed = self.zones.apply_listed(player, action)  # an item this state handed out
        if listed is not None:
            events: list[Event]
            events, self._movers = listed
            self._python = None
            return events
        if type(action) not in HANDLERS:
            raise foreign_action_error(action)
        code = _code_of(action)
        try:
            if code is not None:
                events, self._movers = self.zones.apply_code(player, code)
            else:
                text = self.zones.apply_json(player, _dumps(action))
        except (InvalidActionError, OverflowError):
            raise self._python_refusal(player, action) from None
        except IllegalActionError:
            if code is None and not _canonical(action):  # quoted as it was built
                raise self._python_refusal(player, action) from None
            raise
        self._python = None
        if code is not None:
            return events
        self._movers = tuple(self.zones.to_move())
        return _events(text)

    def _python_refusal(self, player: PlayerId, action: Action) -> IllegalActionError:
        """The Python rules' refusal of an action the native engine refused or could not
        read (numbers beyond 64 bits, an action built by hand in a non-canonical form)."""
        error = self.python_state().refusal(player, action)
        assert error is not None, f"native and Python engines disagree on {action!r}"
        return error

    def is_terminal(self) -> bool:
        return not self._movers

    def outcome(self) -> Outcome:
        found = json.loads(self.zones.outcome_json())
        return Outcome(
            tuple(found["scores"]),
            tuple(found["ranks"]),
            tuple(found["winners"]),
            tuple(found["tiebreak"]),
        )

    def observe(self, player: PlayerId | None) -> JsonDict:
        view: JsonDict = json.loads(self.zones.observe_json(player))
        return view

    def determinize(self, player: PlayerId, rng: Rng) -> NativeBohnanzaState:
        with _native_rng(rng) as native_rng:
            return NativeBohnanzaState(self.zones.determinize(player, native_rng))

    def clone(self) -> NativeBohnanzaState:
        new = NativeBohnanzaState.__new__(NativeBohnanzaState)
        new.zones = self.zones.clone()
        new._movers = self._movers
        new._python = None
        new._cfg = self._cfg
        return new

    def key(self) -> str:
        key: str = self.zones.key()
        return key

    # ---------------------------------------------------------------- beyond the API

    def memory_bytes(self) -> int:
        """The bytes the native state holds (its zones and this trading phase's offers)."""
        size: int = self.zones.memory_bytes()
        return size

    def playout(self, rng: Rng, max_steps: int) -> int:
        """Play on with the uniform random policy of ``seedbed.lab.simulate`` (the first
        player on the move picks ``menu[rng.below(len(menu))]``) until the end or
        ``max_steps`` actions, natively and in place; ``rng`` advances exactly as that
        policy's would. Returns the number of actions taken."""
        with _native_rng(rng) as native_rng:
            steps: int = self.zones.playout(native_rng, max_steps)
        self._movers = tuple(self.zones.to_move())
        self._python = None
        return steps

    def greedy_playout(self, rng: Rng, max_steps: int) -> int:
        """Play on with the greedy policy (``heuristics.choose`` at every seat, the first
        player on the move playing) until the end or ``max_steps`` actions, natively and in
        place; ``rng`` advances exactly as the Python loop's would. Returns the number of
        actions taken."""
        with _native_rng(rng) as native_rng:
            steps: int = self.zones.greedy_playout(native_rng, max_steps)
        self._movers = tuple(self.zones.to_move())
        self._python = None
        return steps

    def greedy_choose(self, player: PlayerId, rng: Rng) -> Action:
        """What ``heuristics.choose(self.observe(player), self.legal_actions(player), rng)``
        plays, natively, with the same draws from ``rng``; ValueError when ``player`` is not
        on the move."""
        with _native_rng(rng) as native_rng:
            action: Action = self.zones.greedy_choose(player, native_rng, _ACTIONS, _action_of)
        return action

    def to_json(self) -> JsonDict:
        """The complete state as ``BohnanzaState.to_json()`` gives it."""
        out: JsonDict = json.loads(self.zones.to_json())
        return out

    def python_state(self) -> BohnanzaState:
        """This position as the Python engine's state (for code that reads the zones
        directly, such as the action encoding); cached until the next move. Do not mutate
        it: it is shared."""
        if self._python is None:
            self._python = PYTHON_GAME.state_from_json(self.to_json())
        return self._python

    def all_cards(self) -> list[int]:
        """Every card id in every zone (for conservation checks, B-12)."""
        return self.python_state().all_cards()

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (_from_json_text, (self.zones.to_json(),))

    def __repr__(self) -> str:
        return f"<NativeBohnanzaState {self.zones!r}>"


def _native_rng(rng: Rng) -> AbstractContextManager[Any]:
    """A native generator standing in for ``rng`` (which takes its state back after)."""
    assert _native is not None, UNAVAILABLE
    return mirrored(rng, _native.Rng.from_state)


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
