"""A game played at the keyboard with typed dice says so: who typed them (issue 28).

The rolls of a keyboard game are the computer's (the game's seed, chosen by the database on a
shared league) unless the person typed them; the commissioner's recording step compares every
roll with the seed's and marks the game whose rolls are not all the computer's. NULL: the
computer's dice; otherwise the person (his login role on a shared league, "" on a single-user
league) who typed them. A migration on a shared league also brings its functions and triggers
up to date (storage.sharing.reapply).

Revision ID: 0013_typed_dice
Revises: 0012_line_indexes
Create Date: 2026-12-04
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013_typed_dice"
down_revision = "0012_line_indexes"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_game") as batch:
        batch.add_column(sa.Column("typed_by", sa.String(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_game") as batch:
        batch.drop_column("typed_by")
