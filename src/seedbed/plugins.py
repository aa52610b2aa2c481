"""Games from outside seedbed: ``seedbed.register("mypackage.spec")`` (one line) or the
environment variable ``SEEDBED_GAMES`` (comma-separated declaration modules, read when seedbed
is imported). Installed packages' entry points are not scanned: reading them costs 0.2-1 s at
every start of the CLI on this project's environment (D-37).

``register`` also adds the module to ``SEEDBED_GAMES``, so the processes seedbed starts (bot
workers, arena workers, a server started from a test) know the game too.
"""

from __future__ import annotations

import os

from seedbed.engine import registry
from seedbed.games import BUILT_IN

ENV = "SEEDBED_GAMES"


def register(module: str) -> str:
    """Register the game declared in ``module`` (it defines ``SPEC``); returns the game's name."""
    name = registry.register(module)
    listed = [m for m in os.environ.get(ENV, "").split(",") if m]
    if module not in listed:
        os.environ[ENV] = ",".join([*listed, module])
    return name


def register_installed() -> None:
    """Register the built-in games, then those named by ``SEEDBED_GAMES``."""
    for name, module in BUILT_IN.items():
        registry.register(module, name)
    for module in filter(None, (m.strip() for m in os.environ.get(ENV, "").split(","))):
        registry.register(module)
