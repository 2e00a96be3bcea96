"""Live games kept while a person plays them: line-ups, carried fatigue, and the log of rolls and
decisions, saved after every plate appearance so quitting mid-game loses nothing."""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Optional

from sqlalchemy import Column, Text, bindparam, text
from sqlalchemy import select as sa_select
from sqlmodel import Field, Session, col, select

from league.engine.boxscore import lineup_dict, lineup_from_dict
from league.engine.lineup import Lineup
from league.engine.live import LiveLog
from league.errors import LeagueError
from storage import fastsql
from storage.rowbase import Row, storable


def _now() -> datetime:
    return datetime.now(timezone.utc)


class LiveGameRow(Row, table=True):
    """A game a person is playing (or has finished) at the keyboard."""

    __tablename__ = "game_live"

    id: Optional[int] = Field(default=None, primary_key=True)
    league_id: int = Field(foreign_key="league_league.id", ondelete="CASCADE", index=True)
    season_id: Optional[int] = Field(default=None, foreign_key="season_season.id", ondelete="CASCADE")
    number: Optional[int] = None          # the schedule's game number; None for an exhibition
    away: str
    home: str
    people: str                           # JSON list of the sides a person manages (0, 1)
    lineups: str = Field(sa_column=Column(Text, nullable=False))
    fatigue: str = Field(sa_column=Column(Text, nullable=False))
    log: str = Field(sa_column=Column(Text, nullable=False))
    dice: str = "computer"                # computer | typed
    seed: int = 0
    status: str = "playing"               # playing | finished (awaiting record) | final | voided
    updated_at: datetime = Field(default_factory=_now)
    # On a shared PostgreSQL league: the role that played each side (None: the computer).
    away_by: Optional[str] = None
    home_by: Optional[str] = None


@dataclass(frozen=True)
class LiveGameInfo:
    id: int
    league_id: int
    season_id: int | None
    number: int | None
    away: str
    home: str
    people: tuple[int, ...]
    lineups: tuple[Lineup, Lineup]
    fatigue: dict[str, int]
    log: LiveLog
    dice: str
    seed: int
    status: str
    updated_at: datetime
    played_by: tuple[str | None, str | None] = (None, None)


def _info(row: LiveGameRow) -> LiveGameInfo:
    try:
        lineups = tuple(lineup_from_dict(d) for d in json.loads(row.lineups))
        fatigue = {str(k): int(v) for k, v in json.loads(row.fatigue).items()}
        log = LiveLog.from_dict(json.loads(row.log))
        people = tuple(int(x) for x in json.loads(row.people))
    except (ValueError, KeyError, TypeError) as exc:
        raise LeagueError(f"saved game {row.id} is damaged: {exc}") from None
    assert row.id is not None
    return LiveGameInfo(row.id, row.league_id, row.season_id, row.number, row.away, row.home,
                        people, (lineups[0], lineups[1]), fatigue, log, row.dice, row.seed,
                        row.status, row.updated_at, (row.away_by, row.home_by))


def create_live(*, session: Session, league_id: int, season_id: int | None, number: int | None,
                away: Lineup, home: Lineup, people: tuple[int, ...], fatigue: dict[str, int],
                dice: str, seed: int) -> LiveGameInfo:
    """Keep a new live game; refuses a second live game for the same scheduled game."""
    if number is not None:
        existing = session.exec(select(LiveGameRow).where(
            LiveGameRow.season_id == season_id, LiveGameRow.number == number,
            LiveGameRow.status == "playing")).first()
        if existing is not None:
            raise LeagueError(f"game {number} is already being played at the keyboard "
                              f"(saved game {existing.id}): resume it instead")
    row = LiveGameRow(league_id=league_id, season_id=season_id, number=number, away=away.team,
                      home=home.team, people=json.dumps(list(people)),
                      lineups=json.dumps([lineup_dict(away), lineup_dict(home)], ensure_ascii=False),
                      fatigue=json.dumps(fatigue), log=json.dumps(LiveLog().as_dict()), dice=dice,
                      seed=seed)
    person = _connected_role(session)
    if person is not None:
        row.away_by = person if 0 in people else None
        row.home_by = person if 1 in people else None
    session.add(row)
    session.flush()
    if person is not None:
        session.refresh(row)    # a shared league's database chooses the seed (storage.sharing)
    return _info(row)


def _connected_role(session: Session) -> str | None:
    """The PostgreSQL role this session is connected as (None on SQLite: one user)."""
    bind = session.get_bind()
    if bind.dialect.name != "postgresql":
        return None
    return str(session.connection().execute(text("select current_user")).scalar_one())


def _live_row(session: Session, live_id: int) -> LiveGameRow:
    """Saved game `live_id`'s row, or a refusal naming it (a number no row can have too)."""
    row = session.get(LiveGameRow, live_id) if storable(live_id) else None
    if row is None:
        raise LeagueError(f"no saved game {live_id}")
    return row


def void_live(*, session: Session, live_id: int) -> LiveGameInfo:
    """The commissioner voids a keyboard game: it stays in the record, marked voided."""
    row = _live_row(session, live_id)
    if row.status == "voided":
        raise LeagueError(f"saved game {live_id} is already voided")
    row.status = "voided"
    row.updated_at = _now()
    session.add(row)
    session.flush()
    return _info(row)


def save_log(*, session: Session, live_id: int, log: LiveLog, dice: str | None = None) -> None:
    row = _live_row(session, live_id)
    row.log = json.dumps(log.as_dict())
    if dice is not None:
        row.dice = dice
    row.updated_at = _now()
    session.add(row)


def mark_final(*, session: Session, live_id: int, log: LiveLog, status: str = "final") -> None:
    """The game is over: `final` once recorded, `finished` while it waits for the commissioner
    to record it (a manager's game on a shared league)."""
    save_log(session=session, live_id=live_id, log=log)
    row = session.get(LiveGameRow, live_id)
    assert row is not None
    row.status = status
    session.add(row)


def load_live(*, session: Session, live_id: int) -> LiveGameInfo:
    row = _live_row(session, live_id)
    return _info(row)


def list_live(*, session: Session, league_id: int, playing_only: bool = True) -> list[LiveGameInfo]:
    q = select(LiveGameRow).where(LiveGameRow.league_id == league_id)
    if playing_only:
        q = q.where(LiveGameRow.status == "playing")
    return [_info(r) for r in session.exec(q.order_by(col(LiveGameRow.updated_at).desc())).all()]


def playing_numbers(*, session: Session, season_id: int) -> set[int]:
    """Numbers of the season's scheduled games being played at the keyboard right now (asked
    by a season's simulation before every day it plays: one compiled statement on the session's
    cursor, storage.fastsql)."""
    with fastsql.cursor_of(session) as (cursor, dialect):
        fastsql.run(cursor, dialect, "live_playing", _playing_statement, [(season_id,)],
                    many=False)
        return {n for (n,) in cursor.fetchall() if n is not None}


def _playing_statement(_dialect: str) -> tuple[Any, tuple[str, ...]]:
    t = LiveGameRow.__table__
    return (sa_select(t.c.number).where(t.c.season_id == bindparam("k_sid"),
                                        t.c.status == "playing"), ("k_sid",))


def delete_live(*, session: Session, live_id: int) -> None:
    row = session.get(LiveGameRow, live_id) if storable(live_id) else None
    if row is not None:
        session.delete(row)


