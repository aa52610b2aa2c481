"""The views of a finished game for the replay viewer (``GET /api/tables/{id}/replay``),
streamed, and a small cache of them bounded by bytes (issue 37 item 2).

The client cannot run the rules, so the replay views are built here by replaying the record:
after each move, ``observe(viewer)`` and the move's events as that viewer may see them. Only a
finished table has a replay (409 before): while the game runs, another seat's views would show
hidden cards, and the record's seed would show the deck.

A long game's replay is tens of megabytes (a 6,600-move 7-player Bohnanza: 61 MB); built whole
as objects and then as text it took about nine times that, and was kept for 32 (table, viewer)
pairs. It is written step by step instead, :data:`CHUNK_STEPS` steps at a time, so a request
holds one chunk and one replayed state whatever the game's length; only replays below a
quarter of the cache's budget are kept for a second visit.

>>> cache = ReplayCache(budget=8)
>>> b"".join(cache.stream(("t", None), iter([b"ab", b"c"]))), cache.get(("t", None))
(b'abc', None)
>>> b"".join(cache.stream(("t", None), iter([b"a", b"b"]))), cache.get(("t", None))
(b'ab', b'ab')
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator

from seedbed.engine.api import PlayerId
from seedbed.engine.record import Step, steps
from seedbed.server.display import display_for
from seedbed.server.protocol import Replay, ReplayMove, ReplayStep, SeatSummary
from seedbed.server.table import TableActor

CHUNK_STEPS = 64
"""Steps per piece of the streamed answer (about half a megabyte in a long Bohnanza)."""

Key = tuple[str, PlayerId | None]


class ReplayCache:
    """Whole replay texts by (table, viewer), the least recently used let go beyond
    ``budget`` bytes; a text above a quarter of the budget is never kept. Filled from the
    threads that write the replays, hence the lock."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.size = 0
        self._texts: OrderedDict[Key, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Key) -> bytes | None:
        with self._lock:
            text = self._texts.get(key)
            if text is not None:
                self._texts.move_to_end(key)
            return text

    def put(self, key: Key, text: bytes) -> None:
        if len(text) > self.budget // 4:
            return
        with self._lock:
            old = self._texts.pop(key, None)
            self.size += len(text) - (0 if old is None else len(old))
            self._texts[key] = text
            while self.size > self.budget:
                _, dropped = self._texts.popitem(last=False)
                self.size -= len(dropped)

    def stream(self, key: Key, chunks: Iterator[bytes]) -> Iterator[bytes]:
        """``chunks`` passed on; the whole text kept once sent, if it is small enough (an
        answer cut short by its client is not)."""
        kept: list[bytes] | None = []
        size = 0
        for chunk in chunks:
            size += len(chunk)
            if kept is not None and size <= self.budget // 4:
                kept.append(chunk)
            else:
                kept = None
            yield chunk
        if kept is not None:
            self.put(key, b"".join(kept))


def replay_chunks(
    actor: TableActor, seats: list[SeatSummary], viewer: PlayerId | None
) -> Iterator[bytes]:
    """The JSON text of :class:`~seedbed.server.protocol.Replay` for ``viewer`` (None =
    spectator) through the finished game of ``actor``, in pieces of :data:`CHUNK_STEPS`
    steps; each step is written by pydantic's serialiser, as the whole answer was."""
    head, tail = _around_steps(actor, seats, viewer)
    chunk = [head]
    for index, text in enumerate(step_texts(actor, viewer)):
        chunk.append(b"," + text if index else text)
        if len(chunk) > CHUNK_STEPS:
            yield b"".join(chunk)
            chunk = []
    chunk.append(tail)
    yield b"".join(chunk)


def _around_steps(
    actor: TableActor, seats: list[SeatSummary], viewer: PlayerId | None
) -> tuple[bytes, bytes]:
    """The replay's text before its steps (ending in ``"steps":[``) and after them."""
    empty = Replay(
        table_id=actor.id,
        game=actor.table.game,
        num_players=actor.table.num_players,
        viewer=viewer,
        seats=seats,
        outcome=actor.state.outcome().to_json(),
        steps=[],
    )
    text = empty.model_dump_json().encode()
    cut = text.rindex(b'"steps":[]') + len(b'"steps":[')
    return text[:cut], text[cut:]


def step_texts(actor: TableActor, viewer: PlayerId | None) -> Iterator[bytes]:
    """Each step's JSON text: the table's record replayed on a fresh deal, observed after
    each step."""
    for step in steps(actor.record()):
        yield _step_view(step, viewer).model_dump_json().encode()


def _step_view(step: Step, viewer: PlayerId | None) -> ReplayStep:
    """What ``viewer`` saw at this step (read before the replay moves on: the state is live)."""
    state = step.state
    move = step.move
    view = state.observe(viewer)
    return ReplayStep(
        version=step.version,
        move=None if move is None else ReplayMove(seat=move.player, action=move.action_json),
        view=view,
        display=display_for(state.game_name, view, viewer),
        events=[e.for_viewer(viewer) for e in step.events],
        to_move=[] if state.is_terminal() else list(state.to_move()),
    )
