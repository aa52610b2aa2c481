"""seedbed.engine: the common game API and machinery (pure Python, no I/O)."""

from seedbed.engine.api import Action, Event, Game, Outcome, PlayerId, State
from seedbed.engine.errors import IllegalActionError, InvalidActionError, NotOnMoveError
from seedbed.engine.record import GameRecord, read_records, replay
from seedbed.engine.registry import game, game_names, register, spec
from seedbed.engine.rng import Rng

__all__ = [
    "Action",
    "Event",
    "Game",
    "GameRecord",
    "IllegalActionError",
    "InvalidActionError",
    "NotOnMoveError",
    "Outcome",
    "PlayerId",
    "Rng",
    "State",
    "game",
    "game_names",
    "read_records",
    "register",
    "replay",
    "spec",
]
