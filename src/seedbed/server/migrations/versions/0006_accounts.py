"""Accounts (issue 30 item 1): ``accounts`` (the name as typed, its NFKC case-folded key,
unique, null once the account is deleted so the name is free again; the argon2 hash of the
password; disabled and deleted flags), ``sessions`` (the SHA-256 digest of each session id,
never the id; its account and times) and ``account_seats`` (the seats an account remembers,
with their tokens: an account just remembers its tokens). Only adds tables.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("name_key", sa.String(255), nullable=True, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("disabled", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("deleted", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    op.create_table(
        "sessions",
        sa.Column("id_sha256", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_seen", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_sessions_account", "sessions", ["account_id"])
    op.create_table(
        "account_seats",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("token", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_account_seats_account", "account_seats", ["account_id", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_account_seats_account", table_name="account_seats")
    op.drop_table("account_seats")
    op.drop_index("ix_sessions_account", table_name="sessions")
    op.drop_table("sessions")
    op.drop_table("accounts")
