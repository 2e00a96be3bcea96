"""Pennant odds through the season: one row per season, games played and team

Revision ID: 0005_odds
Revises: 0004
Create Date: 2026-12-01
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_odds"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "season_odds",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("season_id", sa.Integer(), nullable=False),
        sa.Column("played", sa.Integer(), nullable=False),
        sa.Column("day", sa.Date(), nullable=True),
        sa.Column("team", sa.String(), nullable=False),
        sa.Column("runs", sa.Integer(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("pennant", sa.Float(), nullable=False),
        sa.Column("climax", sa.Float(), nullable=False),
        sa.Column("wins", sa.Float(), nullable=False),
        sa.Column("losses", sa.Float(), nullable=False),
        sa.Column("draws", sa.Float(), nullable=False),
        sa.Column("magic", sa.Integer(), nullable=True),
        sa.Column("taken_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["season_id"], ["season_season.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("season_id", "played", "team", name="uq_season_odds"),
    )
    op.create_index("ix_season_odds_season_id", "season_odds", ["season_id"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_season_odds_season_id", table_name="season_odds")
    op.drop_table("season_odds")
