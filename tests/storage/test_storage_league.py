"""League storage: migrations, import/export round trips (plain files and JSON), bad files."""
import json
import shutil
from pathlib import Path

import pytest
import sqlalchemy as sa

from league.errors import LeagueError
from storage import repository as repo
from storage.db import current_revision, head_revision, make_engine, resolve_url, session
from storage.plainfiles import load_league, sample_league_path
from tui import services as sv

from league_db import _fresh_engines, db, pg_server_url  # noqa: F401  (fixtures)


def _same_league(a, b):
    assert (a.name, a.code, a.ruleset, a.dh, a.extra_innings, a.roster_size) == \
        (b.name, b.code, b.ruleset, b.dh, b.extra_innings, b.roster_size)
    assert [(t.code, t.name, t.short) for t in a.teams] == [(t.code, t.name, t.short) for t in b.teams]
    assert [t.players for t in a.teams] == [t.players for t in b.teams]


def _unborn(league):
    """The league with its birth dates left out (a file written before them has none)."""
    import dataclasses
    return dataclasses.replace(league, teams=tuple(
        dataclasses.replace(t, players=tuple(dataclasses.replace(p, born="") for p in t.players))
        for t in league.teams))


# --- database and migrations ---------------------------------------------------------------------


def test_resolve_url(tmp_path, monkeypatch):
    monkeypatch.delenv("IMPACT_DB", raising=False)
    assert resolve_url(tmp_path / "x.sqlite3") == f"sqlite:///{tmp_path / 'x.sqlite3'}"
    assert resolve_url("postgresql+psycopg://u@h/db") == "postgresql+psycopg://u@h/db"
    monkeypatch.setenv("IMPACT_DB", str(tmp_path / "env.sqlite3"))
    assert resolve_url(None).endswith("env.sqlite3")
    monkeypatch.delenv("IMPACT_DB")
    monkeypatch.setattr("platformdirs.user_data_dir", lambda app: str(tmp_path / "data" / app))
    assert resolve_url(None) == f"sqlite:///{tmp_path / 'data' / 'impact-league' / 'league.sqlite3'}"
    assert (tmp_path / "data" / "impact-league").is_dir()


def test_sqlite_pragmas(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'p.sqlite3'}")
    with engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() >= 1000
    engine.dispose()


def test_upgrade_from_0001(tmp_path):
    """A database made at revision 0001 is upgraded to the newest schema when opened."""
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    old = make_engine(url, revision="0001")
    assert current_revision(old) == "0001"
    with old.connect() as conn:
        idx = {r[1] for r in conn.exec_driver_sql("PRAGMA index_list('game_batting')")}
    assert "ix_game_batting_player" not in idx
    old.dispose()
    new = make_engine(url)
    assert current_revision(new) == head_revision() != "0001"
    with new.connect() as conn:
        idx = {r[1] for r in conn.exec_driver_sql("PRAGMA index_list('game_batting')")}
    assert "ix_game_batting_player" in idx
    new.dispose()


def test_a_league_stored_by_the_previous_version_opens_and_carries_on(tmp_path):
    """tests/fixtures/league_0004.sqlite3 was written by the version before leagues (リーグ),
    postseasons and season phases (schema 0004): the mini league, season 1 of 6 games with 2
    played. It opens, keeps what was played, finishes its season and moves on to the next."""
    path = tmp_path / "old.sqlite3"
    shutil.copy(Path(__file__).parents[1] / "fixtures" / "league_0004.sqlite3", path)
    db = str(path)
    before = sv.standings(db)
    assert (before.final, before.games) == (2, 6)
    assert current_revision(sv.engine_for(db)) == head_revision()
    # the mini league as it was bundled when the file was written (the bundled one has been
    # regenerated since: tests/fixtures/league_0004_mini holds the cards the file holds)
    stored = sv.open_league(db)
    # migration 0014 gave every player a birth date from the seeded stream of (league, id)
    from league.offseason.people import plausible_born
    for p in (p for t in stored.teams for p in t.players):
        assert p.born == plausible_born("old", p.id, 2026).isoformat(), p.id
    _same_league(_unborn(stored), load_league(Path(__file__).parents[1] / "fixtures"
                                              / "league_0004_mini"))
    info = sv.season_info(db)
    assert (info.number, info.year, info.phase) == (1, 2026, "regular")
    assert sv.sim_days(db, to_end=True).games == 4
    assert sv.standings(db).final == 6
    assert sv.boxscore(db, 1).data["number"] == 1
    sv.close_season(db)
    nxt = sv.new_season(db)
    assert (nxt.number, nxt.year) == (2, 2027)
    assert sv.sim_days(db, days=1).games >= 1
def test_newer_database_is_refused(tmp_path):
    url = f"sqlite:///{tmp_path / 'new.sqlite3'}"
    engine = make_engine(url)
    with engine.begin() as conn:
        conn.exec_driver_sql("UPDATE league_alembic_version SET version_num = '9999'")
    engine.dispose()
    with pytest.raises(LeagueError, match="newer version"):
        make_engine(url)


def test_troop_tables_untouched(tmp_path):
    """The Melting Pot's tables may share the file; the migrations neither make nor drop them."""
    from storage.troop_store import TroopStore
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    TroopStore(url).close()
    engine = make_engine(url)
    names = set(sa.inspect(engine).get_table_names())
    assert {"troop_event", "league_league", "game_game"} <= names
    engine.dispose()


# --- import / export -----------------------------------------------------------------------------


def test_plain_round_trip(db, tmp_path):
    sv.create_league(db, "pac", "pacific")
    out = tmp_path / "export"
    sv.export_league(db, "pac", out)
    _same_league(load_league(out), load_league(sample_league_path("pacific")))
    sv.create_league(db, "again", out)
    _same_league(sv.open_league(db, "again"), sv.open_league(db, "pac"))


def test_json_round_trip(db, tmp_path):
    sv.create_league(db, "mini", "mini")
    text = sv.export_league(db, "mini", None, "json")
    doc = json.loads(text)
    assert doc["format"] == "impact-league" and doc["batters"] and doc["pitchers"]
    path = tmp_path / "mini.json"
    path.write_text(text, encoding="utf-8")
    sv.create_league(db, "mini2", path)
    _same_league(sv.open_league(db, "mini2"), load_league(sample_league_path("mini")))
    # and again through a file written by export
    sv.export_league(db, "mini2", tmp_path / "again.json", "json")
    assert json.loads((tmp_path / "again.json").read_text(encoding="utf-8")) == doc


def _count_leagues(db):
    return len(sv.list_leagues(db))


def test_bad_csv_refused_whole(db, tmp_path):
    folder = tmp_path / "bad"
    shutil.copytree(sample_league_path("mini"), folder)
    lines = (folder / "batters.csv").read_text(encoding="utf-8").splitlines()
    cells = lines[3].split(",")
    header = lines[0].split(",")
    cells[header.index("SR")] = "x"
    lines[3] = ",".join(cells)
    (folder / "batters.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    before = _count_leagues(db)
    with pytest.raises(LeagueError, match=r"batters\.csv line 4, column SR: 'x' is not a whole"):
        sv.create_league(db, "bad", folder)
    assert _count_leagues(db) == before


def test_bad_toml_refused_whole(db, tmp_path):
    folder = tmp_path / "bad"
    shutil.copytree(sample_league_path("mini"), folder)
    text = (folder / "league.toml").read_text(encoding="utf-8")
    (folder / "league.toml").write_text(text.replace("dh = ", "dh = = "), encoding="utf-8")
    with pytest.raises(LeagueError, match=r"league\.toml line \d+, column \d+: malformed TOML"):
        sv.create_league(db, "bad", folder)
    assert _count_leagues(db) == 0


def test_bad_json_refused_whole(db, tmp_path):
    sv.create_league(db, "mini", "mini")
    text = sv.export_league(db, "mini", None, "json")
    broken = tmp_path / "broken.json"
    broken.write_text(text[:200], encoding="utf-8")
    with pytest.raises(LeagueError, match=r"broken\.json line \d+, column \d+: not valid JSON"):
        sv.create_league(db, "broken", broken)
    doc = json.loads(text)
    doc["batters"][2]["RR"] = "9"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")
    with pytest.raises(LeagueError) as exc:
        sv.create_league(db, "bad", bad)
    message = str(exc.value)
    assert message.startswith(f"{bad} line ")
    assert "batters[2], column RR" in message and "outside" in message
    line = int(message.split(" line ")[1].split(",")[0])
    assert '"RR"' in bad.read_text(encoding="utf-8").splitlines()[line - 1]
    assert [lg.name for lg in sv.list_leagues(db)] == ["mini"]


def test_import_failure_mid_way_leaves_nothing(db, monkeypatch):
    """A failure after some rows went in rolls the whole league back."""
    calls = {"n": 0}
    real = repo.csv_rows

    def failing(text):
        calls["n"] += 1
        if calls["n"] == 2:
            raise LeagueError("disk on fire")
        return real(text)

    monkeypatch.setattr(repo, "csv_rows", failing)
    with pytest.raises(LeagueError, match="disk on fire"):
        sv.create_league(db, "half", "mini")
    monkeypatch.setattr(repo, "csv_rows", real)
    assert _count_leagues(db) == 0
    engine = sv.engine_for(db)
    with engine.connect() as conn:
        assert conn.execute(sa.text("select count(*) from league_team")).scalar() == 0


def test_upgrade_from_0011_indexes_splits_and_fielding_by_season(tmp_path):
    """0012_line_indexes: the split and fielding lines are indexed by season alone (a stored
    game's rows go at the end of the index) and no longer by (season, player)."""
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    make_engine(url, revision="0011_splits").dispose()
    new = make_engine(url, revision="0012_line_indexes")   # (0029 drops the season indexes)
    with new.connect() as conn:
        for table in ("game_fielding", "game_batting_split"):
            idx = {r[1] for r in conn.exec_driver_sql(f"PRAGMA index_list('{table}')")}
            assert f"ix_{table}_season" in idx and f"ix_{table}_player" not in idx
        idx = {r[1] for r in conn.exec_driver_sql("PRAGMA index_list('game_batting')")}
        assert "ix_game_batting_player" in idx
    new.dispose()


@pytest.mark.slow
def test_a_players_fielding_over_his_seasons_is_every_line_he_has(tmp_path):
    """A player's fielding and split lines are found through the games of his batting and
    pitching lines (tables.of_player): every fielding line of every player — pitchers in DH
    games (no batting line), pinch hitters who stayed in the field, defensive replacements — is
    read, in two seasons of the two-league nippon league (DH in one league only)."""
    db = str(tmp_path / "n.sqlite3")
    sv.create_league(db, "n", str(sample_league_path("nippon")))
    sv.new_season(db, "n", games_per_opponent=1)
    sv.sim_days(db, "n", to_end=True)
    sv.start_postseason(db, "n")
    sv.sim_postseason(db, "n")
    sv.close_season(db, "n")
    sv.new_season(db, "n")
    sv.sim_days(db, "n", days=3)
    engine = sv.engine_for(db)
    with engine.connect() as conn:
        every = conn.exec_driver_sql(
            "SELECT f.player, COUNT(*), SUM(f.po), SUM(f.a), SUM(f.e) FROM game_fielding f "
            "JOIN game_game g ON g.id = f.game_id JOIN season_schedule s ON s.id = g.schedule_id "
            "WHERE s.kind = 'regular' GROUP BY f.player").all()
        splits = dict(conn.exec_driver_sql(
            "SELECT x.player, COUNT(*) FROM game_batting_split x "
            "JOIN game_game g ON g.id = x.game_id JOIN season_schedule s ON s.id = g.schedule_id "
            "WHERE s.kind = 'regular' GROUP BY x.player").all())
    assert len(every) > 200
    with session(engine) as s:
        league_id = repo.find_league(session=s, name="n").id
        seasons = repo.season_ids(session=s, league_id=league_id)
        assert len(seasons) == 2
        for player, n, po, a, e in every:
            lines = repo.fielding_lines(session=s, season_ids=seasons, player=player)
            assert len(lines) == n, player
            assert [sum(ln.line[i] for ln in lines) for i in range(3)] == [po, a, e], player
        for player, n in list(splits.items())[:60]:
            assert len(repo.split_lines(session=s, season_ids=seasons, player=player)) == n


LINE_TABLES = ("game_batting", "game_batting_split", "game_pitching", "game_fielding")


def _line_keys(engine):
    """Each line table's foreign keys, as the tables they refer to."""
    insp = sa.inspect(engine)
    return {t: sorted(fk["referred_table"] for fk in insp.get_foreign_keys(t)) for t in LINE_TABLES}


def test_a_league_stored_at_0023_opens_and_deleting_a_season_still_deletes_its_lines(db):
    """0024_line_season_fk: on PostgreSQL the line tables keep their game's key alone (the
    season's was redundant; 0027 keeps the game's with statement triggers); SQLite keeps both. A league stored at 0023 opens and plays on, and
    deleting a season, then its league, deletes every game and line as before."""
    from alembic import command

    from storage.db import _alembic_config
    sv.create_league(db, "o", "mini")
    sv.new_season(db, "o", seed=3)
    assert sv.sim_days(db, "o", days=2).games > 0
    command.downgrade(_alembic_config(sv.engine_for(db)), "0023_draft_pick_count")
    assert set(map(tuple, _line_keys(sv.engine_for(db)).values())) == {("game_game", "season_season")}
    sv.close_all()
    assert sv.sim_days(db, "o", days=2).games > 0          # opened at 0023, migrated, plays on
    engine = sv.engine_for(db)
    assert current_revision(engine) == head_revision()
    # on PostgreSQL the game's key is kept by statement triggers since 0027 (the test below)
    kept = () if engine.dialect.name == "postgresql" else ("game_game", "season_season")
    assert set(map(tuple, _line_keys(engine).values())) == {kept}
    with engine.begin() as conn:
        for t in LINE_TABLES:
            assert conn.execute(sa.text(f"select count(*) from {t}")).scalar() > 0
            assert conn.execute(sa.text(f"select count(*) from {t} x join game_game g on "
                                        f"g.id = x.game_id where x.season_id <> g.season_id")
                                ).scalar() == 0
        conn.execute(sa.text("delete from season_season"))
        for t in ("game_game", "season_schedule") + LINE_TABLES:
            assert conn.execute(sa.text(f"select count(*) from {t}")).scalar() == 0, t
    sv.new_season(db, "o", seed=4)
    assert sv.sim_days(db, "o", days=1).games > 0
    with engine.begin() as conn:
        conn.execute(sa.text("delete from league_league"))
        for t in ("season_season", "game_game") + LINE_TABLES:
            assert conn.execute(sa.text(f"select count(*) from {t}")).scalar() == 0, t


def test_the_game_key_of_the_lines_refuses_a_line_of_no_game_and_deletes_a_games_lines(db):
    """The line tables' game key (on PostgreSQL statement triggers since 0027_line_game_check,
    on SQLite a foreign key): a line naming no game is refused, inserted, copied or updated to;
    a game's id that lines name cannot change; deleting a game deletes its lines, and only its."""
    sv.create_league(db, "k", "mini")
    sv.new_season(db, "k", seed=5)
    assert sv.sim_days(db, "k", days=2).games > 1
    engine = sv.engine_for(db)
    pg = engine.dialect.name == "postgresql"
    with engine.connect() as conn:
        games = [r[0] for r in conn.execute(sa.text("select id from game_game order by id"))]
        cols = [c["name"] for c in sa.inspect(conn).get_columns("game_batting") if c["name"] != "id"]
    gone, kept, nowhere = games[0], games[1:], max(games) + 1000
    listed = ", ".join(cols)
    copy_of = (f"insert into game_batting ({listed}) select "
               + ", ".join(":g" if c == "game_id" else c for c in cols)
               + " from game_batting where game_id = :of")
    for sql, args in ((copy_of, {"g": nowhere, "of": gone}),
                      ("update game_pitching set game_id = :g where game_id = :of",
                       {"g": nowhere, "of": gone}),
                      ("update game_game set id = :g where id = :of", {"g": nowhere, "of": gone})):
        with pytest.raises(sa.exc.IntegrityError) as err:
            with engine.begin() as conn:
                conn.execute(sa.text(sql), args)
        if pg:
            assert err.value.orig.sqlstate == "23503"      # foreign_key_violation, as the key said
    if pg:     # the path a season's days take: COPY (storage.repository.DayLines)
        fcols = [c["name"] for c in sa.inspect(engine).get_columns("game_fielding")
                 if c["name"] != "id"]
        raw = engine.raw_connection()
        try:
            with raw.cursor() as cur:
                frow = cur.execute(f"select {', '.join(fcols)} from game_fielding "
                                   "where game_id = %s limit 1", (gone,)).fetchone()
                with pytest.raises(Exception, match="no game"):
                    with cur.copy(f"copy game_fielding ({', '.join(fcols)}) from stdin") as copy:
                        copy.write_row([nowhere if c == "game_id" else v
                                        for c, v in zip(fcols, frow)])
            raw.rollback()
        finally:
            raw.close()
    with engine.begin() as conn:
        before = {t: conn.execute(sa.text(f"select count(*) from {t} where game_id <> :g"),
                                  {"g": gone}).scalar() for t in LINE_TABLES}
        conn.execute(sa.text("delete from game_game where id = :g"), {"g": gone})
        for t in LINE_TABLES:
            assert conn.execute(sa.text(f"select count(*) from {t} where game_id = :g"),
                                {"g": gone}).scalar() == 0, t
            assert conn.execute(sa.text(f"select count(*) from {t}")).scalar() == before[t] > 0
    assert kept


def test_truncating_the_games_alone_is_refused_while_lines_name_them(db):
    """0028_game_truncate_guard: the line tables' key refused `TRUNCATE game_game` alone (the
    lines would name games that are gone); 0027's statement triggers do not fire on a TRUNCATE,
    so without the guard it emptied the games and left every line behind. Refused now (23503),
    lines and games kept; the games truncated together with their lines still works."""
    sv.create_league(db, "t", "mini")
    sv.new_season(db, "t", seed=6)
    assert sv.sim_days(db, "t", days=1).games > 0
    engine = sv.engine_for(db)
    if engine.dialect.name != "postgresql":
        pytest.skip("SQLite has no TRUNCATE (its keys delete lines with their game)")

    def counts():
        with engine.connect() as conn:
            return {t: conn.execute(sa.text(f"select count(*) from {t}")).scalar()
                    for t in ("game_game",) + LINE_TABLES}

    before = counts()
    assert all(before.values())
    for sql in ("truncate game_game", "truncate game_game cascade",
                "truncate game_game, game_batting, game_pitching"):
        with pytest.raises(sa.exc.IntegrityError, match="line tables name its games") as err:
            with engine.begin() as conn:
                conn.execute(sa.text(sql))
        assert err.value.orig.sqlstate == "23503", sql
        assert counts() == before, sql
    with engine.begin() as conn:
        conn.execute(sa.text("truncate game_game, " + ", ".join(LINE_TABLES)))
    assert set(counts().values()) == {0}


def _season_reads(engine):
    """Every read of the split and fielding lines by season and by player, over the league's
    seasons (the reads 0029_line_season_indexes sends through the games)."""
    from storage import history_store as hs
    with session(engine) as s:
        lid = repo.find_league(session=s, name="o").id
        ids = repo.season_ids(session=s, league_id=lid)
        first = repo.split_lines(session=s, season_ids=ids)[0]
        player, team = first.player, first.team
        return {
            "splits": repo.split_lines(session=s, season_ids=ids),
            "fielding": repo.fielding_lines(session=s, season_ids=ids),
            "first": repo.fielding_lines(session=s, season_ids=ids[:1], kind=None),
            "team": repo.fielding_lines(session=s, season_ids=ids, team=team),
            "his splits": repo.split_lines(session=s, season_ids=ids, player=player),
            "his fielding": repo.fielding_lines(session=s, season_ids=ids, player=player),
            "totals": [repo.season_totals(session=s, season_id=i, kind="fielding") for i in ids],
            "last": [repo.last_games(session=s, season_id=i, kind="fielding") for i in ids],
            "careers": hs.season_totals(session=s, season_ids=ids),
            "his careers": hs.season_totals(session=s, season_ids=ids, player=player),
            "documents": [repo.season_document(session=s, league_id=lid, season_id=i)
                          for i in ids],
        }


def _season_indexes(engine):
    with engine.connect() as conn:
        if engine.dialect.name == "postgresql":
            return {r[0] for r in conn.execute(sa.text(
                "select indexname from pg_indexes where schemaname = current_schema() and "
                "tablename in ('game_batting_split', 'game_fielding')"))
                if r[0].endswith("_season")}
        return {r[1] for t in ("game_batting_split", "game_fielding")
                for r in conn.exec_driver_sql(f"PRAGMA index_list('{t}')")
                if r[1].endswith("_season")}


def test_a_league_stored_at_0028_gives_the_same_lines_without_the_season_indexes(db):
    """0029_line_season_indexes: the split and fielding lines lose their index by season (a
    season's are read through its games). A league stored at 0028 (two seasons, the first
    closed) gives the very same reads before and after it is opened and migrated, and plays
    on; the new day's lines are read as every other's."""
    from alembic import command

    from storage.db import _alembic_config
    sv.create_league(db, "o", "mini")
    sv.new_season(db, "o", seed=3)
    sv.sim_days(db, "o", to_end=True)
    sv.close_season(db, "o")
    sv.new_season(db, "o", seed=4)
    assert sv.sim_days(db, "o", days=2).games > 0
    command.downgrade(_alembic_config(sv.engine_for(db)), "0028_game_truncate_guard")
    engine = sv.engine_for(db)
    assert _season_indexes(engine) == {"ix_game_batting_split_season", "ix_game_fielding_season"}
    before = _season_reads(engine)
    assert all(before.values())
    sv.close_all()
    engine = sv.engine_for(db)                                     # opened: migrated
    assert current_revision(engine) == head_revision()
    assert _season_indexes(engine) == set()
    assert _season_reads(engine) == before
    assert sv.sim_days(db, "o", days=1).games > 0
    after = _season_reads(engine)
    with engine.connect() as conn:
        for key, table in (("splits", "game_batting_split"), ("fielding", "game_fielding")):
            stored = conn.execute(sa.text(
                f"select count(*) from {table} x join game_game g on g.id = x.game_id "
                "join season_schedule s on s.id = g.schedule_id where s.kind = 'regular'")).scalar()
            assert len(after[key]) == stored > len(before[key])
