"""English left on a rules page in another language (issue 36 item 3): the players' guides are
Markdown, not messages, so the catalog's English fragments do not cover them; their sentences
do."""

from __future__ import annotations

import re

from seedbed.server.rules_pages import GUIDES


def english_sentences(game: str) -> list[str]:
    """Pieces of the English guide's sentences (between punctuation, numbers and clause ids,
    3 words or more): one of them on a page in another language is English left."""
    plain = re.sub(r"\[[^\]]*\]|[*#`]", " ", (GUIDES / f"{game}.md").read_text("utf-8"))
    pieces = re.split(r"[.,:;()\n!?\"]|—|–|\d", plain)
    return [" ".join(p.split()) for p in pieces if len(p.split()) >= 3]


def english_left(text: str, game: str) -> list[str]:
    """The English guide's sentences found in ``text`` (spaces normalised)."""
    shown = " ".join(text.split())
    return [s for s in english_sentences(game) if s in shown]
