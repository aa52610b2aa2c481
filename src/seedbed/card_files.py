"""Fields of Green card-set files (F-80, F-89): reading TOML or JSON and telling where it is wrong.

The pure validator (:func:`seedbed.games.fields_of_green.cards.parse_card_set`) knows the field
path of a mistake but not its line: ``tomllib`` and ``json`` keep no positions for values. This
layer reads the file, validates it, and on an error finds the line (exactly for JSON, by the
``[[locations]]`` headers and key names for TOML) so messages read like
``mycards.toml:57: locations[12] (id "old_barn").ability.effects[0].gain: expected one of …``.
Loading is all or nothing: a ``CardSet`` comes back complete, or ``CardDataError`` is raised.
Files may come from strangers (the server reads uploads), so before a decoder sees the text its
shape is checked against the limits of :mod:`seedbed.card_file_limits` (docs/card-sets.md).

>>> original_card_set().name
'original'
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources
from os import PathLike
from pathlib import Path
from typing import Any

from seedbed.card_file_limits import MAX_FILE_BYTES, check_card_text
from seedbed.games.fields_of_green.cards import CardDataError, CardSet, FieldPath, parse_card_set
from seedbed.games.fields_of_green.game import FieldsOfGreen

__all__ = [
    "GAME",
    "CardDataError",
    "load_card_data",
    "load_card_set",
    "original_card_set",
    "parse_card_text",
]

ORIGINAL = "original.toml"
FORMATS = {".toml": "toml", ".json": "json"}


def load_card_set(path: str | PathLike[str]) -> CardSet:
    """Read and validate a card-set file (``.toml`` or ``.json``)."""
    return _load(path)[1]


def load_card_data(path: str | PathLike[str]) -> dict[str, Any]:
    """The card-data object of a file, validated: what the ``cards`` option takes (F-89)."""
    return _load(path)[0]


@cache
def original_card_set() -> CardSet:
    """The set shipped with seedbed (F-90), read once from the package data."""
    data = resources.files("seedbed.games.fields_of_green") / "data" / ORIGINAL
    return parse_card_text(data.read_text(encoding="utf-8"), f"fields_of_green/data/{ORIGINAL}")


def parse_card_text(text: str, source: str = "<cards>", fmt: str = "toml") -> CardSet:
    """Validate the text of a card file; errors name ``source`` and the line."""
    obj = _decode(text, source, fmt)
    return _validate(obj, text, source, fmt)


def _load(path: str | PathLike[str]) -> tuple[dict[str, Any], CardSet]:
    file, source = Path(path), str(path)
    fmt = FORMATS.get(file.suffix.lower())
    if fmt is None:
        raise CardDataError("a card file must end in .toml or .json", source=source)
    text = _read(file, source)
    obj = _decode(text, source, fmt)
    return obj, _validate(obj, text, source, fmt)


def _read(file: Path, source: str) -> str:
    """The file's text, reading at most one byte past the size limit (a huge or endless file,
    such as a device, is refused without filling memory)."""
    try:
        with file.open("rb") as stream:
            raw = stream.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            raise CardDataError(f"longer than the limit of {MAX_FILE_BYTES} bytes", source=source)
        return raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise CardDataError(f"cannot read the file: {reason}", source=source) from None


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


GAME = FieldsOfGreen(original=original_card_set)
"""Fields of Green with the shipped original set as the default ``cards`` (F-89): the game
``seedbed.game("fields_of_green")`` serves. It is built here, outside the pure core, because
reading the set's file is I/O."""
