"""Sealed free-agency offers (issue 32, npb_offseason.md §4): in NPB a club's offer is its own
business. `league_fa_offer_count` is how many offers each declared free agent has (one row a
league, year and player; the clubs not named), for everyone to read; in a shared league the
offer rows themselves are each manager's own club's to read (row-level security, installed by
storage.sharing, which a migration on a shared league re-applies). A view: nothing stored
twice, nothing to fill for a league stored before.

Revision ID: 0019_fa_offer_count
Revises: 0018_foreign_choice
Create Date: 2026-12-05
"""
from __future__ import annotations

from alembic import op

revision = "0019_fa_offer_count"
down_revision = "0018_foreign_choice"
branch_labels = None
depends_on = None

VIEW = "league_fa_offer_count"


def upgrade() -> None:
    op.execute(f"create view {VIEW} as "
               "select league_id, year, player, count(*) as offers from league_fa_offer "
               "where player is not null group by league_id, year, player")


def downgrade() -> None:
    op.execute(f"drop view {VIEW}")
