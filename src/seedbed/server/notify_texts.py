"""The words of the e-mails (issue 36 item 1): the turn's message and the daily digest,
written in the recipient's language through the catalogs (English msgids, ``locales/*.po``).

>>> turn_mail("fr", "Bohnanza", "", "https://x/play/t", "https://x/your-turn")[0]
'À vous de jouer à Bohnanza (seedbed)'
>>> digest_subject("fr", 2), digest_subject("en", 1)
('2 tables vous attendent (seedbed)', '1 table waiting for you (seedbed)')
"""

from __future__ import annotations

import datetime as dt

from seedbed.i18n import SOURCE_LANGUAGE, translate, translate_plural


def mail_language(choice: object) -> str:
    """The language of a recipient's e-mails: the notification choice's ``lang`` (the
    language the person's browser showed when they saved it, migration 0012), else English."""
    lang = getattr(choice, "lang", None)
    return lang if isinstance(lang, str) and lang else SOURCE_LANGUAGE


def deadline_words(lang: str, deadline: dt.datetime | None) -> str:
    if deadline is None:
        return ""
    return translate(lang, " before {when} UTC", when=deadline.strftime("%Y-%m-%d %H:%M"))


def turn_mail(
    lang: str, title: str, when: str, play_url: str, your_turn_url: str
) -> tuple[str, str]:
    """(subject, body) of the message that a table waits for the recipient's move."""
    body = (
        translate(lang, "A {game} table is waiting for your move{when}.", game=title, when=when)
        + "\n\n"
        + translate(lang, "Play: {url}", url=play_url)
        + "\n"
        + translate(lang, "Every table waiting for you: {url}", url=your_turn_url)
    )
    return translate(lang, "Your turn at {game}", game=title) + " (seedbed)", body


def digest_subject(lang: str, count: int) -> str:
    waiting = translate_plural(
        lang, count, "{n} table waiting for you", "{n} tables waiting for you"
    )
    return waiting + " (seedbed)"


def digest_line(lang: str, title: str, name: str, url: str, due: str | None) -> str:
    line = translate(lang, "- {game} as {name}: {url}", game=title, name=name, url=url)
    return line + ("" if due is None else translate(lang, " (due {when} UTC)", when=due))


def digest_body(lang: str, lines: list[str]) -> str:
    head = translate(lang, "Tables waiting for your move, oldest deadline first:")
    return head + "\n\n" + "\n".join(lines)
