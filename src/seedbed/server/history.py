"""A table's past moves as each viewer may see them (issue 17): what a connection receives
when it opens, before its first view, so a device that joins late (or reloads) shows the whole
game log.

Events are frozen as JSON text when they happen: the state they came from moves on (and may
change lists an event shares with it). A viewer's copy is made exactly as
:meth:`Event.for_viewer` makes it (the public part, and the private part only for the seats it
is for), so the history tells nobody more than the views did.

>>> from seedbed.engine.api import Event
>>> told = Told.of(Event("draw", {"player": 1, "count": 2}, {"cards": ["x"]}, (1,)))
>>> told.for_viewer(0), told.for_viewer(1), told.for_viewer(None)
({'kind': 'draw', 'player': 1, 'count': 2}, {'kind': 'draw', 'player': 1, 'count': 2, \
'cards': ['x']}, {'kind': 'draw', 'player': 1, 'count': 2})
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import orjson

from seedbed.engine.api import Event, JsonDict, PlayerId

HISTORY_PAGE = 200
"""Moves per history message: a long game arrives in a few messages of bounded size."""


@dataclass(frozen=True, slots=True)
class Told:
    """One event as JSON text: its public part (with its kind), its private part and the
    seats that may read the private part."""

    public: bytes
    private: bytes | None
    private_to: tuple[PlayerId, ...]

    @classmethod
    def of(cls, event: Event) -> Told:
        public = orjson.dumps({"kind": event.kind, **event.public})
        private = None if event.private is None else orjson.dumps(dict(event.private))
        return cls(public, private, tuple(event.private_to))

    def for_viewer(self, viewer: PlayerId | None) -> JsonDict:
        """What :meth:`Event.for_viewer` gives ``viewer`` (None = spectator)."""
        out: JsonDict = orjson.loads(self.public)
        if self.private is not None and viewer is not None and viewer in self.private_to:
            out.update(orjson.loads(self.private))
        return out


@dataclass
class History:
    """Every committed move of a table: who moved and its events, frozen; and the turn
    timer's notes (kept while the server runs: they are not part of the record)."""

    moves: list[tuple[PlayerId, tuple[Told, ...]]] = field(default_factory=list)
    notes: dict[int, str] = field(default_factory=dict)

    def add(self, seat: PlayerId, events: list[Event]) -> None:
        self.moves.append((seat, tuple(Told.of(e) for e in events)))

    def note(self, version: int, text: str) -> None:
        self.notes[version] = text

    def entries(self, viewer: PlayerId | None) -> Iterator[dict[str, Any]]:
        """The moves as ``viewer`` may see them, oldest first."""
        for index, (seat, told) in enumerate(self.moves):
            version = index + 1
            entry: dict[str, Any] = {
                "version": version,
                "seat": seat,
                "events": [t.for_viewer(viewer) for t in told],
            }
            if version in self.notes:
                entry["note"] = self.notes[version]
            yield entry

    def pages(self, viewer: PlayerId | None, size: int = HISTORY_PAGE) -> list[str]:
        """The history messages (JSON texts) for ``viewer``: at least one (an empty history
        is one empty last page)."""
        entries = list(self.entries(viewer))
        chunks = [entries[i : i + size] for i in range(0, len(entries), size)] or [[]]
        return [
            orjson.dumps(
                {"type": "history", "entries": chunk, "last_page": i == len(chunks) - 1}
            ).decode()
            for i, chunk in enumerate(chunks)
        ]
