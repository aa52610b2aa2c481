"""Migration 0006 (issue 30 item 1): it adds ``accounts``, ``sessions`` and
``account_seats`` to a database of revision 0005, keeping its tables, and takes them away
again on a downgrade, on SQLite and PostgreSQL."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from sqlalchemy import MetaData, inspect, text

from seedbed.server.storage import MIGRATIONS, Store, migrate

from .test_storage import T0, new_table, url  # noqa: F401  (the url fixture: both back ends)

ADDED = {"accounts", "sessions", "account_seats"}


def keep_a_table(store: Store, table_id: str = "kept") -> None:
    """A table row written as revision 0005 has it (the Store's rows have later columns)."""
    meta = MetaData()
    meta.reflect(store.engine)
    table = new_table(table_id)
    with store.engine.begin() as conn:
        conn.execute(
            meta.tables["tables"].insert().values(
                id=table.id, game=table.game, num_players=table.num_players,
                options=table.options, seed=str(table.seed), seating=table.seating,
                turn_seconds=table.turn_seconds, status="running", created_at=T0,
                updated_at=T0,
            )
        )  # fmt: skip


def kept(store: Store, table_id: str = "kept") -> bool:
    """Whether the table row is there (read as any revision has it)."""
    with store.engine.connect() as conn:
        found = conn.execute(text("select count(*) from tables where id = :id"), {"id": table_id})
        return found.scalar() == 1


def downgrade(store: Store, revision: str) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, revision)


def test_migration_0006_adds_the_account_tables_and_takes_them_away(url: str) -> None:  # noqa: F811
    """Issue 30 item 1: upgrade from 0005 keeps the tables; downgrade removes only what
    0006 added; upgrade again works."""
    store = Store(url)
    try:
        migrate(store.engine, "0005")
        keep_a_table(store)
        assert not ADDED & set(inspect(store.engine).get_table_names())
        migrate(store.engine, "0006")
        assert set(inspect(store.engine).get_table_names()) >= ADDED
        columns = {c["name"] for c in inspect(store.engine).get_columns("accounts")}
        assert {"name", "name_key", "password_hash", "disabled", "deleted"} <= columns
        assert kept(store)
        downgrade(store, "0005")
        assert not ADDED & set(inspect(store.engine).get_table_names())
        assert kept(store)
        migrate(store.engine, "0006")
        assert set(inspect(store.engine).get_table_names()) >= ADDED
    finally:
        store.close()
