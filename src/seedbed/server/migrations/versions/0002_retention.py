"""Retention (issue 12): ``seed_chosen`` (the creator chose the seed), ``updated_at`` (the
last change: creation, a move, the finish or an abort; what an abandoned table is measured
from) and ``abort_reason``; status ``aborted`` beside ``running`` and ``finished``; indexes
for pages of tables, idle tables and pruning.

``updated_at`` stays nullable: SQLite adds a NOT NULL column only with a constant default,
and making it NOT NULL afterwards rebuilds the table, which the ``moves`` foreign key
refuses inside the migration's transaction. Every write sets it, and this revision fills it
in for the rows already there.

Revision ID: 0002
Revises: 0001
Create Date: 2025-02-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

INDEXES = {
    "ix_tables_created": ["created_at", "id"],
    "ix_tables_status_created": ["status", "created_at", "id"],
    "ix_tables_game_created": ["game", "created_at", "id"],
    "ix_tables_status_updated": ["status", "updated_at"],
    "ix_tables_finished_at": ["finished_at"],
}


def upgrade() -> None:
    op.add_column(
        "tables",
        sa.Column("seed_chosen", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    op.add_column("tables", sa.Column("updated_at", sa.DateTime(timezone=True), nullable=True))
    op.add_column("tables", sa.Column("abort_reason", sa.Text(), nullable=True))
    backfill_updated_at()
    # (status, created_at, id) serves every lookup by status the old index did.
    op.drop_index("ix_tables_status", table_name="tables")
    for name, columns in INDEXES.items():
        op.create_index(name, "tables", columns)


def backfill_updated_at() -> None:
    """A table's last change so far: its end, else its last move, else its creation."""
    tables = sa.table(
        "tables",
        sa.column("id"),
        sa.column("created_at"),
        sa.column("finished_at"),
        sa.column("updated_at"),
    )
    moves = sa.table("moves", sa.column("table_id"), sa.column("created_at"))
    last_move = (
        sa.select(sa.func.max(moves.c.created_at))
        .where(moves.c.table_id == tables.c.id)
        .scalar_subquery()
    )
    last_change = sa.func.coalesce(tables.c.finished_at, last_move, tables.c.created_at)
    op.execute(tables.update().values(updated_at=last_change))


def downgrade() -> None:
    """Revision 0001 knows no ``aborted`` status; it never resumes such a table either."""
    for name in INDEXES:
        op.drop_index(name, table_name="tables")
    op.create_index("ix_tables_status", "tables", ["status"])
    for column in ("abort_reason", "updated_at", "seed_chosen"):
        op.drop_column("tables", column)
