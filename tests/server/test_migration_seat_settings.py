"""Issue 31 item 4: migration 0011 adds ``seat_settings`` and ``moves.played_for`` on SQLite and
PostgreSQL, keeps the tables stored before it, and downgrades leaving them as they were; a
seat's row goes with its table."""

from __future__ import annotations

from sqlalchemy import inspect

from seedbed.server.seat_settings import auto_passes_of, put_auto_pass
from seedbed.server.storage import NewTable, Store, migrate

from .test_account_migration import keep_a_table, kept
from .test_migration_open_seats import downgrade, tables_of
from .test_storage import url  # noqa: F401  (the SQLite/PostgreSQL fixture)


def columns(store: Store, table: str) -> set[str]:
    return {c["name"] for c in inspect(store.engine).get_columns(table)}


def test_0011_upgrades_and_downgrades(url: str) -> None:  # noqa: F811
    store = Store(url)
    try:
        migrate(store.engine, "0010")
        before = tables_of(store)
        keep_a_table(store, "old")
        migrate(store.engine, "0011")
        assert tables_of(store) - before == {"seat_settings"}
        assert "played_for" in columns(store, "moves")
        assert kept(store, "old")
        store.create_table(NewTable("tb", "bohnanza", 3, {}, 1, [], None))
        put_auto_pass(store, "tb", 1, True)
        put_auto_pass(store, "tb", 1, False)
        assert auto_passes_of(store, "tb") == {1: False}
        assert store.delete("tb") and auto_passes_of(store, "tb") == {}
        downgrade(store, "0010")
        assert tables_of(store) == before and kept(store, "old")
        assert "played_for" not in columns(store, "moves")
        migrate(store.engine)
    finally:
        store.close()
