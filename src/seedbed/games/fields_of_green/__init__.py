"""Fields of Green (2-4 players), rules of ``docs/rules/fields_of_green.md``.

``GAME`` has no original card set wired in (the core reads no files): pass a card-data object
as the ``cards`` option, or build ``FieldsOfGreen(original=loader)`` outside the core.
"""

from seedbed.games.fields_of_green.game import GAME, FieldsOfGreen, FieldsOfGreenState

__all__ = ["GAME", "FieldsOfGreen", "FieldsOfGreenState"]
