"""seedbed: play, study and build AI for plant-trading tabletop games.

>>> import seedbed
>>> seedbed.game_names()
['bohnanza', 'fields_of_green', 'stalk_exchange']
"""

from seedbed.engine import GameRecord, game, game_names, register, replay

__version__ = "0.1.0"
__all__ = ["GameRecord", "__version__", "game", "game_names", "register", "replay"]
