"""Sealed trade offers (issue 32, npb_offseason.md §6): in a shared league a manager reads only
the trade offers his club is party to, made by it (`team`) or to it (`other`), until the trade
is done (an accepted offer is everyone's: the trade is in the news). The rule is row-level
security on `league_trade_offer` and on the audit log, installed by storage.sharing (with
`share`, and anew on a shared league after this migration: storage.db re-applies sharing after
every migration the owner runs). What the schema gains is the other side's lookup: an index on
the club an offer is made to, as the index of 0016 serves the league's, for the read rule's
second club and for "the offers made to my club" (SQLite the same shape; single-user, no rule).

Revision ID: 0020_trade_sealed
Revises: 0019_fa_offer_count
Create Date: 2026-12-05
"""
from __future__ import annotations

from alembic import op

revision = "0020_trade_sealed"
down_revision = "0019_fa_offer_count"
branch_labels = None
depends_on = None

INDEX = "ix_league_trade_offer_other"


def upgrade() -> None:
    op.create_index(INDEX, "league_trade_offer", ["league_id", "other"])


def downgrade() -> None:
    op.drop_index(INDEX, table_name="league_trade_offer")
