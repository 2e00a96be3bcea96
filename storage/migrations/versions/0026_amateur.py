"""The men who refused a club's pick (入団拒否, issue 31, npb_offseason.md §3: "a small share
refuse and re-enter a later class"): `league_amateur`, one row a man — the year of the class he
may join, the draft and club he refused, and the amateur he is then (JSON) — kept from the
off-season he refused in until the class he comes back in is made. Nothing to fill for a league
stored before: its refusals (named in the news) came back in no class, as the program then did.

Revision ID: 0026_amateur
Revises: 0025_sealed_ids
Create Date: 2026-12-05
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0026_amateur"
down_revision = "0025_sealed_ids"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # (a league whose version was set back by hand may have the table already)
    if "league_amateur" in sa.inspect(op.get_bind()).get_table_names():
        return
    op.create_table(
        "league_amateur",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(), nullable=False),
        sa.Column("year", sa.Integer(), nullable=False),
        sa.Column("refused", sa.Integer(), nullable=False),
        sa.Column("team", sa.String(), nullable=False),
        sa.Column("prospect", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["league_id"], ["league_league.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("league_id", "key", name="uq_league_amateur"),
    )
    op.create_index("ix_league_amateur_league_id", "league_amateur", ["league_id"])


def downgrade() -> None:
    op.drop_index("ix_league_amateur_league_id", table_name="league_amateur")
    op.drop_table("league_amateur")
