"""Fields of Green card-set files (F-80, F-89): decoding TOML or JSON text and telling where
it is wrong. Pure: the text comes from ``seedbed.data_files``, which reads files for every game
that declares data options (this game's ``spec.py``).

The validator (:func:`seedbed.games.fields_of_green.cards.parse_card_set`) knows the field
path of a mistake but not its line: ``tomllib`` and ``json`` keep no positions for values. This
module validates the text and on an error finds the line (exactly for JSON, by the
``[[locations]]`` headers and key names for TOML) so messages read like
``mycards.toml:57: locations[12] (id "old_barn").ability.effects[0].gain: expected one of …``.
Loading is all or nothing: a ``CardSet`` comes back complete, or ``CardDataError`` is raised.
Files may come from strangers (the server reads uploads), so before a decoder sees the text its
shape is checked against the limits of :mod:`~seedbed.games.fields_of_green.card_file_limits`
(docs/card-sets.md).

>>> try:
...     parse_card_text("a = 1", "f.toml")
... except CardDataError as error:
...     print(str(error)[:30])
f.toml:1: a: unknown key 'a' (
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Mapping
from typing import Any

from seedbed.games.fields_of_green.card_file_limits import check_card_text
from seedbed.games.fields_of_green.cards import CardDataError, CardSet, FieldPath, parse_card_set

FORMATS = {".toml": "toml", ".json": "json"}
"""File name endings of card files and the format each holds."""


def parse_card_text(text: str, source: str = "<cards>", fmt: str = "toml") -> CardSet:
    """Validate the text of a card file; errors name ``source`` and the line."""
    obj = _decode(text, source, fmt)
    return _validate(obj, text, source, fmt)


def parse_card_data(text: str, source: str = "<cards>", fmt: str = "toml") -> dict[str, Any]:
    """The card-data object of a file's text, validated: what the ``cards`` option takes."""
    obj = _decode(text, source, fmt)
    _validate(obj, text, source, fmt)
    return obj


def _decode(text: str, source: str, fmt: str) -> dict[str, Any]:
    """Parse TOML or JSON text; a syntax error is reported with its line. The text's shape is
    checked first, so the decoder only sees what it reads in bounded time and memory."""
    if fmt not in ("toml", "json"):
        raise ValueError(f"unknown card file format {fmt!r} (use 'toml' or 'json')")
    check_card_text(text, source, fmt)
    if fmt == "json":
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as error:
            what, line = f"JSON syntax error: {error.msg}", error.lineno
            raise CardDataError(what, source=source, line=line) from None
        if not isinstance(obj, dict):
            raise CardDataError("the file must hold one object", source=source, line=1)
        return obj
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        found = re.search(r"\(at line (\d+), column \d+\)", message)
        line = int(found.group(1)) if found else text.count("\n") + 1
        what = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", message)
        raise CardDataError(f"TOML syntax error: {what}", source=source, line=line) from None


def _validate(obj: dict[str, Any], text: str, source: str, fmt: str) -> CardSet:
    try:
        return parse_card_set(obj, source)
    except CardDataError as error:
        line = 1  # the error is about the whole set
        if error.path and fmt == "json":
            line = _json_line(text, error.path)
        elif error.path:
            line = _toml_line(text, error.path, obj)
        raise error.located(source, line) from None


# ---------------------------------------------------------------- JSON: exact lines

# strings in the unrolled, possessive form: one character class per run of plain characters
# and no backtrack mark kept per escape (fast, and no memory per character)
_JSON_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*+"|[{}\[\]:,]|[^\s{}\[\]:,"]+')


def _json_line(text: str, path: FieldPath) -> int:
    """The line of the deepest part of ``path`` present in (valid) JSON ``text``."""
    tokens = [(m.group(), m.start()) for m in _JSON_TOKEN.finditer(text)]

    def line_at(token: int) -> int:
        return text.count("\n", 0, tokens[token][1]) + 1

    here, line = 0, 1
    for key in path:
        found = _json_child(tokens, here, key)
        if found is None:
            break
        at_key, here = found
        line = line_at(at_key)
    return line


def _json_child(tokens: list[tuple[str, int]], here: int, key: str | int) -> tuple[int, int] | None:
    """(token of the key or element, token of its value) inside the value at ``here``."""
    opener = "{" if isinstance(key, str) else "["
    if here >= len(tokens) or tokens[here][0] != opener:
        return None
    i, index = here + 1, 0
    while i < len(tokens) and tokens[i][0] not in "}]":
        value = i + 2 if opener == "{" else i
        if (opener == "{" and json.loads(tokens[i][0]) == key) or index == key:
            return i, value
        i, index = _json_skip(tokens, value), index + 1
        if i < len(tokens) and tokens[i][0] == ",":
            i += 1
    return None


def _json_skip(tokens: list[tuple[str, int]], i: int) -> int:
    """The token after the value starting at ``i``."""
    depth = 0
    while True:
        token = tokens[i][0]
        if token in ("{", "["):
            depth += 1
        elif token in ("}", "]"):
            depth -= 1
        i += 1
        if depth == 0:
            return i


# ---------------------------------------------------------------- TOML: best-effort lines

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*+"|\'[^\']*\'')
_KEY_AFTER = re.compile(r"\s*[=:]")
_ENTRY = re.compile(r"\s*\[\[\s*(locations|equipment)\s*\]\]")


def _toml_line(text: str, path: FieldPath, obj: Mapping[str, Any]) -> int:
    """Best effort: the entry's ``[[section]]`` header (or its ``id = "…"`` line), then the
    first line after it naming each key of the path in turn."""
    raw = text.splitlines()
    lines = [_STRING.sub(_mask, line) for line in raw]
    start, end, keys = 0, len(lines), list(path)
    if len(keys) >= 2 and isinstance(keys[0], str) and isinstance(keys[1], int):
        span = _toml_entry(lines, raw, keys[0], keys[1], obj)
        if span is not None:
            (start, end), keys = span, keys[2:]
    line, skip = start, 0
    for key in keys:
        if isinstance(key, int):
            skip = key
            continue
        found = _find_key(lines, key, line, end, skip)
        if found is None:
            break
        line, skip = found, 0
    return line + 1


def _mask(match: re.Match[str]) -> str:
    """Blank string values (their words are not keys); keep quoted keys."""
    is_key = _KEY_AFTER.match(match.string, match.end()) is not None  # no copy of the rest
    return match.group() if is_key else '""'


def _toml_entry(
    lines: list[str], raw: list[str], section: str, index: int, obj: Mapping[str, Any]
) -> tuple[int, int] | None:
    headers = [(i, m.group(1)) for i, line in enumerate(lines) if (m := _ENTRY.match(line))]
    own = [i for i, name in headers if name == section]
    if index < len(own):
        after = [i for i, _ in headers if i > own[index]]
        return own[index], after[0] if after else len(lines)
    found = obj.get(section)
    entries = found if isinstance(found, list) else []
    entry = entries[index] if index < len(entries) else None
    entry_id = entry.get("id") if isinstance(entry, Mapping) else None
    if not isinstance(entry_id, str):
        return None
    same = re.compile(r"""\bid\s*=\s*["']""" + re.escape(entry_id) + r"""["']""")
    hits = [i for i, line in enumerate(raw) if same.search(line)]
    earlier = sum(isinstance(e, Mapping) and e.get("id") == entry_id for e in entries[:index])
    return (hits[earlier], hits[earlier] + 1) if earlier < len(hits) else None


def _find_key(lines: list[str], key: str, start: int, end: int, skip: int) -> int | None:
    """The line of the ``skip``-th occurrence (from 0) of ``key`` used as a key."""
    pattern = re.compile(r"(?:^|[\s{,.\[])[\"']?" + re.escape(key) + r"[\"']?\s*[=:.\]]")
    for i in range(start, end):
        skip -= len(pattern.findall(lines[i]))
        if skip < 0:
            return i
    return None
