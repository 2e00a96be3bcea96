"""The postseason through the services: seeded from the standings, its games stored like the
regular season's (box score, plays, roll log) but apart in the stats, one played at the
keyboard counting in its series, and the season closing only once it is over."""
from __future__ import annotations

import pytest

from league.engine.dice import SeededDice
from league.engine.live import live_game
from league.errors import LeagueError
from league.manager.computer import ComputerManager
from tui import services as sv

from league_db import pg_server_url  # noqa: F401  (fixture)
from season_helpers import small_league
from tests_live_helpers import person


def test_the_postseason_is_seeded_from_each_leagues_standings(tmp_path):
    db = small_league(tmp_path)
    with pytest.raises(LeagueError, match="postseason to play"):
        sv.close_season(db)
    view = sv.start_postseason(db)
    with pytest.raises(LeagueError, match="started already"):
        sv.start_postseason(db)
    st = sv.standings(db)
    north, south = ([r.team for r in t.rows] for t in st.tables)
    series = {x.key: x for x in view.series}
    assert (series["N-1"].high, series["N-1"].low) == (north[1], north[2])
    assert (series["S-F"].high, series["S-F"].low) == (south[0], None)
    assert series["S-F"].state.high_wins == 1 and series["JS"].status == "waiting"
    assert sv.season_status(db).next_action == "sim_postseason"


def test_a_postseason_game_is_a_stored_game_kept_apart_in_the_stats(tmp_path):
    db = small_league(tmp_path)
    sv.start_postseason(db)
    before = sv.leaders(db, kind="batting", stat="pa", limit=50)
    report = sv.sim_postseason(db, games=1)
    assert report.games == 1
    game = next(g for x in sv.postseason(db).series for g in x.games)
    box = sv.boxscore(db, game.number)
    assert box.data["rolls"] and box.data["plays"]
    stored, again = sv.replay(db, game.number)
    assert again.runs == stored.runs and [r.raw for r in again.rolls] == \
        [r.raw for r in stored.rolls]
    assert sv.leaders(db, kind="batting", stat="pa", limit=50).rows == before.rows
    assert sv.standings(db).final == 21


def test_a_postseason_game_at_the_keyboard_counts_in_its_series(tmp_path, ruleset):
    db = small_league(tmp_path)
    sv.start_postseason(db)
    slot = sv.next_game(db)
    assert slot is not None and slot.kind == "postseason"
    setup = sv.start_live(db, number=slot.number, people=(0, 1))
    info = setup.info
    g, _ = live_game(setup.ruleset, setup.players, *info.lineups, people={0: person(), 1: person()},
                     computer=ComputerManager, live_dice=lambda: SeededDice(5),
                     dh=setup.league.dh_for(info.home), fatigue=info.fatigue, saved=info.log)
    result = g.play()
    assert sv.finish_live(db, info.id, result, g.live_log) == slot.number
    x = next(s for s in sv.postseason(db).series if s.games and s.games[0].number == slot.number)
    won = None if result.winner is None else (result.away, result.home)[result.winner]
    assert x.state.games == 1
    if won is not None:
        assert (x.state.high_wins - x.format.advantage, x.state.low_wins) == \
            ((1, 0) if won == x.high else (0, 1))
    sv.sim_postseason(db)
    post = sv.postseason(db)
    assert post.finished and post.champion
    assert sv.season_status(db).next_action == "close"
    assert sv.close_season(db).phase == "closed"
    with pytest.raises(LeagueError, match="closed"):
        sv.sim_postseason(db)


@pytest.mark.parametrize("year", [2024, 2025])
def test_the_japan_series_host_is_the_central_in_even_years(tmp_path, year):
    """日本シリーズ: in even years the Central League's champion hosts games 1, 2, 6 and 7, in
    odd years the Pacific's; the North League (no DH) stands for the Central."""
    db = small_league(tmp_path, year=year)
    sv.start_postseason(db)
    sv.sim_postseason(db)
    series = {x.key: x for x in sv.postseason(db).series}
    js = series["JS"]
    north = series["N-F"].winner
    south = series["S-F"].winner
    assert {js.high, js.low} == {north, south}
    assert js.high == (north if year % 2 == 0 else south)
    first = js.games[0]
    assert first.home == js.high


def test_postseason_games_on_postgresql_commit_as_the_seasons_days(tmp_path, pg_server_url):
    """Each postseason game's transaction sets `synchronous_commit = off` for itself
    (storage.db.sqlite_like_commits, as each day of the season does): stored whole, the series
    with it, and the connection given back with the server's setting."""
    import sqlalchemy as sa

    seen: list[str] = []

    def spy(_conn, _cursor, statement, *_args):   # type: ignore[no-untyped-def]
        if "synchronous_commit" in statement:
            seen.append(statement)

    db = small_league(tmp_path, db=pg_server_url)
    sv.start_postseason(db)
    sa.event.listen(sa.Engine, "before_cursor_execute", spy)
    try:
        report = sv.sim_postseason(db, games=3)
    finally:
        sa.event.remove(sa.Engine, "before_cursor_execute", spy)
    assert report.games == 3
    assert seen == ["SET LOCAL synchronous_commit = off"] * 3
    played = [g for x in sv.postseason(db).series for g in x.games]
    assert len(played) == 3 and all(sv.boxscore(db, g.number).data["plays"] for g in played)
    with sv.engine_for(db).connect() as conn:
        assert conn.execute(sa.text("SHOW synchronous_commit")).scalar() == "on"
