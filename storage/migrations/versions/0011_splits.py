"""Batting splits: each batter's line in each game against left- and right-handed pitchers
(the engine's pitcher stints), for the splits of a player's season (vs LHP / vs RHP). Games
stored before this revision have none; home and away come from the game lines' side.

Revision ID: 0011_splits
Revises: 0010_farm
Create Date: 2026-12-01
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011_splits"
down_revision = "0010_farm"
branch_labels = None
depends_on = None

COLUMNS = ("pa", "ab", "r", "h", "d2", "d3", "hr", "rbi", "bb", "ibb", "hbp", "so", "sb", "cs", "sh", "sf", "gidp", "e")


def upgrade() -> None:
    op.create_table(
        "game_batting_split",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("season_id", sa.Integer(), nullable=False),
        sa.Column("side", sa.Integer(), nullable=False),
        sa.Column("team", sa.String(), nullable=False),
        sa.Column("player", sa.String(), nullable=False),
        sa.Column("hand", sa.String(), nullable=False),
        *[sa.Column(c, sa.Integer(), nullable=False) for c in COLUMNS],
        sa.ForeignKeyConstraint(["game_id"], ["game_game.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["season_id"], ["season_season.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_game_batting_split_game_id", "game_batting_split", ["game_id"])
    op.create_index("ix_game_batting_split_player", "game_batting_split", ["season_id", "player"])


def downgrade() -> None:
    op.drop_index("ix_game_batting_split_player", table_name="game_batting_split")
    op.drop_index("ix_game_batting_split_game_id", table_name="game_batting_split")
    op.drop_table("game_batting_split")
