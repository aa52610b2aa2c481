"""TextArena environments for every seedbed game (issue 18, item 4): TextArena's wrappers and
agents play seedbed games. Needs the ``llm`` extra (``pip install 'seedbed[llm]'``).

``SeedbedTextEnv("bohnanza")`` is a ``textarena.Env``; every seat is an agent, as in
TextArena's own multi-player games::

    env = textarena.wrappers.LLMObservationWrapper(SeedbedTextEnv("stalk_exchange"))
    env.reset(num_players=3, seed=1)
    done = False
    while not done:
        player_id, observation = env.get_observation()
        done, info = env.step(agents[player_id](observation))
    rewards, game_info = env.close()

Importing this module registers ``seedbed-<Title>-v0`` with TextArena for every game
(``seedbed-Bohnanza-v0``, ``seedbed-StalkExchange-v0``, ``seedbed-FieldsOfGreen-v0``; options
as keyword arguments of ``textarena.make``), wrapped in
:class:`~seedbed.adapters.text_arena_wrapper.BoundedObservationWrapper` (the intro, the last
few messages, the last refusal and the board: prompts stay bounded, issue 39 item 2) and
TextArena's ``ActionFormattingWrapper``.

Messages. A seat gets, once, the prompt (:meth:`TextTable.intro`, the ``PROMPT`` type); each
time it is to move, what happened since its last move (``GAME_MESSAGE``) and the table with its
moves (``GAME_BOARD``), all from :class:`~seedbed.adapters.text_table.TextTable`, so it sees
only what ``observe`` shows it. The seat on the move is the first of ``state.to_move()``.

A reply that is not a legal move now (no move, unreadable, refused by the rules) changes
nothing: the seat gets the reason and the moves allowed (``GAME_ADMIN``), then the table again,
and answers again. After ``error_allowance`` such replies in a row (None: no limit) the game
ends: that seat's reward is -1 and the others' 0, +1 for the opponent of a 2-player game
(``game_info[seat]["invalid_move"]``), as
TextArena's games end for a player who keeps failing. A game played out gives each seat its
share of the win (1/k for each of k tied winners, 0 otherwise), as the Gymnasium and
PettingZoo environments do; ``game_info[seat]`` holds its ``score`` and ``rank``.

Seeding: ``reset(seed=s)`` deals the game with seed ``s`` (None: a fresh seed from the
operating system). Nothing here touches the global ``random`` (TextArena's ``State`` reseeds
it when given a seed, so it is given none).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

import textarena as ta
from textarena.envs.registration import ENV_REGISTRY

from seedbed.adapters.encoders import outcome_rewards
from seedbed.adapters.text import ReplyError, observation_text
from seedbed.adapters.text_arena_wrapper import BoundedObservationWrapper
from seedbed.adapters.text_table import TextTable
from seedbed.engine.registry import game_names
from seedbed.engine.registry import spec as lookup_spec

SEED_RANGE = 2**31
"""Seeds drawn for ``reset(seed=None)`` are in ``range(SEED_RANGE)``."""
NO_LIMIT = 2**62
"""The allowance given to TextArena's state for ``error_allowance=None``."""


class SeedbedTextEnv(ta.Env):  # type: ignore[misc]
    """One seedbed game as a TextArena environment (see the module docstring)."""

    def __init__(
        self,
        game: str,
        options: Mapping[str, Any] | None = None,
        *,
        engine: str | None = None,
        error_allowance: int | None = 3,
        **more_options: Any,
    ) -> None:
        self.game_name = game
        self.options = {**(options or {}), **more_options}
        self.engine = engine
        self.error_allowance = error_allowance
        lookup_spec(game)  # an unknown game fails here, not at reset
        self.table: TextTable | None = None
        self.state: ta.State | None = None

    def reset(self, num_players: int, seed: int | None = None) -> None:
        game_seed = secrets.randbelow(SEED_RANGE) if seed is None else seed
        table = TextTable(self.game_name, num_players, game_seed, self.options, self.engine)
        self.table = table
        allowance = NO_LIMIT if self.error_allowance is None else self.error_allowance
        self.state = ta.MinimalMultiPlayerState(
            num_players=num_players, seed=None, error_allowance=allowance
        )
        self.state.reset(
            game_state={"game": self.game_name, "seed": game_seed, "options": table.options},
            player_prompt_function=lambda player_id, game_state: table.intro(player_id),
        )
        self._ask()

    def _ask(self) -> None:
        """Make the seat on the move current and send it its news and board."""
        assert self.table is not None and self.state is not None
        seat = self.table.seat_on_move()
        assert seat is not None
        self.state.manually_set_current_player_id(seat, force=True)
        news = self.table.news(seat)
        if news:
            self.state.add_observation(
                message=news, observation_type=ta.ObservationType.GAME_MESSAGE, to_id=seat
            )
        self._board(seat)

    def _board(self, seat: int) -> None:
        assert self.table is not None and self.state is not None
        self.state.add_observation(
            message=self.table.board(seat),
            observation_type=ta.ObservationType.GAME_BOARD,
            to_id=seat,
        )

    def step(self, action: str) -> tuple[bool, dict[str, Any]]:
        if self.table is None or self.state is None:
            raise RuntimeError("call reset(num_players, seed) first")
        seat = self.state.current_player_id
        self.state.add_observation(
            from_id=seat,
            to_id=seat,
            message=action,
            observation_type=ta.ObservationType.PLAYER_ACTION,
        )
        try:
            self.table.reply(seat, action)
        except ReplyError as exc:
            if self.state.set_invalid_move(reason=str(exc)):
                self._forfeit(seat, str(exc))
            else:
                self._board(seat)
            return self.state.step()  # type: ignore[no-any-return]
        if self.table.state.is_terminal():
            self._finish()
            return self.state.step()  # type: ignore[no-any-return]
        done, info = self.state.step()
        self._ask()
        return done, info

    def _finish(self) -> None:
        assert self.table is not None and self.state is not None
        outcome = self.table.state.outcome()
        shares = outcome_rewards(self.table.state)
        for p in range(self.table.num_players):
            self.state.game_info[p]["score"] = outcome.scores[p]
            self.state.game_info[p]["rank"] = outcome.ranks[p]
        scores = ", ".join(f"seat {p}: {s}" for p, s in enumerate(outcome.scores))
        self.state.set_game_outcome(dict(enumerate(shares)), f"the game is over ({scores})")
        self.state.add_observation(
            message=self.table.outcome_text(), observation_type=ta.ObservationType.GAME_ADMIN
        )

    def _forfeit(self, seat: int, reason: str) -> None:
        assert self.table is not None and self.state is not None
        n = self.table.num_players
        other = 1.0 if n == 2 else 0.0  # TextArena's two-player games give the opponent +1
        rewards = {p: (-1.0 if p == seat else other) for p in range(n)}
        self.state.set_game_outcome(
            rewards,
            f"seat {seat} made more than {self.error_allowance} invalid moves in a row: {reason}",
        )

    def get_board_str(self) -> str:
        """The spectator's view of the table (what TextArena's renderers show)."""
        if self.table is None:
            return ""
        return observation_text(self.game_name, self.table.state.observe(None), None)


def env_id(game: str) -> str:
    """The TextArena id of ``game``: ``seedbed-``, its title's words capitalised and joined,
    ``-v0``."""
    words = lookup_spec(game).title.split()
    return "seedbed-" + "".join(w[:1].upper() + w[1:] for w in words) + "-v0"


def register_envs() -> list[str]:
    """Register every game with TextArena (again: a no-op); the ids."""
    ids = []
    for name in game_names():
        found = env_id(name)
        if found not in ENV_REGISTRY:
            ta.register(
                id=found,
                entry_point=SeedbedTextEnv,
                default_wrappers=[BoundedObservationWrapper, ta.wrappers.ActionFormattingWrapper],
                game=name,
            )
        ids.append(found)
    return ids


ENV_IDS = register_envs()
