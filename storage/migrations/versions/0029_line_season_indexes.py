"""The split and fielding lines without an index by season (issue 34): a season's games wrote
each of their ≈ 29 split and 26 fielding rows into three b-trees (the table, its game_id index
and its season_id index); now two. The rows a season's reads want are found through its games
instead: game_game's season index, then the lines' game_id index (storage.tables.in_seasons);
a player's through the games of his batting and pitching lines, as since 0012 (of_player).

Measured, the nippon season's 47,557 split and fielding rows inserted a day at a time into
SQLite (143 transactions, executemany, CPU, two runs each): 0.085 → 0.071 s for the two tables,
the commits 0.024 → 0.022 s; PostgreSQL's server CPU for the season's line COPYs 0.28–0.29 →
0.24 s (one run; 10 ms ticks). The reads give the same rows in the same order.

Revision ID: 0029_line_season_indexes
Revises: 0028_game_truncate_guard
Create Date: 2026-12-06
"""
from __future__ import annotations

from alembic import op
from sqlalchemy import text

revision = "0029_line_season_indexes"
down_revision = "0028_game_truncate_guard"
branch_labels = None
depends_on = None

TABLES = ("game_batting_split", "game_fielding")


def _schema() -> str:
    """The league's schema, quoted, with its dot (PostgreSQL: named, as 0027 names it); "" on
    SQLite."""
    bind = op.get_bind()
    if bind.dialect.name != "postgresql":
        return ""
    schema = bind.execute(text("select current_schema()")).scalar()
    return '"' + str(schema).replace('"', '""') + '".'


def upgrade() -> None:
    s = _schema()
    for table in TABLES:
        # (a league whose version was set back by hand may be without them already)
        op.execute(f"DROP INDEX IF EXISTS {s}ix_{table}_season")


def downgrade() -> None:
    s = _schema()
    for table in TABLES:
        op.execute(f"CREATE INDEX IF NOT EXISTS ix_{table}_season ON {s}{table} (season_id)")
