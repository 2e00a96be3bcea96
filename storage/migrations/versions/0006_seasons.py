"""Two leagues, the postseason and season after season: league settings, each team's league
and division, a season's year and phase, postseason games apart, postseason series

Revision ID: 0006_seasons
Revises: 0005_odds
Create Date: 2026-12-01
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_seasons"
down_revision = "0005_odds"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("league_league") as batch:
        batch.add_column(sa.Column("settings", sa.Text(), nullable=False, server_default="{}"))
    with op.batch_alter_table("league_team") as batch:
        for name in ("league", "division", "name_en"):
            batch.add_column(sa.Column(name, sa.String(), nullable=False, server_default=""))
    with op.batch_alter_table("season_season") as batch:
        batch.add_column(sa.Column("year", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("phase", sa.String(), nullable=False,
                                   server_default="regular"))
        batch.add_column(sa.Column("closed_at", sa.DateTime(), nullable=True))
    with op.batch_alter_table("season_schedule") as batch:
        batch.add_column(sa.Column("kind", sa.String(), nullable=False, server_default="regular"))
    # a season made before years were kept is the year it started in
    season = sa.table("season_season", sa.column("id", sa.Integer()),
                      sa.column("start", sa.Date()), sa.column("year", sa.Integer()))
    conn = op.get_bind()
    for sid, start in conn.execute(sa.select(season.c.id, season.c.start)).all():
        year = start.year if hasattr(start, "year") else int(str(start)[:4])
        conn.execute(sa.update(season).where(season.c.id == sid).values(year=year))
    op.create_table(
        "season_postseason_series",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("season_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("league", sa.String(), nullable=False),
        sa.Column("high", sa.String(), nullable=True),
        sa.Column("low", sa.String(), nullable=True),
        sa.Column("high_seed", sa.Integer(), nullable=True),
        sa.Column("low_seed", sa.Integer(), nullable=True),
        sa.Column("format", sa.Text(), nullable=False),
        sa.Column("feeds", sa.String(), nullable=False, server_default=""),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("winner", sa.String(), nullable=True),
        sa.ForeignKeyConstraint(["season_id"], ["season_season.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("season_id", "key", name="uq_season_postseason_key"),
    )
    with op.batch_alter_table("season_postseason_series") as batch:
        batch.create_index("ix_season_postseason_series_season_id", ["season_id"], unique=False)


def downgrade() -> None:
    op.drop_table("season_postseason_series")
    with op.batch_alter_table("season_schedule") as batch:
        batch.drop_column("kind")
    with op.batch_alter_table("season_season") as batch:
        for name in ("closed_at", "phase", "year"):
            batch.drop_column(name)
    with op.batch_alter_table("league_team") as batch:
        for name in ("name_en", "division", "league"):
            batch.drop_column(name)
    with op.batch_alter_table("league_league") as batch:
        batch.drop_column("settings")
