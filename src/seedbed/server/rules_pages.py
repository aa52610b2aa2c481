"""The rules pages of the browser client (issue 17): ``/rules/{game}``, how to play, written for
players (``src/seedbed/web/rules/<game>.md``), whose clause ids (``[B-21]``) link to the full
rules, and ``/rules/{game}/full``, the rules specification itself (``docs/rules/<game>.md``, the
authority the engine follows), each clause id an anchor.

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

PACKAGE = Path(__file__).resolve().parent.parent
GUIDES = PACKAGE / "web" / "rules"
"""How-to-play pages, one Markdown file per game."""
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


def _page(title: str, body: str, links: str) -> str:
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)} — seedbed</title>\n"
        '<link rel="icon" href="data:,">\n'
        '<link rel="stylesheet" href="/static/style.css">\n'
        '<link rel="stylesheet" href="/static/ux.css">\n</head>\n<body>\n'
        '<header class="topbar"><a class="brand" href="/">seedbed</a>'
        f'<span class="title">{html.escape(title)}</span><span class="spacer"></span>{links}'
        "</header>\n"
        f'<main class="page rules-page" data-testid="rules-page">\n{body}\n</main>\n'
        "</body>\n</html>\n"
    )


def _known(game: str) -> bool:
    return game in game_names()


@cache
def guide_page(game: str) -> str | None:
    """How to play ``game``, or None for a game without a guide."""
    path = GUIDES / f"{game}.md"
    if not _known(game) or not path.is_file():
        return None
    body = clause_links(_markdown(path.read_text(encoding="utf-8")), game)
    title = f"How to play {spec(game).title}"
    link = f'<a href="/rules/{game}/full" data-testid="full-rules-link">The full rules</a>'
    return _page(title, body, link)


@cache
def full_rules_page(game: str) -> str | None:
    """The full rules of ``game``, each clause id an anchor, or None when not shipped."""
    folder = next((f for f in FULL_RULES if (f / f"{game}.md").is_file()), None)
    if not _known(game) or folder is None:
        return None
    rendered = _markdown((folder / f"{game}.md").read_text(encoding="utf-8"))
    body = CLAUSE_HEAD.sub(
        lambda m: f'<strong id="{m[1]}" class="clause-id">{m[1]}</strong>', rendered
    )
    link = f'<a href="/rules/{game}" data-testid="guide-link">How to play</a>'
    return _page(f"{spec(game).title}: the full rules", body, link)
