"""The farm and injuries of a season (migration 0010_farm): one ``season_roster`` row per player
with a demotion day (the ten-day rule) or injury points. A player's roster status is the
``roster`` cell of his season card (active / farm), changed with each move; every move is a
transaction of the league's log (kind ``up`` or ``down``, storage.history_store)."""
from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from datetime import date
from typing import Any, Optional

from sqlalchemy import UniqueConstraint, bindparam, select, update
from sqlmodel import Field, Session, SQLModel

from league.farm import Move, RosterBook, Standing
from league.roster import League
from storage import fastsql
from storage import history_store as hs
from storage.tables import CardRow, PlayerRow


class SeasonRosterRow(SQLModel, table=True):
    """A player's farm and injury standing in one season."""

    __tablename__ = "season_roster"
    __table_args__ = (UniqueConstraint("season_id", "player", name="uq_season_roster"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    season_id: int = Field(foreign_key="season_season.id", ondelete="CASCADE", index=True)
    player: str
    demoted_on: Optional[date] = None
    points: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    hurt_on: Optional[date] = None
    settled: Optional[date] = None


def standings(*, session: Session, season_id: int) -> dict[str, Standing]:
    return {r.player: Standing(r.demoted_on, r.points, r.hurt_on, r.settled)
            for r in session.exec(select(SeasonRosterRow)  # type: ignore[call-overload]
                                  .where(SeasonRosterRow.season_id == season_id)).scalars()}


def book_of(*, session: Session, season_id: int | None, league: League,
            season_seed: int = 0) -> RosterBook:
    """The season's RosterBook: the farm from the cards, the standings from the table."""
    book = RosterBook(season_seed=season_seed)
    book.bind(league)
    if season_id is not None:
        book.entries = standings(session=session, season_id=season_id)
    return book


def store(*, session: Session, league_id: int, season_id: int | None, moves: Iterable[Move],
          entries: Mapping[str, Standing]) -> None:
    """Store moves (the card's roster cell and a transaction each) and standings; the caller
    commits, with the game they came before when the season runner made them."""
    moves = list(moves)
    if season_id is not None and entries:
        # one upsert for them all (executemany on the connection's cursor, compiled once): the
        # standings change after nearly every game (recovery checks, injuries)
        conn = session.connection()
        day = _day_param(conn.dialect.name)
        cursor = conn.connection.cursor()
        try:
            fastsql.run(cursor, conn.dialect, "season_roster_upsert", _upsert, [
                (season_id, pid, day(e.demoted_on), e.points, day(e.hurt_on), day(e.settled))
                for pid, e in entries.items()])
        finally:
            cursor.close()
    if moves:
        set_status(session=session, league_id=league_id, season_id=season_id,
                   status={m.player: ("farm" if m.kind == "down" else "active") for m in moves})
        for m in moves:
            if m.kind not in hs.ROSTER_KINDS:
                raise ValueError(f"unknown roster move {m.kind!r}")
        hs.add_roster_moves(session=session, league_id=league_id, season_id=season_id,
                            moves=[(m.day, m.kind, m.player, m.team, m.reason) for m in moves])
    session.flush()


_STANDING = ("demoted_on", "points", "hurt_on", "settled")


def _upsert(dialect: str) -> tuple[Any, tuple[str, ...]]:
    """INSERT … ON CONFLICT DO UPDATE of a player's standing (SQLite and PostgreSQL both)."""
    t = SeasonRosterRow.__table__   # type: ignore[attr-defined]
    if dialect == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as upsert
    else:
        from sqlalchemy.dialects.sqlite import insert as upsert   # type: ignore[assignment]
    keys = ("season_id", "player", *_STANDING)
    stmt = upsert(t).values({k: bindparam(k) for k in keys})
    stmt = stmt.on_conflict_do_update(index_elements=[t.c.season_id, t.c.player],
                                      set_={c: stmt.excluded[c] for c in _STANDING})
    return stmt, keys


def _day_param(dialect: str) -> Callable[[date | None], object]:
    """How a day is bound on the raw cursor: SQLite keeps dates as ISO text (as SQLAlchemy's
    Date type writes them), PostgreSQL takes the date itself."""
    if dialect == "sqlite":
        return lambda d: None if d is None else d.isoformat()
    return lambda d: d


def set_status(*, session: Session, league_id: int, season_id: int | None,
               status: Mapping[str, str]) -> None:
    """Write players' roster cells (active / farm) into the season's cards (or the league's own
    without a season), batting and pitching rows alike."""
    c = CardRow.__table__
    ids = dict(session.execute(select(PlayerRow.id, PlayerRow.pid)
                               .where(PlayerRow.league_id == league_id,
                                      PlayerRow.pid.in_(list(status)))).all())  # type: ignore[attr-defined]
    where = c.c.season_id.is_(None) if season_id is None else c.c.season_id == season_id
    rows = [{"k_id": cid, "batting": _with_roster(bat, status[ids[player]]),
             "pitching": _with_roster(pit, status[ids[player]])}
            for cid, player, bat, pit in session.execute(
                select(c.c.id, c.c.player_id, c.c.batting, c.c.pitching)
                .where(c.c.player_id.in_(list(ids)), where)).all()]
    if rows:   # one statement for every card (executemany)
        session.execute(update(c).where(c.c.id == bindparam("k_id"))
                        .values(batting=bindparam("batting"), pitching=bindparam("pitching")), rows)


def _with_roster(cells: str | None, value: str) -> str | None:
    if cells is None:
        return None
    data = json.loads(cells)
    data["roster"] = "" if value == "active" else value
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def set_rule_option(*, session: Session, league_id: int, key: str, value: object) -> None:
    """Set one rule option of the league's ruleset (checked like a ruleset's [options])."""
    from league.ruleset import check_options
    from storage.tables import RulesetRow
    row = session.exec(select(RulesetRow)  # type: ignore[call-overload]
                       .where(RulesetRow.league_id == league_id)).scalars().first()
    if row is None:
        row = RulesetRow(league_id=league_id, name="standard", options="{}")
    options = json.loads(row.options or "{}")
    options[key] = value
    row.options = json.dumps(check_options(options, "league options"), ensure_ascii=False)
    session.add(row)
    session.flush()
