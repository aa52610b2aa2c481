"""Game registry: ``seedbed.game("bohnanza")``.

Games register lazily by module path so importing seedbed stays cheap; a game module
exposes ``GAME``, its :class:`~seedbed.engine.api.Game` instance.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from seedbed.engine.api import Game

_MODULES: dict[str, str] = {
    "bohnanza": "seedbed.games.bohnanza",
    "stalk_exchange": "seedbed.games.stalk_exchange",
    # built outside the pure core, which reads no files: the game with its shipped card set
    "fields_of_green": "seedbed.card_files",
}
_LOADED: dict[str, Game] = {}
# game -> the module of its bot knowledge (``heuristics.py``): used by bots, never by the rules
_HEURISTICS: dict[str, str] = {
    "bohnanza": "seedbed.games.bohnanza.heuristics",
    "stalk_exchange": "seedbed.games.stalk_exchange.heuristics",
    "fields_of_green": "seedbed.games.fields_of_green.heuristics",
}


def register(name: str, module: str) -> None:
    """Register a game by the module that defines ``GAME`` (for games outside seedbed)."""
    _MODULES[name] = module
    _LOADED.pop(name, None)


def game(name: str) -> Game:
    """The game called ``name``; ValueError naming the known games otherwise."""
    found = _LOADED.get(name)
    if found is not None:
        return found
    module = _MODULES.get(name)
    if module is None:
        known = ", ".join(sorted(_MODULES))
        raise ValueError(f"unknown game {name!r}; known games: {known}")
    loaded: Game = import_module(module).GAME
    _LOADED[name] = loaded
    return loaded


def game_names() -> list[str]:
    """Names of all registered games."""
    return sorted(_MODULES)


def heuristics(name: str) -> ModuleType:
    """The heuristics module of game ``name`` (for greedy bots and search); ValueError if the
    game has none. Bots reach game knowledge only through here (DESIGN §2)."""
    module = _HEURISTICS.get(name)
    if module is None:
        raise ValueError(
            f"game {name!r} has no heuristics; games with some: {', '.join(sorted(_HEURISTICS))}"
        )
    return import_module(module)
