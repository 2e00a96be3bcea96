"""Keyboard games on a shared league: who played each side

Revision ID: 0007_shared_games
Revises: 0006_seasons
Create Date: 2026-12-01
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_shared_games"
down_revision = "0006_seasons"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_live") as batch:
        batch.add_column(sa.Column("away_by", sa.String(), nullable=True))
        batch.add_column(sa.Column("home_by", sa.String(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_live") as batch:
        batch.drop_column("home_by")
        batch.drop_column("away_by")
