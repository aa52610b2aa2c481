"""Table options (issue 16): ``table_options``, the table's options for the bots' manners
(``GameSpec.manners``: Bohnanza's ``offer_hold``, ``open_offers``, ``phase_offers``), stored
beside the game's ``options``, which go to the rules and may hold nothing else. Nullable: the
rows written before this revision hold none (read as ``{}``).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("table_options", sa.JSON(), nullable=True))


def downgrade() -> None:
    op.drop_column("tables", "table_options")
