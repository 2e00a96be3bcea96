"""The line tables' season foreign key dropped on PostgreSQL (issue 34): `game_batting`,
`game_batting_split`, `game_pitching` and `game_fielding` each referenced both their game
(`game_id`) and their season (`season_id`). The season one guards nothing the game one does not:
a line's game row holds its season, and deleting a season (or its league) deletes its games,
whose lines go with them (`game_id … ON DELETE CASCADE`). PostgreSQL checks a foreign key with a
per-row trigger; measured with EXPLAIN ANALYZE, inserting the nippon season's 76 k line rows
(seed 1, 858 games) costs 0.88–1.01 s of server time with both keys and 0.46–0.56 s with the
game's alone (no key: 0.09–0.12 s). The game key stays: it is what deletes a game's lines.

SQLite keeps the constraint. Its foreign-key checks are an index probe in the same process
(≈ 0.015 s a season for every key, notes/h34s.md), and dropping one there means rebuilding each
of the four tables (Alembic's batch mode: copy every row, recreate the indexes), which for a
league of many stored seasons is minutes of work at the first open and a full second copy of
its largest tables on disk. A league stored before opens and carries on either way; row-level
security (storage/sharing.py) does not refer to the key (managers only read these tables).

Revision ID: 0024_line_season_fk
Revises: 0023_draft_pick_count
Create Date: 2026-12-05
"""
from __future__ import annotations

from alembic import op

revision = "0024_line_season_fk"
down_revision = "0023_draft_pick_count"
branch_labels = None
depends_on = None

TABLES = ("game_batting", "game_batting_split", "game_pitching", "game_fielding")


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for table in TABLES:
        op.execute(f"alter table {table} drop constraint if exists {table}_season_id_fkey")


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for table in TABLES:
        op.execute(f"alter table {table} add constraint {table}_season_id_fkey foreign key "
                   "(season_id) references season_season(id) on delete cascade")
