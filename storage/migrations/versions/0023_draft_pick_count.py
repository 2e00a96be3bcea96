"""How many picks each club has named at the draft (issue 32, npb_offseason.md §3):
`league_draft_pick_count` is one row a league, year and club with the number of its rows in
`league_draft_pick` (a stop counted too; the men not named), for everyone to read. In a shared
league a club's pending pick is sealed from the other managers (0021_draft_sealed), so without it
a manager's program said the draft waited for a club that had named already; with it, the draft
says whom it truly waits for. A view: nothing stored twice, nothing to fill for a league stored
before.

Revision ID: 0023_draft_pick_count
Revises: 0022_foreign_sealed
Create Date: 2026-12-05
"""
from __future__ import annotations

from alembic import op

revision = "0023_draft_pick_count"
down_revision = "0022_foreign_sealed"
branch_labels = None
depends_on = None

VIEW = "league_draft_pick_count"


def upgrade() -> None:
    # (a league whose version was set back by hand may have the view already)
    create = ("create or replace view" if op.get_bind().dialect.name == "postgresql"
              else "create view if not exists")
    op.execute(f"{create} {VIEW} as "
               "select league_id, year, team, count(*) as named from league_draft_pick "
               "group by league_id, year, team")


def downgrade() -> None:
    op.execute(f"drop view {VIEW}")
