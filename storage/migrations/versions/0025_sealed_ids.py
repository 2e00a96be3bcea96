"""Ids that count no sealed row (issue 32): in a shared league a manager reads only his own
club's pending trade offers, draft picks, free-agency offers and foreign choices (0020–0022), yet
their ids, drawn from one sequence for every club, told him how many a rival had written between
two of his own (his offers 1 and 3: another's is 2), and so did the sequences themselves
(`last_value`, the jump between two `nextval`) and the audit log's ids. From this revision a
shared league numbers those rows, and every new line of its audit log, by the microsecond they
are written (storage.sharing, impact_clock_id): the order stays the order they were written, the
number says nothing of any other row. A manager reads no sequence and draws from none but those
of his saved lists and keyboard games.

Here the four tables' ids become bigint on PostgreSQL (such a number needs 61 bits; SQLite's
INTEGER is 64 bits already); the grants, the numbering trigger and the audit function are
installed by the sharing re-applied after a migration the owner runs (storage.db), which is how a
league shared at 0024 is fixed when its owner opens it. Rows and log lines written before keep
their numbers (docs/sharing.md says what that leaves).

Revision ID: 0025_sealed_ids
Revises: 0024_line_season_fk
Create Date: 2026-12-05
"""
from __future__ import annotations

from alembic import op

revision = "0025_sealed_ids"
down_revision = "0024_line_season_fk"
branch_labels = None
depends_on = None

TABLES = ("league_trade_offer", "league_draft_pick", "league_fa_offer", "league_foreign_choice")


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for table in TABLES:
        op.execute(f"alter table {table} alter column id type bigint")
        # an unshared league (and the owner's inserts by hand) still draws from the sequence
        op.execute(f"do $$ declare q text := pg_get_serial_sequence('{table}', 'id'); begin "
                   "if q is not null then execute format('alter sequence %s as bigint', q); "
                   "end if; end $$")


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for table in TABLES:
        op.execute(f"alter table {table} alter column id type integer")
