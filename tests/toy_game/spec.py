"""High Card's declaration: everything the tools around the rules know of it. Registering
this module is all it takes: ``seedbed.register("toy_game.spec")``."""

from __future__ import annotations

from collections.abc import Callable

from seedbed.engine.api import Game, JsonDict
from seedbed.engine.spec import GameSpec, TextLayout
from toy_game.options import OPTIONS


def ending(view: JsonDict) -> tuple[str, int]:
    """How a finished game ended (a clear win or shared points) and after how many rounds."""
    scores = [p["score"] for p in view["players"]]
    return ("shared" if scores[0] == scores[1] else "won", view["round"])


def _make_game(read: Callable[[str], str]) -> Game:
    from toy_game.game import GAME

    return GAME


SPEC = GameSpec(
    name="high_card",
    title="High Card",
    make_game=_make_game,
    options=OPTIONS,
    options_clause="T-2",
    turn_event="round",
    turn_name="rounds",
    bulky_kinds=frozenset(),
    ending=ending,
    heuristics="toy_game.heuristics",
    display="toy_game.display",
    encoding="toy_game.encoding",
    observation="toy_game.obs_encoding",
    layout=TextLayout(leaf=None, row_keys=("players",)),
)
