"""The one native state wrapper (issue 33 item 1): the ``State`` API around a state class of
``seedbed._native``, written once for every native game.

Every native game's PyO3 state class is the same class stamped from the core's one game
interface (``native/py/src/state.rs`` over the ``NativeGame`` trait): ``to_move``,
``is_terminal``, ``outcome_tuple``, ``observe_json``, ``determinize``, ``clone``, ``key``,
``to_json``, ``playout``, ``legal_codes``, ``apply_code``, ``apply_listed``, ``apply_json``,
``refusal`` … :class:`NativeState` speaks the ``State`` API over them; a game's ``native.py``
subclasses it and declares only what is its own: how its action objects cross (its
``legal_actions``, ``refusal`` and ``apply`` fast paths), its Python twin game, and any
extra of its own (greedy policies, score parts).

**Integer actions.** :meth:`NativeState.legal_codes` lists a seat's legal actions as the
core's action codes (``NativeGame::code_of``: one ``int`` per action, whatever the state,
in ``legal_actions``' order) and :meth:`NativeState.apply_code` plays one, so code that keys
actions by integers (a search, a learner) needs no action objects. Codes are ints of up to
128 bits (a Fields of Green water split); a menu holding an action beyond its game's code
layout answers None. The fast loop (issue 34 target 2) skips this wrapper:
``state.zones`` has ``current_player()``, ``codes(player)`` (a lazy sequence of the legal
codes) and ``play(code, player)`` (events dropped); call :meth:`NativeState.moved_natively`
before using the wrapper again.

This module imports without the extension (a pure-Python install): :data:`NATIVE` is then
None and :data:`UNAVAILABLE` says why.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import Any, TypeVar

from seedbed.engine.api import Action, Event, JsonDict, Outcome, PlayerId, State, check_viewer
from seedbed.engine.errors import IllegalActionError
from seedbed.engine.rng import Rng, mirrored

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

NATIVE: Any = _native
"""The extension module ``seedbed._native``, or None when it is not built."""

CACHE_LIMIT = 50_000
"""Entries a :class:`CodeBook` may hold before it starts again: bounded memory."""

S = TypeVar("S", bound="NativeState")


class CodeBook:
    """A game's action objects by code (the core's ``code_of``: one code per action, whatever
    the state), so a menu crosses as integers and each action is made once, then shared
    (actions are immutable). The native menus take objects from :attr:`actions` and make a
    missing one with :meth:`make`; :attr:`codes` is the reverse."""

    __slots__ = ("_decode", "_limit", "_parse", "actions", "codes")

    def __init__(
        self,
        decode: Callable[[int], str],
        parse: Callable[[Any], Action],
        limit: Callable[[], int] = lambda: CACHE_LIMIT,
    ) -> None:
        self._decode = decode  # the JSON text of a code (the state class's ``action_json``)
        self._parse = parse  # the game's ``action_from_json``
        self._limit = limit  # the entries it may hold (read when it grows)
        self.actions: dict[int, Action] = {}
        self.codes: dict[Action, int] = {}

    def make(self, code: int | str) -> Action:
        """The action object of a code (made from its JSON once, then shared); given JSON text
        instead (an action without a code), a new one from it."""
        if isinstance(code, str):
            return self._parse(json.loads(code))
        known = self.actions.get(code)
        if known is None:
            if len(self.actions) >= self._limit():
                self.actions.clear()
                self.codes.clear()
            known = self._parse(json.loads(self._decode(code)))
            self.actions[code] = known
            self.codes[known] = code
        return known

    def code_of(self, action: Action) -> int | None:
        """The code of an action seen in a menu, or None (an action never listed, or one that
        cannot be hashed)."""
        try:
            return self.codes.get(action)
        except TypeError:  # built by hand with a list inside
            return None


def events_of(text: str) -> list[Event]:
    """Events from the JSON text ``apply_json`` gives."""
    return [
        Event(kind, public, private, tuple(private_to))
        for kind, public, private, private_to in json.loads(text)
    ]


def native_rng(rng: Rng) -> AbstractContextManager[Any]:
    """A native generator standing in for ``rng`` (which takes its state back after)."""
    assert _native is not None, UNAVAILABLE
    return mirrored(rng, _native.Rng.from_state)


def _restore(game_name: str, text: str) -> State:
    """A pickled native state, rebuilt by its native game (``__reduce__``)."""
    from seedbed.engine.registry import game

    native = game(game_name, engine="native")  # a native game: it loads states from JSON
    state: State = native.state_from_json(json.loads(text))  # type: ignore[attr-defined]
    return state


class NativeState(State):
    """A position held by the native engine (``seedbed.engine.api.State``): the methods every
    native game shares. A game's subclass declares ``game_name``, :meth:`_twin` (its Python
    state of a ``to_json()``) and its ``legal_actions``, ``refusal`` and ``apply``."""

    __slots__ = ("_movers", "_python", "zones")

    def __init__(self, zones: Any) -> None:
        self.zones = zones
        self._movers: tuple[int, ...] = tuple(zones.to_move())
        self._python: State | None = None

    # ---------------------------------------------------------------- what a game declares

    def _twin(self, obj: JsonDict) -> State:
        """The Python engine's state of ``obj`` (this game's ``state_from_json``)."""
        raise NotImplementedError

    def refusal(self, player: PlayerId, action: Action) -> IllegalActionError | None:
        """Why ``action`` is illegal for ``player`` now, or None when it is legal."""
        raise NotImplementedError

    def _rebuilt(self: S, zones: Any) -> S:
        """A state of this game around ``zones`` (a determinization)."""
        return type(self)(zones)

    def _cloned(self, new: Any) -> None:
        """Copy what a game keeps beyond the zones and movers into the clone ``new``."""

    def _moved(self) -> None:
        """The position changed: what was kept for the old one is forgotten."""
        self._python = None

    # ---------------------------------------------------------------- the State API

    @property
    def num_players(self) -> int:
        count: int = self.zones.num_players
        return count

    def to_move(self) -> tuple[PlayerId, ...]:
        return self._movers

    def is_terminal(self) -> bool:
        return not self._movers

    def is_legal(self, player: PlayerId, action: Action) -> bool:
        return self.refusal(player, action) is None

    def outcome(self) -> Outcome:
        scores, ranks, winners, tiebreak = self.zones.outcome_tuple()
        return Outcome(tuple(scores), tuple(ranks), tuple(winners), tuple(tiebreak))

    def observe(self, player: PlayerId | None) -> JsonDict:
        check_viewer(player, self.num_players)  # the Python engines' refusal, word for word
        view: JsonDict = json.loads(self.zones.observe_json(player))
        return view

    def determinize(self: S, player: PlayerId, rng: Rng) -> S:
        with native_rng(rng) as generator:
            zones = self.zones.determinize(player, generator)
        return self._rebuilt(zones)

    def clone(self: S) -> S:
        new = object.__new__(type(self))
        new.zones = self.zones.clone()
        new._movers = self._movers
        new._python = None
        self._cloned(new)
        return new

    def key(self) -> str:
        key: str = self.zones.key()
        return key

    # ---------------------------------------------------------------- integer actions

    def legal_codes(self, player: PlayerId) -> tuple[int, ...] | None:
        """``legal_actions(player)`` as action codes, in the same order (empty for a seat not
        on the move); None when an item has no code (a game without codes; in Bohnanza, every
        offer a menu lists has one). :meth:`apply_code` plays one."""
        if player not in self._movers:
            return ()
        codes: list[int] | None = self.zones.legal_codes(player)
        return None if codes is None else tuple(codes)

    def apply_code(self, player: PlayerId, code: int) -> list[Event]:
        """``apply`` of the action with this code: the same events and refusals
        (``InvalidActionError`` for a code no action has)."""
        events: list[Event]
        events, self._movers = self.zones.apply_code(player, code)
        self._moved()
        return events

    def moved_natively(self) -> None:
        """The zones were moved by native code outside this wrapper (an encoder's
        ``apply_index``, a vector environment's step): read the movers again."""
        self._movers = tuple(self.zones.to_move())
        self._moved()

    # ---------------------------------------------------------------- beyond the API

    def playout(self, rng: Rng, max_steps: int) -> int:
        """Play on with the uniform random policy of ``seedbed.lab.simulate`` (the first
        player on the move picks ``menu[rng.below(len(menu))]``) until the end or
        ``max_steps`` actions, natively and in place; ``rng`` advances exactly as that
        policy's would. Returns the number of actions taken."""
        with native_rng(rng) as generator:
            steps: int = self.zones.playout(generator, max_steps)
        self._movers = tuple(self.zones.to_move())
        self._moved()
        return steps

    def to_json(self) -> JsonDict:
        """The complete state as the Python state's ``to_json()`` gives it."""
        out: JsonDict = json.loads(self.zones.to_json())
        return out

    def python_state(self) -> Any:
        """This position as the Python engine's state (for code that reads the zones
        directly); cached until the next move. Do not mutate it: it is shared."""
        if self._python is None:
            self._python = self._twin(self.to_json())
        return self._python

    def all_cards(self) -> Sequence[Any]:
        """Every card in every zone (conservation checks), as the Python state lists them."""
        cards: Sequence[Any] = self.python_state().all_cards()
        return cards

    def _python_refusal(self, player: PlayerId, action: Action) -> IllegalActionError:
        """The Python rules' refusal of an action the native engine refused or could not
        read (numbers beyond 64 bits, an action built by hand in a non-canonical form)."""
        error = self.python_state().refusal(player, action)
        assert error is not None, f"native and Python engines disagree on {action!r}"
        assert isinstance(error, IllegalActionError)
        return error

    def _applied(self, listed: tuple[list[Event], tuple[int, ...]]) -> list[Event]:
        """The events of a native ``apply_*`` fast path, the new movers kept."""
        events, self._movers = listed
        self._moved()
        return events

    def __reduce__(self) -> tuple[Any, tuple[str, str]]:
        return (_restore, (self.game_name, self.zones.to_json()))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.zones!r}>"


__all__ = ["NATIVE", "UNAVAILABLE", "CodeBook", "NativeState", "events_of", "native_rng"]
