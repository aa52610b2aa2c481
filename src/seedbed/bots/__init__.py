"""Bots for every game: the protocol (:class:`Bot`, :class:`InfoSet`), specs as strings and
the registry of kinds (``random``, ``greedy``, ``ismcts``).

>>> from seedbed.bots import make_bot
>>> make_bot("random", "bohnanza").name
'random'
"""

from seedbed.bots.api import Bot, InfoSet, polite_menu, with_manners
from seedbed.bots.specs import (
    BotKind,
    BotSpec,
    BotSpecError,
    Param,
    bot_kinds,
    make_bot,
    parse_spec,
    parse_spec_list,
    register_bot,
)

__all__ = [
    "Bot",
    "BotKind",
    "BotSpec",
    "BotSpecError",
    "InfoSet",
    "Param",
    "bot_kinds",
    "make_bot",
    "parse_spec",
    "parse_spec_list",
    "polite_menu",
    "register_bot",
    "with_manners",
]
