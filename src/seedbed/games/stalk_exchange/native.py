"""Stalk Exchange on the native engine (issue 15): the declarations of the one native state
wrapper (``seedbed.engine.native_state``, issue 33 item 1) for Stalk Exchange.

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
from typing import Any

from seedbed.engine.api import Action, Event, JsonDict, Outcome, PlayerId
from seedbed.engine.errors import IllegalActionError, InvalidActionError
from seedbed.engine.menu import LazyMenu
from seedbed.engine.native_state import NATIVE, CodeBook, NativeState, events_of
from seedbed.engine.native_state import UNAVAILABLE as _MISSING
from seedbed.games.stalk_exchange.actions import (
    Plant,
    Swap,
    action_from_json,
)
from seedbed.games.stalk_exchange.config import FLOWERS, NUM_TYPES, Config, make_config
from seedbed.games.stalk_exchange.game import GAME as PYTHON_GAME
from seedbed.games.stalk_exchange.game import HANDLERS, StalkExchange, StalkExchangeState
from seedbed.games.stalk_exchange.spec import ending

_native = NATIVE
UNAVAILABLE: str | None = _MISSING
if _native is not None:
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

_BOOK = CodeBook(
    lambda code: str(_native.StalkExchangeZones.action_json(code)),
    action_from_json,
    lambda: CACHE_LIMIT,
)
"""Action objects by code (``StalkExchangeZones.action_code``: one code per action, whatever
the state), so a menu crosses as integers and each action is made once; the native menu
takes them from here (``menu_tuple`` and the lazy menu's items); its ``codes`` are the
reverse (the lazy menu's ``in`` looks actions up there)."""
_ACTIONS = _BOOK.actions
_CODES = _BOOK.codes
_action_of = _BOOK.make
_code_of = _BOOK.code_of

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


class NativeStalkExchangeState(NativeState):
    """A Stalk Exchange position held by the native engine (``seedbed.engine.api.State``)."""

    __slots__ = ("_config",)
    game_name = "stalk_exchange"

    def __init__(self, zones: Any) -> None:
        super().__init__(zones)
        self._config: Config | None = None

    def _twin(self, obj: JsonDict) -> StalkExchangeState:
        return PYTHON_GAME.state_from_json(obj)

    def _cloned(self, new: Any) -> None:
        new._config = self._config

    @property
    def config(self) -> Config:
        """The table's configuration (immutable, as the Python state's; kept across moves
        and clones, so ``num_players`` does not rebuild the Python twin)."""
        if self._config is None:
            self._config = self.python_state().config
        return self._config

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

    def apply(self, player: PlayerId, action: Action) -> list[Event]:
        listed = self.zones.apply_listed(player, action)  # an item this state handed out
        if listed is not None:
            return self._applied(listed)
        if type(action) not in HANDLERS or not _native_safe(action):
            raise self._python_refusal(player, action)
        code = _code_of(action)
        try:
            if code is not None:
                return self._applied(self.zones.apply_code(player, code))
            text = self.zones.apply_json(player, _dumps(action))
        except _ERRORS:
            raise self._python_refusal(player, action) from None
        self._movers = tuple(self.zones.to_move())
        self._moved()
        return events_of(text)

    # ---------------------------------------------------------------- beyond the API

    def memory_bytes(self) -> int:
        """The bytes the native state holds (its zones; the board and options are shared)."""
        size: int = self.zones.memory_bytes()
        return size

    def python_state(self) -> StalkExchangeState:
        """This position as the Python engine's state (for code that reads the zones
        directly); cached until the next move. Do not mutate it: it is shared."""
        state: StalkExchangeState = super().python_state()
        return state

    def all_cards(self) -> list[int]:
        """Every token as its type, sorted (S-18)."""
        return self.python_state().all_cards()


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
