"""seedbed: play, study and build AI for plant-trading tabletop games.

>>> import seedbed
>>> seedbed.games()
['bohnanza']
"""

from seedbed.engine import GameRecord, game, games, register, replay

__version__ = "0.1.0"
__all__ = ["GameRecord", "__version__", "game", "games", "register", "replay"]
