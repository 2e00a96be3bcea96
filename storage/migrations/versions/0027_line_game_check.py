"""The line tables' game key checked once a statement on PostgreSQL (issue 34): `game_batting`,
`game_batting_split`, `game_pitching` and `game_fielding` referenced `game_game(id)` with a
foreign key, which PostgreSQL checks with a trigger per inserted row (a lookup and a row lock
per line: ≈ 76 k a season). A season's day writes its lines with one COPY a table
(storage.repository.DayLines), whose rows name the day's few games; the key is now kept by
statement triggers that do per COPY what the key did per row:

- after an insert or an update of a line table, each game its new rows name is looked up in
  `game_game` and locked FOR KEY SHARE, as the key's check locks it (so a game cannot be deleted
  under lines being written), once per game, not once per row; a game that is not there refuses
  the statement (SQLSTATE 23503 foreign_key_violation, as the key did);
- after a delete from `game_game` the deleted games' lines are deleted (the key's ON DELETE
  CASCADE: deleting a season or a league still deletes its games and their lines);
- an update of a game's id that lines still name is refused (the key's NO ACTION).

Measured, COPY of the nippon season's lines again a day at a time (143 × 4 COPYs, rolled back,
the server backend's CPU from /proc, load 11, four alternated runs): per-row key 0.67–1.12 s,
these triggers 0.42–0.53 s, no check at all 0.38–0.41 s. A key made DEFERRABLE INITIALLY
DEFERRED is no cheaper (the same per-row checks, run at commit: 1.37–1.41 s against 1.29–1.43 s
for the whole season on the server).

The functions run as their owner (as a key's check does, so row-level security of a shared
league never hides a game from it), with a fixed search_path ending in pg_temp and every table
named with its schema: a shared league's managers cannot point them at tables of their own.
SQLite keeps its foreign keys (an index probe in the same process; dropping one there rebuilds
the table). `downgrade` puts the keys back.

Revision ID: 0027_line_game_check
Revises: 0026_amateur
Create Date: 2026-12-06
"""
from __future__ import annotations

from alembic import op
from sqlalchemy import text

revision = "0027_line_game_check"
down_revision = "0026_amateur"
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
    path = f"set search_path = {s}, pg_temp"
    deletes = "\n  ".join(f"delete from {s}.{t} x using gone g where x.game_id = g.id;"
                          for t in TABLES)
    named = " or ".join(f"exists (select from {s}.{t} x where x.game_id = old.id)"
                        for t in TABLES)
    op.execute(f"""
create or replace function {s}.impact_line_game_check() returns trigger
language plpgsql security definer {path} as $$
declare
  gid integer;
begin
  -- each game the statement's rows name, once: there, and locked as a foreign key's check
  -- locks it (a game cannot be deleted under lines being written)
  for gid in select distinct n.game_id from new_rows n loop
    perform from {s}.game_game g where g.id = gid for key share;
    if not found then
      raise exception using errcode = 'foreign_key_violation',
        message = 'insert or update on table "' || tg_table_name || '" violates the game '
                  || 'key: no game ' || coalesce(gid::text, 'null') || ' (game_game)';
    end if;
  end loop;
  return null;
end $$;

create or replace function {s}.impact_game_lines_delete() returns trigger
language plpgsql security definer {path} as $$
begin
  -- the deleted games' lines go with them (the key's ON DELETE CASCADE)
  {deletes}
  return null;
end $$;

create or replace function {s}.impact_game_id_guard() returns trigger
language plpgsql security definer {path} as $$
begin
  if {named} then
    raise exception using errcode = 'foreign_key_violation',
      message = 'game ' || old.id || ' still has lines: its id cannot change';
  end if;
  return new;
end $$;
""")
    for t in TABLES:
        op.execute(f"alter table {s}.{t} drop constraint if exists {t}_game_id_fkey")
        for when in ("insert", "update"):
            # (a league whose version was set back by hand may have the triggers already)
            op.execute(f"drop trigger if exists impact_line_game_{when} on {s}.{t}")
            op.execute(f"create trigger impact_line_game_{when} after {when} on {s}.{t} "
                       "referencing new table as new_rows for each statement "
                       f"execute function {s}.impact_line_game_check()")
    op.execute(f"drop trigger if exists impact_game_lines_delete on {s}.game_game")
    op.execute(f"drop trigger if exists impact_game_id_guard on {s}.game_game")
    op.execute(f"create trigger impact_game_lines_delete after delete on {s}.game_game "
               "referencing old table as gone for each statement "
               f"execute function {s}.impact_game_lines_delete()")
    op.execute(f"create trigger impact_game_id_guard before update of id on {s}.game_game "
               "for each row when (old.id is distinct from new.id) "
               f"execute function {s}.impact_game_id_guard()")


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    s = _schema()
    op.execute(f"drop trigger if exists impact_game_id_guard on {s}.game_game")
    op.execute(f"drop trigger if exists impact_game_lines_delete on {s}.game_game")
    for t in TABLES:
        for when in ("insert", "update"):
            op.execute(f"drop trigger if exists impact_line_game_{when} on {s}.{t}")
        op.execute(f"alter table {s}.{t} add constraint {t}_game_id_fkey foreign key (game_id) "
                   f"references {s}.game_game(id) on delete cascade")
    for fn in ("impact_line_game_check", "impact_game_lines_delete", "impact_game_id_guard"):
        op.execute(f"drop function if exists {s}.{fn}()")
