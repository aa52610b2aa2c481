"""Fair shares of the bot pool (issue 37 item 3): an address and a table hold at most their
share of the workers, idle workers go to the waiting addresses in turn, and a cancelled wait
gives its worker back. Pure asyncio, no worker process."""

from __future__ import annotations

import asyncio

from seedbed.server.bot_share import FairShare


def test_one_owner_never_holds_more_than_its_share() -> None:
    """Issue 37 item 3: with 4 workers and a share of 2, an address with many waiting moves
    gets 2 workers; the others stay idle for another address, which gets one at once."""

    async def run() -> None:
        share = FairShare(4, per_owner=2, per_table=1)
        hostile = [asyncio.create_task(share.acquire("h", f"t{i}")) for i in range(10)]
        await asyncio.sleep(0)
        assert sum(t.done() for t in hostile) == 2 and share.waiting == 8
        victim = await asyncio.wait_for(share.acquire("v", "mine"), 1.0)
        assert victim in range(4)
        for task in hostile:
            task.cancel()
        await asyncio.gather(*hostile, return_exceptions=True)
        assert share.waiting == 0

    asyncio.run(run())


def test_a_table_holds_its_share_and_owners_take_turns() -> None:
    """One table's moves wait for its one worker; freed workers go to owners in turn."""

    async def run() -> None:
        share = FairShare(2, per_owner=2, per_table=1)
        first = await share.acquire("a", "t")
        second = asyncio.create_task(share.acquire("a", "t"))
        await asyncio.sleep(0)
        assert not second.done()  # the table's share is one worker, though one is idle
        other = await share.acquire("b", "u")
        order: list[str] = []

        async def wait(owner: str, table: str) -> None:
            slot = await share.acquire(owner, table)
            order.append(owner)
            share.release(slot, owner, table)

        queued = [asyncio.create_task(wait(o, f"{o}{i}")) for i in range(2) for o in "bc"]
        await asyncio.sleep(0)
        share.release(other, "b", "u")
        share.release(first, "a", "t")
        slot = await second
        share.release(slot, "a", "t")
        await asyncio.gather(*queued)
        assert order[:2] in (["b", "c"], ["c", "b"]) and sorted(order) == ["b", "b", "c", "c"]

    asyncio.run(run())


def test_a_cancelled_wait_gives_its_worker_back() -> None:
    async def run() -> None:
        share = FairShare(1, per_owner=1, per_table=1)
        held = await share.acquire("a", "t")
        waiting = asyncio.create_task(share.acquire("b", "u"))
        await asyncio.sleep(0)
        share.release(held, "a", "t")  # handed to b's wait, which is cancelled before it runs
        waiting.cancel()
        await asyncio.gather(waiting, return_exceptions=True)
        assert await asyncio.wait_for(share.acquire("c", "w"), 1.0) == held

    asyncio.run(run())
