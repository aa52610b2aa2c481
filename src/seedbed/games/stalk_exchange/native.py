"""Stalk Exchange on the native engine (issue 15): the ``State`` API around ``seedbed._native``.

:class:`NativeStalkExchangeState` keeps its position in a ``seedbed._native.StalkExchangeZones``
(the Rust port of ``state.py`` … ``observe.py``) and speaks the same API as
:class:`~seedbed.games.stalk_exchange.game.StalkExchangeState`: the same action objects (decoded
with ``actions.action_from_json`` from the JSON the native menu gives), the same :class:`Event`
and :class:`Outcome` values, the same errors (the extension raises ``seedbed.engine.errors``'
classes with Python's messages and clauses), ``observe`` dicts, ``determinize`` with the
caller's :class:`~seedbed.engine.rng.Rng` advanced exactly as the Python game advances it,
``clone``, ``key``, ``to_json`` and pickling. :class:`NativeStalkExchange` is the Python game
with ``new_state`` and ``state_from_json`` replaced: options, player counts and the action
parsers are the Python game's own.

Code that needs the Python zones of a position gets them from
:meth:`NativeStalkExchangeState.python_state`, a materialised :class:`StalkExchangeState` equal
to this one (same ``key()``).

This module imports without the extension (a pure-Python install): :data:`GAME` is then None
and :data:`UNAVAILABLE` says why (``docs/native.md``, "Engine selection").
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from typing import Any

from seedbed.engine.api import Action, Event, JsonDict, Outcome, PlayerId, State
from seedbed.engine.errors import IllegalActionError, InvalidActionError
from seedbed.engine.menu import LazyMenu
from seedbed.engine.rng import Rng, mirrored
from seedbed.games.stalk_exchange.actions import (
    Plant,
    Swap,
    action_from_json,
)
from seedbed.games.stalk_exchange.config import FLOWERS, NUM_TYPES, Config, make_config
from seedbed.games.stalk_exchange.game import GAME as PYTHON_GAME
from seedbed.games.stalk_exchange.game import HANDLERS, StalkExchange, StalkExchangeState
from seedbed.games.stalk_exchange.spec import ending

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
    if not hasattr(_native, "StalkExchangeMenu"):  # an extension built before issue 15
        _native = None
        UNAVAILABLE = (
            "the native engine was built without Stalk Exchange or its lazy menu; rebuild it"
        )
    else:
        LazyMenu.register(_native.StalkExchangeMenu)

EAGER_MENU = 16
"""Menus up to this length are decoded at once; longer ones (plants: slots × empty spaces)
are a native lazy menu (``seedbed._native.StalkExchangeMenu``, a :class:`LazyMenu`) that
makes the items asked for."""

CACHE_LIMIT = 50_000
"""Entries :data:`_ACTIONS` may hold before it starts again: bounded memory."""

_ACTIONS: dict[int, Action] = {}
"""Action objects by code (``StalkExchangeZones.action_code``: one code per action, whatever
the state), so a menu crosses as integers and each action is made once; the native menu
takes them from here (``menu_tuple`` and the lazy menu's items)."""
_CODES: dict[Action, int] = {}
"""The reverse of :data:`_ACTIONS` (the lazy menu's ``in`` looks actions up here)."""

_ERRORS = (InvalidActionError, OverflowError, TypeError)
"""What the native boundary raises for input it cannot hold (numbers beyond 64 bits, a
player that is not an int): the Python rules then give the refusal."""


def _dumps(action: Action) -> str:
    """The action's JSON text for the core. Well-formed Plants and Swaps (exact ints, a
    (q, r) tuple, a type in range) are written directly, the text ``json.dumps`` would give
    (ISMCTS checks every edge of its tree this way); anything else goes through the codec."""
    kind = type(action)
    if kind is Plant:
        slot, space = action.slot, action.space  # type: ignore[attr-defined]
        if (
            type(slot) is int
            and type(space) is tuple
            and len(space) == 2
            and type(space[0]) is int
            and type(space[1]) is int
        ):
            return f'{{"type":"plant","slot":{slot},"space":[{space[0]},{space[1]}]}}'
    elif kind is Swap:
        slot, give = action.slot, action.give  # type: ignore[attr-defined]
        if type(slot) is int and type(give) is int and 0 <= give < NUM_TYPES:
            return f'{{"type":"swap","slot":{slot},"give":"{FLOWERS[give]}"}}'
    return json.dumps(action.to_json(), separators=(",", ":"))


def _native_safe(action: Action) -> bool:
    """Whether the action's JSON says what the action says: a Swap built directly with a type
    out of range has no flower name (S-7), so its refusal comes from the Python rules."""
    return not isinstance(action, Swap) or (
        isinstance(action.give, int) and 0 <= action.give < NUM_TYPES
    )


def _action_of(code: int | str) -> Action:
    """The action object of a code (made from its JSON once, then shared: actions are
    immutable); given JSON text instead (an action without a code), a new one from it."""
    assert _native is not None, UNAVAILABLE
    if isinstance(code, str):
        return action_from_json(json.loads(code))
    known = _ACTIONS.get(code)
    if known is None:
        if len(_ACTIONS) >= CACHE_LIMIT:
            _ACTIONS.clear()
            _CODES.clear()
        known = action_from_json(json.loads(_native.StalkExchangeZones.action_json(code)))
        _ACTIONS[code] = known
        _CODES[known] = code
    return known


def _code_of(action: Action) -> int | None:
    """The code of an action seen in a menu, or None (an action never listed, or one that
    cannot be hashed)."""
    try:
        return _CODES.get(action)
    except TypeError:  # built by hand with a list inside
        return None


def _events(text: str) -> list[Event]:
    return [
        Event(kind, public, private, tuple(private_to))
        for kind, public, private, private_to in json.loads(text)
    ]


class NativeStalkExchangeState(State):
    """A Stalk Exchange position held by the native engine (``seedbed.engine.api.State``)."""

    __slots__ = ("_config", "_movers", "_python", "zones")
    game_name = "stalk_exchange"

    def __init__(self, zones: Any) -> None:
        self.zones = zones
        self._movers: tuple[int, ...] = tuple(zones.to_move())
        self._python: StalkExchangeState | None = None
        self._config: Config | None = None

    # ---------------------------------------------------------------- the State API

    @property
    def num_players(self) -> int:
        return self.config.num_players

    @property
    def config(self) -> Config:
        """The table's configuration (immutable, as the Python state's; kept across moves
        and clones, so ``num_players`` does not rebuild the Python twin)."""
        if self._config is None:
            self._config = self.python_state().config
        return self._config

    def to_move(self) -> tuple[PlayerId, ...]:
        return self._movers

    def legal_actions(self, player: PlayerId) -> Sequence[Action]:
        if player not in self._movers:
            return ()
        menu = self.zones.menu_tuple(player, EAGER_MENU, _ACTIONS, _action_of, _CODES)
        if type(menu) is not int:  # the actions (the same tuple at one position) or a lazy menu
            actions: Sequence[Action] = menu
            return actions
        # a short menu with an action beyond the codes' layout
        return tuple(action_from_json(obj) for obj in json.loads(self.zones.menu_json(player)))

    def refusal(self, player: PlayerId, action: Action) -> IllegalActionError | None:
        """Why ``action`` is illegal for ``player`` now, or None when it is legal."""
        if type(action) not in HANDLERS or not _native_safe(action):
            return self.python_state().refusal(player, action)
        try:
            why: IllegalActionError | None = self.zones.refusal(player, _dumps(action))
        except _ERRORS:
            return self.python_state().refusal(player, action)
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
        if type(action) not in HANDLERS or not _native_safe(action):
            raise self._python_refusal(player, action)
        code = _code_of(action)
        try:
            if code is not None:
                events, self._movers = self.zones.apply_code(player, code)
            else:
                text = self.zones.apply_json(player, _dumps(action))
        except _ERRORS:
            raise self._python_refusal(player, action) from None
        self._python = None
        if code is not None:
            return events
        self._movers = tuple(self.zones.to_move())
        return _events(text)

    def _python_refusal(self, player: PlayerId, action: Action) -> IllegalActionError:
        error = self.python_state().refusal(player, action)
        assert error is not None, f"native and Python engines disagree on {action!r}"
        return error

    def is_terminal(self) -> bool:
        return not self._movers

    def outcome(self) -> Outcome:
        scores, ranks, winners, tiebreak = self.zones.outcome_tuple()
        return Outcome(tuple(scores), tuple(ranks), tuple(winners), tuple(tiebreak))

    def observe(self, player: PlayerId | None) -> JsonDict:
        view: JsonDict = json.loads(self.zones.observe_json(player))
        return view

    def determinize(self, player: PlayerId, rng: Rng) -> NativeStalkExchangeState:
        with _native_rng(rng) as native_rng:
            return NativeStalkExchangeState(self.zones.determinize(player, native_rng))

    def clone(self) -> NativeStalkExchangeState:
        new = NativeStalkExchangeState.__new__(NativeStalkExchangeState)
        new.zones = self.zones.clone()
        new._movers = self._movers
        new._python = None
        new._config = self._config
        return new

    def key(self) -> str:
        key: str = self.zones.key()
        return key

    # ---------------------------------------------------------------- beyond the API

    def memory_bytes(self) -> int:
        """The bytes the native state holds (its zones; the board and options are shared)."""
        size: int = self.zones.memory_bytes()
        return size

    def playout(self, rng: Rng, max_steps: int) -> int:
        """Play on with the uniform random policy of ``seedbed.lab.simulate`` until the end or
        ``max_steps`` actions, natively and in place; ``rng`` advances exactly as that
        policy's would. Returns the number of actions taken."""
        with _native_rng(rng) as native_rng:
            steps: int = self.zones.playout(native_rng, max_steps)
        self._movers = tuple(self.zones.to_move())
        self._python = None
        return steps

    def to_json(self) -> JsonDict:
        """The complete state as ``StalkExchangeState.to_json()`` gives it."""
        out: JsonDict = json.loads(self.zones.to_json())
        return out

    def python_state(self) -> StalkExchangeState:
        """This position as the Python engine's state (for code that reads the zones
        directly); cached until the next move. Do not mutate it: it is shared."""
        if self._python is None:
            self._python = PYTHON_GAME.state_from_json(self.to_json())
        return self._python

    def all_cards(self) -> list[int]:
        """Every token as its type, sorted (S-18)."""
        return self.python_state().all_cards()

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (_from_json_text, (self.zones.to_json(),))

    def __repr__(self) -> str:
        return f"<NativeStalkExchangeState {self.zones!r}>"


def _native_rng(rng: Rng) -> AbstractContextManager[Any]:
    """A native generator standing in for ``rng`` (which takes its state back after)."""
    assert _native is not None, UNAVAILABLE
    return mirrored(rng, _native.Rng.from_state)


def _from_json_text(text: str) -> NativeStalkExchangeState:
    assert _native is not None, UNAVAILABLE
    return NativeStalkExchangeState(_native.stalk_exchange_state_from_json(text))


class NativeStalkExchange(StalkExchange):
    """Stalk Exchange with native states; everything else is the Python game's."""

    engine = "native"

    def new_state(  # type: ignore[override]
        self, num_players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> NativeStalkExchangeState:
        assert _native is not None, UNAVAILABLE
        config = make_config(num_players, options)  # the Python game's refusals (S-1, S-3)
        zones = _native.stalk_exchange_new_state(num_players, seed, json.dumps(config.options))
        return NativeStalkExchangeState(zones)

    def state_from_json(  # type: ignore[override]
        self, obj: Mapping[str, Any]
    ) -> NativeStalkExchangeState:
        """Rebuild a state from ``to_json()`` output (either engine's)."""
        make_config(obj["num_players"], obj["options"])  # the Python game's refusals (S-1, S-3)
        return _from_json_text(json.dumps(dict(obj)))

    bulk_ending = True
    """``simulate_bulk`` gives each game's ending (the declared ``spec.ending``) too."""

    def simulate_bulk(
        self, num_players: int, seeds: Sequence[int], options: Mapping[str, Any] | None = None
    ) -> list[tuple[Outcome, int, dict[str, int], tuple[str, int]]]:
        """Whole random games played natively, one per seed, with the policy of
        ``seedbed.lab.simulate`` (``policy_rng(seed)``): per game its outcome, number of
        actions, count of events by kind and ending (S-38: which trigger, rounds played), equal
        to what the per-step path gives."""
        assert _native is not None, UNAVAILABLE
        config = make_config(num_players, options)
        found = _native.stalk_exchange_simulate(
            num_players, list(seeds), json.dumps(config.options)
        )
        return [
            (
                Outcome(tuple(scores), tuple(ranks), tuple(winners), tuple(tiebreak)),
                steps,
                counts,
                ending(
                    {"crash": {"triggers": triggers}, "num_players": num_players, "turn": turns}
                ),
            )
            for scores, ranks, winners, tiebreak, steps, counts, (triggers, turns) in found
        ]


GAME: NativeStalkExchange | None = NativeStalkExchange() if _native is not None else None
"""The native game, or None when the extension is not built (see :data:`UNAVAILABLE`)."""

__all__ = ["GAME", "UNAVAILABLE", "NativeStalkExchange", "NativeStalkExchangeState"]
