"""Indexes for a player's game log and season totals (season, player) on the game lines.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29
"""
from __future__ import annotations

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

TABLES = ("game_batting", "game_pitching", "game_fielding")


def upgrade() -> None:
    for table in TABLES:
        op.create_index(f"ix_{table}_player", table, ["season_id", "player"], unique=False)


def downgrade() -> None:
    for table in TABLES:
        op.drop_index(f"ix_{table}_player", table_name=table)
