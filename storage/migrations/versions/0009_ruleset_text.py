"""A league's own ruleset is stored with it (the TOML text), never opened from a file later

Revision ID: 0009_ruleset_text
Revises: 0008_history
Create Date: 2026-12-01
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_ruleset_text"
down_revision = "0008_history"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("league_ruleset") as batch:
        batch.add_column(sa.Column("text", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("league_ruleset") as batch:
        batch.drop_column("text")
