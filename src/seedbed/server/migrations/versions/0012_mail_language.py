"""The language of an account's e-mails (issue 36 item 2, "remembered on the account"):
``account_emails.lang``, the language the person used when they saved their e-mail choices
(null: English, as every message was before).

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("account_emails", sa.Column("lang", sa.String(16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("account_emails") as batch:
        batch.drop_column("lang")
