"""The seedbed server (DESIGN §5): FastAPI + WebSockets over the engine, one actor per table,
event-sourced storage (SQLAlchemy + Alembic), bots in a process pool. Nothing else in seedbed
imports this package. Start it with ``seedbed serve``; the protocol is docs/protocol.md."""

from seedbed.server.config import ServerSettings

__all__ = ["ServerSettings"]
