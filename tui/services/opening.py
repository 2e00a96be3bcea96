"""Opening the league the app shows, and the first area's data (the standings), without Textual
(the app's worker thread calls `open_league`).

An SQLite league already at the newest schema is read for the first screen with plain sqlite3
(storage.first_read): the app then shows its first screen without importing SQLAlchemy,
SQLModel and the table classes, half of the CPU time of a cold start. Any other database, or
anything unexpected, goes the ordinary way through the services (which migrate an older schema,
make the league on first run, and say in one line what is wrong)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from league.errors import LeagueError
from tui import services


@dataclass
class StandingsData:
    view: services.StandingsView
    recent: list
    upcoming: list
    next_day: object
    odds: list = field(default_factory=list)     # stored odds of the season, oldest first


def standings_data(db: services.Db, league: str | None, gb_from: str = "leader") -> StandingsData:
    """What the standings area shows: the standings, the latest day's results, the next day's
    games and the odds kept so far (read in a thread; the league's opening reads it too, so
    the first screen shows its data in its first frame)."""
    w = services.Work.of(db, league)
    view = services.standings(w, league=league, games_behind_from=gb_from)
    recent, next_day, upcoming = services.days_around(w, league=league)
    history, _names = services.odds_history(w, league=league)
    return StandingsData(view, recent, upcoming, next_day, history)


@dataclass
class Opened:
    """An opened league: its name, who is connected, and the first area's data and the league's
    names (None when they could not be read: the area reads them again and says what is wrong)."""
    league: str
    access: Any
    first: StandingsData | None = None
    names: services.NameBook | None = None


def open_league(db: services.Db, league: str | None, sample: str = "nippon") -> Opened:
    """Open the league (on first run create it from the bundled sample with a season) and read
    the first area's data. A LeagueError says what is wrong in one line."""
    quick = first_read(db, league)
    if quick is not None:
        return quick
    database = services.Work.of(db)
    leagues = services.list_leagues(database)
    if not leagues:
        services.create_league(database, sample, sample)
        services.new_season(database, sample)
        leagues = services.list_leagues(database)
    names = [lg.name for lg in leagues]
    if league is None:
        league = names[0]
    elif league not in names:
        raise LeagueError(f"no league {league!r} in this database "
                          f"(leagues: {', '.join(names)})")
    w = services.Work.of(database, league)
    try:
        services.season_info(w, league)
    except LeagueError:
        services.new_season(w, league)
    opened = Opened(league, services.whoami(w, league))
    try:
        opened.names = services.name_book(w, league=league)
        opened.first = standings_data(w, league)
    except Exception:
        opened.names = opened.first = None
    return opened


def database_url(db: str | Path | None) -> str:
    """The URL of the league database `db` names (IMPACT_DB, else the user's file, when None),
    without importing SQLAlchemy: where the app keeps its Melting Pot events too."""
    from storage.location import resolve_url
    return resolve_url(db)


def existing_database(db: str | Path | None) -> str:
    """The URL of the league database `db` names, for a command that only uses a league already
    made: an SQLite file that does not exist is refused in one line naming it, never made empty
    (storage.location.existing_url). Without importing SQLAlchemy."""
    from storage.location import existing_url
    return existing_url(db)


def unmade_default(db: str | Path | None) -> Path | None:
    """The default SQLite file when `db` and IMPACT_DB name no database and it is not made yet
    (storage.location.unmade_default). Without importing SQLAlchemy."""
    from storage.location import unmade_default as unmade
    return unmade(db)


def warm_up(db: services.Db, league: str | None) -> None:
    """Load what the areas after the first one use, the first screen having been read without
    it: the database layer (SQLAlchemy, the tables, the league's engine), the game engine a box
    score replays a game with, and the season's league with its cards parsed (kept by its texts
    in storage.mappers, so a box score, the teams and the players read it without parsing it
    again)."""
    import storage.repository  # noqa: F401
    import tui.services.games  # noqa: F401
    w = services.Work.of(db, league)
    services.season_league(w, league=league)


def first_read(db: services.Db, league: str | None) -> Opened | None:
    """An SQLite league at the newest schema, read with plain sqlite3 (storage.first_read): the
    same values as the services give, without importing SQLAlchemy; None: open it as usual."""
    if not (db is None or isinstance(db, (str, Path))):   # a Work already open: the ordinary way
        return None
    try:
        from storage.first_read import days_around
        from storage.first_read import first_read as read_with_sqlite3
        from storage.location import resolve_url
        from storage.mappers import league_texts
        from storage.views import Access
        from tui.services.views import names_of, standings_view

        read = read_with_sqlite3(resolve_url(db), league)
        if read is None:
            return None
        rows = (read.league_row, read.ruleset_row, read.team_rows)
        structure = league_texts(*rows, [], f"league {read.league}").structure()
        view = standings_view(read.league, structure, read.season, read.games)
        recent, next_day, upcoming = days_around(read.games)
        texts = league_texts(*rows, read.cards, f"league {read.league} "
                             f"(season id {read.season.id})")
        names = names_of({pid: (name, "") for pid, name in read.players.items()}, texts)
        return Opened(read.league, Access(role=None, kind="single"),
                      StandingsData(view, recent, upcoming, next_day, read.odds), names)
    except Exception:        # whatever it is, the ordinary way opens the league or says it
        return None


def quick_standings(db: str | Path | None, league: str | None, season: int | None = None,
                    games_behind_from: str = "leader") -> services.StandingsView | None:
    """The standings of an SQLite league at the newest schema read with plain sqlite3 (the
    same view as services.standings, without importing SQLAlchemy: `impact standings` as a whole
    process); None: read them the ordinary way, which also says what is wrong."""
    try:
        from storage.first_read import first_read as read_with_sqlite3
        from storage.location import resolve_url
        from storage.mappers import league_texts
        from tui.services.views import standings_view

        read = read_with_sqlite3(resolve_url(db), league, season, names=False)
        if read is None:
            return None
        structure = league_texts(read.league_row, read.ruleset_row, read.team_rows, [],
                                 f"league {read.league}").structure()
        return standings_view(read.league, structure, read.season, read.games,
                              games_behind_from)
    except Exception:        # whatever it is, the ordinary way reads them or says what is wrong
        return None
