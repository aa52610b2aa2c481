"""Bohnanza: the 154-card standard edition (2-7 players, with the bean duel) and the
104-card classic edition (3-5 players), rules of ``docs/rules/bohnanza.md``."""

from seedbed.games.bohnanza.game import GAME, Bohnanza, BohnanzaState
from seedbed.games.bohnanza.options import normalize_options

__all__ = ["GAME", "Bohnanza", "BohnanzaState", "normalize_options"]
