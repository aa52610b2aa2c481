"""The common game API every seedbed game implements (DESIGN §3).

A :class:`Game` is a stateless description: it creates states and parses actions.
A :class:`State` is one position of one game; it is mutated only through :meth:`State.apply`.

>>> import seedbed
>>> state = seedbed.game("bohnanza").new_state(num_players=4, seed=7)
>>> state.to_move()
(0,)
>>> str(state.legal_actions(0)[0])
'plant 0'
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple

from seedbed.engine.rng import Rng

PlayerId = int
"""A seat number 0 … N-1 (clockwise)."""

JsonDict = dict[str, Any]


class Action(ABC):
    """A move. Concrete actions are small frozen dataclasses with a stable JSON form
    ``{"type": ..., ...}`` and a compact text form (``str(action)``)."""

    __slots__ = ()

    @abstractmethod
    def to_json(self) -> JsonDict:
        """The stable JSON form; ``game.action_from_json(a.to_json()) == a``."""


_NOTHING: Mapping[str, Any] = MappingProxyType({})


class Event(NamedTuple):
    """Something that happened. ``public`` is what everyone (and spectators) may see;
    ``private`` adds the hidden details, shown only to the players in ``private_to``.
    A named tuple: immutable, and about 3x cheaper to create than a frozen dataclass, which
    matters because every action makes one or more."""

    kind: str
    public: Mapping[str, Any] = _NOTHING
    private: Mapping[str, Any] | None = None
    private_to: tuple[PlayerId, ...] = ()

    def for_viewer(self, viewer: PlayerId | None) -> JsonDict:
        """The copy of this event that ``viewer`` (None = spectator) may receive."""
        out: JsonDict = {"kind": self.kind, **self.public}
        if self.private is not None and viewer is not None and viewer in self.private_to:
            out.update(self.private)
        return out


@dataclass(frozen=True, slots=True)
class Outcome:
    """Final result: a score per seat, a rank per seat (ties share: 1, 1, 3 …) and the winners."""

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: tuple[PlayerId, ...]
    tiebreak: tuple[int, ...] = ()
    """Per-seat value of the tie-break key, if the game has one."""

    def to_json(self) -> JsonDict:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "tiebreak": list(self.tiebreak),
        }


def rank_by(keys: Sequence[tuple[int, ...]]) -> tuple[tuple[int, ...], tuple[PlayerId, ...]]:
    """Competition ranks (1, 1, 3 …) from per-player sort keys, higher is better, and the
    players sharing the best key (the winners)."""
    ranks = tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)
    winners = tuple(p for p, r in enumerate(ranks) if r == 1)
    return ranks, winners


def check_viewer(viewer: PlayerId | None, num_players: int) -> None:
    """Refuse an observer that is neither a seat nor None (a spectator): a negative index once
    showed the last seat's hand. Every game's ``observe`` calls it first."""
    if viewer is not None and not (isinstance(viewer, int) and 0 <= viewer < num_players):
        raise ValueError(f"viewer {viewer!r} is not a seat of this {num_players}-player game")


class State(ABC):
    """One position of a game. Mutated only by :meth:`apply`."""

    __slots__ = ()
    game_name: ClassVar[str]

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @abstractmethod
    def to_move(self) -> tuple[PlayerId, ...]:
        """Players who may act now, in driver order (empty only when terminal)."""

    @abstractmethod
    def legal_actions(self, player: PlayerId) -> Sequence[Action]:
        """The enumerated menu for ``player`` in a deterministic order (may be lazy)."""

    @abstractmethod
    def is_legal(self, player: PlayerId, action: Action) -> bool:
        """Full rules check, also for actions outside the menu."""

    @abstractmethod
    def apply(self, player: PlayerId, action: Action) -> list[Event]:
        """Validate and apply; raises IllegalActionError and changes nothing if illegal."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def outcome(self) -> Outcome:
        """The result; raises ValueError before the end."""

    @abstractmethod
    def observe(self, player: PlayerId | None) -> JsonDict:
        """JSON-ready dict of exactly what ``player`` may know (None = spectator)."""

    @abstractmethod
    def determinize(self, player: PlayerId, rng: Rng) -> State:
        """A full state consistent with ``player``'s knowledge; hidden parts resampled
        with ``rng`` (never the state's own generator, which is reseeded from ``rng``)."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy."""

    @abstractmethod
    def key(self) -> str:
        """A canonical text of the complete state (hidden parts included), for tests:
        equal keys mean equal states."""


class Game(ABC):
    """A game description: the factory of states and the parser of actions."""

    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]

    @abstractmethod
    def new_state(
        self, num_players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> State:
        """A fresh game; refuses unknown options and unsupported player counts (ValueError)."""

    @abstractmethod
    def normalize_options(self, options: Mapping[str, Any] | None) -> JsonDict:
        """The complete options dict with defaults filled in; raises ValueError when invalid."""

    def table_refusal(self, options: Mapping[str, Any]) -> str | None:
        """Why these (normalised) options cannot be played at a server's table although the
        rules allow them (unbounded work), or None. Most games refuse nothing."""
        return None

    @abstractmethod
    def player_counts(self, options: Mapping[str, Any] | None = None) -> range:
        """The player counts this game accepts with these options."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Parse the compact text form; raises InvalidActionError."""

    @abstractmethod
    def action_from_json(self, obj: Any) -> Action:
        """Parse the JSON form; raises InvalidActionError."""
