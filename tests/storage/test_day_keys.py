"""A season's days are stored on SQLite with the connection's foreign keys off and checked once a
day instead (issue 34: storage.db.keys_unchecked, repository.check_day_keys): the rows are the
same, a day naming a game or season that is not there is still refused, and the connection
goes back to the pool checking its keys."""
from __future__ import annotations

import pytest
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session

from league.errors import LeagueError
from storage import repository as repo
from storage.db import keys_unchecked
from tui import services as sv
from tui.services.db import engine_for
from tui.services.folders import sample_league_path


@pytest.fixture
def played(tmp_path, monkeypatch):
    """The 6-team league's first five days simulated and stored, each day's keys checked once
    (the days' rows written with the keys off)."""
    checked: list[int] = []
    check = repo.check_day_keys

    def counted(**kw):
        checked.append(kw["season_id"])
        check(**kw)

    monkeypatch.setattr(repo, "check_day_keys", counted)
    db = str(tmp_path / "keys.sqlite3")
    sv.create_league(db, "pacific", str(sample_league_path("pacific")))
    sv.new_season(db, "pacific", games_per_opponent=2, seed=3)
    report = sv.sim_days(db, "pacific", days=5)
    assert report.days == 5 and len(checked) == 5
    # a simulation of a day or two keeps the keys on: switching them costs more than it saves
    assert sv.sim_days(db, "pacific", days=1).days == 1 and len(checked) == 5
    monkeypatch.undo()
    yield db
    sv.close_all()


def _season_and_games(s: Session) -> tuple[int, int, list[int]]:
    row = repo.find_league(session=s, name="pacific")
    assert row.id is not None
    sid = repo.find_season(session=s, league_id=row.id).id
    gids = [gid for (gid,) in s.connection().exec_driver_sql(
        "SELECT id FROM game_game WHERE season_id = ? ORDER BY id", (sid,))]
    return row.id, sid, gids


def test_the_connection_checks_its_keys_again_after_a_simulation(played):
    """After the days are stored the pool's connection refuses a line naming no game, as
    SQLite's foreign keys do (PRAGMA foreign_keys is back on)."""
    with engine_for(played).connect() as conn:
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        with pytest.raises(IntegrityError, match="FOREIGN KEY"):
            conn.exec_driver_sql(
                "INSERT INTO game_fielding (game_id, season_id, seq, side, team, player, po, a,"
                " e, dp, pb, sb_allowed, cs) VALUES (999999, 1, 0, 0, 'X', 'X', 0, 0, 0, 0, 0,"
                " 0, 0)")


def test_a_day_naming_what_is_not_stored_is_refused(played):
    """check_day_keys passes the stored games of the season and refuses a game, a season or a
    league that is not there, as the keys would have refused the day's rows."""
    with Session(engine_for(played)) as s:
        lid, sid, gids = _season_and_games(s)
        assert gids
        repo.check_day_keys(session=s, league_id=lid, season_id=sid, game_ids=gids)
        for league, season, games in ((lid, sid, [*gids, max(gids) + 1]),
                                      (lid, sid + 1, gids), (lid + 1, sid, gids)):
            with pytest.raises(LeagueError, match="FOREIGN KEY constraint failed"):
                repo.check_day_keys(session=s, league_id=league, season_id=season,
                                    game_ids=games)


def test_keys_stay_on_inside_an_open_transaction(played):
    """The pragma acts only between transactions: inside one the keys stay on and the caller
    is told so (it then writes with them, checked row by row)."""
    with engine_for(played).connect() as conn:
        conn.exec_driver_sql("DELETE FROM season_pitcher_rest WHERE 0 = 1")  # a transaction
        assert conn.connection.dbapi_connection.in_transaction
        with keys_unchecked(conn) as unchecked:
            assert unchecked is False
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        conn.rollback()
        with keys_unchecked(conn) as unchecked:
            assert unchecked is True
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 0
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1



def test_an_interrupt_mid_statement_stays_an_interrupt(tmp_path, monkeypatch):
    """Ctrl-C while a day's statement runs: SQLAlchemy drops (closes) the connection it was
    running on, and what reaches the command is still the interrupt (impact season sim says
    "interrupted", exit 130), not the closed connection's error from putting its keys back on —
    the connection is gone, so no pool hands it out with its keys off."""
    db = str(tmp_path / "int.sqlite3")
    sv.create_league(db, "pacific", str(sample_league_path("pacific")))
    engine = engine_for(db)

    def interrupted(*_args, **_kw):
        raise KeyboardInterrupt     # as it arrives inside the driver's execute

    with pytest.raises(KeyboardInterrupt), engine.connect() as conn:
        with keys_unchecked(conn) as off:
            assert off
            with conn.begin():
                monkeypatch.setattr(engine.dialect, "do_execute", interrupted)
                conn.exec_driver_sql("SELECT 1")
    monkeypatch.undo()
    with engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    sv.close_all()
