"""What a screenshot check looks for on a page (issue 36 items 3 and 5): text cut by its box,
and English left on a page shown in another language."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from seedbed.i18n import TRANSLATED_FILES, messages
from seedbed.i18n.extract import msgids

CLIPPED = """() => {
  // an element with text of its own, cut by itself (overflow hidden/clip, an ellipsis) or by an
  // ancestor that hides its overflow; and a page wider than the window (a sideways scroll)
  const out = [];
  const cuts = (cs) => ['hidden', 'clip'].includes(cs.overflowX) || cs.textOverflow === 'ellipsis';
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('svg, script, style, template, [hidden], .sr-only, option')) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || el.getClientRects().length === 0) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden') continue;
    const name = `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`;
    const text = el.textContent.trim().replace(/\\s+/g, ' ').slice(0, 70);
    if (cuts(cs) && el.scrollWidth > el.clientWidth + 1) {
      out.push(`${name} cut (${el.scrollWidth} > ${el.clientWidth}): ${text}`);
      continue;
    }
    // a block's text wider than the block itself, even where it is not hidden, runs over
    // its neighbours (a long word in a narrow column)
    const wider = el.scrollWidth > el.clientWidth + 1;
    if (cs.display !== 'inline' && el.clientWidth > 0 && wider) {
      out.push(`${name} overflows (${el.scrollWidth} > ${el.clientWidth}): ${text}`);
      continue;
    }
    const box = el.getBoundingClientRect();
    if (cs.display === 'inline') {
      let block = el.parentElement;
      const flows = (b) => ['inline', 'contents'].includes(getComputedStyle(b).display);
      while (block && flows(block)) block = block.parentElement;
      const bbox = block && block !== document.body ? block.getBoundingClientRect() : null;
      if (bbox && (box.right > bbox.right + 2 || box.left < bbox.left - 2)) {
        const where = `${block.tagName.toLowerCase()}.${[...block.classList].join('.')}`;
        out.push(`${name} runs out of ${where}: ${text}`);
        continue;
      }
    }
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const acs = getComputedStyle(a);
      if (!cuts(acs)) continue;
      const abox = a.getBoundingClientRect();
      if (box.right > abox.right + 2 || box.left < abox.left - 2)
        out.push(`${name} outside ${a.className}: ${text}`);
      break;
    }
  }
  const wide = document.documentElement.scrollWidth;
  const shown = window.innerWidth;
  if (wide > shown + 1) out.push(`the page is ${wide} px wide in a ${shown} px window`);
  return out;
}"""

TEXT_OF_PAGE = """() => [document.body.innerText,
  ...[...document.querySelectorAll('[title], [aria-label], [placeholder]')].flatMap((el) =>
     [el.getAttribute('title'), el.getAttribute('aria-label'), el.getAttribute('placeholder')])]
  .filter(Boolean).join('\\n')"""
"""What a person sees or hears of a page: its visible text and its tooltips and labels."""

PLACEHOLDER = re.compile(r"\{\w+\}")


@cache
def english_fragments(lang: str = "fr") -> tuple[str, ...]:
    """Pieces of the English msgids (between placeholders, 14 characters or more) whose
    translation in ``lang`` differs: one of them on a page in ``lang`` is English left."""
    translated = messages(lang)
    found: set[str] = set()
    for key in msgids(TRANSLATED_FILES):
        for msgid in [key] if isinstance(key, str) else key:
            if translated.get(msgid, msgid) == msgid:
                continue
            found.update(p.strip() for p in PLACEHOLDER.split(msgid) if len(p.strip()) >= 14)
    return tuple(sorted(found))


def clipped(page: Any) -> list[str]:
    """The texts the page cuts now."""
    return list(page.evaluate(CLIPPED))


def english_left(page: Any, lang: str = "fr", data: tuple[str, ...] = ()) -> list[str]:
    """The known English texts the page shows (text, tooltips, labels) while in ``lang``,
    leaving out ``data``: texts of a card set, which are data, not messages."""
    text = page.evaluate(TEXT_OF_PAGE)
    for piece in sorted(data, key=len, reverse=True):
        text = text.replace(piece, " ")
    return [fragment for fragment in english_fragments(lang) if fragment in text]


def in_language(page: Any, lang: str) -> Any:
    """Choose ``lang`` for this page's browser, as the switch does (before its first load)."""
    page.context.add_init_script(f"localStorage.setItem('seedbed.lang', '{lang}')")
    return page
