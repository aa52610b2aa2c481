"""Games from outside seedbed: ``seedbed.register("mypackage.spec")`` (one line), the
environment variable ``SEEDBED_GAMES`` (comma-separated declaration modules, read when seedbed
is imported) and the ``seedbed.games`` entry-point group of installed packages.

``register`` also adds the module to ``SEEDBED_GAMES``, so the processes seedbed starts (bot
workers, arena workers, a server started from a test) know the game too.
"""

from __future__ import annotations

import os
from importlib.metadata import entry_points

from seedbed.engine import registry

ENV = "SEEDBED_GAMES"
GROUP = "seedbed.games"


def register(module: str) -> str:
    """Register the game declared in ``module`` (it defines ``SPEC``); returns the game's name."""
    name = registry.register(module)
    listed = [m for m in os.environ.get(ENV, "").split(",") if m]
    if module not in listed:
        os.environ[ENV] = ",".join([*listed, module])
    return name


def register_installed() -> None:
    """Register the games named by ``SEEDBED_GAMES`` and by installed entry points."""
    for module in filter(None, (m.strip() for m in os.environ.get(ENV, "").split(","))):
        registry.register(module)
    for point in entry_points(group=GROUP):
        registry.register(point.value)
