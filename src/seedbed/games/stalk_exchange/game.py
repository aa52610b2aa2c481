"""The Stalk Exchange game object and its State: who may act (S-28), the dispatch of each
action to its check and effect, and the end of the game (S-38 … S-44)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from seedbed.engine.api import Action, Event, Game, JsonDict, Outcome, PlayerId, State, check_viewer
from seedbed.engine.errors import IllegalActionError, NotOnMoveError, Refusal
from seedbed.engine.rng import Rng
from seedbed.games.stalk_exchange import actions as A
from seedbed.games.stalk_exchange import rules as R
from seedbed.games.stalk_exchange.config import PLAYER_COUNTS, make_config, normalize_options
from seedbed.games.stalk_exchange.menu import legal_actions
from seedbed.games.stalk_exchange.observe import determinize_into, observe
from seedbed.games.stalk_exchange.scoring import outcome
from seedbed.games.stalk_exchange.state import Zones
from seedbed.games.stalk_exchange.upkeep import upkeep

Check = Callable[[Zones, Any], Refusal | None]
Effect = Callable[[Zones, Any], list[Event]]


def _space(z: Zones, a: A.Plant) -> int:
    """The index of the action's space, or −1 when it is not in the Garden."""
    return z.board.index.get(a.space, -1)


def _end_actions(z: Zones, a: A.EndActions) -> list[Event]:
    forfeited = z.config.basic_actions - z.basic_taken
    return [Event("end_actions", {"player": z.active, "forfeited": forfeited}), *upkeep(z)]


HANDLERS: dict[type, tuple[Check, Effect]] = {
    A.Plant: (
        lambda z, a: R.check_plant(z, a.slot, _space(z, a)),
        lambda z, a: R.plant(z, a.slot, _space(z, a)),
    ),
    A.Swap: (
        lambda z, a: R.check_swap(z, a.slot, a.give),
        lambda z, a: R.swap(z, a.slot, a.give),
    ),
    A.Flush: (lambda z, a: R.check_flush(z), lambda z, a: R.flush(z)),
    A.EndActions: (lambda z, a: R.check_end_actions(z), _end_actions),
}

_SINGLE = [(p,) for p in range(max(PLAYER_COUNTS) + 1)]


class StalkExchangeState(Zones, State):
    """A Stalk Exchange position. See ``seedbed.engine.api.State`` for the contract."""

    __slots__ = ()
    game_name = "stalk_exchange"

    def to_move(self) -> tuple[PlayerId, ...]:
        return () if self.over else _SINGLE[self.active]

    def legal_actions(self, player: PlayerId) -> Sequence[Action]:
        return legal_actions(self, player)

    def refusal(self, player: PlayerId, action: Action) -> IllegalActionError | None:
        """Why ``action`` is illegal for ``player`` now, or None when it is legal."""
        handler = HANDLERS.get(type(action))
        if handler is None:
            return IllegalActionError(f"{action!r} is not a Stalk Exchange action")
        if self.over:
            return NotOnMoveError("the game is over", "S-39")
        if player != self.active:
            return NotOnMoveError(f"player {player} is not on the move (player {self.active} is)")
        why = handler[0](self, action)
        return None if why is None else why.error(action)

    def is_legal(self, player: PlayerId, action: Action) -> bool:
        return self.refusal(player, action) is None

    def apply(self, player: PlayerId, action: Action) -> list[Event]:
        handler = HANDLERS.get(type(action))
        if handler is None or self.over or player != self.active or handler[0](self, action):
            error = self.refusal(player, action)
            assert error is not None
            raise error
        return handler[1](self, action)

    def is_terminal(self) -> bool:
        return self.over

    def outcome(self) -> Outcome:
        if not self.over:
            raise ValueError("the game is not over")
        return outcome(self.values, self.portfolios)

    def observe(self, player: PlayerId | None) -> JsonDict:
        check_viewer(player, self.num_players)
        return observe(self, player)

    def determinize(self, player: PlayerId, rng: Rng) -> StalkExchangeState:
        d = self.clone()
        determinize_into(d, player, rng)
        return d

    def all_cards(self) -> list[int]:
        """Every token as its type, sorted: the multiset that must never change (S-18)."""
        return [t for t, k in enumerate(self.token_total()) for _ in range(k)]

    def clone(self) -> StalkExchangeState:
        new = StalkExchangeState.__new__(StalkExchangeState)
        self.copy_into(new)
        return new

    def __repr__(self) -> str:
        return (
            f"<StalkExchangeState {self.config.num_players}p turn {self.turns} "
            f"active {self.active}{' over' if self.over else ''}>"
        )


class StalkExchange(Game):
    name = "stalk_exchange"
    min_players = min(PLAYER_COUNTS)
    max_players = max(PLAYER_COUNTS)

    def normalize_options(self, options: Mapping[str, Any] | None) -> JsonDict:
        return normalize_options(options)

    def player_counts(self, options: Mapping[str, Any] | None = None) -> range:
        return PLAYER_COUNTS

    def new_state(
        self, num_players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> StalkExchangeState:
        config = make_config(num_players, options)
        s = StalkExchangeState.__new__(StalkExchangeState)
        s.init_empty(config, Rng(seed))
        R.setup(s)
        return s

    def state_from_json(self, obj: Mapping[str, Any]) -> StalkExchangeState:
        """Rebuild a state from ``StalkExchangeState.to_json()`` output."""
        s = StalkExchangeState.__new__(StalkExchangeState)
        s.load_json(dict(obj))
        return s

    def parse_action(self, text: str) -> Action:
        return A.parse_action(text)

    def action_from_json(self, obj: Any) -> Action:
        return A.action_from_json(obj)


GAME = StalkExchange()
