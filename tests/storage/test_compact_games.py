"""Quiet recording: a simulated season keeps each game's raw rolls, not its roll log and play
text; the box score makes them again by replaying, and every stored game replays to its lines."""
from __future__ import annotations

import json

import pytest
from sqlmodel import select

from storage.db import session
from storage.tables import GameRow, ScheduleRow
from tui import services as sv
from tui.services.games import same_lines


@pytest.fixture(scope="module")
def season_db(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("compact") / "league.sqlite3")
    sv.create_league(path, "pacific", "pacific")
    sv.new_season(path, "pacific", games_per_opponent=2, seed=9)
    sv.sim_days(path, "pacific", to_end=True)
    yield path
    sv.close_all()


def test_a_simulated_game_is_stored_with_its_raw_rolls_only(season_db):
    with session(sv.engine_for(season_db)) as s:
        texts = list(s.exec(select(GameRow.data)).all())
    assert len(texts) == 30
    for text in texts:
        data = json.loads(text)
        assert data["v"] == 3 and "rolls" not in data and "plays" not in data
        assert all(1 <= r <= 100 for r in data["raws"]) and len(data["raws"]) > 100
    assert max(len(t.encode()) for t in texts) < 4000


def test_every_stored_game_of_the_season_replays_to_its_stored_lines(season_db):
    for number in range(1, 31):
        stored, again = sv.replay(season_db, number)
        assert same_lines(stored, again), f"game {number} does not replay to its lines"


def test_the_box_score_makes_the_play_by_play_and_roll_log_again(season_db):
    box = sv.boxscore(season_db, 7)
    stored, again = sv.replay(season_db, 7)
    assert box.result.plays == again.plays and box.result.plays
    assert box.result.rolls == again.rolls and [r.raw for r in box.result.rolls] == again.raws
    assert box.data["rolls"] and box.data["plays"]
    assert again.plays[-1].text in box.text


def test_leaders_are_summed_by_the_database_as_the_lines_add_up(season_db):
    """Leaders and standings read without parsing the cards: the SQL sums equal adding the
    stored lines one by one, for every player of every kind."""
    from storage.db import session as db_session
    from tui.services.stats import _season_stats, _season_totals

    info = sv.season_info(season_db)
    with db_session(sv.engine_for(season_db)) as s:
        for kind in ("batting", "pitching", "fielding"):
            by_sql = _season_totals(s, info.id, kind)
            by_lines = _season_stats(s, info.id, kind)
            assert by_sql == by_lines and by_sql
            assert _season_totals(s, info.id, kind, team="OSK") == \
                {k: v for k, v in by_lines.items() if k[1] == "OSK"}
    board = sv.leaders(season_db, kind="pitching", stat="wins", limit=3)
    assert board.rows and all(r.player_id in board.names for r in board.rows)


def test_a_stored_game_says_which_engine_played_it(season_db):
    """Every game stored records the engine version that played it (league.engine's
    ENGINE_VERSION), in its data and in its box score's JSON."""
    from league.engine import ENGINE_VERSION
    with session(sv.engine_for(season_db)) as s:
        texts = list(s.exec(select(GameRow.data)).all())
    assert {json.loads(t)["engine"] for t in texts} == {ENGINE_VERSION}
    assert sv.boxscore(season_db, 3).data["engine"] == ENGINE_VERSION


def _as_stored_before_versions(db, number):
    """Game `number` as a version before versions were kept stored it: no engine version in its
    data, and the lines version 1's rules make of its rolls (engine version 6 changed who
    fields a grounder: its fielding lines and its batters' E), written over today's."""
    import sqlite3

    with session(sv.engine_for(db)) as s:
        slot = s.exec(select(ScheduleRow).where(ScheduleRow.number == number)).one()
        row = s.exec(select(GameRow).where(GameRow.schedule_id == slot.id)).one()
        data = json.loads(row.data)
        del data["engine"]
        row.data = json.dumps(data)
        s.add(row)
        s.commit()
        gid, season_id = row.id, row.season_id
    _stored, old = sv.replay(db, number)            # played again by version 1
    codes = (old.away, old.home)
    with sqlite3.connect(db) as conn:
        conn.execute("delete from game_fielding where game_id = ?", (gid,))
        conn.executemany(
            "insert into game_fielding (game_id, season_id, seq, side, team, player, po, a, e,"
            " dp, pb, sb_allowed, cs) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(gid, season_id, k, side, codes[side], pid, *line)
             for k, (side, pid, line) in enumerate(old.fielding)])
        conn.executemany("update game_batting set e = ? where game_id = ? and player = ?",
                         [(line[-1], gid, pid) for _side, pid, line, _pos in old.batting])


def test_a_game_stored_before_versions_and_records_still_reads_and_replays(season_db):
    """A game stored by an older version (no engine version, no play record) opens as before:
    its box score, its play-by-play in both languages (from its replay's records) and its
    replay to the same lines."""
    from league.engine.playtext import play_lines
    _as_stored_before_versions(season_db, 5)
    box = sv.boxscore(season_db, 5)
    assert box.data["engine"] is None and box.result.plays
    assert len(play_lines(box.result, True)) == len(box.result.plays)
    stored, again = sv.replay(season_db, 5)
    assert same_lines(stored, again)


def test_a_stored_game_replays_with_the_managers_of_the_engine_that_played_it():
    """A stored game replays by the engine version it records (its computer managers choose as
    that version's did: league.manager.computer.ComputerManager's `version`); a game stored
    before versions were kept is version 1's."""
    from league.engine import ENGINE_VERSION
    from tui.services.games import played_by
    assert played_by({"engine": ENGINE_VERSION}) == ENGINE_VERSION
    assert played_by({"engine": 2}) == 2
    assert played_by({}) == played_by({"engine": None}) == 1


def test_games_read_back_together_are_the_games_read_one_at_a_time(season_db, monkeypatch):
    """repository.game_results (a season's games read a few hundred to a query: calibrate
    --lived's tallies) gives each game exactly as game_result reads it alone — its result, data
    and seed — in the slots' order, across its reads (here 7 games to a read); a slot not played
    yet is refused before anything is read."""
    import dataclasses

    from league.errors import LeagueError
    from league.season.simulate import players_of
    from storage import repository as repo

    monkeypatch.setattr(repo, "RESULTS_AT_ONCE", 7)
    info = sv.season_info(season_db)
    with session(sv.engine_for(season_db)) as s:
        finals = repo.final_games(session=s, season_id=info.id)
        assert len(finals) == 30
        league_id = repo.find_league(session=s, name="pacific").id
        players = players_of(repo.load_league(session=s, league_id=league_id, season_id=info.id))
        slots = finals[::-1]             # any order: each game comes back in its slot's place
        together = list(repo.game_results(session=s, slots=slots, players=players))
        alone = [repo.game_result(session=s, slot=slot, players=players) for slot in slots]
        assert together == alone
        assert [r.away for r, _d, _s in together] == [slot.away for slot in slots]
        assert all(r.batting and r.pitching and r.fielding for r, _d, _s in together)
        pending = dataclasses.replace(finals[0], status="scheduled")
        with pytest.raises(LeagueError, match="has not been played yet"):
            next(repo.game_results(session=s, slots=[finals[1], pending], players=players))


def test_a_game_played_by_an_older_engine_is_stored_as_that_version(season_db):
    """A game an older version played (a live game saved by it and finished today, or a stored
    game played again) is written with the version that played it, not today's: its replay
    from its rolls then plays by the same rules (storage.mappers.game_data reads the result's
    version)."""
    from storage.mappers import game_data
    with session(sv.engine_for(season_db)) as s:
        slot = s.exec(select(ScheduleRow).where(ScheduleRow.number == 7)).one()
        row = s.exec(select(GameRow).where(GameRow.schedule_id == slot.id)).one()
        today = row.data
        data = json.loads(today)
        data["engine"] = 5
        row.data = json.dumps(data)
        s.add(row)
        s.commit()
        try:
            _stored, again = sv.replay(season_db, 7)        # played again by version 5's rules
        finally:
            row.data = today
            s.add(row)
            s.commit()
    assert again.version == 5
    assert json.loads(game_data(again, compact=True))["engine"] == 5
    assert json.loads(game_data(again))["engine"] == 5
