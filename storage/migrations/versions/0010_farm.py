"""The farm and injuries: each player's demotion day (the ten-day rule) and injury points per
season. A player's roster status (active / farm) is a cell of his card, like his team.

Revision ID: 0010_farm
Revises: 0009_ruleset_text
Create Date: 2026-12-01
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010_farm"
down_revision = "0009_ruleset_text"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "season_roster",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("season_id", sa.Integer(), nullable=False),
        sa.Column("player", sa.String(), nullable=False),
        sa.Column("demoted_on", sa.Date(), nullable=True),
        sa.Column("points", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("hurt_on", sa.Date(), nullable=True),
        sa.Column("settled", sa.Date(), nullable=True),
        sa.ForeignKeyConstraint(["season_id"], ["season_season.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("season_id", "player", name="uq_season_roster"),
    )
    op.create_index("ix_season_roster_season_id", "season_roster", ["season_id"])


def downgrade() -> None:
    op.drop_index("ix_season_roster_season_id", table_name="season_roster")
    op.drop_table("season_roster")
