"""The first screen's reads of an SQLite league with plain `sqlite3`: the league, its latest
season, the regular season's games, the stored odds and the names — without SQLAlchemy,
SQLModel and the table classes (a third of the app's start). Only a database already at the
newest schema is read this way; anything else (a new file, an older schema, a league or season
still to make, PostgreSQL, any surprise) answers None and the caller opens the league through
the ordinary services, which migrate and create as they always do."""
from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from storage.location import VERSION_TABLE, head_from_files
from storage.views import GameSlot, OddsPoint, SeasonInfo

_GAME = "id, number, day, away, home, series, status, away_runs, home_runs, kind"


@dataclass
class FirstRead:
    league: str
    league_row: Any              # what league.toml is written from (storage.mappers)
    ruleset_row: Any
    team_rows: list[Any]
    season: SeasonInfo
    games: list[GameSlot]        # the regular season's, in day order
    odds: list[OddsPoint]
    players: dict[str, str]      # every stored player's name by id
    cards: list[tuple[str | None, str | None]]   # the season's (batting, pitching) cells


def _day(text: Any) -> date | None:
    return None if text is None else date.fromisoformat(str(text)[:10])


def sqlite_path(url: str) -> Path | None:
    """The file of an `sqlite:///PATH` URL (None for anything else)."""
    prefix = "sqlite:///"
    if not url.startswith(prefix) or "?" in url:
        return None
    return Path(url[len(prefix):])


def first_read(url: str, league: str | None, season: int | None = None, *,
               names: bool = True) -> FirstRead | None:
    """What the first screen shows, read from an SQLite league at the newest schema; None when
    it has to be opened the ordinary way (see the module's docstring). `season`: that season's
    number instead of the latest; `names=False`: the standings only (no odds, names or cards:
    `impact standings`)."""
    path = sqlite_path(url)
    if path is None or not path.is_file():
        return None
    head = head_from_files()
    if head is None:
        return None
    conn = sqlite3.connect(str(path), timeout=10)
    try:
        conn.execute("PRAGMA query_only = ON")     # reads only, whatever happens
        return _read(conn, head, league, season, names)
    except sqlite3.Error:
        return None
    finally:
        conn.close()


def _read(conn: sqlite3.Connection, head: str, league: str | None, number: int | None = None,
          names: bool = True) -> FirstRead | None:
    q = conn.execute
    if [r[0] for r in q(f"SELECT version_num FROM {VERSION_TABLE}")] != [head]:
        return None
    leagues = q("SELECT id, name, title, code, dh, extra_innings, roster_size, settings "
                "FROM league_league ORDER BY id").fetchall()
    if not leagues:
        return None
    found = [r for r in leagues if league is None or r[1] == league]
    if not found or (league is None and len(found) > 1 and not names):
        # several leagues and none named: `impact standings` lets the services say so
        return None
    lid, name, title, code, dh, extra, roster, settings = found[0]
    league_row = SimpleNamespace(id=lid, name=name, title=title, code=code, dh=bool(dh),
                                 extra_innings=extra, roster_size=roster, settings=settings)
    ruleset = q("SELECT name FROM league_ruleset WHERE league_id = ?", (lid,)).fetchone()
    ruleset_row = SimpleNamespace(name=ruleset[0]) if ruleset is not None else None
    team_rows = [SimpleNamespace(seq=r[0], code=r[1], name=r[2], short=r[3], league=r[4],
                                 division=r[5], name_en=r[6])
                 for r in q("SELECT seq, code, name, short, league, division, name_en "
                            "FROM league_team WHERE league_id = ?", (lid,))]
    which = "" if number is None else " AND number = ?"
    season = q("SELECT id, number, seed, games_per_opponent, series_length, start, year, phase "
               f"FROM season_season WHERE league_id = ?{which} ORDER BY number DESC LIMIT 1",
               (lid,) if number is None else (lid, number)).fetchone()
    if season is None:
        return None
    sid, number, seed, per_opponent, series_length, start, year, phase = season
    games = [GameSlot(r[0], r[1], _day(r[2]), *r[3:])  # type: ignore[arg-type]
             for r in q(f"SELECT {_GAME} FROM season_schedule WHERE season_id = ? "
                        "AND kind = 'regular' ORDER BY day, number", (sid,))]
    start_day = _day(start)
    assert start_day is not None
    info = SeasonInfo(sid, lid, number, seed, per_opponent, series_length, start_day, len(games),
                      sum(1 for g in games if g.status == "final"),
                      year if year is not None else start_day.year, phase)
    if not names:
        return FirstRead(name, league_row, ruleset_row, team_rows, info, games, [], {}, [])
    odds = [OddsPoint(r[0], _day(r[1]), *r[2:])
            for r in q("SELECT played, day, team, pennant, climax, magic, runs, wins, losses, "
                       "draws FROM season_odds WHERE season_id = ? ORDER BY played, team",
                       (sid,))]
    players = {r[0]: r[1] for r in q("SELECT pid, name FROM league_player WHERE league_id = ?",
                                     (lid,))}
    cards = [(r[0], r[1]) for r in q(
        "SELECT c.batting, c.pitching FROM league_card c JOIN league_player p "
        "ON c.player_id = p.id WHERE p.league_id = ? AND c.season_id = ? AND c.team != '' "
        "ORDER BY p.id", (lid, sid))]
    return FirstRead(name, league_row, ruleset_row, team_rows, info, games, odds, players, cards)


def days_around(games: list[GameSlot]) -> tuple[list[GameSlot], date | None, list[GameSlot]]:
    """The last day with a result (all its games), the next day with a game to play and its
    games to play (repository.days_around, from the season's games in day order)."""
    last = max((g.day for g in games if g.status == "final"), default=None)
    following = min((g.day for g in games if g.status != "final"), default=None)
    recent = sorted((g for g in games if g.day == last), key=lambda g: g.number) \
        if last is not None else []
    upcoming = sorted((g for g in games if g.day == following and g.status != "final"),
                      key=lambda g: g.number) if following is not None else []
    return recent, following, upcoming
