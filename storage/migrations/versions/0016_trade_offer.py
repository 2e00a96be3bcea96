"""A person's trade offers in a shared league (issue 32, npb_offseason.md §6): a manager's offer
(or his acceptance of a computer's proposal) is a row of `league_trade_offer` for his own club,
let in by the database's rules, answered by the commissioner's program (the computer's measure)
and made or refused there. Nothing to fill for a league stored before.

Revision ID: 0016_trade_offer
Revises: 0015_offseason
Create Date: 2026-12-05
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016_trade_offer"
down_revision = "0015_offseason"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "league_trade_offer",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("team", sa.String(), nullable=False),
        sa.Column("other", sa.String(), nullable=False),
        sa.Column("gives", sa.String(), nullable=False),
        sa.Column("gets", sa.String(), nullable=False),
        sa.Column("state", sa.String(), nullable=False, server_default="offered"),
        sa.Column("answer", sa.Text(), nullable=False, server_default=""),
        sa.Column("made_by", sa.String(), nullable=False, server_default=""),
        sa.ForeignKeyConstraint(["league_id"], ["league_league.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_league_trade_offer_league_id", "league_trade_offer", ["league_id"])


def downgrade() -> None:
    op.drop_index("ix_league_trade_offer_league_id", table_name="league_trade_offer")
    op.drop_table("league_trade_offer")
