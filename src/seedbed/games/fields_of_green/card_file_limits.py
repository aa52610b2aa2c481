"""The shape limits of a card-set file's text, checked before ``tomllib`` or ``json`` see it
(issue 12, defects 1 and 2; listed in docs/card-sets.md).

The decoders are not safe on hostile text: ``tomllib`` spends time and memory growing with the
square of a dotted key's parts (100 KB of ``a.a.a…`` took over 14 GB), both decoders recurse
once per nested table or list (RecursionError), Python refuses integers of more than 4,300
digits (ValueError), and ``tomllib`` costs tens of microseconds per key, list item or table. So
a scanner reads the text first, skipping strings and comments the way the decoders do, and
refuses a file that passes a limit. Every check is a regular expression or a count run by C
code, or a loop that stops at a limit, so it costs time linear in the text and memory of a copy
of it. Each limit is far above what the shipped set needs (in brackets).

>>> check_card_text('a.b = [1, {c = "[[["}]  # ]]]', "f.toml", "toml")
>>> try:
...     check_card_text("a = " + "[" * 40, "f.toml", "toml")
... except CardDataError as error:
...     print(error)
f.toml:1: tables/lists nested deeper than the limit of 32
"""

from __future__ import annotations

import re
from itertools import islice
from typing import NoReturn

from seedbed.games.fields_of_green.card_limits import MAX_STRING_CHARS
from seedbed.games.fields_of_green.cards import CardDataError

MAX_FILE_BYTES = 1024 * 1024
"""A card file holds at most 1 MiB of UTF-8 text (the shipped set: 21 KB). The server's
``MAX_CARD_FILE_BYTES`` is the same bound, checked on the request before this one."""
MAX_LINES = 50_000
"""Lines of the file: the decoder and the search for an error's line cost time per line
(shipped set: 764; as indented JSON: 1,964)."""
MAX_NESTING = 32
"""Tables and lists (``[``, ``{``) open inside each other at once (shipped set: 6; 10 as JSON)."""
MAX_TABLES_AND_LISTS = 20_000
"""``[`` and ``{`` in the whole file; a TOML ``[[header]]`` counts two (shipped set: 443;
458 as JSON)."""
MAX_ENTRIES = 50_000
"""Keys and list items, counted by their ``=``, ``:`` and ``,`` (shipped set: 1,090; 2,468 as
JSON)."""
MAX_KEY_PARTS = 8
"""Parts of one dotted TOML key or table header, ``a.b.c`` being 3 (shipped set: 2)."""
MAX_DOTS = 4_000
"""Dots outside strings and comments in the whole file: the dotted keys' and headers' joins
(and decimal points). ``tomllib`` keeps a record of about 1 KB per part of each dotted header
and collects garbage over all of them: 20,000 ``[kN.a.b.c.d.e.f.g]`` headers took 3-6 s and
over 120 MB (issue 37 item 9). Shipped set: 111; a set of the most designs written the same
way, about 1,800."""
MAX_HEADERS = 4_000
"""TOML lines beginning with ``[`` outside strings: table headers (``[[locations]]``), each
of which ``tomllib`` keeps a record of (about 1 KB each; shipped set: 62, one per design;
``MAX_CARDS`` designs take 1,000)."""
MAX_WORD_CHARS = 64
"""Characters of a bare word: a TOML bare key, ``true``, ``null``… (shipped set: 14)."""
MAX_NUMBER_CHARS = 20
"""Characters of a number, a bare word starting with a digit or sign: any 64-bit integer fits,
and the decoder converts it in constant time (shipped set: 2)."""
MAX_STRING_TEXT_CHARS = 10 * MAX_STRING_CHARS + 6
"""Characters of one string as written (10,006), quotes and escapes included. A value may hold
``MAX_STRING_CHARS`` (1,000) characters, an escape writes one in at most 10 (a ``\\U`` escape)
and the quotes take at most 6, so a longer string could never be accepted; the decoders are
not given it. Whitespace a TOML line-ending backslash skips counts too (shipped set: 130)."""

# Strings are matched in the unrolled form "[^"\\]*(?:\\.[^"\\]*)*+": a run of plain characters
# is read by one character class, not one alternative per character (slow), and the possessive
# *+ keeps no backtrack mark per escape (1 MiB of escapes would otherwise take 90 MB). Once its
# opening quote matched, each pattern always matches (at the latest at its line's or the
# text's end), so skipping never backtracks.
_TOML_SKIPPED = re.compile(
    r'"""[^"\\]*(?:(?:\\[\s\S]?|"(?!""))[^"\\]*)*+(?:"""(?:""?)?|\Z)'  # multi-line basic
    r"|'''[^']*(?:'(?!'')[^']*)*+(?:'''(?:''?)?|\Z)"  # multi-line literal
    r'|"[^"\\\n]*(?:\\[^\n]?[^"\\\n]*)*+(?:"|(?=\n)|\Z)'  # basic, within its line
    r"|'[^'\n]*(?:'|(?=\n)|\Z)"  # literal, within its line
    r"|#[^\n]*"  # comment
)
_JSON_SKIPPED = re.compile(r'"[^"\\\n]*(?:\\[^\n]?[^"\\\n]*)*+(?:"|(?=\n)|\Z)')

_WORD = r"A-Za-z0-9_+\-"  # what bare keys, numbers, true, false, null and dates are made of
_BRACKET = re.compile(r"[\[\]{}]")
_ENTRY = re.compile(r"[=:,]")
_DOT = re.compile(r"\.")
_HEADER = re.compile(r"^[ \t]*\[", re.MULTILINE)
# More than MAX_KEY_PARTS - 1 dots with nothing between them that ends a key (=, :, ",", a
# bracket, a newline); a try starts at a dot (searched for fast, as a literal) and looks at
# most MAX_KEY_PARTS dots ahead.
_DOTTED = re.compile(rf"\.(?:[^.\n=:,\[\]{{}}]*\.){{{MAX_KEY_PARTS - 1}}}")
_LONG_RUN = re.compile(rf"[{_WORD}]{{{MAX_NUMBER_CHARS + 1}}}")
# Tries start only where a word starts, so a long run is read once.
_NUMBER = re.compile(rf"(?<![{_WORD}])[0-9+\-][{_WORD}]{{{MAX_NUMBER_CHARS}}}")
_LONG_WORD = re.compile(rf"(?<![{_WORD}])[{_WORD}]{{{MAX_WORD_CHARS + 1}}}")


def check_card_text(text: str, source: str, fmt: str) -> None:
    """Refuse ``text`` with a ``CardDataError`` naming the first limit it passes and its line."""
    if len(text) > MAX_FILE_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise CardDataError(f"longer than the limit of {MAX_FILE_BYTES} bytes", source=source)
    if text.count("\n") >= MAX_LINES:
        what = f"more lines than the limit of {MAX_LINES}"
        raise CardDataError(what, source=source, line=MAX_LINES + 1)
    bare = _without_strings(text, source, _TOML_SKIPPED if fmt == "toml" else _JSON_SKIPPED)
    _check_brackets(bare, source)
    found = _DOTTED.search(bare)
    if found is not None:
        what = f"a dotted key of more parts than the limit of {MAX_KEY_PARTS}"
        _refuse(bare, found.start(), source, what)
    _check_dots_and_headers(bare, source, fmt)
    _check_words(bare, source)
    past = next(islice(_ENTRY.finditer(bare), MAX_ENTRIES, None), None)
    if past is not None:
        what = f"more keys and list items than the limit of {MAX_ENTRIES}"
        _refuse(bare, past.start(), source, what)


def _without_strings(text: str, source: str, skipped: re.Pattern[str]) -> str:
    """``text`` with each string replaced by ``s`` (one word character, so a quoted part of a
    dotted key still counts as a part) and each comment removed, keeping their newlines so
    every line stays where it was. A string longer than ``MAX_STRING_TEXT_CHARS`` is refused."""

    def blank(found: re.Match[str]) -> str:
        written = found.group()
        if len(written) > MAX_STRING_TEXT_CHARS and written[0] != "#":
            what = f"a string written in more than the limit of {MAX_STRING_TEXT_CHARS} characters"
            _refuse(text, found.start(), source, what)
        newlines = "\n" * written.count("\n")
        return newlines if written[0] == "#" else "s" + newlines

    return skipped.sub(blank, text)


def _check_brackets(bare: str, source: str) -> None:
    """Nesting depth and the count of tables and lists, in one pass that stops at a limit."""
    depth = opened = 0
    for bracket in _BRACKET.finditer(bare):
        if bracket.group() in "[{":
            depth, opened = depth + 1, opened + 1
            if depth > MAX_NESTING:
                what = f"tables/lists nested deeper than the limit of {MAX_NESTING}"
                _refuse(bare, bracket.start(), source, what)
            if opened > MAX_TABLES_AND_LISTS:
                what = f"more tables/lists than the limit of {MAX_TABLES_AND_LISTS}"
                _refuse(bare, bracket.start(), source, what)
        elif depth == 0:
            return  # a closing bracket with nothing open: the decoder stops here, refusing it
        else:
            depth -= 1


def _check_dots_and_headers(bare: str, source: str, fmt: str) -> None:
    """The dots and TOML table headers of the whole file (issue 37 item 9)."""
    past = next(islice(_DOT.finditer(bare), MAX_DOTS, None), None)
    if past is not None:
        _refuse(bare, past.start(), source, f"more dots in keys than the limit of {MAX_DOTS}")
    past = None if fmt != "toml" else next(islice(_HEADER.finditer(bare), MAX_HEADERS, None), None)
    if past is not None:
        what = f"more table headers than the limit of {MAX_HEADERS}"
        _refuse(bare, past.start(), source, what)


def _check_words(bare: str, source: str) -> None:
    """Numbers and bare words; most files have no run long enough to be looked at twice."""
    if _LONG_RUN.search(bare) is None:
        return
    for pattern, what in (
        (_NUMBER, f"a number longer than the limit of {MAX_NUMBER_CHARS} characters"),
        (_LONG_WORD, f"a bare word longer than the limit of {MAX_WORD_CHARS} characters"),
    ):
        found = pattern.search(bare)
        if found is not None:
            _refuse(bare, found.start(), source, what)


def _refuse(text: str, at: int, source: str, what: str) -> NoReturn:
    """Raise ``what`` at the line of position ``at`` of ``text`` (or of its bare copy)."""
    raise CardDataError(what, source=source, line=text.count("\n", 0, at) + 1)
