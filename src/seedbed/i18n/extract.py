"""Extraction of the messages (issue 36 item 4): every ``t("…")`` and
``plural(n, "…", "…")`` of the translated browser files and every ``translate(lang, "…")`` of
the translated Python files (:data:`seedbed.i18n.TRANSLATED_FILES`), read
with Babel's JavaScript extractor. ``python -m seedbed.i18n.extract`` adds the new msgids to
every catalog (empty, to be translated); tests/i18n/ fails while one is missing or empty.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.pofile import read_po, write_po

from seedbed.i18n.catalogs import LOCALES

ROOT = Path(__file__).resolve().parents[3]
"""The repository's root (the translated files' paths are relative to it)."""
KEYWORDS: dict[str, dict[str, tuple[int, ...] | None]] = {
    "javascript": {"t": None, "tn": None, "plural": (2, 3)},
    "python": {"translate": (2,), "translate_plural": (3, 4)},
}
"""Per extractor: ``t(msgid, params)`` and ``plural(n, one, other, params)`` in the browser;
``translate(lang, msgid, ...)`` and ``translate_plural(lang, n, one, other, ...)`` on the
server."""

Msgid = str | tuple[str, str]


def msgids(paths: Iterable[str], root: Path = ROOT) -> dict[Msgid, list[str]]:
    """Each msgid (a pair for a plural) → where it is used (``file:line``)."""
    found: dict[Msgid, list[str]] = {}
    for path in paths:
        method = "python" if path.endswith(".py") else "javascript"
        with (root / path).open("rb") as source:
            for line, message, _comments, _context in extract(
                method, source, keywords=KEYWORDS[method], comment_tags=()
            ):
                key: Msgid = message if isinstance(message, str) else (message[0], message[1])
                found.setdefault(key, []).append(f"{path}:{line}")
    return found


def missing(lang: str, paths: Iterable[str], root: Path = ROOT) -> list[str]:
    """The msgids used in ``paths`` that ``lang``'s catalog lacks or leaves untranslated."""
    with (LOCALES / f"{lang}.po").open("rb") as po:
        catalog = read_po(po, locale=lang)
    out = []
    for key, where in msgids(paths, root).items():
        message = catalog.get(key if isinstance(key, str) else key[0])
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
    for key in msgids(paths, root):
        if catalog.get(key if isinstance(key, str) else key[0]) is None:
            catalog.add(key, "" if isinstance(key, str) else ("", ""), locations=())
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
