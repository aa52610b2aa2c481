"""Bounds on the values of Fields of Green card data (issue 12, defects 1 and 2; listed in
docs/card-sets.md), checked before the validator reads the object.

Card data comes from files and, as the ``cards`` option, from any client of the server (F-89).
What the validator and the game do with it costs time and memory growing with its size: the
validator recurses once per nested table, error messages print values (Python refuses to print
an integer of more than 4,300 digits), and a table builds a pile of every design's ``copies``.
So :func:`check_card_values` walks the object first, without recursion, and refuses the first
value past a limit. Each limit is far above what the shipped set needs (in brackets); the
``copies`` limits are checked by the validator, which knows where ``copies`` are.

>>> try:
...     check_card_values({"format": "x", "name": "n" * 2000}, "f.json")
... except CardDataError as error:
...     print(error)
f.json: name: a string longer than the limit of 1000 characters
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, NoReturn

from seedbed.games.fields_of_green.cards import CardDataError, FieldPath

MAX_DEPTH = 32
"""Tables and lists inside each other, the whole set being the first (shipped set: 10)."""
MAX_VALUES = 50_000
"""Values in the whole set: tables, lists, strings, numbers… (shipped set: 1,538)."""
MAX_LIST_ITEMS = 1_000
"""Items of one list, keys of one table (shipped set: 44, the field designs)."""
MAX_STRING_CHARS = 1_000
"""Characters of one string: a name, a text… (shipped set: 128)."""
MAX_KEY_CHARS = 64
"""Characters of one key (shipped set: 14)."""
MAX_INTEGER = 1_000_000
"""The largest integer, either way from zero (shipped set: 9)."""
MAX_COPIES = 100
"""``copies`` of one design (shipped set: 3)."""
MAX_CARDS = 1_000
"""Location cards and equipment tiles of the set together, every ``copies`` summed (shipped
set: 162). A table builds its piles from them, taking time and memory per card."""

_ENTRY_ID = re.compile(r"[a-z0-9_]{1,64}")  # an id of F-81 (card_schema), short enough to print


def check_card_values(obj: Any, source: str = "<cards>") -> None:
    """Refuse ``obj`` with a ``CardDataError`` naming the first value past a limit."""
    stack: list[tuple[Any, FieldPath]] = [(obj, ())]
    seen = 0
    while stack:
        value, path = stack.pop()
        seen += 1
        what = _problem(value, len(path) + 1)
        if seen > MAX_VALUES:
            what = f"more values than the limit of {MAX_VALUES}"
        if what is not None:
            _refuse(obj, path, source, what)
        stack.extend(reversed(_children(value, path)))


def _problem(value: Any, depth: int) -> str | None:
    """What is wrong with ``value`` itself (not its items), at ``depth`` (the set is 1)."""
    if isinstance(value, str) and len(value) > MAX_STRING_CHARS:
        return f"a string longer than the limit of {MAX_STRING_CHARS} characters"
    if isinstance(value, int) and not -MAX_INTEGER <= value <= MAX_INTEGER:
        return f"an integer outside the limit of ±{MAX_INTEGER}"
    if not isinstance(value, Mapping | list | tuple):
        return None
    if depth > MAX_DEPTH:
        return f"tables/lists nested deeper than the limit of {MAX_DEPTH}"
    if len(value) > MAX_LIST_ITEMS:
        kind = "a table of more keys" if isinstance(value, Mapping) else "a list of more items"
        return f"{kind} than the limit of {MAX_LIST_ITEMS}"
    if isinstance(value, Mapping) and any(
        isinstance(key, str) and len(key) > MAX_KEY_CHARS for key in value
    ):
        return f"a key longer than the limit of {MAX_KEY_CHARS} characters"
    return None


def _children(value: Any, path: FieldPath) -> list[tuple[Any, FieldPath]]:
    if isinstance(value, Mapping):
        return [(item, (*path, key)) for key, item in value.items()]
    if isinstance(value, list | tuple):
        return [(item, (*path, index)) for index, item in enumerate(value)]
    return []


def _refuse(obj: Any, path: FieldPath, source: str, what: str) -> NoReturn:
    raise CardDataError(what, source=source, path=path, entry_id=_entry_id(obj, path))


def _entry_id(obj: Any, path: FieldPath) -> str | None:
    """The id of the design ``path`` is in (``locations[3]``), for the message, if it has one."""
    if len(path) < 2 or not isinstance(obj, Mapping) or not isinstance(path[1], int):
        return None
    section = obj.get(path[0])
    entry = section[path[1]] if isinstance(section, list | tuple) else None
    found = entry.get("id") if isinstance(entry, Mapping) else None
    return found if isinstance(found, str) and _ENTRY_ID.fullmatch(found) else None
