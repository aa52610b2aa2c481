"""High Card, the toy game of ``docs/adding-a-game.md`` (rules: ``rules.md`` here).

A complete seedbed game package kept outside ``src/seedbed``: rules in pure Python over
``seedbed.engine`` only, registered with one line, ``seedbed.register("toy_game.spec")``.
"""

from toy_game.game import GAME, HighCard, HighCardState

__all__ = ["GAME", "HighCard", "HighCardState"]
