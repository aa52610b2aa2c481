"""Reading the PO catalogs (issue 36 item 1): each ``locales/<lang>.po`` is parsed once with
``babel.messages.pofile.read_po`` and kept; a message without a translation (empty or fuzzy)
falls back to its English msgid, so a half-translated catalog is still usable."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from seedbed.i18n.pseudo import PSEUDO, pseudo_messages

LOCALES = Path(__file__).parent / "locales"
SOURCE_LANGUAGE = "en"
"""The language of the msgids (and of the code); it has no catalog of its own."""
NAMES = {"en": "English", "fr": "Français"}
"""How a language names itself in the switch (Babel's display name otherwise)."""


@cache
def languages() -> tuple[str, ...]:
    """The languages offered: English plus one per catalog found, so that adding a language
    is adding its ``.po`` file."""
    found = sorted(p.stem for p in LOCALES.glob("*.po"))
    return (SOURCE_LANGUAGE, *found)


def display_name(lang: str) -> str:
    if lang in NAMES:
        return NAMES[lang]
    shown = Locale.parse(lang).get_display_name(lang) or lang
    return shown[:1].upper() + shown[1:]


@cache
def catalog(lang: str) -> Catalog | None:
    """The parsed catalog of ``lang``, or None for English or a language without one."""
    if lang == SOURCE_LANGUAGE or lang not in languages():
        return None
    with (LOCALES / f"{lang}.po").open("rb") as po:
        return read_po(po, locale=lang)


CONTEXT_SEPARATOR = "\x04"
"""Between a message's context and its msgid in the served keys (gettext's own convention)."""


@cache
def messages(lang: str) -> dict[str, str]:
    """msgid → translation of every translated, non-fuzzy message of ``lang`` (plural forms
    are kept as ``msgid`` → the singular and ``msgid_plural`` → the plural: the browser's
    plural helper picks with ``Intl.PluralRules``; a message with a context is keyed
    ``context\x04msgid``)."""
    if lang == PSEUDO:
        return pseudo_messages()
    found = catalog(lang)
    if found is None:
        return {}
    out: dict[str, str] = {}
    for message in found:
        if not message.id or message.fuzzy:
            continue
        prefix = f"{message.context}{CONTEXT_SEPARATOR}" if message.context else ""
        if isinstance(message.id, (tuple, list)):
            strings = message.string if isinstance(message.string, (tuple, list)) else ()
            for msgid, msgstr in zip(message.id, strings, strict=False):
                if msgstr:
                    out[prefix + msgid] = msgstr
        elif isinstance(message.id, str) and message.string:
            out[prefix + message.id] = str(message.string)
    return out


def translate(lang: str | None, msgid: str, **params: object) -> str:
    """``msgid`` in ``lang`` (English when not translated), its ``{name}`` placeholders
    filled from ``params``."""
    text = messages(lang).get(msgid, msgid) if lang else msgid
    return text.format(**params) if params else text


def translate_plural(lang: str | None, n: int, one: str, other: str, **params: object) -> str:
    """The singular or plural message for ``n`` by the language's CLDR plural category (as
    the browser's ``Intl.PluralRules``: French says « 0 table », « 2 tables »); ``{n}`` is
    filled in."""
    rules = SOURCE_LANGUAGE if not lang or lang == PSEUDO else lang
    form = Locale.parse(rules).plural_form(n)
    return translate(lang, one if form == "one" else other, n=n, **params)


def negotiate(accept_language: str) -> str:
    """The best offered language for an ``Accept-Language`` header (English when none)."""
    wanted = []
    for part in accept_language.split(",")[:32]:
        tag, _, quality = part.strip().partition(";q=")
        try:
            weight = float(quality) if quality else 1.0
        except ValueError:
            continue
        if tag and weight > 0:
            wanted.append((weight, tag.strip()))
    preferred = [tag for _, tag in sorted(wanted, key=lambda w: -w[0])]
    chosen = Locale.negotiate(preferred, list(languages()), sep="-")
    if chosen is None:
        return SOURCE_LANGUAGE
    return str(chosen.language)
