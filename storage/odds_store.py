"""Pennant odds as they stood on each day they were taken: one row per season, day and team.

The Standings area draws how each team's odds moved through the season from these rows
(migration 0005_odds). Taking the odds again on a day replaces that day's rows.
"""
from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from typing import TYPE_CHECKING, Optional

from sqlalchemy import UniqueConstraint, delete
from sqlmodel import Field, Session, col, select

from storage.rowbase import Row
from storage.tables import _now
from storage.views import OddsPoint  # noqa: F401  (kept where it was)

if TYPE_CHECKING:   # reading the chart's rows needs no engine
    from league.season.odds import OddsReport


class SeasonOddsRow(Row, table=True):
    """One team's odds after `played` games of the season (the last of them on `day`)."""

    __tablename__ = "season_odds"
    __table_args__ = (UniqueConstraint("season_id", "played", "team", name="uq_season_odds"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    season_id: int = Field(foreign_key="season_season.id", ondelete="CASCADE", index=True)
    played: int
    day: Optional[date] = None
    team: str
    runs: int
    seed: int
    pennant: float
    climax: float
    wins: float
    losses: float
    draws: float
    magic: Optional[int] = None
    taken_at: datetime = Field(default_factory=_now)


def save_odds(*, session: Session, season_id: int, report: OddsReport) -> None:
    """Keep the report's odds under the day it was taken (replacing that day's)."""
    session.execute(delete(SeasonOddsRow.__table__).where(
        SeasonOddsRow.__table__.c.season_id == season_id,
        SeasonOddsRow.__table__.c.played == report.played))
    for t in report.teams:
        session.add(SeasonOddsRow(season_id=season_id, played=report.played, day=report.day,
                                  team=t.team, runs=report.runs, seed=report.seed,
                                  pennant=t.pennant, climax=t.climax, wins=t.wins,
                                  losses=t.losses, draws=t.draws, magic=t.magic.number))
    session.flush()


def odds_history(*, session: Session, season_id: int) -> list[OddsPoint]:
    """Every stored point of the season, oldest first."""
    rows: Sequence[SeasonOddsRow] = session.exec(
        select(SeasonOddsRow).where(SeasonOddsRow.season_id == season_id)
        .order_by(col(SeasonOddsRow.played), col(SeasonOddsRow.team))).all()
    return [OddsPoint(r.played, r.day, r.team, r.pennant, r.climax, r.magic, r.runs, r.wins,
                      r.losses, r.draws) for r in rows]
