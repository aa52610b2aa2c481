"""Which engine runs the games (issue 14): ``SEEDBED_ENGINE`` and ``CI`` read once when
seedbed is imported, ``--engine`` on the command line and the server's setting (:func:`use`),
and the one-line description ``seedbed --version`` and ``seedbed bench`` print.

``SEEDBED_ENGINE`` is ``native`` or ``python`` (unset or ``auto``: the native engine where a
game has one and it is built). :func:`use` also sets it, so the processes seedbed starts
(arena workers, Ray workers, bot workers, a server) run the same engine. With ``CI=true`` a
missing native module is an error, never a fallback. The rules: ``docs/native.md``,
"Engine selection".
"""

from __future__ import annotations

import os

from seedbed.engine import registry

ENV = "SEEDBED_ENGINE"
AUTO = "auto"


def ci_requires_native() -> bool:
    """Under ``CI=true`` a missing native module is a failure (issue 14)."""
    return os.environ.get("CI", "").strip().lower() == "true"


def configure_from_env() -> None:
    """Set the default engine from ``SEEDBED_ENGINE`` (ValueError for an unknown value)."""
    value = os.environ.get(ENV, "").strip().lower()
    default = None if value in ("", AUTO) else value
    if default is not None and default not in registry.ENGINES:
        choices = ", ".join([*registry.ENGINES, AUTO])
        raise ValueError(f"{ENV}={value!r} is not an engine; one of: {choices}")
    registry.configure_engines(default, required=ci_requires_native())


def use(engine: str | None) -> None:
    """Make ``engine`` (``native``, ``python``, or None / ``auto``) the default engine of this
    process and of the processes it starts."""
    os.environ[ENV] = engine or AUTO
    configure_from_env()


def describe() -> str:
    """Which engines this installation has, and the default, in one line."""
    native = [g for g in registry.game_names() if registry.spec(g).native is not None]
    built = [g for g in native if registry.native_unavailable(g) is None]
    default = registry.default_engine() or f"{AUTO} (native where built)"
    if built:
        have = f"native ({', '.join(built)}), python (all games)"
    elif native:
        why = registry.native_unavailable(native[0]) or ""
        have = f"python (all games); native not available: {why.split(': ', 1)[-1]}"
    else:
        have = "python (all games)"
    return f"engines: {have}; default: {default}"


def running(name: str, engine: str | None = None) -> str:
    """The engine game ``name`` runs with ``engine`` (None: the default)."""
    return registry.engine_for(name, engine)
