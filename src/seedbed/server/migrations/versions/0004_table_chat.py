"""Table chat (issue 17): ``chat`` rows (one per message: the table, the seat that wrote it,
the seat's name then, the text and when), deleted with their table; and ``tables.chat``,
whether the table's creator left chat on (true for the rows written before this revision).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "tables", sa.Column("chat", sa.Boolean(), nullable=False, server_default=sa.true())
    )
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_table", "chat", ["table_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_chat_table", table_name="chat")
    op.drop_table("chat")
    op.drop_column("tables", "chat")
