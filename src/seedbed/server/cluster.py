"""One process of a cluster on PostgreSQL (``seedbed serve --cluster``, issue 32, D-72): the
hub claims a table before it runs its actor and lets it go when it stops; a socket for a table
owned elsewhere is relayed to its owner; unowned running tables are taken over."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator

import httpx
from sqlalchemy.engine import make_url
from starlette.websockets import WebSocket

from seedbed.server.config import ServerSettings
from seedbed.server.forward import CLOSE_RESTART, DROPPED, HOP, upstream_url
from seedbed.server.hub import Hub
from seedbed.server.ownership import NAME_LIMIT, PREFIX, Owners, OwnershipLost, run_takeovers
from seedbed.server.protocol import TableSummary
from seedbed.server.seat_store import open_seats
from seedbed.server.shared_limits import forget_old
from seedbed.server.table import Call, TableActor

log = logging.getLogger(__name__)

JOBS = {"digests": 0x5EEDBED_0033, "sweep": 0x5EEDBED_0034, "quick-match": 0x5EEDBED_0035}
"""The advisory lock keys of the jobs one process of the cluster runs at a time (beside the
database claim's 0x5EEDBED_0032; table keys are random 64-bit ids)."""

ALONE_WAIT_SECONDS = 5.0
"""How long :meth:`Cluster.alone` waits for another process's run of the same job."""

SEAT_SECONDS = 10.0
"""How long the owner of a waiting table may take to seat a quick match's asker."""

SUMMARY_SECONDS = 2.0
"""How long an owner may take to give a table's summary for a lobby list."""

HAND_OVER_SECONDS = 5.0
"""How long a stopping process waits for a table to finish the command it is handling."""

NEEDS_POSTGRESQL = (
    "--cluster needs PostgreSQL (--database-url postgresql+psycopg://...): several processes "
    "cannot share an SQLite file; without --cluster one process serves it"
)


def cluster_address(settings: ServerSettings) -> str:
    """Where the other processes reach this one: ``--cluster-address``, else this machine's
    loopback for a server bound to every address or to loopback, else its bound host."""
    if settings.cluster_address:
        return settings.cluster_address.rstrip("/")
    if settings.cluster_port is not None:  # a worker of --workers: its own loopback port
        return f"http://127.0.0.1:{settings.cluster_port}"
    host = settings.host
    if host in ("0.0.0.0", "::", "", "localhost"):
        host = "127.0.0.1"
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{settings.port}"


def check_cluster(settings: ServerSettings) -> None:
    """Raise ValueError (one line) for a cluster on anything but PostgreSQL, or an address
    the other processes could not use."""
    backend = make_url(settings.resolved_database_url()).get_backend_name()
    if settings.cluster and backend != "postgresql":
        raise ValueError(NEEDS_POSTGRESQL)
    address = cluster_address(settings)
    if not address.startswith(("http://", "https://")):
        raise ValueError(f"--cluster-address must start with http:// or https://: {address[:80]}")
    if len((PREFIX + address).encode()) > NAME_LIMIT:
        raise ValueError(f"--cluster-address must be at most {NAME_LIMIT - len(PREFIX)} bytes")


class Cluster:
    """This process's part: its ownership session, the hub's hooks, the takeover task."""

    def __init__(self, hub: Hub, settings: ServerSettings) -> None:
        self.hub = hub
        self.settings = settings
        self.owners = Owners(settings.resolved_database_url(), cluster_address(settings))
        self.takeovers: asyncio.Task[None] | None = None
        self.cleanups: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Open the session and hook the hub (before it resumes any table)."""
        await asyncio.to_thread(self.owners.open)
        self.hub.claim = self.claim
        self.hub.release = self.release
        self.hub.alone = self.alone
        self.hub.elsewhere = self.summaries_elsewhere
        self.takeovers = asyncio.create_task(
            run_takeovers(self.hub, self.owners, self.settings.takeover_seconds),
            name="seedbed-takeovers",
        )
        self.cleanups = asyncio.create_task(self._run_cleanups(), name="seedbed-cleanups")

    async def _run_cleanups(self) -> None:
        """Every ``sweep_seconds``, one process forgets the full shared rate buckets."""
        while True:
            await asyncio.sleep(self.settings.sweep_seconds)
            try:
                async with self.alone("sweep") as mine:
                    if mine:
                        await self.hub.store.call(forget_old)
            except Exception:
                log.exception("forgetting old rate buckets failed")

    async def claim(self, table_id: str) -> bool:
        return await asyncio.to_thread(self.owners.claim, table_id)

    async def release(self, table_id: str) -> None:
        with contextlib.suppress(OwnershipLost):  # the session is gone: so is the lock
            await asyncio.to_thread(self.owners.release, table_id)

    async def close(self) -> None:
        """After the hub stopped its actors (every move stored): end the session, which
        frees every table at once for the other processes to take over."""
        for task in (self.takeovers, self.cleanups):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        await asyncio.to_thread(self.owners.close)

    @contextlib.asynccontextmanager
    async def alone(self, job: str, wait: bool = False) -> AsyncIterator[bool]:
        """Run ``job`` in this process only if no other process of the cluster runs it now
        (yields whether this one may; with ``wait``, waits up to
        :data:`ALONE_WAIT_SECONDS` for the other to finish). A session advisory lock on the
        ownership connection: a process that dies mid-job frees it (issue 32 item 3)."""
        key = JOBS[job]
        got = await asyncio.to_thread(self.owners.try_lock, key)
        deadline = asyncio.get_running_loop().time() + (ALONE_WAIT_SECONDS if wait else 0)
        while not got and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.02)
            got = await asyncio.to_thread(self.owners.try_lock, key)
        try:
            yield got
        finally:
            if got:
                with contextlib.suppress(OwnershipLost):
                    await asyncio.to_thread(self.owners.unlock, key)

    async def hand_over(self) -> int:
        """A clean shutdown's first step, once the process takes no new connection: each
        running table, in its own turn (every move before it stored), closes its sockets
        with 1012 and is stopped, and its lock is let go at once, so that the clients'
        reconnects find it free and another process takes it over from storage without
        waiting for this one to finish stopping (issue 32 item 2: a rolling restart makes
        nobody wait more than 2 s). How many tables were handed over."""
        actors = list(self.hub.live.values())
        self.hub.live.clear()
        await asyncio.gather(*(self._hand_over(actor) for actor in actors))
        return len(actors)

    async def _hand_over(self, actor: TableActor) -> None:
        parked: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        async def park(table: TableActor) -> None:
            table.abort(CLOSE_RESTART, "the table moves to another server")
            parked.set_result(None)
            await asyncio.Event().wait()  # hold the table's turn until it is stopped

        actor.submit(Call(park))
        try:
            await asyncio.wait_for(asyncio.shield(parked), HAND_OVER_SECONDS)
        except TimeoutError:
            log.warning("table %s: still busy after %g s; stopped anyway", actor.id,
                        HAND_OVER_SECONDS)  # fmt: skip
        await actor.stop()
        await self.release(actor.id)

    async def take_seat_elsewhere(
        self, table_id: str, name: str, headers: dict[str, str]
    ) -> tuple[int, str] | None:
        """Quick match at a table another process runs (issue 32 item 3): its owner seats
        ``name`` at the first open seat it still has (the asker's headers passed on, so its
        Origin check and account apply). The seat and its token, or None."""
        info = await self.hub.info(table_id)
        if info is None or info.status != "running":
            return None
        owner = await self.owner_elsewhere(table_id)
        if owner is None:
            return None
        passed = {k: v for k, v in headers.items() if k not in DROPPED}
        async with httpx.AsyncClient(timeout=SEAT_SECONDS) as client:
            for seat in open_seats(info.table.seating):
                url = f"{owner}/api/tables/{table_id}/seats/{seat}"
                try:
                    answer = await client.post(
                        url, json={"name": name}, headers={**passed, HOP: "1"}
                    )
                except httpx.HTTPError:
                    return None
                if answer.status_code == 201:
                    return seat, str(answer.json()["token"])
        return None

    async def owner_elsewhere(self, table_id: str) -> str | None:
        """The owner's address when another process owns the table, else None (this process
        has it, or owns it now, or it is unknown: the usual handling answers). The owner is
        looked up first (one lock), so a table run elsewhere is not loaded from storage."""
        if self.hub.in_memory(table_id) is not None:
            return None
        owner = await asyncio.to_thread(self.owners.owner_of, table_id)
        if owner is None and await self.hub.get(table_id) is None:  # claimed meanwhile
            owner = await asyncio.to_thread(self.owners.owner_of, table_id)
        return None if owner is None or owner == self.owners.address else owner

    async def summaries_elsewhere(self, table_ids: list[str]) -> dict[str, TableSummary]:
        """The summaries of these running tables from the processes that own them (who is
        connected, who is on the move, the timers: what storage does not have), for the
        lobby's lists on any process (issue 32 item 3). A table whose owner does not answer
        is left out (its stored summary stands)."""
        owners = await asyncio.to_thread(self.owners.holders, table_ids)
        mine = self.owners.address
        asked = [(t, o) for t, o in owners.items() if o != mine]
        if not asked:
            return {}
        async with httpx.AsyncClient(timeout=SUMMARY_SECONDS) as client:
            found = await asyncio.gather(*(_summary(client, o, t) for t, o in asked))
        return {s.table_id: s for s in found if s is not None}

    async def upstream(self, table_id: str, websocket: WebSocket) -> str | None:
        """The owner's URL of this socket when another process owns the table, else None."""
        if websocket.headers.get(HOP):
            return None
        owner = await self.owner_elsewhere(table_id)
        if owner is None:
            return None
        query: bytes = websocket.scope.get("query_string", b"")
        return upstream_url(owner, websocket.url.path, query)


async def _summary(client: httpx.AsyncClient, owner: str, table_id: str) -> TableSummary | None:
    try:
        answer = await client.get(f"{owner}/api/tables/{table_id}", headers={HOP: "1"})
        return TableSummary.model_validate_json(answer.content) if answer.is_success else None
    except (httpx.HTTPError, ValueError):
        return None
