"""What a screenshot check looks for on a page (issue 36 items 3 and 5): text cut by its box,
and English left on a page shown in another language."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

from seedbed.i18n import TRANSLATED_FILES, messages
from seedbed.i18n.extract import msgids

from .browser import SIZES, change_tag_problems

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

PLACEHOLDERS_CUT = """() => {
  // an empty field's placeholder wider than the room the field gives it (the field cuts it)
  const out = [];
  const pen = document.createElement('canvas').getContext('2d');
  for (const el of document.querySelectorAll('input[placeholder], textarea[placeholder]')) {
    if (el.value || el.getClientRects().length === 0 || el.closest('[hidden]')) continue;
    const cs = getComputedStyle(el);
    pen.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    const wide = pen.measureText(el.placeholder).width;
    const says = `placeholder cut (${Math.round(wide)} > ${room}): ${el.placeholder}`;
    if (wide > room + 1) out.push(says);
  }
  return out;
}"""

TAGS_COVER = """() => {
  // a change tag in sight over a text of the page (a title, a name), a third of its line or
  // more: the tag hides it
  const out = [];
  const tags = [...document.querySelectorAll('[data-testid=change-tag]')]
    .filter((t) => Number(getComputedStyle(t).opacity) >= 0.25 && t.getClientRects().length);
  if (!tags.length) return out;
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    const skip = '.change-tags, script, style, [hidden], .sr-only';
    if (!n.textContent.trim() || !el || el.closest(skip)) continue;
    if (getComputedStyle(el).visibility === 'hidden') continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    for (const r of range.getClientRects()) if (r.width > 0 && r.height > 0) texts.push([n, r]);
  }
  for (const tag of tags) {
    const b = tag.getBoundingClientRect();
    for (const [n, r] of texts) {
      const wide = Math.min(b.right, r.right) - Math.max(b.left, r.left);
      const high = Math.min(b.bottom, r.bottom) - Math.max(b.top, r.top);
      if (wide > 2 && high > Math.max(3, r.height / 3)) {
        out.push(`"${tag.textContent}" covers "${n.textContent.trim().slice(0, 40)}"`);
        break;
      }
    }
  }
  return out;
}"""

STILL_TAGS = """() => document.querySelectorAll('[data-testid=change-tag]')
  .forEach((t) => { t.style.animation = 'none'; })"""
"""The change tags shown still, at their fullest, however long ago the view was drawn."""

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


WORD = re.compile(r"[A-Za-zÀ-ÿ'’-]{4,}")
OWN_NAMES = frozenset({"anne", "seedbed", "bohnanza", "stalk", "exchange", "fields", "green"})
"""Names that stay as they are in every language (the games' titles, the player's name)."""


@cache
def english_words(lang: str = "fr") -> frozenset[str]:
    """Words (4 letters or more, lower-cased) of the English msgids that no message of ``lang``
    uses: one of them on a page in ``lang`` is a short English text left ("Pick", "Harvest"),
    which :func:`english_fragments` (14 characters or more) does not see."""
    english: set[str] = set()
    for key in msgids(TRANSLATED_FILES):
        for text in [key] if isinstance(key, str) else key:
            english.update(w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", text)))
    used: set[str] = set()
    for text in messages(lang).values():
        used.update(w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", text)))
    return frozenset(english - used - OWN_NAMES)


def english_words_left(page: Any, lang: str = "fr") -> list[str]:
    """The English words the page shows (text, tooltips, labels), each with its line."""
    text = str(page.evaluate(TEXT_OF_PAGE))
    words = english_words(lang)
    return sorted(
        {
            f"{w}: {line.strip()[:80]}"
            for line in text.split("\n")
            for w in WORD.findall(line)
            if w.lower() in words
        }
    )


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


SETTLED = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def problems_at_both_sizes(
    page: Any,
    shot: Any,
    name: str,
    data: tuple[str, ...] = (),
    redraw: Callable[[], None] | None = None,
) -> list[str]:
    """The page looked at 1280×800 and 390×844 (the same page resized, as a window is: the
    layout is CSS only): a screenshot of each (``<name>-desktop``, ``<name>-phone``), and the
    English left, the texts and placeholders cut, the change tags out of place, covering each
    other or covering a text (issue 36 acceptance), each with where it was seen. ``redraw``
    draws the view again at each size (the replay's step: its change tags are placed for the
    size they are drawn at), and its tags are then looked at still; without it, the tags are
    looked at only at the size the page was drawn at. The page gets its size back."""
    found: list[str] = []
    before = page.viewport_size
    for size, box in SIZES.items():
        page.set_viewport_size(box)
        page.evaluate(SETTLED)
        if redraw is not None:
            redraw()
            page.evaluate(SETTLED)
            page.evaluate(STILL_TAGS)
        where = f"{name}-{size}"
        if redraw is not None or box == before:  # tags placed at another size are not read
            found += [f"{where}: change tag {x}" for x in change_tag_problems(page)]
            found += [f"{where}: change tag {x}" for x in page.evaluate(TAGS_COVER)]
        shot(page, where)
        found += [f"{where}: English {x!r}" for x in english_left(page, data=data)]
        found += [f"{where}: English word {x!r}" for x in english_words_left(page)]
        found += [f"{where}: {x}" for x in clipped(page)]
        found += [f"{where}: {x}" for x in page.evaluate(PLACEHOLDERS_CUT)]
    page.set_viewport_size(before)
    page.evaluate(SETTLED)
    return found


def ask_a_hint(page: Any) -> str:
    """Ask what the bot would do (the table allows hints) and return the reason shown."""
    page.locator("[data-testid=hint-button]").click()
    page.locator("[data-testid=hint-reason]").wait_for(timeout=30_000)
    return str(page.locator("[data-testid=hint-reason]").inner_text())


def send_chat(page: Any, line: str) -> None:
    """Say ``line`` in the table's chat and wait for it to show."""
    page.locator("[data-testid=chat-input]").fill(line)
    page.locator("[data-testid=chat-send]").click()
    page.locator("[data-testid=chat-line]", has_text=line).first.wait_for()


def replay_redraw(page: Any) -> None:
    """The replay's step drawn again at the window's size (a step back and forth)."""
    page.click("[data-testid=replay-prev]")
    page.click("[data-testid=replay-next]")
