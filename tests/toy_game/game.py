"""The High Card game object and its State: who may act (T-6, T-8, T-11), the dispatch of an
action to its check and effect, and the outcome (T-12)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from seedbed.engine.api import (
    Action,
    Event,
    Game,
    JsonDict,
    Outcome,
    PlayerId,
    State,
    check_viewer,
    rank_by,
)
from seedbed.engine.errors import IllegalActionError, NotOnMoveError
from seedbed.engine.rng import Rng
from toy_game import rules as R
from toy_game.actions import PlayCard, action_from_json, parse_action
from toy_game.observe import determinize_into, observe
from toy_game.options import PLAYER_COUNTS, normalize_options
from toy_game.state import NONE, Zones


class HighCardState(Zones, State):
    """A High Card position. See ``seedbed.engine.api.State`` for the contract."""

    __slots__ = ()
    game_name = "high_card"

    @property
    def num_players(self) -> int:
        return 2

    def to_move(self) -> tuple[PlayerId, ...]:
        return R.movers(self)

    def legal_actions(self, player: PlayerId) -> Sequence[Action]:
        if player not in R.movers(self):
            return ()
        return [PlayCard(card) for card in sorted(self.hands[player])]

    def refusal(self, player: PlayerId, action: Action) -> IllegalActionError | None:
        """Why ``action`` is illegal for ``player`` now, or None when it is legal."""
        if not isinstance(action, PlayCard):
            return IllegalActionError(f"{action!r} is not a High Card action")
        if self.over:
            return NotOnMoveError(f"{action}: the game is over", "T-11")
        if player not in (0, 1):
            return NotOnMoveError(f"{action}: there is no player {player}", "T-1")
        if self.committed[player] != NONE:
            return NotOnMoveError(f"{action}: player {player} has committed a card", "T-8")
        why = R.check_play(self, player, action.card)
        return None if why is None else why.error(action)

    def is_legal(self, player: PlayerId, action: Action) -> bool:
        return self.refusal(player, action) is None

    def apply(self, player: PlayerId, action: Action) -> list[Event]:
        error = self.refusal(player, action)
        if error is not None:
            raise error
        assert isinstance(action, PlayCard)
        return R.play(self, player, action.card)

    def is_terminal(self) -> bool:
        return self.over

    def outcome(self) -> Outcome:
        """T-12: points are the scores; equal points share the rank."""
        if not self.over:
            raise ValueError("the game is not over")
        ranks, winners = rank_by([(s,) for s in self.scores])
        return Outcome(tuple(self.scores), ranks, winners)

    def observe(self, player: PlayerId | None) -> JsonDict:
        check_viewer(player, self.num_players)
        return observe(self, player)

    def determinize(self, player: PlayerId, rng: Rng) -> HighCardState:
        d = self.clone()
        determinize_into(d, player, rng)
        return d

    def clone(self) -> HighCardState:
        new = HighCardState.__new__(HighCardState)
        self.copy_into(new)
        return new

    def __repr__(self) -> str:
        return f"<HighCardState round {self.round} scores {self.scores}>"


class HighCard(Game):
    name = "high_card"
    min_players = min(PLAYER_COUNTS)
    max_players = max(PLAYER_COUNTS)

    def normalize_options(self, options: Mapping[str, Any] | None) -> JsonDict:
        return normalize_options(options)

    def player_counts(self, options: Mapping[str, Any] | None = None) -> range:
        return PLAYER_COUNTS

    def new_state(
        self, num_players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> HighCardState:
        if num_players not in PLAYER_COUNTS:
            raise ValueError(f"High Card is played by 2 players, not {num_players} [T-1]")
        s = HighCardState.__new__(HighCardState)
        s.init_empty(normalize_options(options), Rng(seed))
        R.setup(s)
        return s

    def state_from_json(self, obj: Mapping[str, Any]) -> HighCardState:
        """Rebuild a state from ``HighCardState.to_json()``."""
        s = HighCardState.__new__(HighCardState)
        s.load_json(dict(obj))
        return s

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def action_from_json(self, obj: Any) -> Action:
        return action_from_json(obj)


GAME = HighCard()
