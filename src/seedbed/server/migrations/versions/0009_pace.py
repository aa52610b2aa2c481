"""Table pace (issue 31 item 1): ``tables.pace`` ("real-time" for the rows written before
this revision), ``tables.move_deadline_seconds`` (a turn-based table's deadline per move) and
``deadlines``: one row per human seat of a turn-based table, the move it is due for (the
table's version), when, its missed deadlines in a row and whether the seat was handed to the
stand-in. Stored, so that deadlines survive a restart and one that passed while the server
was down fires once, on start.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "tables",
        sa.Column("pace", sa.String(16), nullable=False, server_default="real-time"),
    )
    op.add_column("tables", sa.Column("move_deadline_seconds", sa.Integer, nullable=True))
    op.create_table(
        "deadlines",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("strikes", sa.Integer, nullable=False),
        sa.Column("handed_over", sa.Boolean, nullable=False),
    )
    op.create_index("ix_deadlines_due", "deadlines", ["due_at"])


def downgrade() -> None:
    op.drop_index("ix_deadlines_due", table_name="deadlines")
    op.drop_table("deadlines")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("move_deadline_seconds")
        batch.drop_column("pace")
