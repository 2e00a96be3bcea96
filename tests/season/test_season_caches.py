"""A process that reads a season again (the app simulating day by day, the pennant odds after a
simulation) keeps only the league it read last in the tables the season's machinery keeps by the
identity of league objects (league/season/caches.py), and plays the same games."""
from __future__ import annotations

from league.manager import computer
from league.season import farm, roster
from league.season.caches import forget_league_objects
from tui import services as sv
from tui.services.folders import sample_league_path


def _leagues_held() -> set[int]:
    return ({id(lg) for lg, _ in roster._TEAMS.values()} | {id(lg) for lg, _ in roster._DH.values()}
            | {id(known[0]) for known in farm._CLUBS.values()})


def test_each_days_read_lets_the_league_read_before_it_go(tmp_path):
    db = str(tmp_path / "caches.sqlite3")
    sv.create_league(db, "nippon", str(sample_league_path("nippon")))
    sv.new_season(db, "nippon", seed=1)
    for _ in range(3):
        sv.sim_days(db, "nippon", days=1)
    sv.close_all()
    assert len(_leagues_held()) == 1
    teams = {id(t) for t, _ in roster._PITCHERS.values()} | {id(f.team) for f in farm._TEAM_FACTS.values()}
    assert len(teams) <= 2 * 12     # the last read's teams (and those its farm moves made)
    forget_league_objects()
    assert not _leagues_held() and not roster._PITCHERS and not computer._VALUES


def test_a_season_read_day_by_day_plays_the_games_of_one_read(tmp_path):
    """The tables are pure functions of their keys: forgetting them changes no game."""
    games = []
    for by_day in (False, True):
        db = str(tmp_path / f"s{by_day}.sqlite3")
        sv.create_league(db, "nippon", str(sample_league_path("nippon")))
        sv.new_season(db, "nippon", seed=1)
        if by_day:
            for _ in range(4):
                sv.sim_days(db, "nippon", days=1)
        else:
            sv.sim_days(db, "nippon", days=4)
        games.append([(d, [(g.number, g.away_runs, g.home_runs) for g in day])
                      for d, day in sv.schedule_days(db, "nippon")])
    sv.close_all()
    assert games[0] == games[1]
