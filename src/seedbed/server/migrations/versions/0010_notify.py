"""Notifications by e-mail (issue 31 item 3): ``account_emails``, one row per account that
gave an address (the address, whether it wants e-mail, whether as a daily digest, its
unsubscribe token, when its last digest went out), and ``notifications_sent``, one row per
table, seat and deadline a message went out for, so that at most one goes per deadline.

Revision ID: 0010
Revises: 0009 (the lead re-chains it after 0009, the table's pace)
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "account_emails",
        sa.Column("account_id", sa.Integer(), sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("email", sa.String(254), nullable=False),
        sa.Column("opt_in", sa.Boolean(), nullable=False),
        sa.Column("digest", sa.Boolean(), nullable=False),
        sa.Column("unsubscribe_token", sa.String(64), nullable=False, unique=True),
        sa.Column("digest_sent_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "notifications_sent",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("deadline", sa.String(40), primary_key=True),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("notifications_sent")
    op.drop_table("account_emails")
