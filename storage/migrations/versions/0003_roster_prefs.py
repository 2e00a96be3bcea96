"""A team's saved roster choices per season: reserves, batting order, rotation, bullpen

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('league_roster_pref',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('season_id', sa.Integer(), nullable=False),
    sa.Column('team', sa.String(), nullable=False),
    sa.Column('kind', sa.String(), nullable=False),
    sa.Column('data', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['season_id'], ['season_season.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('season_id', 'team', 'kind', name='uq_league_roster_pref')
    )
    with op.batch_alter_table('league_roster_pref', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_league_roster_pref_season_id'), ['season_id'],
                              unique=False)


def downgrade() -> None:
    with op.batch_alter_table('league_roster_pref', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_league_roster_pref_season_id'))

    op.drop_table('league_roster_pref')
