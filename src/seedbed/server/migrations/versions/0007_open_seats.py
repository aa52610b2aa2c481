"""Open seats and rematches (issue 30 items 2 and 5): ``open_tables``, one row per table
waiting for players (when it opened, when bots fill its open seats, with which bot, whether
it has the default options), and ``rematches``, one row per finished table whose rematch was
asked for (the rematch's table, who asked). Both are deleted with their tables.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "open_tables",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("opened_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("fill_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("fill_bot", sa.String(200), nullable=False),
        sa.Column("default_options", sa.Boolean(), nullable=False),
    )
    op.create_index("ix_open_tables_opened", "open_tables", ["opened_at"])
    op.create_table(
        "rematches",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column(
            "rematch_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("asked_by", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rematches")
    op.drop_index("ix_open_tables_opened", table_name="open_tables")
    op.drop_table("open_tables")
