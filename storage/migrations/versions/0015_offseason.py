"""The off-season as steps (issue 31): where a league's off-season stands and what its steps
decided (`league_offseason`), and the draft picks a person named (`league_draft_pick`, one row a
turn of a club). A league stored before this has no off-season under way: nothing to fill.

Revision ID: 0015_offseason
Revises: 0014_born
Create Date: 2026-12-05
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015_offseason"
down_revision = "0014_born"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "league_offseason",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("year", sa.Integer(), nullable=False),
        sa.Column("step", sa.String(), nullable=False),
        sa.Column("data", sa.Text(), nullable=False, server_default="{}"),
        sa.ForeignKeyConstraint(["league_id"], ["league_league.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("league_id", "year", name="uq_league_offseason"),
    )
    op.create_index("ix_league_offseason_league_id", "league_offseason", ["league_id"])
    op.create_table(
        "league_draft_pick",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("year", sa.Integer(), nullable=False),
        sa.Column("team", sa.String(), nullable=False),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("prospect", sa.String(), nullable=True),
        sa.Column("made_by", sa.String(), nullable=False),
        sa.ForeignKeyConstraint(["league_id"], ["league_league.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("league_id", "year", "team", "turn", name="uq_league_draft_pick"),
    )
    op.create_index("ix_league_draft_pick_league_id", "league_draft_pick", ["league_id"])


def downgrade() -> None:
    op.drop_index("ix_league_draft_pick_league_id", table_name="league_draft_pick")
    op.drop_table("league_draft_pick")
    op.drop_index("ix_league_offseason_league_id", table_name="league_offseason")
    op.drop_table("league_offseason")
