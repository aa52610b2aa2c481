"""Game registry: ``seedbed.game("bohnanza")``, ``seedbed.spec("bohnanza")``.

A game is registered by the module of its declaration (a module exposing ``SPEC``, a
:class:`~seedbed.engine.spec.GameSpec`), imported when first used so importing seedbed stays
cheap. Games outside seedbed register with one line, ``seedbed.register("mypackage.spec")``
(``seedbed.register`` also makes child processes know them, see ``seedbed/plugins.py``).

The core reads no files: a game's shipped data files (a card set) reach it through a reader
installed by the package root (:func:`install_reader`).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from types import ModuleType

from seedbed.engine.api import Game
from seedbed.engine.spec import GameSpec

_MODULES: dict[str, str] = {}
_SPECS: dict[str, GameSpec] = {}
_GAMES: dict[str, Game] = {}

Reader = Callable[[str, str], str]
"""(package, path inside it) -> the text of a file shipped in that package."""
_reader: list[Reader] = []


def install_reader(reader: Reader) -> None:
    """Set how games read the files shipped in their packages (done by ``seedbed``)."""
    _reader[:] = [reader]


def _read_shipped(package: str) -> Callable[[str], str]:
    def read(path: str) -> str:
        if not _reader:
            raise RuntimeError("no reader of shipped game files is installed (import seedbed)")
        return _reader[0](package, path)

    return read


def register(module: str, name: str | None = None) -> str:
    """Register the game declared by ``module`` (which defines ``SPEC``); returns its name.
    Given its ``name``, the module is imported only when the game is first used.
    Registering a game again replaces it."""
    _SPECS.pop(name or "", None)
    if name is None:
        found = _load(module)
        name = found.name
        _SPECS[name] = found
    _MODULES[name] = module
    _GAMES.pop(name, None)
    return name


def _load(module: str) -> GameSpec:
    declared = getattr(import_module(module), "SPEC", None)
    if not isinstance(declared, GameSpec):
        raise ValueError(f"module {module!r} defines no SPEC (a seedbed.engine.spec.GameSpec)")
    return declared


def spec(name: str) -> GameSpec:
    """The declaration of the game called ``name``; ValueError naming the known games."""
    found = _SPECS.get(name)
    if found is None:
        module = _MODULES.get(name)
        if module is None:
            known = ", ".join(sorted(_MODULES))
            raise ValueError(f"unknown game {name!r}; known games: {known}")
        found = _load(module)
        if found.name != name:
            raise ValueError(f"module {module!r} declares {found.name!r}, registered as {name!r}")
        _SPECS[name] = found
    return found


def game(name: str) -> Game:
    """The game called ``name``; ValueError naming the known games otherwise."""
    found = _GAMES.get(name)
    if found is None:
        declared = spec(name)
        package = import_module(_MODULES[name]).__package__ or _MODULES[name]
        found = _GAMES[name] = declared.make_game(_read_shipped(package))
    return found


def game_names() -> list[str]:
    """Names of all registered games."""
    return sorted(_MODULES)


def heuristics(name: str) -> ModuleType:
    """The heuristics module of game ``name`` (for greedy bots and search); ValueError if the
    game has none. Bots reach game knowledge only through here (DESIGN §2)."""
    module = spec(name).heuristics
    if module is None:
        having = [g for g in game_names() if spec(g).heuristics is not None]
        raise ValueError(f"game {name!r} has no heuristics; games with some: {', '.join(having)}")
    return import_module(module)
