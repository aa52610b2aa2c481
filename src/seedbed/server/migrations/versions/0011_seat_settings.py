"""Seat settings (issue 31 item 4): ``seat_settings``, one row per human seat whose person
chose a setting of their own at the table: ``auto_pass`` (*pass automatically when nothing is
addressed to me*). A seat without a row has the table's default (on at turn-based tables).
And ``moves.played_for``: the table played the move for the person (their draw, their
automatic pass), so the ladder counts it neither as theirs nor as the stand-in's (false for
the moves stored before).

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seat_settings",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("auto_pass", sa.Boolean, nullable=False),
    )
    op.add_column(
        "moves",
        sa.Column("played_for", sa.Boolean, nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    with op.batch_alter_table("moves") as batch:
        batch.drop_column("played_for")
    op.drop_table("seat_settings")
