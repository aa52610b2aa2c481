"""Table summaries without bulky options (issue 37, item 6): a custom card set is an option
of up to 1.29 MB, and the lobby lists 50 tables every 5 s. A summary keeps every option whose
JSON is at most :data:`OPTION_INLINE_BYTES`, names the others (``options_elided``), and gives
the SHA-256 of the whole options and where to read them (``GET /api/tables/{id}/options``).

Options never change once a table exists, so a table's brief is worked out once and kept
(:class:`Briefs`, least recently used beyond its size): a list does not digest, nor read from
storage, the same megabytes again at every poll.

>>> brief = brief_of({"edition": "classic", "cards": {"names": ["x" * 2000]}})
>>> brief.options, brief.elided, len(brief.sha256)
({'edition': 'classic'}, ('cards',), 64)
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import orjson

OPTION_INLINE_BYTES = 1024
"""An option whose JSON is longer than this is left out of summaries (read it at
``options_url``)."""
BRIEFS_KEPT = 4096
"""Briefs kept in memory, one per table (a few hundred bytes each)."""


@dataclass(frozen=True)
class OptionsBrief:
    """What a summary shows of a table's options."""

    options: dict[str, Any]
    """The options of at most OPTION_INLINE_BYTES of JSON each."""
    elided: tuple[str, ...]
    """The names of the others, in the options' order."""
    sha256: str
    """Of the whole options as compact JSON with sorted keys (UTF-8)."""


def canonical(options: dict[str, Any]) -> bytes:
    """The options as compact JSON with sorted keys: what ``options_sha256`` digests."""
    return orjson.dumps(options, option=orjson.OPT_SORT_KEYS)


def brief_of(options: dict[str, Any]) -> OptionsBrief:
    """The brief of a table's whole options."""
    kept, elided = {}, []
    for name, value in options.items():
        if len(orjson.dumps(value)) > OPTION_INLINE_BYTES:
            elided.append(name)
        else:
            kept[name] = value
    return OptionsBrief(kept, tuple(elided), hashlib.sha256(canonical(options)).hexdigest())


def options_url(table_id: str) -> str:
    return f"/api/tables/{table_id}/options"


class Briefs:
    """The briefs of the tables summarised lately, by table id."""

    def __init__(self, size: int = BRIEFS_KEPT) -> None:
        self.size = size
        self._kept: OrderedDict[str, OptionsBrief] = OrderedDict()

    def get(self, table_id: str) -> OptionsBrief | None:
        found = self._kept.get(table_id)
        if found is not None:
            self._kept.move_to_end(table_id)
        return found

    def of(self, table_id: str, options: dict[str, Any]) -> OptionsBrief:
        """The table's brief, worked out from its whole ``options`` the first time."""
        found = self.get(table_id)
        if found is None:
            found = self._kept[table_id] = brief_of(options)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return found
