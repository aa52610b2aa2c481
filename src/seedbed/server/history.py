"""A table's past moves as each viewer may see them (issue 17): what a connection receives
when it opens, before its first view, so a device that joins late (or reloads) shows the whole
game log.

Events are frozen as JSON text when they happen: the state they came from moves on (and may
change lists an event shares with it). A viewer's copy is made exactly as
:meth:`Event.for_viewer` makes it (the public part, and the private part only for the seats it
is for), so the history tells nobody more than the views did.

The history is compact (issue 37 item 5): every move's events are one JSON text appended to a
single buffer, found through an array of end offsets, its seat in an array of bytes. Two
``bytes`` objects per event cost about 6.6 KB a move (orjson's buffers and the allocator's
waste); this costs the text, about 0.3 KB a move, plus nine bytes.

>>> from seedbed.engine.api import Event
>>> history = History()
>>> history.add(1, [Event("draw", {"player": 1, "count": 2}, {"cards": ["x"]}, (1,))])
>>> [e["events"] for e in history.entries(0)], [e["events"] for e in history.entries(1)]
([[{'kind': 'draw', 'player': 1, 'count': 2}]], [[{'kind': 'draw', 'player': 1, 'count': 2, \
'cards': ['x']}]])
>>> history.nbytes > 0
True
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import orjson

from seedbed.engine.api import Event, JsonDict, PlayerId

HISTORY_PAGE = 200
"""Moves per history message: a long game arrives in a few messages of bounded size."""


def frozen(event: Event) -> list[Any]:
    """An event as stored: its public part with its kind, its private part (or None) and the
    seats that may read the private part."""
    public = {"kind": event.kind, **event.public}
    private = None if event.private is None else dict(event.private)
    return [public, private, list(event.private_to)]


def for_viewer(stored: list[Any], viewer: PlayerId | None) -> JsonDict:
    """What :meth:`Event.for_viewer` gives ``viewer`` (None = spectator) of a stored event."""
    public, private, private_to = stored
    out: JsonDict = public
    if private is not None and viewer is not None and viewer in private_to:
        out.update(private)
    return out


@dataclass
class History:
    """Every committed move of a table: who moved and its events, frozen; and the turn
    timer's notes (kept while the server runs: they are not part of the record)."""

    notes: dict[int, str] = field(default_factory=dict)
    note_parts: dict[int, list[JsonDict]] = field(default_factory=dict)
    """The notes as codes and parameters (protocol.NotePart), for the client's language."""
    _text: bytearray = field(default_factory=bytearray)
    _ends: array[int] = field(default_factory=lambda: array("Q"))
    _seats: array[int] = field(default_factory=lambda: array("h"))

    def add(self, seat: PlayerId, events: list[Event]) -> None:
        self._text += orjson.dumps([frozen(e) for e in events])
        self._ends.append(len(self._text))
        self._seats.append(seat)

    def pop(self) -> None:
        """Forget the last move (a person undid it, issue 38 item 11), and its note."""
        self.notes.pop(len(self._seats), None)
        self.note_parts.pop(len(self._seats), None)
        self._seats.pop()
        self._ends.pop()
        del self._text[self._ends[-1] if self._ends else 0 :]

    def note(self, version: int, text: str, parts: list[JsonDict] | None = None) -> None:
        self.notes[version] = text
        if parts:
            self.note_parts[version] = parts

    def __len__(self) -> int:
        return len(self._seats)

    @property
    def nbytes(self) -> int:
        """The memory the history holds (its buffers as allocated, and the notes, roughly)."""
        notes = sum(64 + len(t) for t in self.notes.values())
        return self._text.__sizeof__() + self._ends.__sizeof__() + self._seats.__sizeof__() + notes

    def events(self, index: int, viewer: PlayerId | None) -> list[JsonDict]:
        """The events of move ``index`` (0-based) as ``viewer`` may see them."""
        start = self._ends[index - 1] if index else 0
        stored = orjson.loads(memoryview(self._text)[start : self._ends[index]])
        return [for_viewer(e, viewer) for e in stored]

    def entries(self, viewer: PlayerId | None) -> Iterator[dict[str, Any]]:
        """The moves as ``viewer`` may see them, oldest first."""
        for index, seat in enumerate(self._seats):
            version = index + 1
            entry: dict[str, Any] = {
                "version": version,
                "seat": seat,
                "events": self.events(index, viewer),
            }
            if version in self.notes:
                entry["note"] = self.notes[version]
            if version in self.note_parts:
                entry["note_parts"] = self.note_parts[version]
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
