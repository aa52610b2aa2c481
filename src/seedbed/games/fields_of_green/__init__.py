"""Fields of Green (2-4 players), rules of ``docs/rules/fields_of_green.md``.

``GAME`` has no original card set wired in (the core reads no files): ``seedbed.game(
"fields_of_green")`` is the game built by the declaration (``spec.py``) with the shipped set;
or pass a card-data object as the ``cards`` option.
"""

from seedbed.games.fields_of_green.game import GAME, FieldsOfGreen, FieldsOfGreenState

__all__ = ["GAME", "FieldsOfGreen", "FieldsOfGreenState"]
