"""The two ways an action can be refused (both are ``ValueError``):

* :class:`InvalidActionError` — the input is malformed (bad JSON, unknown type, wrong fields);
* :class:`IllegalActionError` — well formed, but not legal now (wrong player, a rule forbids it).
  Rule refusals carry the clause id, e.g. ``B-24``, in ``clause``.

A rule check says why it refuses with :func:`refuse`, naming its clause where the rule is
checked; the game turns that :class:`Refusal` into the error for the action. The clause is a
field from the start, never read back out of the message text:

>>> why = refuse("S-24", "slot 3 is empty")
>>> why.clause, str(why)
('S-24', 'slot 3 is empty [S-24]')
>>> error = why.error("plant 3 0,0")
>>> error.clause, str(error)
('S-24', 'plant 3 0,0: slot 3 is empty [S-24]')
"""

from __future__ import annotations

from typing import NamedTuple


class InvalidActionError(ValueError):
    """A malformed action: it could not be parsed into any action of the game."""


class IllegalActionError(ValueError):
    """A well-formed action that is not legal in the current state."""

    def __init__(self, message: str, clause: str | None = None) -> None:
        self.clause = clause
        super().__init__(f"{message} [{clause}]" if clause else message)


class NotOnMoveError(IllegalActionError):
    """The acting player is not among the players on the move."""


class Refusal(NamedTuple):
    """Why a rule refuses an action: the clause that says so and the message. A named tuple,
    so a refusal costs about as much as the text it replaces; rule checks return one or
    None. ``str()`` is the message tagged with the clause, as refusals are printed."""

    clause: str
    message: str

    def __str__(self) -> str:
        return f"{self.message} [{self.clause}]"

    def error(self, action: object) -> IllegalActionError:
        """The error refusing ``action`` (printed first, as in every refusal message)."""
        return IllegalActionError(f"{action}: {self.message}", self.clause)


def refuse(clause: str, message: str) -> Refusal:
    """The refusal of the rule ``clause`` (for example ``"B-24"``, or ``"B-32, B-55"`` when
    two clauses say it together), with ``message`` saying what is wrong."""
    return Refusal(clause, message)
