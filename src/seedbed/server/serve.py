"""Run the server with uvicorn (``seedbed serve``): access log off, query strings and seat
tokens redacted from every log line, forwarded headers left to the app (it believes only its
trusted proxies: :mod:`seedbed.server.forwarded`), WebSocket frames capped well above the
protocol's message limit (a message over the limit gets ``too_large``; only a far larger
frame closes the connection), and the connection limits of
:mod:`seedbed.server.connections` (header, body and send deadlines, connections per address,
WebSocket floods)."""

from __future__ import annotations

import logging
import socket
import sys
from contextlib import suppress

import uvicorn

from seedbed.server.app import Runtime, create_app
from seedbed.server.config import ServerSettings
from seedbed.server.connections import protocols
from seedbed.server.forward import FRAME_FACTOR
from seedbed.server.limits import install_redaction
from seedbed.server.sole import DatabaseInUse, sole_server
from seedbed.server.workers import reuse_port_socket


class HandOverFirst(uvicorn.Server):
    """uvicorn's server whose shutdown (SIGTERM, Ctrl+C) first stops taking connections,
    then hands a cluster process's tables over (:meth:`Cluster.hand_over`), then closes the
    remaining connections and runs the lifespan's shutdown as usual."""

    def __init__(self, config: uvicorn.Config, runtime: Runtime) -> None:
        super().__init__(config)
        self.runtime = runtime

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        for server in self.servers:
            server.close()  # again in uvicorn's shutdown: closing twice is harmless
        if self.runtime.cluster is not None:
            handed = await self.runtime.cluster.hand_over()
            logging.getLogger("seedbed.server").info("%d running tables handed over", handed)
        await super().shutdown(sockets)


def serve(settings: ServerSettings) -> None:
    """Serve until interrupted."""
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    http, ws = protocols(settings)
    app = create_app(settings)
    config = uvicorn.Config(
        app,
        http=http,
        ws=ws,
        host=settings.host,
        port=settings.port,
        access_log=False,
        ws_max_size=settings.max_message_bytes * FRAME_FACTOR,
        ws_per_message_deflate=settings.compress,
        log_level="info",
        proxy_headers=False,  # the app applies them, from its trusted proxies only
        server_header=False,
    )
    install_redaction()  # again: uvicorn's configuration added its own handlers
    # uvicorn shuts down cleanly on Ctrl+C, then raises the signal again: the server is
    # stopped by then, so there is nothing to report
    sockets = None
    if settings.reuse_port:  # a worker of --workers: the shared port and its own one
        sockets = [reuse_port_socket(settings.host, settings.port)]
        if settings.cluster_port is not None:
            sockets.append(reuse_port_socket("127.0.0.1", settings.cluster_port))
    try:
        claim = sole_server(settings.resolved_database_url(), shared=settings.cluster)
        with claim, suppress(KeyboardInterrupt):
            HandOverFirst(config, app.state.seedbed_runtime).run(sockets=sockets)
    except DatabaseInUse as exc:  # one line and exit 2, as the command's other refusals
        print(f"error: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
