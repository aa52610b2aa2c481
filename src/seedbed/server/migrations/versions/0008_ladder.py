"""The ladder (issue 30 item 3): ``tables.rated`` (the table was created rated: false for the
rows written before this revision), ``moves.stand_in`` (the turn timer's stand-in played the
move for an absent person: false before), ``ladder_ratings`` (one row per player and game:
the name shown, OpenSkill's mu and sigma, games rated), ``ladder_history`` (one row per rated
player and finished rated table: the rating after it, the player's rank) and
``ladder_results`` (one row per finished rated table whose ratings update was applied, or
found not to count, written in the update's own transaction: the update is applied once).

No foreign key to ``tables``: a pruned table keeps its players' ratings and history.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "tables", sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.add_column(
        "moves", sa.Column("stand_in", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.create_table(
        "ladder_ratings",
        sa.Column("player", sa.String(80), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ladder_ratings_name", "ladder_ratings", ["name"])
    op.create_table(
        "ladder_history",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("player", sa.String(80), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("ordinal", sa.Float, nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ladder_history_player", "ladder_history", ["player", "game", "id"])
    op.create_table(
        "ladder_results",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("counted", sa.Boolean, nullable=False),
        sa.Column("reason", sa.Text, nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("ladder_results")
    op.drop_index("ix_ladder_history_player", table_name="ladder_history")
    op.drop_table("ladder_history")
    op.drop_index("ix_ladder_ratings_name", table_name="ladder_ratings")
    op.drop_table("ladder_ratings")
    with op.batch_alter_table("moves") as batch:
        batch.drop_column("stand_in")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rated")
