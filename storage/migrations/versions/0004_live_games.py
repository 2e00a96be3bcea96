"""Games played at the keyboard: line-ups, fatigue and the log of rolls and decisions

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-29
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_live",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("season_id", sa.Integer(), nullable=True),
        sa.Column("number", sa.Integer(), nullable=True),
        sa.Column("away", sa.String(), nullable=False),
        sa.Column("home", sa.String(), nullable=False),
        sa.Column("people", sa.String(), nullable=False),
        sa.Column("lineups", sa.Text(), nullable=False),
        sa.Column("fatigue", sa.Text(), nullable=False),
        sa.Column("log", sa.Text(), nullable=False),
        sa.Column("dice", sa.String(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["league_id"], ["league_league.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["season_id"], ["season_season.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_game_live_league_id", "game_live", ["league_id"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_game_live_league_id", table_name="game_live")
    op.drop_table("game_live")
