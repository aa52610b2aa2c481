"""Fair shares of the bot pool's workers (issue 37 item 3): which waiting move gets the next
idle worker.

One client address once filled the pool with 20 tables of searching bots, and a greedy bot at
another table waited 134 s behind them in the pool's first-come queue. Now each move waits
under its owner (the client address that created its table) and its table, and an idle
worker goes to the next owner in turn (round robin), within that owner to its next table in
turn, within that table to its oldest move. An owner never holds more than ``per_owner``
workers at once and a table never more than ``per_table``, even while others are idle: what
one address does cannot take the whole pool, so another address's bots find a worker free.

>>> async def demo() -> list[str]:
...     share = FairShare(slots=2, per_owner=1, per_table=1)
...     first = await share.acquire("a", "t1")
...     order: list[str] = []
...     async def wait(owner: str, table: str) -> None:
...         slot = await share.acquire(owner, table)
...         order.append(f"{owner}/{table}")
...         share.release(slot, owner, table)
...     waiting = [asyncio.create_task(wait(*w)) for w in (("a", "t2"), ("b", "t3"))]
...     await asyncio.sleep(0)
...     share.release(first, "a", "t1")
...     await asyncio.gather(*waiting)
...     return order
>>> asyncio.run(demo())  # b is served at once: a already held its one worker
['b/t3', 'a/t2']
"""

from __future__ import annotations

import asyncio
from collections import Counter, OrderedDict, deque


class FairShare:
    """Hands out ``slots`` workers (numbered from 0) to waiting moves, fairly (module doc)."""

    def __init__(self, slots: int, per_owner: int, per_table: int) -> None:
        self.per_owner = max(1, per_owner)
        self.per_table = max(1, per_table)
        self._idle: deque[int] = deque(range(slots))
        self._waiting: OrderedDict[str, OrderedDict[str, deque[asyncio.Future[int]]]] = (
            OrderedDict()
        )
        self._owners: Counter[str] = Counter()
        self._tables: Counter[str] = Counter()

    @property
    def waiting(self) -> int:
        """Moves waiting for a worker."""
        return sum(len(q) for tables in self._waiting.values() for q in tables.values())

    async def acquire(self, owner: str, table: str) -> int:
        """A worker's slot for a move of ``table``, created by ``owner``; give it back with
        :meth:`release`. Cancelling the wait gives back a slot already handed over."""
        ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        queue = self._waiting.setdefault(owner, OrderedDict()).setdefault(table, deque())
        queue.append(ready)
        self._dispatch()
        try:
            return await ready
        except asyncio.CancelledError:
            if ready.done() and not ready.cancelled():
                self.release(ready.result(), owner, table)
            else:
                self._forget(ready, owner, table)
            raise

    def release(self, slot: int, owner: str, table: str) -> None:
        """The move of ``owner`` and ``table`` is done with ``slot``."""
        _decrement(self._owners, owner)
        _decrement(self._tables, table)
        self._idle.append(slot)
        self._dispatch()

    def _dispatch(self) -> None:
        """Give idle workers to the next waiting moves that are within their shares."""
        while self._idle:
            chosen = self._next()
            if chosen is None:
                return
            owner, table, ready = chosen
            self._owners[owner] += 1
            self._tables[table] += 1
            ready.set_result(self._idle.popleft())

    def _next(self) -> tuple[str, str, asyncio.Future[int]] | None:
        """The next move in turn within the shares (its owner and table go to the back of
        their turns), or None."""
        for owner, tables in list(self._waiting.items()):
            if self._owners[owner] >= self.per_owner:
                continue
            for table, queue in list(tables.items()):
                if self._tables[table] >= self.per_table:
                    continue
                ready = queue.popleft()
                if not queue:
                    del tables[table]
                else:
                    tables.move_to_end(table)
                if not tables:
                    del self._waiting[owner]
                else:
                    self._waiting.move_to_end(owner)
                return owner, table, ready
        return None

    def _forget(self, ready: asyncio.Future[int], owner: str, table: str) -> None:
        """Drop a cancelled wait from its queue."""
        tables = self._waiting.get(owner)
        queue = None if tables is None else tables.get(table)
        if tables is None or queue is None or ready not in queue:
            return
        queue.remove(ready)
        if not queue:
            del tables[table]
        if not tables:
            del self._waiting[owner]


def _decrement(counts: Counter[str], key: str) -> None:
    counts[key] -= 1
    if counts[key] <= 0:
        del counts[key]
