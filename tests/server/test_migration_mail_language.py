"""Issue 36 (the language on the account): migration 0012 adds ``account_emails.lang`` on
SQLite and PostgreSQL, keeps the tables stored before it, and downgrades leaving them as they
were."""

from __future__ import annotations

from seedbed.server.storage import Store, migrate

from .test_account_migration import keep_a_table, kept
from .test_migration_open_seats import downgrade, tables_of
from .test_migration_seat_settings import columns
from .test_storage import url  # noqa: F401  (the SQLite/PostgreSQL fixture)


def test_0012_upgrades_and_downgrades(url: str) -> None:  # noqa: F811
    store = Store(url)
    try:
        migrate(store.engine, "0011")
        before = tables_of(store)
        keep_a_table(store, "old")
        migrate(store.engine, "0012")
        assert tables_of(store) == before
        assert "lang" in columns(store, "account_emails")
        assert kept(store, "old")
        downgrade(store, "0011")
        assert "lang" not in columns(store, "account_emails") and kept(store, "old")
        migrate(store.engine)
    finally:
        store.close()
