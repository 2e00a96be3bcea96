"""History: the transaction log, the awards confirmed per season, a league's award settings

Revision ID: 0008_history
Revises: 0007_shared_games
Create Date: 2026-12-01
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_history"
down_revision = "0007_shared_games"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "league_transaction",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("season_id", sa.Integer(), nullable=True),
        sa.Column("day", sa.Date(), nullable=True),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("moves", sa.Text(), nullable=False),
        sa.Column("note", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["league_id"], ["league_league.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["season_id"], ["season_season.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_league_transaction_league_id", "league_transaction", ["league_id"])
    op.create_table(
        "season_award",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("season_id", sa.Integer(), nullable=False),
        sa.Column("league_part", sa.String(), nullable=False),
        sa.Column("award", sa.String(), nullable=False),
        sa.Column("player", sa.String(), nullable=True),
        sa.Column("proposed", sa.String(), nullable=True),
        sa.Column("confirmed_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["season_id"], ["season_season.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("season_id", "league_part", "award", name="uq_season_award"),
    )
    op.create_index("ix_season_award_season_id", "season_award", ["season_id"])
    op.create_table(
        "league_award_rules",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("data", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["league_id"], ["league_league.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("league_id"),
    )


def downgrade() -> None:
    op.drop_table("league_award_rules")
    op.drop_index("ix_season_award_season_id", table_name="season_award")
    op.drop_table("season_award")
    op.drop_index("ix_league_transaction_league_id", table_name="league_transaction")
    op.drop_table("league_transaction")
