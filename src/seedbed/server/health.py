"""Health and readiness for a load balancer (issue 32 item 4).

``GET /api/health`` (liveness) answers 200 as long as the process answers at all: a balancer
or supervisor restarts a process that stops answering it. ``GET /api/ready`` (readiness)
answers 200 only once the lifespan has resumed the tables and the database answers a trivial
query, and 503 with a one-line reason otherwise: a balancer sends no new player to a process
that is starting, stopping, or cut off from its database. Neither reads a table, so both are
cheap enough to poll every second.
"""

from __future__ import annotations

import asyncio
from typing import Literal, Protocol

from fastapi import FastAPI, HTTPException, Response
from sqlalchemy import text

from seedbed.server.api_document import errors
from seedbed.server.hub import Hub
from seedbed.server.protocol import _Model
from seedbed.server.storage import Store

READY_SECONDS = 2.0
"""How long the database may take to answer before the process counts as not ready."""


class Health(_Model):
    """``GET /api/health``: the process answers."""

    status: Literal["ok"]


class Ready(_Model):
    """``GET /api/ready``: the process serves tables."""

    status: Literal["ready"]


class HasHub(Protocol):
    hub: Hub | None


def add_health_routes(app: FastAPI, runtime: HasHub) -> None:
    """The two endpoints, never cached."""

    @app.get("/api/health")
    async def health(response: Response) -> Health:
        """Liveness: 200 while the process answers."""
        response.headers["cache-control"] = "no-store"
        return Health(status="ok")

    @app.get("/api/ready", responses=errors(503))
    async def ready(response: Response) -> Ready:
        """Readiness: 200 once the tables are resumed and the database answers."""
        response.headers["cache-control"] = "no-store"
        hub = runtime.hub
        if hub is None:
            raise HTTPException(503, "not ready: the tables are not resumed yet")
        try:
            await asyncio.wait_for(hub.store.call(_ping), READY_SECONDS)
        except Exception as exc:  # any failure of the database is "not ready", never a 500
            raise HTTPException(
                503, f"not ready: the database does not answer ({type(exc).__name__})"
            ) from None
        return Ready(status="ready")


def _ping(store: Store) -> None:
    with store.engine.connect() as conn:
        conn.execute(text("SELECT 1"))
