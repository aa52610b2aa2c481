"""Issue 30 items 2 and 5: migration 0007 adds ``open_tables`` and ``rematches`` (and only
those) on SQLite and PostgreSQL, keeps the tables stored before it, and downgrades to 0005
leaving them as they were; rows of the new tables go with their table."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from sqlalchemy import inspect, select, text

from seedbed.server.seat_store import (
    Opening,
    OpenTableRow,
    Rematch,
    rematches_of,
    store_rematch,
    store_table,
)
from seedbed.server.storage import MIGRATIONS, NewTable, Store, migrate, now

from .test_account_migration import keep_a_table, kept
from .test_storage import url  # noqa: F401  (the SQLite/PostgreSQL fixture)


def downgrade(store: Store, revision: str) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with store.engine.connect() as connection, connection.begin():
        config.attributes["connection"] = connection
        command.downgrade(config, revision)


def tables_of(store: Store) -> set[str]:
    return set(inspect(store.engine).get_table_names())


def test_0007_upgrades_and_downgrades(url: str) -> None:  # noqa: F811
    store = Store(url)
    try:
        migrate(store.engine, "0006")
        before = tables_of(store)
        keep_a_table(store, "old")
        migrate(store.engine, "0007")
        assert tables_of(store) - before == {"open_tables", "rematches"}
        assert kept(store, "old")
        migrate(store.engine)
        waiting = NewTable("t2", "stalk_exchange", 2, {}, 1, [{"kind": "open"}] * 2, None)
        store_table(store, waiting, Opening(now(), None, "greedy", True))
        again = NewTable("t3", "stalk_exchange", 2, {}, 1, [], None)
        assert store_rematch(store, "old", again, "a") == Rematch("t3", "a")
        other = NewTable("t4", "stalk_exchange", 2, {}, 1, [], None)
        assert store_rematch(store, "old", other, "b") == Rematch("t3", "a")  # one rematch
        assert store.load("t4") is None
        assert store.delete("t2") and store.delete("t3")
        with store.engine.connect() as conn:
            assert conn.execute(select(OpenTableRow.table_id)).all() == []
        assert rematches_of(store, ["old"]) == {}
        downgrade(store, "0006")
        assert tables_of(store) == before
        with store.engine.connect() as conn:
            assert conn.execute(text("select version_num from alembic_version")).scalar() == "0006"
        assert kept(store, "old")
        migrate(store.engine)
        assert {"open_tables", "rematches"} <= tables_of(store)
    finally:
        store.close()
