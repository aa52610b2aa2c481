"""The ``display`` beside a view (issue 13, item 6): what the browser shows that takes the rules
to work out (a Bohnanza field's payout and protection, the Stalk Exchange Bust, the reach of a
Fields of Green Water Tower), computed by the game's display module from the observation alone,
so the client runs no rule and the display shows nothing the view does not hold.

A game names its display module in its declaration (``GameSpec.display``: a module with a
``display(view, viewer)`` function); a game without one has no display.

>>> import seedbed
>>> view = seedbed.game("stalk_exchange").new_state(2, seed=1).observe(None)
>>> display_for("stalk_exchange", view, None)["worth"] is None
True
>>> display_for("a_game_with_no_display", view, None) is None
True
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from seedbed.engine.api import JsonDict, PlayerId
from seedbed.engine.registry import spec

Display = Callable[[JsonDict, PlayerId | None], dict[str, Any]]


def display_for(game: str, view: JsonDict, viewer: PlayerId | None) -> dict[str, Any] | None:
    """The display of ``view`` (``observe(viewer)`` of a ``game`` state), or None for a game
    whose views need none (or that is not registered)."""
    try:
        module = spec(game).display
    except ValueError:
        return None
    if module is None:
        return None
    show: Display = import_module(module).display
    return show(view, viewer)
