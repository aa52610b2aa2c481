"""The catalogs' check (issue 36 item 4): every message of the translated browser files is in
each catalog and translated, and no text shown to people is left unwrapped in those files."""

from __future__ import annotations

import re

from seedbed.i18n import TRANSLATED_FILES, languages
from seedbed.i18n.catalogs import CONTEXT_SEPARATOR, messages
from seedbed.i18n.extract import ROOT, keyed, missing, msgids


def test_every_message_of_the_translated_files_is_translated() -> None:
    """issue 36 item 4: `python -m seedbed.i18n.extract` adds new ones; translate them."""
    for lang in languages()[1:]:
        absent = missing(lang, TRANSLATED_FILES)
        assert not absent, f"{lang}.po lacks or leaves untranslated:\n" + "\n".join(absent)


def test_the_extraction_finds_messages_and_plurals() -> None:
    found = msgids(["src/seedbed/web/chat.js"])
    assert "Send" in found and "Chat: {n} new" in found


def test_the_extraction_reads_calls_inside_template_literals() -> None:
    """The profile's " · person" is t() inside `${…}`: Babel's extractor skipped it until
    told to parse template strings, so the catalog check passed with it untranslated."""
    found = msgids(["src/seedbed/web/ladder.js"])
    assert "person" in found and "{place} of {players}" in found


def test_one_english_text_has_a_translation_per_context() -> None:
    """Bohnanza's coins are « Thunes » (the French rulebook), Fields of Green's « pièces »:
    the same msgid in two contexts (found when the two games' French met in one catalog)."""
    found = keyed(["src/seedbed/web/games/fields_of_green/cards.js"])
    assert (("{n} coin", "{n} coins"), "fields_of_green") in found
    french = messages("fr")
    assert french["{n} coins"] == "{n} Thunes"
    assert french[f"fields_of_green{CONTEXT_SEPARATOR}{{n}} coins"] == "{n} pièces"


UNWRAPPED = re.compile(
    r"""(?:\bh\(\s*"[a-z0-9]+"\s*,\s*(?:\{[^{}]*\}|null)\s*,\s*|\btoast\(\s*|\.textContent\s*=\s*|title:\s*|placeholder:\s*|"aria-label":\s*)(["`])([A-Z][a-z][^"`]*)\1"""
)
"""A text that starts with a capital and a small letter given to h(...) as a child, to toast(),
to textContent or to a title / placeholder / aria-label, not inside t(...)."""


def unwrapped(path: str) -> list[str]:
    text = (ROOT / path).read_text(encoding="utf-8")
    return [
        f"{path}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(2)!r}"
        for m in UNWRAPPED.finditer(text)
    ]


def test_no_text_is_left_unwrapped_in_the_translated_files() -> None:
    """issue 36 item 4: a pragmatic heuristic (what t() would miss: a text passed as is)."""
    found = [line for path in TRANSLATED_FILES for line in unwrapped(path)]
    assert not found, "wrap these with t():\n" + "\n".join(found)


def test_the_heuristic_finds_an_unwrapped_text(tmp_path: object) -> None:
    sample = 'h("p", { class: "muted" }, "No table is running."); toast("Link copied");'
    assert len(list(UNWRAPPED.finditer(sample))) == 2
    assert not list(UNWRAPPED.finditer('h("p", {}, t("No table is running."))'))
