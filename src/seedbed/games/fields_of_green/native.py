"""Fields of Green on the native engine (issue 15): the ``State`` API around ``seedbed._native``.

:class:`NativeFieldsOfGreenState` keeps its position in a ``seedbed._native.FieldsOfGreenZones``
(the Rust port of ``state.py`` … ``observe.py``) and speaks the same API as
:class:`~seedbed.games.fields_of_green.game.FieldsOfGreenState`: the same action objects
(one shared object per action, made from its fields as ``actions.action_from_json`` reads
them and kept by the native side, D-53), the same
:class:`Event` and :class:`Outcome` values, the same errors (the extension raises
``seedbed.engine.errors``' classes with Python's messages and clauses), ``observe`` dicts,
``determinize`` with the caller's :class:`~seedbed.engine.rng.Rng` advanced exactly as the
Python game advances it, ``clone``, ``key``, ``to_json`` and pickling.

Card sets are data: the Python game checks the ``cards`` option (the shipped set or any card
file, F-80 … F-89) and the native engine receives the validated set in its normalised JSON
form (``CardSet.to_json()``), whose ability vocabulary it interprets (F-82 … F-88).

Code that needs the Python zones of a position gets them from
:meth:`NativeFieldsOfGreenState.python_state`. This module imports without the extension: then
:data:`GAME` is None and :data:`UNAVAILABLE` says why (``docs/native.md``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from seedbed.engine.api import Action, Event, JsonDict, Outcome, PlayerId
from seedbed.engine.errors import IllegalActionError, InvalidActionError
from seedbed.engine.menu import LazyMenu
from seedbed.engine.native_state import NATIVE, NativeState, native_rng
from seedbed.engine.native_state import UNAVAILABLE as _MISSING
from seedbed.engine.rng import Rng
from seedbed.games.fields_of_green import actions as A
from seedbed.games.fields_of_green.actions import action_from_json
from seedbed.games.fields_of_green.cards import CardSet
from seedbed.games.fields_of_green.decisions import DECISIONS
from seedbed.games.fields_of_green.game import HANDLERS, FieldsOfGreen, FieldsOfGreenState
from seedbed.games.fields_of_green.heuristics import choose

_native = NATIVE
UNAVAILABLE: str | None = _MISSING
if _native is not None and not hasattr(_native, "FieldsOfGreenZones"):  # built before the port
    _native = None
    UNAVAILABLE = "the native engine was built without Fields of Green; rebuild it"

EAGER_MENU = 16
"""Menus up to this length come as a tuple of shared action objects; longer ones (builds:
cells × water splits) are a :class:`NativeMenu` that makes the items asked for."""

_ERRORS = (InvalidActionError, OverflowError, TypeError)
"""What the native boundary raises for input it cannot hold (numbers beyond 64 bits, a
player that is not an int): the Python rules then give the refusal."""

_KINDS = frozenset((*HANDLERS, *DECISIONS))

_KIND_CLASSES: tuple[Callable[..., Action], ...] = (
    *(A.PlaceWater, A.DrawSplit, A.Commit, A.BuildLocation, A.BuildWaterTower, A.BuildSilo),
    *(A.GoToMarket, A.RestoreLocation, A.AttachEquipment, A.SkipAttach, A.KeepEquipment),
    *(A.PlaceEquipment, A.SetAsideEquipment, A.ChooseEffect, A.PayOptional, A.SkipOptional),
    *(A.PayHarvest, A.DeclineHarvest, A.EndHarvest, A.PayGameEnd, A.EndScoring),
)
"""The action classes in the order of ``actions.CODEC``'s kinds, which is the native
actions' order: ``_made`` builds an action from the index of its kind."""


def _dumps(action: Action) -> str | None:
    """The action's JSON text for the core, or None when its JSON would not say exactly what
    it says (an action built directly with a non-canonical water split, a bool or a float
    for an int, ...): then the Python rules answer."""
    if type(action) not in _KINDS:
        return None
    obj = action.to_json()
    try:
        if action_from_json(obj) != action:
            return None
    except InvalidActionError:
        return None
    return json.dumps(obj, separators=(",", ":"))


_TEXTS: list[dict[Action, tuple[Action, str]]] = [{}, {}]
"""The shared action objects (one per action, made by :func:`_made` for the native menus,
which keep them: D-40's shared objects, so a search's tree keys and the menus it reads are the
same objects) and their JSON texts, keyed by the action, two generations of at most
:data:`TEXTS_LIMIT` each (as the native side keeps the objects); used only when the key found
is that very object, so an equal action built otherwise (a bool for an int, say) still goes
through ``_dumps``."""

TEXTS_LIMIT = 50_000


def _made(kind: int, fields: tuple[Any, ...], text: str) -> Action:
    """The action object of a native menu item, made once per action from its kind (an index
    into ``CODEC.kinds``, the order of the native actions) and fields, as
    ``action_from_json`` would read its JSON ``text``: the native side keeps it
    (``seedbed._native``'s shared action objects) and hands it out again."""
    action: Action = _KIND_CLASSES[kind](*fields)
    young = _TEXTS[0]
    if len(young) >= TEXTS_LIMIT:
        _TEXTS[1] = young
        _TEXTS[0] = young = {}
    young[action] = (action, text)
    return action


def _encoded(action: Action) -> str | None:
    """The JSON text of a shared action object (one of ``_made``'s), else None."""
    if type(action) not in _KINDS:
        return None
    for generation in _TEXTS:
        entry = generation.get(action)
        if entry is not None and entry[0] is action:
            return entry[1]
    return None


class NativeMenu(LazyMenu):
    """A long menu of a native state: its length from the native menu and item *i* (the
    shared action object) made when asked for."""

    __slots__ = ("_player", "zones")

    def __init__(self, zones: Any, player: PlayerId, length: int) -> None:
        self.zones = zones.clone()
        """The position, kept apart from later moves; it remembers the item made last,
        which the state applies by identity (``apply_listed``)."""
        self._player = player
        self._len = length

    def _item(self, i: int) -> Action:
        action: Action = self.zones.menu_item(self._player, i, _made)
        return action


class NativeFieldsOfGreenState(NativeState):
    """A Fields of Green position held by the native engine (``seedbed.engine.api.State``)."""

    __slots__ = ("_game", "_long")
    game_name = "fields_of_green"

    def __init__(self, zones: Any, game: NativeFieldsOfGreen) -> None:
        super().__init__(zones)
        self._game = game
        self._long: NativeMenu | None = None
        """The long menu handed out at this position (the same object again)."""

    def _twin(self, obj: JsonDict) -> FieldsOfGreenState:
        return self._game.python.state_from_json(obj)

    def _rebuilt(self, zones: Any) -> NativeFieldsOfGreenState:
        return NativeFieldsOfGreenState(zones, self._game)

    def _cloned(self, new: Any) -> None:
        new._game = self._game
        new._long = None

    def _moved(self) -> None:
        self._python = None
        self._long = None

    def legal_actions(self, player: PlayerId) -> Sequence[Action]:
        if player not in self._movers:
            return ()
        menu = self.zones.menu_tuple(player, EAGER_MENU, _made)
        if type(menu) is not int:  # the shared objects (the same tuple at one position)
            actions: Sequence[Action] = menu
            return actions
        long = self._long
        if long is None or long._player != player:
            long = self._long = NativeMenu(self.zones, player, menu)
        return long

    def _text(self, action: Action) -> str | None:
        """The JSON text of ``action`` for the core: a shared object's (no encoding), else
        ``_dumps``."""
        return _encoded(action) or _dumps(action)

    def refusal(self, player: PlayerId, action: Action) -> IllegalActionError | None:
        """Why ``action`` is illegal for ``player`` now, or None when it is legal."""
        text = self._text(action)
        if text is None:
            return self.python_state().refusal(player, action)
        try:
            why: IllegalActionError | None = self.zones.refusal(player, text)
        except _ERRORS:
            return self.python_state().refusal(player, action)
        return why

    def apply(self, player: PlayerId, action: Action) -> list[Event]:
        long = self._long
        listed = self.zones.apply_listed(player, action, None if long is None else long.zones)
        if listed is not None:
            return self._applied(listed)
        text = self._text(action)
        if text is None:
            raise self._python_refusal(player, action)
        try:
            return self._applied(self.zones.apply_text(player, text))
        except _ERRORS:
            raise self._python_refusal(player, action) from None

    # ---------------------------------------------------------------- beyond the API

    def score_parts(self, player: PlayerId) -> list[int]:
        """The seven parts of F-73 (see ``scoring.PART_NAMES``)."""
        parts: list[int] = self.zones.score_parts(player)
        return parts

    def greedy_playout(self, rng: Rng, max_steps: int) -> int:
        """Play on with the greedy policy (``heuristics.choose``) at every seat (the first
        seat on the move, as :meth:`playout`), in place, until the end or ``max_steps``
        actions; ``rng`` advances exactly as that policy's would. Returns the number of
        actions taken. Native when the game uses the shipped card set (the one the heuristics
        price), else played with the Python policy."""
        if not self.zones.greedy_exact():
            return self._python_greedy_playout(rng, max_steps)
        with native_rng(rng) as generator:
            steps: int = self.zones.greedy_playout(generator, max_steps)
        self._movers = tuple(self.zones.to_move())
        self._moved()
        return steps

    def greedy_choose(self, player: PlayerId, rng: Rng) -> Action | None:
        """``heuristics.choose(self.observe(player), self.legal_actions(player), rng)``:
        the same action object the menu gives and the same draws of ``rng``; None when
        ``player`` is not on the move. Native when the game uses the shipped card set."""
        if not self.zones.greedy_exact():
            legal = self.legal_actions(player)
            return choose(self.observe(player), legal, rng) if legal else None
        with native_rng(rng) as generator:
            action: Action | None = self.zones.greedy_object(player, generator, _made)
        return action

    def _python_greedy_playout(self, rng: Rng, max_steps: int) -> int:
        steps = 0
        while steps < max_steps and not self.is_terminal():
            player = self._movers[0]
            action = self.greedy_choose(player, rng)
            if action is None:
                break
            self.apply(player, action)
            steps += 1
        return steps

    def python_state(self) -> FieldsOfGreenState:
        """This position as the Python engine's state; cached until the next move. Do not
        mutate it: it is shared."""
        state: FieldsOfGreenState = super().python_state()
        return state

    def all_cards(self) -> list[object]:
        return self.python_state().all_cards()


def _python_game() -> FieldsOfGreen:
    from seedbed.engine.registry import game

    found = game("fields_of_green", engine="python")
    assert isinstance(found, FieldsOfGreen)
    return found


class NativeFieldsOfGreen(FieldsOfGreen):
    """Fields of Green with native states; options, card sets and parsers are the Python
    game's."""

    engine = "native"

    def __init__(self, python: Callable[[], FieldsOfGreen] = _python_game) -> None:
        self._python_game = python
        super().__init__(original=self._original)
        self._native_configs: dict[tuple[str, int], Any] = {}

    def _original(self) -> CardSet:
        loader = self.python.original
        assert loader is not None
        return loader()

    @property
    def python(self) -> FieldsOfGreen:
        """The Python game (the shipped set's loader, the oracle of refusals)."""
        return self._python_game()

    def _native_config(self, num_players: int, opts: JsonDict) -> Any:
        """The native tables of a configuration: the options and the validated card set in
        its normalised form, built once per configuration."""
        assert _native is not None, UNAVAILABLE
        options = json.dumps(opts, separators=(",", ":"))
        key = (options, num_players)
        found = self._native_configs.get(key)
        if found is None:
            card_set: CardSet = self._config(num_players, opts).card_set
            cards = json.dumps(card_set.to_json(), separators=(",", ":"))
            found = _native.fields_of_green_config(num_players, options, cards)
            if len(self._native_configs) > 64:
                self._native_configs.clear()
            self._native_configs[key] = found
        return found

    def _checked(self, num_players: int, options: Mapping[str, Any] | None) -> JsonDict:
        opts = self.normalize_options(options)
        if isinstance(num_players, bool) or num_players not in self.player_counts(opts):
            raise ValueError(f"Fields of Green takes 2-4 players, not {num_players!r} [F-2]")
        return opts

    def new_state(  # type: ignore[override]
        self, num_players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> NativeFieldsOfGreenState:
        opts = self._checked(num_players, options)
        zones = _native.fields_of_green_new_state(self._native_config(num_players, opts), seed)
        return NativeFieldsOfGreenState(zones, self)

    def state_from_json(  # type: ignore[override]
        self, obj: Mapping[str, Any]
    ) -> NativeFieldsOfGreenState:
        """Rebuild a state from ``to_json()`` output (either engine's)."""
        n = int(obj["num_players"])
        opts = self._checked(n, obj["options"])
        text = json.dumps(dict(obj), separators=(",", ":"))
        zones = _native.fields_of_green_state_from_json(self._native_config(n, opts), text)
        return NativeFieldsOfGreenState(zones, self)

    def simulate_bulk(
        self, num_players: int, seeds: Sequence[int], options: Mapping[str, Any] | None = None
    ) -> list[tuple[Outcome, int, dict[str, int]]]:
        """Whole random games played natively, one per seed, with the policy of
        ``seedbed.lab.simulate`` (``policy_rng(seed)``): per game its outcome, number of
        actions and count of events by kind, equal to what the per-step path gives."""
        opts = self._checked(num_players, options)
        found = _native.fields_of_green_simulate(
            self._native_config(num_players, opts), list(seeds)
        )
        return [
            (
                Outcome(tuple(scores), tuple(ranks), tuple(winners), tuple(tiebreak)),
                steps,
                counts,
            )
            for scores, ranks, winners, tiebreak, steps, counts in found
        ]


GAME: NativeFieldsOfGreen | None = NativeFieldsOfGreen() if _native is not None else None
"""The native game, or None when the extension is not built (see :data:`UNAVAILABLE`)."""

__all__ = ["GAME", "UNAVAILABLE", "NativeFieldsOfGreen", "NativeFieldsOfGreenState"]
