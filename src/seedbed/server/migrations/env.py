"""Alembic environment: runs the migrations on the connection that
:func:`seedbed.server.storage.migrate` passes in ``config.attributes["connection"]`` (online
mode only; the server never writes SQL scripts)."""

from __future__ import annotations

from alembic import context

from seedbed.server.storage import Base


def run_migrations_online() -> None:
    connection = context.config.attributes.get("connection")
    if connection is None:
        raise RuntimeError("seedbed migrations run through seedbed.server.storage.migrate()")
    context.configure(connection=connection, target_metadata=Base.metadata)
    with context.begin_transaction():
        context.run_migrations()


run_migrations_online()
