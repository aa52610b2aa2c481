"""Per-address limits counted in the shared database when several processes serve it
(issue 32 item 3, decision D-79): one token bucket per limit and key (``tables:1.2.3.4``),
its tokens and when they were counted.

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rate_buckets",
        sa.Column("key", sa.String(300), primary_key=True),
        sa.Column("tokens", sa.Float, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_rate_buckets_at", "rate_buckets", ["at"])


def downgrade() -> None:
    op.drop_index("ix_rate_buckets_at", "rate_buckets")
    op.drop_table("rate_buckets")
