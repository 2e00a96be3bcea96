"""A person's foreign signings (issue 32, npb_offseason.md §5): one row of
`league_foreign_choice` a choice a club a person decides for makes at the foreign step (sign a
man of its pool, release one of its foreign players), a row with no player when its choice is
made; in a shared league a manager adds his own club's, let in by the database's rules. Nothing
to fill for a league stored before.

Revision ID: 0018_foreign_choice
Revises: 0017_fa_offer
Create Date: 2026-12-05
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018_foreign_choice"
down_revision = "0017_fa_offer"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "league_foreign_choice",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("year", sa.Integer(), nullable=False),
        sa.Column("team", sa.String(), nullable=False),
        sa.Column("player", sa.String(), nullable=True),
        sa.Column("action", sa.String(), nullable=False),
        sa.Column("made_by", sa.String(), nullable=False),
        sa.ForeignKeyConstraint(["league_id"], ["league_league.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("league_id", "year", "team", "player",
                            name="uq_league_foreign_choice"),
    )
    op.create_index("ix_league_foreign_choice_league_id", "league_foreign_choice",
                    ["league_id"])


def downgrade() -> None:
    op.drop_index("ix_league_foreign_choice_league_id", table_name="league_foreign_choice")
    op.drop_table("league_foreign_choice")
