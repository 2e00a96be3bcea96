"""A person's free-agency offers (issue 32, npb_offseason.md §4): one row of `league_fa_offer` an
offer a club a person decides for makes to a declared free agent (a promised role and years), a
row with no player when the club has made all it makes; in a shared league a manager adds his
own club's, let in by the database's rules. Nothing to fill for a league stored before.

Revision ID: 0017_fa_offer
Revises: 0016_trade_offer
Create Date: 2026-12-05
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017_fa_offer"
down_revision = "0016_trade_offer"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "league_fa_offer",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("year", sa.Integer(), nullable=False),
        sa.Column("team", sa.String(), nullable=False),
        sa.Column("player", sa.String(), nullable=True),
        sa.Column("role", sa.String(), nullable=False),
        sa.Column("years", sa.Integer(), nullable=False),
        sa.Column("made_by", sa.String(), nullable=False),
        sa.ForeignKeyConstraint(["league_id"], ["league_league.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("league_id", "year", "team", "player", name="uq_league_fa_offer"),
    )
    op.create_index("ix_league_fa_offer_league_id", "league_fa_offer", ["league_id"])


def downgrade() -> None:
    op.drop_index("ix_league_fa_offer_league_id", table_name="league_fa_offer")
    op.drop_table("league_fa_offer")
