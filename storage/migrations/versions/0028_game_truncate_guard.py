"""`TRUNCATE game_game` refused while lines name its games, on PostgreSQL (issue 34's 0027 left
this open): with the line tables' foreign keys PostgreSQL refused to truncate `game_game` alone
("cannot truncate a table referenced in a foreign key constraint") — the lines would have named
games that are gone. 0027_line_game_check replaced those keys by statement triggers, which a
TRUNCATE does not fire, so truncating `game_game` alone left every line of every game behind.

An AFTER TRUNCATE trigger on `game_game` now refuses the statement when any line table still has
a row (SQLSTATE 23503 foreign_key_violation). After-statement triggers of a TRUNCATE run once
every table it names is emptied, so truncating the games together with their line tables (what
the key allowed) still works. `TRUNCATE game_game CASCADE` no longer reaches the line tables (they
have no key to cascade along) and is refused instead of leaving them behind. No role but the
league's owner may truncate; nothing in the program does.

The function runs as its owner with a fixed search_path ending in pg_temp and every table named
with its schema (a shared league's managers cannot point it at tables of their own). SQLite has
no TRUNCATE and keeps its keys. `downgrade` drops the trigger and its function.

Revision ID: 0028_game_truncate_guard
Revises: 0027_line_game_check
Create Date: 2026-12-06
"""
from __future__ import annotations

from alembic import op
from sqlalchemy import text

revision = "0028_game_truncate_guard"
down_revision = "0027_line_game_check"
branch_labels = None
depends_on = None

TABLES = ("game_batting", "game_batting_split", "game_pitching", "game_fielding")


def _schema() -> str:
    schema = op.get_bind().execute(text("select current_schema()")).scalar()
    return '"' + str(schema).replace('"', '""') + '"'


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    s = _schema()
    left = " or ".join(f"exists (select from {s}.{t})" for t in TABLES)
    op.execute(f"""
create or replace function {s}.impact_game_truncate_guard() returns trigger
language plpgsql security definer set search_path = {s}, pg_temp as $$
begin
  -- run after every table the TRUNCATE names is empty: lines left name games that are gone
  if {left} then
    raise exception using errcode = 'foreign_key_violation',
      message = 'cannot truncate game_game while the line tables name its games '
                || '(truncate game_batting, game_batting_split, game_pitching and '
                || 'game_fielding with it)';
  end if;
  return null;
end $$;
""")
    op.execute(f"drop trigger if exists impact_game_truncate_guard on {s}.game_game")
    op.execute(f"create trigger impact_game_truncate_guard after truncate on {s}.game_game "
               f"for each statement execute function {s}.impact_game_truncate_guard()")


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    s = _schema()
    op.execute(f"drop trigger if exists impact_game_truncate_guard on {s}.game_game")
    op.execute(f"drop function if exists {s}.impact_game_truncate_guard()")
