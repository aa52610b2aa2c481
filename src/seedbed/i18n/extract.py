"""Extraction of the messages (issue 36 item 4): every ``t("…")`` and
``plural(n, "…", "…")`` of the translated browser files and every ``translate(lang, "…")`` of
the translated Python files (:data:`seedbed.i18n.TRANSLATED_FILES`), read
with Babel's JavaScript extractor. ``python -m seedbed.i18n.extract`` adds the new msgids to
every catalog (empty, to be translated); tests/i18n/ fails while one is missing or empty.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.pofile import read_po, write_po

from seedbed.i18n.catalogs import LOCALES

ROOT = Path(__file__).resolve().parents[3]
"""The repository's root (the translated files' paths are relative to it)."""
KEYWORDS: dict[str, dict[str, tuple[int | tuple[int, str], ...] | None]] = {
    "javascript": {
        "t": None,
        "tn": None,
        "plural": (2, 3),
        "pt": ((1, "c"), 2),
        "pplural": ((1, "c"), 3, 4),
    },
    "python": {"translate": (2,), "translate_plural": (3, 4)},
}
"""Per extractor: ``t(msgid, params)`` and ``plural(n, one, other, params)`` in the browser,
``pt(context, msgid, params)`` and ``pplural(context, n, one, other, params)`` where one
English text needs two translations (Bohnanza's coins are « Thunes », Fields of Green's
« pièces »);
``translate(lang, msgid, ...)`` and ``translate_plural(lang, n, one, other, ...)`` on the
server."""

OPTIONS: dict[str, dict[str, object]] = {
    "javascript": {"parse_template_string": True},
    "python": {},
}
"""The JavaScript extractor reads the calls inside template literals too (`` `· ${t("bot")}` ``),
which it skips by default."""


def card_context(path: str) -> str:
    """The context of a shipped card set's texts (a card's name, text, subtype): ``"<game>
    card"``, the game's package name (``games/<game>/data/<set>.toml``); they are data, read
    from the file, and the game's views translate each with ``pt("<game> card", …)`` (D-75).
    Its own context, so a card named like a word of the interface can differ from it."""
    return f"{Path(path).parts[-3]} card"


CARD_TEXT = re.compile(r'^(name|text|subtype) = ("(?:[^"\\]|\\.)*")\s*$')
"""A card's name, text or subtype in the card-data format (docs/card-sets.md), one a line."""

Msgid = str | tuple[str, str]
Key = tuple[Msgid, str | None]
"""A msgid (a pair for a plural) and its context (None: none)."""


def msgids(paths: Iterable[str], root: Path = ROOT) -> dict[Msgid, list[str]]:
    """Each msgid (a pair for a plural), whatever its context → where it is used."""
    found: dict[Msgid, list[str]] = {}
    for (msgid, _context), where in keyed(paths, root).items():
        found.setdefault(msgid, []).extend(where)
    return found


def keyed(paths: Iterable[str], root: Path = ROOT) -> dict[Key, list[str]]:
    """Each msgid and context → where it is used (``file:line``), with the texts the games
    declare for the lobby (:mod:`seedbed.i18n.declared`, translated by msgid in the browser)."""
    from seedbed.i18n.declared import option_texts

    found: dict[Key, list[str]] = {(text, None): where for text, where in option_texts().items()}
    for path in paths:
        if path.endswith(".toml"):
            for line, text in card_texts(root / path):
                found.setdefault((text, card_context(path)), []).append(f"{path}:{line}")
            continue
        method = "python" if path.endswith(".py") else "javascript"
        with (root / path).open("rb") as source:
            for line, message, _comments, context in extract(
                method, source, keywords=KEYWORDS[method], comment_tags=(), options=OPTIONS[method]
            ):
                msgid: Msgid = message if isinstance(message, str) else (message[0], message[1])
                found.setdefault((msgid, context), []).append(f"{path}:{line}")
    return found


def card_texts(path: Path) -> Iterator[tuple[int, str]]:
    """(line, text) of every card's name, text and subtype of a card set file (the set's own
    ``name`` above its first card is not shown to players as a card text)."""
    in_cards = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        in_cards = in_cards or line.startswith("[[")
        found = CARD_TEXT.match(line)
        if in_cards and found:
            yield number, str(json.loads(found.group(2)))


def missing(lang: str, paths: Iterable[str], root: Path = ROOT) -> list[str]:
    """The msgids used in ``paths`` that ``lang``'s catalog lacks or leaves untranslated."""
    with (LOCALES / f"{lang}.po").open("rb") as po:
        catalog = read_po(po, locale=lang)
    out = []
    for (key, context), where in keyed(paths, root).items():
        message = catalog.get(key if isinstance(key, str) else key[0], context=context)
        strings = () if message is None else message.string
        texts = strings if isinstance(strings, tuple) else (strings,)
        if message is None or message.fuzzy or not all(texts):
            out.append(f"{key!r} ({where[0]})")
    return out


def update(lang: str, paths: Iterable[str], root: Path = ROOT) -> int:
    """Add the msgids ``lang``'s catalog lacks (untranslated); how many were added."""
    po_path = LOCALES / f"{lang}.po"
    with po_path.open("rb") as po:
        catalog: Catalog = read_po(po, locale=lang)
    added = 0
    for key, context in keyed(paths, root):
        if catalog.get(key if isinstance(key, str) else key[0], context=context) is None:
            blank = "" if isinstance(key, str) else ("", "")
            catalog.add(key, blank, locations=(), context=context)
            added += 1
    with po_path.open("wb") as po:
        write_po(po, catalog, width=100, omit_header=False, no_location=True)
    return added


def main() -> None:
    from seedbed.i18n import TRANSLATED_FILES, languages

    for lang in languages()[1:]:
        print(f"{lang}: {update(lang, TRANSLATED_FILES)} new messages", file=sys.stderr)


if __name__ == "__main__":
    main()
