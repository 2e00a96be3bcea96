"""The splits' and the fielding lines' second index by season alone, not by (season, player).

A stored game writes some 15 split rows and 13 fielding rows. Indexed by (season_id, player),
each row went to its player's place in the index, so every game touched pages all over both
indexes; by season_id, the rows of a season's games go at the end, as their game_id index's do.
A 6-team season (435 games) simulated and stored: median of seven alternate runs 2.29 -> 1.93 s
on a busy machine. Splits are read one season at a time; a player's fielding over his seasons is
found through the games of his batting and pitching lines (storage.tables.of_player), which
keep their (season_id, player) index.

Revision ID: 0012_line_indexes
Revises: 0011_splits
Create Date: 2026-12-02
"""
from __future__ import annotations

from alembic import op

revision = "0012_line_indexes"
down_revision = "0011_splits"
branch_labels = None
depends_on = None

TABLES = ("game_batting_split", "game_fielding")


def upgrade() -> None:
    for table in TABLES:
        op.drop_index(f"ix_{table}_player", table_name=table)
        op.create_index(f"ix_{table}_season", table, ["season_id"], unique=False)


def downgrade() -> None:
    for table in TABLES:
        op.drop_index(f"ix_{table}_season", table_name=table)
        op.create_index(f"ix_{table}_player", table, ["season_id", "player"], unique=False)
