"""Messages that no source file spells as a ``t("…")`` (issue 36 item 2): the texts the games
declare for the lobby — each shown option's label and help, and its choices' labels — which
the browser translates by msgid (``web/option_texts.js``). They are read from the registered
games' declarations (:class:`~seedbed.engine.spec.OptionSpec`), the one place they are
written, so a new option or game reaches the catalogs through the usual extraction.

>>> texts = option_texts()
>>> "Edition" in texts and "Garden radius" in texts
True
>>> texts["Edition"]
['game bohnanza, option edition']
"""

from __future__ import annotations

import re

from seedbed.engine.registry import game_names, spec

WORDS = re.compile(r"[A-Za-z]{2}")
"""A text with a word in it (a preset "4" needs no translation)."""


def option_texts() -> dict[str, list[str]]:
    """Each text of the lobby's options (label, help, choice labels) → where it is declared;
    an option with an empty label stays out of the lobby, and so out of the catalogs."""
    found: dict[str, list[str]] = {}
    for game in game_names():
        for option in spec(game).options:
            if not option.label:
                continue
            where = f"game {game}, option {option.name}"
            texts = [option.label, option.help, *(c.label for c in option.choices)]
            for text in texts:
                if text and WORDS.search(text):
                    found.setdefault(text, [])
                    if where not in found[text]:
                        found[text].append(where)
    return found
