"""One game played in text (issue 18, item 4): the driver under ``seedbed play-text`` and the
TextArena environment.

A :class:`TextTable` holds the game and, per seat, what happened since that seat's last move
(each event as that seat may see it). For the seat on the move it gives the text of its
view (:meth:`TextTable.news`, :meth:`TextTable.board`) and takes its reply
(:meth:`TextTable.reply`): a reply that names no move, one the game cannot read, or one the
rules refuse raises :class:`~seedbed.adapters.text.ReplyError` with the reason and the moves
allowed now, and changes nothing. Bots and other drivers move with :meth:`TextTable.play`.
Seats are asked in ``state.to_move()`` order, the first first, as every seedbed driver does.

>>> table = TextTable("stalk_exchange", 3, seed=1)
>>> table.seat_on_move()
0
>>> table.reply(0, "plant 9 0,0")
Traceback (most recent call last):
...
seedbed.adapters.text.ReplyError: 'plant 9 0,0' is not allowed now: ...
>>> str(table.reply(0, "Let me flush the Exchange: [flush]"))
'flush'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any

from seedbed.adapters.text import (
    ReplyError,
    allowed_text,
    events_text,
    moves_text,
    observation_text,
    read_reply,
)
from seedbed.engine.api import Action, Event, PlayerId
from seedbed.engine.errors import IllegalActionError
from seedbed.engine.registry import game as lookup_game
from seedbed.engine.registry import spec
from seedbed.engine.render import compact, options_line

MAX_NEWS = 60
"""At most this many lines of news are shown at once (the latest; the count of the rest)."""


class TextTable:
    """A game of ``game_name`` dealt with ``seed`` (see the module docstring)."""

    def __init__(
        self,
        game_name: str,
        num_players: int,
        seed: int,
        options: Mapping[str, Any] | None = None,
        engine: str | None = None,
    ) -> None:
        self.game_name = game_name
        self.game = lookup_game(game_name, engine)
        self.options = self.game.normalize_options(options)
        self.seed = seed
        self.state = self.game.new_state(num_players, seed, self.options)
        self._news: list[list[str]] = [[] for _ in range(num_players)]
        self.guide, self.example, self.tidy = _guide(game_name, self.options, num_players)

    @property
    def num_players(self) -> int:
        return self.state.num_players

    def seat_on_move(self) -> PlayerId | None:
        """The seat asked next (the first player on the move), None at the end."""
        return None if self.state.is_terminal() else self.state.to_move()[0]

    def intro(self, seat: PlayerId) -> str:
        """What a seat is told once, before its first move."""
        title = spec(self.game_name).title
        return "\n".join(
            [
                f"You are seat {seat} in a {self.num_players}-player game of {title} "
                f"(seats are numbered 0 to {self.num_players - 1}, clockwise).",
                f"Options: {options_line(self.game_name, self.options)}.",
                "Each time you are asked you see what happened since your last move, the "
                "table as you see it, and the moves you may make now, written as a verb and "
                "its words (<name> marks a word to fill in).",
                f"Answer with exactly one move in square brackets, for example "
                f"[{self.example}]. Verbs may be written in any case. A move that cannot be "
                "read or is not allowed is refused with the reason, and you are asked again.",
                *([self.guide] if self.guide else []),
            ]
        )

    def news(self, seat: PlayerId) -> str:
        """What happened since ``seat``'s last move, as it may see it ('' if nothing)."""
        lines = self._news[seat]
        if not lines:
            return ""
        head = ["Since your last move:"]
        if len(lines) > MAX_NEWS:
            head.append(f"  ({len(lines) - MAX_NEWS} earlier events left out)")
            lines = lines[-MAX_NEWS:]
        return self.tidy("\n".join(head + [f"  {line}" for line in lines]))

    def board(self, seat: PlayerId) -> str:
        """The table as ``seat`` sees it and its moves now."""
        view = observation_text(self.game_name, self.state.observe(seat), seat)
        return self.tidy(f"You are seat {seat}.\n{view}\n{moves_text(self.state, seat)}")

    def prompt(self, seat: PlayerId) -> str:
        """The news and the board, as one text."""
        return "\n".join(part for part in (self.news(seat), self.board(seat)) if part)

    def reply(self, seat: PlayerId, text: str) -> Action:
        """Play the move a free-text reply names; ReplyError (nothing changed) if it names no
        move, one the game cannot read, or one the rules refuse now."""
        if self.state.is_terminal():
            raise ReplyError("the game is over")
        try:
            action = read_reply(self.game, text)
        except ReplyError as exc:
            raise ReplyError(f"{exc}; {allowed_text(self.state, seat)}") from None
        try:
            self.play(seat, action)
        except IllegalActionError as exc:
            raise ReplyError(
                f"{str(action)!r} is not allowed now: {exc}; {allowed_text(self.state, seat)}"
            ) from None
        return action

    def play(self, seat: PlayerId, action: Action) -> list[Event]:
        """Apply ``seat``'s action (IllegalActionError, nothing changed, if the rules refuse
        it); every seat's news gets the events as it may see them."""
        events = self.state.apply(seat, action)
        self._news[seat] = []
        for viewer, news in enumerate(self._news):
            news += events_text(self.game_name, events, viewer)
        return events

    def outcome_text(self) -> str:
        """The result, once the game is over."""
        outcome = self.state.outcome()
        lines = [f"The game is over: {compact(outcome.to_json())}"]
        for p in range(self.num_players):
            lines.append(f"  seat {p}: score {outcome.scores[p]}, rank {outcome.ranks[p]}")
        return "\n".join(lines)


def _guide(
    game_name: str, options: Mapping[str, Any], num_players: int
) -> tuple[str, str, Callable[[str], str]]:
    """The game's guide for text agents (``GameSpec.text_guide``): its text, an example move
    and the tidier of its views; none, ``pass`` and no rewriting for a game without one."""
    module = spec(game_name).text_guide
    if module is None:
        return "", "pass", str
    found = import_module(module)
    return str(found.GUIDE), str(found.EXAMPLE), found.tidier(options, num_players)
