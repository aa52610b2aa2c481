"""The two ways an action can be refused (both are ``ValueError``):

* :class:`InvalidActionError` — the input is malformed (bad JSON, unknown type, wrong fields);
* :class:`IllegalActionError` — well formed, but not legal now (wrong player, a rule forbids it).
  Rule refusals name the clause id, e.g. ``B-24``.
"""

from __future__ import annotations


class InvalidActionError(ValueError):
    """A malformed action: it could not be parsed into any action of the game."""


class IllegalActionError(ValueError):
    """A well-formed action that is not legal in the current state."""

    def __init__(self, message: str, clause: str | None = None) -> None:
        self.clause = clause
        super().__init__(f"{message} [{clause}]" if clause else message)


class NotOnMoveError(IllegalActionError):
    """The acting player is not among the players on the move."""


def refuse(message: str) -> IllegalActionError:
    """An IllegalActionError whose clause is the ``[X-n]`` tag at the end of ``message``.

    >>> error = refuse("slot 3 is empty [S-24]")
    >>> error.clause, str(error)
    ('S-24', 'slot 3 is empty [S-24]')
    """
    clause = None
    if message.endswith("]") and "[" in message:
        clause = message[message.rindex("[") + 1 : -1]
        message = message[: message.rindex("[")].rstrip()
    return IllegalActionError(message, clause)
