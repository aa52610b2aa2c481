"""Copies of a state made mid-game, driven along with the original (part of the conformance
kit, :mod:`seedbed.engine.testing`).

A state leaves its process or its object in three ways: ``pickle`` (the server's bot pool),
``clone()`` (every bot and every deep check), and, where a game has it, JSON
(``state.to_json()`` and ``game.state_from_json``). Each copy must play on exactly like the
original: the same menus, events, observations and ``key()`` to the end. A game that keys a
cache on ``id()`` of an object fails here, because no copy shares its objects (issue 12,
defect 5).

>>> import seedbed
>>> game = seedbed.game("stalk_exchange")
>>> state = game.new_state(3, seed=1)
>>> copies = RoundTrips(game)
>>> copies.take(state, step=0)
>>> [copy.kind for copy in copies.copies]
['pickle', 'clone', 'json']
>>> p = state.to_move()[0]
>>> action = state.legal_actions(p)[0]
>>> copies.follow(p, action, state.apply(p, action), [None, 0, 1, 2])
>>> copies.check_state(state, [None, 0, 1, 2])
"""

from __future__ import annotations

import json
import pickle
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import methodcaller
from typing import Any

from seedbed.engine.api import Action, Event, Game, PlayerId, State
from seedbed.engine.rng import Rng

_MENU_PROBES = 8  # menu entries compared per check (all of them in shorter menus)


def _through_pickle(game: Game, state: State) -> State:
    copy = pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
    if not isinstance(copy, State):
        raise AssertionError(f"unpickling gave a {type(copy).__name__}, not a State")
    return copy


def _through_clone(game: Game, state: State) -> State:
    return state.clone()


def _through_json(game: Game, state: State) -> State:
    text = json.dumps(state.to_json())  # type: ignore[attr-defined]
    copy = game.state_from_json(json.loads(text))  # type: ignore[attr-defined]
    if not isinstance(copy, State):
        raise AssertionError(f"state_from_json gave a {type(copy).__name__}, not a State")
    return copy


Copier = Callable[[Game, State], State]


def copiers(game: Game, state: State) -> dict[str, Copier]:
    """The round trips this game supports: pickle and clone always, JSON when the state has
    ``to_json`` and the game ``state_from_json`` (the engine API does not require them)."""
    found: dict[str, Copier] = {"pickle": _through_pickle, "clone": _through_clone}
    if callable(getattr(state, "to_json", None)) and callable(
        getattr(game, "state_from_json", None)
    ):
        found["json"] = _through_json
    return found


@dataclass
class Copy:
    """One copy: how it was made, at which step, and the copy itself."""

    kind: str
    step: int
    state: State

    def name(self) -> str:
        return f"the {self.kind} copy made at step {self.step}"


class RoundTrips:
    """Copies taken at chosen steps and driven with the same actions as the original."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.copies: list[Copy] = []

    def take(self, state: State, step: int) -> None:
        """Copy ``state`` every supported way; each copy must equal it at once, and
        determinize like it (the path every search bot takes)."""
        key = state.key()
        for kind, copier in copiers(self.game, state).items():
            copy = Copy(kind, step, copier(self.game, state))
            if copy.state.key() != key:
                raise AssertionError(f"{copy.name()} has another key() than the original")
            if state.key() != key:
                raise AssertionError(f"making {copy.name()} changed the original")
            self._check_determinize(state, copy)
            self.copies.append(copy)

    def _check_determinize(self, state: State, copy: Copy) -> None:
        movers = state.to_move()
        if not movers:
            return
        p = movers[0]
        seed = 0x5EED + copy.step
        mine = state.determinize(p, Rng(seed))
        theirs = self._run(copy, lambda s: s.determinize(p, Rng(seed)))
        if theirs.key() != mine.key():
            raise AssertionError(f"determinize({p}) of {copy.name()} differs from the original's")

    def _run(self, copy: Copy, what: Callable[[State], Any]) -> Any:
        """``what(copy.state)``; any exception names the copy."""
        try:
            return what(copy.state)
        except AssertionError:
            raise
        except Exception as exc:
            raise AssertionError(f"{copy.name()}: {type(exc).__name__}: {exc}") from exc

    def check_menus(self, state: State, p: PlayerId, menu: Sequence[Action]) -> None:
        """The copies' menus for ``p`` equal ``menu``: length, and entries at fixed probes."""
        size = len(menu)
        probes = range(size) if size <= _MENU_PROBES else _probe_indices(size)
        for copy in self.copies:
            theirs = self._run(copy, lambda s: s.legal_actions(p))
            if len(theirs) != size:
                raise AssertionError(f"{copy.name()} has {len(theirs)} actions for {p}, not {size}")
            for i in probes:
                if theirs[i] != menu[i]:
                    raise AssertionError(f"{copy.name()} has {theirs[i]} at menu index {i}")

    def follow(
        self,
        p: PlayerId,
        action: Action,
        events: Sequence[Event],
        viewers: Sequence[PlayerId | None],
    ) -> None:
        """Apply the original's action to every copy: the same events for every viewer."""
        if not self.copies:
            return
        expected = _for_viewers(events, viewers)
        for copy in self.copies:
            got = self._run(copy, lambda s: s.apply(p, action))
            if _for_viewers(got, viewers) != expected:
                raise AssertionError(f"{action} by {p} gave other events on {copy.name()}")

    def check_state(self, state: State, viewers: Sequence[PlayerId | None]) -> None:
        """Every copy has the original's key, movers and observations of ``viewers`` (the
        observations are plain JSON, checked elsewhere, so ``==`` compares them)."""
        if not self.copies:
            return
        key, movers = state.key(), state.to_move()
        seen = [state.observe(v) for v in viewers]
        for copy in self.copies:
            if self._run(copy, lambda s: s.key()) != key:
                raise AssertionError(f"{copy.name()} has drifted from the original (key)")
            if copy.state.to_move() != movers:
                raise AssertionError(f"{copy.name()} has other players on the move")
            if [self._run(copy, methodcaller("observe", v)) for v in viewers] != seen:
                raise AssertionError(f"{copy.name()} shows other observations")

    def check_end(self, state: State, viewers: Sequence[PlayerId | None]) -> None:
        """At the end: the copies are over too, with the same outcome."""
        self.check_state(state, viewers)
        outcome = state.outcome().to_json()
        for copy in self.copies:
            if not copy.state.is_terminal():
                raise AssertionError(f"{copy.name()} is not over at the end")
            if self._run(copy, lambda s: s.outcome().to_json()) != outcome:
                raise AssertionError(f"{copy.name()} has another outcome")


def _for_viewers(events: Sequence[Event], viewers: Sequence[PlayerId | None]) -> list[Any]:
    return [[e.for_viewer(v) for e in events] for v in viewers]


def _probe_indices(size: int) -> list[int]:
    """Both ends and evenly spread entries of a long menu."""
    step = max(1, size // (_MENU_PROBES - 1))
    return sorted({0, size - 1, *range(0, size, step)})
