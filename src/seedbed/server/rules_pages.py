"""The rules pages of the browser client (issue 17): ``/rules/{game}``, how to play, written for
players (``src/seedbed/web/rules/<game>.md``), whose clause ids (``[B-21]``) link to the full
rules, and ``/rules/{game}/full``, the rules specification itself (``docs/rules/<game>.md``, the
authority the engine follows), each clause id an anchor.

Both follow the reader's language (issue 36 item 3): ``?lang=`` when it names an offered
language, else the browser's ``Accept-Language``; the page's script (``web/rules.js``) turns to
the language chosen with the switch (kept in the browser) when it differs. A guide in another
language is a file ``web/rules/<lang>/<game>.md`` (no code: a translator adds the file); a
language without one shows the English guide. The full rules stay English, the authority.

The full rules ship with the wheel as ``seedbed/rules_docs`` (pyproject's force-include); from
a source checkout they are read from ``docs/rules``. Markdown is rendered by markdown-it-py with
raw HTML off, so a page holds only what Markdown makes, and no script.

>>> clause_links("see [B-21, B-24].", "bohnanza").count('class="clause"')
2
"""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path

from markdown_it import MarkdownIt

from seedbed.engine.registry import game_names, spec
from seedbed.i18n import SOURCE_LANGUAGE, languages, negotiate, translate
from seedbed.i18n.pseudo import PSEUDO

PACKAGE = Path(__file__).resolve().parent.parent
GUIDES = PACKAGE / "web" / "rules"
"""How-to-play pages, one Markdown file per game (English), and one folder per other language
holding its translations (``fr/bohnanza.md``)."""
FULL_RULES = (PACKAGE / "rules_docs", PACKAGE.parent.parent / "docs" / "rules")
"""Where the full rules are: in the wheel, else in the source checkout."""

CLAUSE_ID = re.compile(r"[BSF]-\d+[a-z]?")
CLAUSE_REF = re.compile(r"\[([BSF]-\d+[a-z]?(?:(?:, | … )[BSF]-\d+[a-z]?)*)\]")
CLAUSE_HEAD = re.compile(r"<strong>([BSF]-\d+[a-z]?)</strong>")


def _markdown(text: str) -> str:
    rendered: str = MarkdownIt("commonmark", {"html": False}).enable("table").render(text)
    return rendered


def clause_links(rendered: str, game: str) -> str:
    """Each clause id of a rendered guide's ``[X-n]`` or ``[X-n, X-m … X-k]`` as a link to the
    clause in the full rules."""

    def link(clause: re.Match[str]) -> str:
        return f'<a href="/rules/{game}/full#{clause[0]}" class="clause">{clause[0]}</a>'

    return CLAUSE_REF.sub(lambda m: f"[{CLAUSE_ID.sub(link, m[1])}]", rendered)


def page_language(requested: str | None, accept_language: str) -> str:
    """The language of a rules page: ``?lang=`` when the server offers it (or it is the
    pseudo-locale), else the one negotiated from ``Accept-Language`` (as ``GET /api/i18n``).

    >>> page_language("fr", ""), page_language("xx", "fr-CA,fr;q=0.8"), page_language(None, "")
    ('fr', 'fr', 'en')
    """
    if requested and (requested in languages() or requested == PSEUDO):
        return requested
    return negotiate(accept_language[:512])


def _page(title: str, body: str, links: str, lang: str, body_lang: str) -> str:
    """The page around ``body`` (written in ``body_lang``), its chrome in ``lang``; the
    script adds the language switch and follows the browser's chosen language."""
    own = "" if body_lang == lang else f' lang="{html.escape(body_lang)}"'
    return (
        f'<!doctype html>\n<html lang="{html.escape(lang)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)} — seedbed</title>\n"
        '<link rel="icon" href="data:,">\n'
        '<link rel="stylesheet" href="/static/style.css">\n'
        '<link rel="stylesheet" href="/static/ux.css">\n'
        '<script type="module" src="/static/rules.js"></script>\n</head>\n<body>\n'
        '<header class="topbar"><a class="brand" href="/">seedbed</a>'
        f'<span class="title">{html.escape(title)}</span><span class="spacer"></span>{links}'
        "</header>\n"
        f'<main class="page rules-page" data-testid="rules-page"{own}>\n{body}\n</main>\n'
        "</body>\n</html>\n"
    )


def _known(game: str) -> bool:
    return game in game_names()


def guide_file(game: str, lang: str) -> tuple[Path, str]:
    """The guide of ``game`` in ``lang`` and the language it is written in: the language's
    own file when there is one, else the English guide."""
    translated = GUIDES / lang / f"{game}.md"
    if lang != SOURCE_LANGUAGE and translated.is_file():
        return translated, lang
    return GUIDES / f"{game}.md", SOURCE_LANGUAGE


@cache
def guide_page(game: str, lang: str = SOURCE_LANGUAGE) -> str | None:
    """How to play ``game`` in ``lang`` (an offered language, see :func:`page_language`), or
    None for a game without a guide."""
    path, written_in = guide_file(game, lang)
    if not _known(game) or not path.is_file():
        return None
    body = clause_links(_markdown(path.read_text(encoding="utf-8")), game)
    title = translate(lang, "How to play {game}", game=spec(game).title)
    full = html.escape(translate(lang, "The full rules"))
    link = f'<a href="/rules/{game}/full" data-testid="full-rules-link">{full}</a>'
    return _page(title, body, link, lang, written_in)


@cache
def full_rules_page(game: str, lang: str = SOURCE_LANGUAGE) -> str | None:
    """The full rules of ``game``, each clause id an anchor, or None when not shipped; the
    rules are English in every language (the authority), the page's chrome is in ``lang``."""
    folder = next((f for f in FULL_RULES if (f / f"{game}.md").is_file()), None)
    if not _known(game) or folder is None:
        return None
    rendered = _markdown((folder / f"{game}.md").read_text(encoding="utf-8"))
    body = CLAUSE_HEAD.sub(
        lambda m: f'<strong id="{m[1]}" class="clause-id">{m[1]}</strong>', rendered
    )
    guide = html.escape(translate(lang, "How to play"))
    link = f'<a href="/rules/{game}" data-testid="guide-link">{guide}</a>'
    title = translate(lang, "{game}: the full rules", game=spec(game).title)
    return _page(title, body, link, lang, SOURCE_LANGUAGE)
