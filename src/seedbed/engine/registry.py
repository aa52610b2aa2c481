"""Game registry: ``seedbed.game("bohnanza")``, ``seedbed.spec("bohnanza")``.

A game is registered by the module of its declaration (a module exposing ``SPEC``, a
:class:`~seedbed.engine.spec.GameSpec`), imported when first used so importing seedbed stays
cheap. Games outside seedbed register with one line, ``seedbed.register("mypackage.spec")``
(``seedbed.register`` also makes child processes know them, see ``seedbed/plugins.py``).

The core reads no files: a game's shipped data files (a card set) reach it through a reader
installed by the package root (:func:`install_reader`).

Engines (issue 14): a game may have a native implementation besides its Python one (its
declaration's ``native`` module). ``game(name, engine="native")`` or ``"python"`` asks for one;
``engine=None`` takes the default set by :func:`configure_engines` (done by ``seedbed`` from
``SEEDBED_ENGINE`` and ``CI``): the native engine where the game has one and it is built, the
Python engine otherwise. The rules are in ``docs/native.md``, "Engine selection".
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from types import ModuleType

from seedbed.engine.api import Game
from seedbed.engine.spec import GameSpec

_MODULES: dict[str, str] = {}
_SPECS: dict[str, GameSpec] = {}
_GAMES: dict[tuple[str, str], Game] = {}

ENGINES = ("native", "python")
"""The engines a game may run on: its native implementation (``GameSpec.native``), or the
Python reference engine every game has."""
_ENGINE: dict[str, str | bool | None] = {"default": None, "required": False}

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
    for engine in ENGINES:
        _GAMES.pop((name, engine), None)
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


def game(name: str, engine: str | None = None) -> Game:
    """The game called ``name`` on ``engine`` (``"native"``, ``"python"``, or None for the
    default, see :func:`engine_for`); ValueError naming the known games otherwise, or saying
    why the engine asked for cannot run it."""
    chosen = engine_for(name, engine)
    found = _GAMES.get((name, chosen))
    if found is None:
        if chosen == "native":
            found, _ = _native_game(name)
            assert found is not None
        else:
            declared = spec(name)
            package = import_module(_MODULES[name]).__package__ or _MODULES[name]
            found = declared.make_game(_read_shipped(package))
        _GAMES[(name, chosen)] = found
    return found


def configure_engines(default: str | None, *, required: bool = False) -> None:
    """Set the engine ``game(name)`` runs when none is named: ``"native"`` (where the game
    has a native implementation; refused when it is not built), ``"python"``, or None (the
    native engine where the game has one and it is built, else Python). ``required``: a
    missing native module is an error, never a fallback (``CI=true``, issue 14)."""
    if default is not None and default not in ENGINES:
        raise ValueError(f"unknown engine {default!r}; engines: {', '.join(ENGINES)}")
    _ENGINE["default"] = default
    _ENGINE["required"] = required


def default_engine() -> str | None:
    """The engine set by :func:`configure_engines` (None: native where built)."""
    found = _ENGINE["default"]
    return found if isinstance(found, str) else None


def _native_game(name: str) -> tuple[Game | None, str]:
    """The native implementation of game ``name``, or None and why there is none."""
    module = spec(name).native
    if module is None:
        return None, f"game {name!r} has no native engine (its engines: python)"
    loaded = import_module(module)
    found = getattr(loaded, "GAME", None)
    if not isinstance(found, Game):
        why = getattr(loaded, "UNAVAILABLE", None) or f"{module} defines no GAME"
        return None, f"game {name!r}: {why}"
    if found.name != name:
        return None, f"{module} declares {found.name!r}, not {name!r}"
    return found, ""


def engines(name: str) -> list[str]:
    """The engines game ``name`` can run on here (the native one only when built)."""
    found, _ = _native_game(name)
    return ["native", "python"] if found is not None else ["python"]


def native_unavailable(name: str) -> str | None:
    """Why game ``name`` cannot run natively here, or None when it can."""
    found, why = _native_game(name)
    return None if found is not None else why


def engine_for(name: str, engine: str | None = None) -> str:
    """The engine ``game(name, engine)`` runs.

    A named engine is strict: ``"native"`` for a game without a native implementation, or
    when the extension is not built, is a ValueError saying so. With None, the default of
    :func:`configure_engines` applies: ``"python"``; ``"native"`` (Python for games without a
    native implementation, an error when the game has one that is not built); or unset: native
    where the game has one and it is built, else Python — unless a missing native module is
    required to be there (``CI=true``), then that is an error too."""
    if engine is not None and engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; engines: {', '.join(ENGINES)}")
    chosen = engine if engine is not None else default_engine()
    if chosen == "python":
        spec(name)  # an unknown game is refused whatever the engine
        return "python"
    if engine is None and spec(name).native is None:
        return "python"
    found, why = _native_game(name)
    if found is not None:
        return "native"
    if chosen == "native" or _ENGINE["required"]:
        raise ValueError(why)
    return "python"


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
