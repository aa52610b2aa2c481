"""Issue 31 item 3: migration 0010 adds ``account_emails`` and ``notifications_sent`` (and
only those) on SQLite and PostgreSQL, keeps the tables stored before it, and downgrades
leaving them as they were."""

from __future__ import annotations

from seedbed.server.storage import Store, migrate

from .test_account_migration import keep_a_table, kept
from .test_migration_open_seats import downgrade, tables_of
from .test_storage import url  # noqa: F401  (the SQLite/PostgreSQL fixture)


def test_0010_upgrades_and_downgrades(url: str) -> None:  # noqa: F811
    store = Store(url)
    try:
        migrate(store.engine, "0009")
        before = tables_of(store)
        keep_a_table(store, "old")
        migrate(store.engine, "0010")
        assert tables_of(store) - before == {"account_emails", "notifications_sent"}
        assert kept(store, "old")
        downgrade(store, "0009")
        assert tables_of(store) == before
        assert kept(store, "old")
    finally:
        store.engine.dispose()
