"""seedbed: play, study and build AI for plant-trading tabletop games.

>>> import seedbed
>>> seedbed.game_names()
['bohnanza', 'fields_of_green', 'stalk_exchange']
>>> seedbed.spec("bohnanza").title
'Bohnanza'
"""

from seedbed.data_files import read_shipped
from seedbed.engine import GameRecord, game, game_names, replay
from seedbed.engine.registry import install_reader, spec
from seedbed.engines import configure_from_env
from seedbed.plugins import register, register_installed

__version__ = "0.1.0"
__all__ = ["GameRecord", "__version__", "game", "game_names", "register", "replay", "spec"]

install_reader(read_shipped)
register_installed()
configure_from_env()
