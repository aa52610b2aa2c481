"""Issue 32 item 4: health and readiness endpoints for a load balancer. ``/api/health`` answers
while the process answers at all; ``/api/ready`` only once the tables are resumed and the
database answers (503 with a one-line reason otherwise, so the balancer sends no player there)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from seedbed.server.app import create_app
from seedbed.server.config import ServerSettings

from .wire import Server


def test_a_running_server_is_healthy_and_ready(server: Server) -> None:
    health = server.client.get(f"{server.url}/api/health")
    assert health.status_code == 200 and health.json() == {"status": "ok"}
    ready = server.client.get(f"{server.url}/api/ready")
    assert ready.status_code == 200 and ready.json() == {"status": "ready"}
    assert ready.headers["cache-control"] == "no-store"


def test_a_server_outside_its_lifespan_is_alive_but_not_ready() -> None:
    app = create_app(ServerSettings(database_url="sqlite://"))
    client = TestClient(app)  # no ``with``: the lifespan (storage, tables) never starts
    assert client.get("/api/health").status_code == 200
    ready = client.get("/api/ready")
    assert ready.status_code == 503
    assert ready.json()["detail"] == "not ready: the tables are not resumed yet"
