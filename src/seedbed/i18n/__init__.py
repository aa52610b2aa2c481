"""seedbed's translations (issue 36): gettext catalogs under ``locales/`` (one ``<lang>.po`` a
language, msgid = the English text), read directly with Babel (no compile step), served to the
browser as JSON and used by the server's own texts through :func:`translate`.

Kept out of ``seedbed.engine`` and ``seedbed.games``: the rules core stays free of I/O and of
third-party imports.

>>> translate("fr", "Your turn at {game}", game="Bohnanza")
'À vous de jouer à Bohnanza'
>>> translate("xx", "Your turn at {game}", game="Bohnanza")
'Your turn at Bohnanza'
"""

from __future__ import annotations

from pathlib import Path

from seedbed.i18n.catalogs import (
    LOCALES,
    SOURCE_LANGUAGE,
    catalog,
    languages,
    messages,
    negotiate,
    translate,
    translate_plural,
)

TRANSLATED_FILES: tuple[str, ...] = (
    "src/seedbed/web/app.js",
    "src/seedbed/web/account.js",
    "src/seedbed/web/lobby_lists.js",
    "src/seedbed/web/open_tables.js",
    "src/seedbed/web/i18n.js",
    "src/seedbed/web/pace.js",
    "src/seedbed/web/hold.js",
    "src/seedbed/web/auto_pass.js",
    "src/seedbed/web/chat.js",
    "src/seedbed/web/timer.js",
    "src/seedbed/web/table.js",
    "src/seedbed/web/your_turn.js",
    "src/seedbed/web/hints.js",
    "src/seedbed/web/log.js",
    "src/seedbed/web/replay.js",
    "src/seedbed/web/since.js",
    "src/seedbed/web/stages.js",
    "src/seedbed/web/confirm.js",
    "src/seedbed/web/attention.js",
    "src/seedbed/web/words.js",
    "src/seedbed/web/ladder.js",
    "src/seedbed/server/ladder_plot.py",
    "src/seedbed/server/ladder_routes.py",
    "src/seedbed/web/turns.js",
    "src/seedbed/web/notes.js",
    "src/seedbed/web/common.js",
    "src/seedbed/web/glyphs.js",
    "src/seedbed/server/notify_texts.py",
    "src/seedbed/server/rules_pages.py",
    "src/seedbed/web/rules.js",
    "src/seedbed/web/bot_presets.js",
    "src/seedbed/web/option_texts.js",
    *sorted(  # the games' shipped card sets: names and texts (data; context "<game> card", D-75)
        f"src/seedbed/games/{data.parent.parent.name}/data/{data.name}"
        for data in (Path(__file__).resolve().parents[1] / "games").glob("*/data/*.toml")
    ),
    *sorted(  # a game's view module is translated once it imports i18n.js
        f"src/seedbed/web/games/{module.parent.name}/{module.name}"
        for module in (Path(__file__).resolve().parents[1] / "web" / "games").glob("*/*.js")
        if '/i18n.js"' in module.read_text(encoding="utf-8")
    ),
)
"""The files whose every text shown to people goes through ``t()`` (browser) or
``translate()`` (server) (paths from the
repository's root). The checks in tests/i18n/ extract their msgids and look for unwrapped
texts; a later session grows this list as it translates more files."""

__all__ = [
    "LOCALES",
    "SOURCE_LANGUAGE",
    "TRANSLATED_FILES",
    "catalog",
    "languages",
    "messages",
    "negotiate",
    "translate",
    "translate_plural",
]
