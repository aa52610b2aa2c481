"""Deals from the cryptographic generator (issue 37): ``tables.seed`` holds the server's 256-bit
seeds as decimal text (a ``BigInteger`` holds 63 bits), and the tables still running were dealt
by the earlier generator, whose deals the new one does not reproduce: their moves no longer
replay, so they are aborted with a reason people can read. Finished tables keep their results
and records.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-28
"""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

SEED_DIGITS = 80
"""Decimal digits of a seed column: 2**256 has 78."""
REASON = (
    "the server's deal generator changed (issue 37): this table was dealt by the earlier one "
    "and cannot be continued"
)


def upgrade() -> None:
    # SQLite changes a column's type by copying the table, which storage.migrate allows by
    # turning foreign keys off around the migrations (and checking them after)
    tables = sa.table(
        "tables",
        sa.column("status", sa.String),
        sa.column("abort_reason", sa.Text),
        sa.column("updated_at", sa.DateTime(timezone=True)),
    )
    op.execute(
        tables.update()
        .where(tables.c.status == "running")
        .values(status="aborted", abort_reason=REASON, updated_at=dt.datetime.now(dt.UTC))
    )
    with op.batch_alter_table("tables") as batch:
        batch.alter_column(
            "seed",
            type_=sa.String(SEED_DIGITS),
            existing_type=sa.BigInteger(),
            existing_nullable=False,
            postgresql_using="seed::text",
        )


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.alter_column(
            "seed",
            type_=sa.BigInteger(),
            existing_type=sa.String(SEED_DIGITS),
            existing_nullable=False,
            postgresql_using="seed::bigint",
        )
