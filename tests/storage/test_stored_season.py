"""A stored season is the same season however storage writes it (issue 34): the bundled
12-team league's games stored a day at a time, table by table (tools/season_digest.py), as they
were stored a game at a time before."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tui import services as sv
from tui.services.folders import sample_league_path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from season_digest import digest

DAYS = 80     # past the farm's first call-ups and injuries: about 480 games


def _one_game_at_a_time(db: str, ndays: int = DAYS, league: str = "nippon") -> None:
    """The season stored as before issue 34 (ec1adb7's sim_days): each game in its own
    transaction, then its farm moves, rest and starters, read back from nothing in memory; a
    trade day's trades ([trades] in_season) before its first game, as a game at the keyboard
    makes them (tui.services.trades.trades_before_games)."""
    from league.season.state import game_seed
    from storage import repository as repo
    from tui.services.context import play_slot, season_context, store_roster
    from tui.services.db import Work
    from tui.services.trades import season_trade_days, trades_before_games

    w = Work.of(db, league)
    with w.session() as s:
        ctx = season_context(s, league, None)
        pending = repo.schedule(session=s, season_id=ctx.season.id, pending_only=True)
        trading = season_trade_days(s, ctx.league_name, ctx.season, ctx.league.settings)
    days = sorted({g.day for g in pending})[:ndays]
    for slot in (g for g in pending if g.day in set(days)):
        with w.session() as s:
            if trades_before_games(w, s, league, slot.day, trading):
                s.commit()
                ctx = season_context(s, league, None)
        result, rest, starters = play_slot(ctx, slot, quiet=True)
        with w.session() as s:
            repo.record_game(session=s, season_id=ctx.season.id, slot=slot, result=result,
                             seed=game_seed(ctx.season.seed, slot.number),
                             rest={p: repo.StoredRest(r.available_on, r.fatigue)
                                   for p, r in rest.items()},
                             starters=starters, compact=True)
            store_roster(s, ctx)
            s.commit()
        ctx.after_game(rest, starters, slot.day)


@pytest.mark.slow
def test_a_stored_season_is_byte_identical_to_one_game_at_a_time(tmp_path):
    """The same days stored a day at a time (sim_days) and a game at a time: the schedule and
    results, games, lines, rest, starters, farm, cards and transactions the same, row for row."""
    dbs = [str(tmp_path / f"{how}.sqlite3") for how in ("day", "game")]
    for db in dbs:
        sv.create_league(db, "nippon", str(sample_league_path("nippon")))
        sv.new_season(db, "nippon", seed=1)
    report = sv.sim_days(dbs[0], "nippon", days=DAYS)
    _one_game_at_a_time(dbs[1])
    sv.close_all()
    assert report.days == DAYS and report.games > 400
    day, game = digest(dbs[0]), digest(dbs[1])
    assert day["league_transaction"][0] > 0 and day["season_roster"][0] > 0
    assert day == game


def test_a_season_with_in_season_trades_is_the_same_a_game_at_a_time(tmp_path):
    """[trades] in_season on (issue 32): the days through the first trade day (pacific, seed
    3: 2026-04-21, OSK and SAP trade) stored by sim_days and a game at a time, each making the
    day's trades through the same home before its first game: the same trades, games, rosters
    and news, row for row."""
    folder = trading_league(tmp_path, "pacific", "pac")
    dbs = [str(tmp_path / f"{how}.sqlite3") for how in ("day", "game")]
    for db in dbs:
        sv.create_league(db, "pac", folder)
        sv.new_season(db, "pac", seed=3)
    report = sv.sim_days(dbs[0], "pac", days=23)
    _one_game_at_a_time(dbs[1], 23, "pac")
    sv.close_all()
    assert report.trades == ("OSK:OSK11>SAP:SAP01",)
    day, game = digest(dbs[0]), digest(dbs[1])
    assert day == game


def test_a_list_set_aside_keeps_its_place_among_the_days_moves(tmp_path):
    """A day's farm moves are stored together (storage.farm_store.store_day), and a saved list
    set aside on that day (its entry in the news, in the same log as the moves) keeps its place
    among them: the log, the cards' roster cells and the standings as a game at a time leaves
    them."""
    from storage import repository as repo
    from storage import roster_edit
    from storage.db import session

    dbs = [str(tmp_path / f"{how}.sqlite3") for how in ("day", "game")]
    for db in dbs:
        sv.create_league(db, "nippon", str(sample_league_path("nippon")))
        sv.new_season(db, "nippon", seed=1)
        # the last team to play on the first day: reserves of every catcher it has, the farm's
        # too (the computer cannot call one up: the list is set aside before its game)
        team = sv.schedule_days(db, "nippon", 1)[0][1][-1].home
        catchers = [p.id for p in sv.team_roster(db, team, "nippon").players
                    if p.fielding_at("C")]
        with session(sv.engine_for(db)) as s:
            info = repo.find_season(session=s,
                                    league_id=repo.find_league(session=s, name="nippon").id)
            roster_edit.save_preference(session=s, season_id=info.id, team=team,
                                        kind="reserves", data=catchers)
            s.commit()
    sv.sim_days(dbs[0], "nippon", days=3)
    _one_game_at_a_time(dbs[1], 3)
    sv.close_all()
    day, game = digest(dbs[0]), digest(dbs[1])
    import sqlite3
    kinds = [k for (k,) in sqlite3.connect(dbs[0]).execute(
        "select kind from league_transaction order by id")]
    first = kinds.index("aside_reserves")
    assert 0 < first < len(kinds) - 1, kinds      # moves before it and after it
    assert day == game


def test_a_cancelled_day_keeps_the_games_it_played(tmp_path):
    """Cancel after the first two games of a day: both are stored with the day's others left
    to play, and running again plays the rest of the day as one run would have."""
    db = str(tmp_path / "cancel.sqlite3")
    sv.create_league(db, "nippon", str(sample_league_path("nippon")))
    info = sv.new_season(db, "nippon", seed=1)
    asked = {"n": 0}

    def cancel() -> bool:
        asked["n"] += 1
        return asked["n"] > 2

    seen: list[int] = []
    report = sv.sim_days(db, "nippon", info.number, days=1, cancel=cancel,
                         progress=lambda done, total, slot: seen.append(done))
    assert report.stopped and report.games == 2 and seen == [1, 2]
    first_day = sv.schedule_days(db, "nippon", info.number)[0][1]
    assert [g.status for g in first_day].count("final") == 2
    rest = sv.sim_days(db, "nippon", info.number, days=1)
    assert rest.games == len(first_day) - 2
    assert all(g.status == "final" for g in sv.schedule_days(db, "nippon", info.number)[0][1])
    sv.close_all()


from league_db import clean_pg, pg_server_url, trading_league  # noqa: F401,E402  (the fixture)

LINE_TABLES = ("game_batting", "game_pitching", "game_fielding", "game_batting_split",
               "season_schedule", "league_transaction", "season_roster", "season_pitcher_rest")


def _rows(url: str, table: str) -> list[tuple]:
    """A table's rows as text, sorted, without ids and moments (booleans and days alike on
    both databases)."""
    import sqlalchemy as sa
    engine = sa.create_engine(url if "://" in url else f"sqlite:///{url}")
    try:
        with engine.connect() as conn:
            result = conn.execute(sa.text(f"SELECT * FROM {table}"))
            keys = [k for k in result.keys() if k != "id" and not k.endswith("_at")]
            out = []
            for r in result.mappings():
                out.append(tuple(str(int(v)) if isinstance(v, bool) else str(v)[:10]
                                 if k in ("day", "demoted_on", "hurt_on", "settled",
                                          "available_on") and v is not None else str(v)
                                 for k, v in ((k, r[k]) for k in keys)))
    finally:
        engine.dispose()
    return sorted(out)


def test_a_season_stored_on_postgresql_with_copy_is_the_sqlite_ones(tmp_path, pg_server_url):
    """PostgreSQL's lines go in with COPY (storage.repository.DayLines): the same rows as
    SQLite's executemany, the schedule, farm and rest too."""
    lite = str(tmp_path / "lite.sqlite3")
    for db in (lite, pg_server_url):
        sv.create_league(db, "nippon", str(sample_league_path("nippon")))
        sv.new_season(db, "nippon", seed=1)
        sv.sim_days(db, "nippon", days=30)
    sv.close_all()
    for table in LINE_TABLES:
        assert _rows(pg_server_url, table) == _rows(lite, table), table


def test_a_seasons_relief_games_are_read_back_with_its_state(tmp_path):
    """Real usage paces relievers by their relief games this season, and its rotation and its
    starters' innings by their starts and the outs they got in them (issue 33,
    league/manager/usage.py `paced`): the season's state read from storage has each pitcher's
    games pitched without starting, as its stored lines say, the same as counted in memory
    game after game (SeasonState.after_game) — a season split into runs paces the same."""
    from collections import Counter

    from storage import repository as repo
    from tui.services.context import play_slot, season_context
    from tui.services.db import Work

    dbs = [str(tmp_path / f"{n}.sqlite3") for n in ("a", "b")]
    for db in dbs:
        sv.create_league(db, "nippon", str(sample_league_path("nippon")))
        sv.new_season(db, "nippon", seed=1)
    sv.sim_days(dbs[0], "nippon", days=3)
    w = Work.of(dbs[0], "nippon")
    with w.session() as s:
        ctx = season_context(s, "nippon", None)
        lines = repo.pitching_lines(session=s, season_ids=[ctx.season.id], kind=None)
    counted = Counter(x.player for x in lines if not x.started)
    assert sum(counted.values()) > 20 and ctx.relief == dict(counted)
    # and the starts the real usage's rotation goes by
    started = Counter(x.player for x in lines if x.started)
    assert sum(started.values()) == 2 * len({x.number for x in lines}) and ctx.starts == dict(started)
    outs = Counter()
    for x in lines:
        if x.started:
            outs[x.player] += x.line[0]
    assert ctx.start_outs == dict(outs) and sum(outs.values()) > 0
    # the same days in memory, from an empty count
    w = Work.of(dbs[1], "nippon")
    with w.session() as s:
        mem = season_context(s, "nippon", None)
        pending = repo.schedule(session=s, season_id=mem.season.id, pending_only=True)
    assert mem.relief == {} and mem.starts == {} and mem.start_outs == {}
    days = sorted({g.day for g in pending})[:3]
    for slot in (g for g in pending if g.day in set(days)):
        result, rest, starters = play_slot(mem, slot, quiet=True)
        mem.after_game(rest, starters, slot.day, result)
    sv.close_all()
    assert mem.relief == ctx.relief and mem.starts == ctx.starts
    assert mem.start_outs == ctx.start_outs


def test_a_days_games_on_postgresql_commit_as_sqlite_commits_them(pg_server_url):
    """Each day of a simulation sets `synchronous_commit = off` in its own transaction
    (storage.db.sqlite_like_commits, docs/sharing.md): a day is still all or nothing, and the
    connection goes back to the pool with the server's setting."""
    import sqlalchemy as sa
    from sqlmodel import Session

    from storage.db import sqlite_like_commits

    seen: list[str] = []

    def spy(_conn, _cursor, statement, *_args):   # type: ignore[no-untyped-def]
        if "synchronous_commit" in statement:
            seen.append(statement)

    sv.create_league(pg_server_url, "synced", str(sample_league_path("nippon")))
    sv.new_season(pg_server_url, "synced", seed=1)
    sa.event.listen(sa.Engine, "before_cursor_execute", spy)
    try:
        report = sv.sim_days(pg_server_url, "synced", days=2)
    finally:
        sa.event.remove(sa.Engine, "before_cursor_execute", spy)
    sv.close_all()
    assert report.days == 2
    assert seen == ["SET LOCAL synchronous_commit = off"] * 2
    engine = sa.create_engine(pg_server_url)
    try:
        with engine.connect() as conn:
            with Session(conn) as s:
                sqlite_like_commits(s)
                assert s.execute(sa.text("SHOW synchronous_commit")).scalar() == "off"
                s.commit()
            assert conn.execute(sa.text("SHOW synchronous_commit")).scalar() == "on"
    finally:
        engine.dispose()


def test_sqlite_commits_are_left_as_the_pragmas_set_them(tmp_path):
    import sqlalchemy as sa
    from sqlmodel import Session

    from storage.db import make_engine, sqlite_like_commits

    engine = make_engine(f"sqlite:///{tmp_path / 'x.sqlite3'}", migrate=False)
    try:
        with Session(engine) as s:
            sqlite_like_commits(s)      # nothing to do: WAL with NORMAL sync already
            assert s.execute(sa.text("PRAGMA synchronous")).scalar() == 1
    finally:
        engine.dispose()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_day_with_a_game_another_program_stored_meanwhile_is_refused_whole(
        kind, tmp_path, request, monkeypatch):
    """A day's results and game rows are written at once (storage.repository.record_game_rows;
    on PostgreSQL one statement): when another program made one of the day's games final after
    this one read the schedule, the day is refused with the reason, and nothing of it is
    stored — no result, game row, line, rest or farm move of the day — while the other
    program's game stays as it stored it."""
    import sqlalchemy as sa

    from league.errors import LeagueError
    from storage import repository as repo

    db = str(tmp_path / "m.sqlite3")
    if kind == "postgresql":
        db = request.getfixturevalue("pg_server_url")
        sv.close_all()
        clean_pg(db)
    sv.create_league(db, "m", str(sample_league_path("nippon")))
    sv.new_season(db, "m", seed=2)
    assert sv.sim_days(db, "m", days=1).games > 0
    engine = sv.engine_for(db)
    tables = ("game_game", "game_batting", "game_pitching", "game_fielding",
              "game_batting_split", "season_pitcher_rest", "league_transaction")

    def counts():
        with engine.connect() as conn:
            return {t: conn.execute(sa.text(f"select count(*) from {t}")).scalar()
                    for t in tables}

    before = counts()
    real = repo.record_game_rows
    taken: list[int] = []

    def meanwhile(**kw):         # another program stores the day's last game first
        slot = kw["games"][-1][0]
        with engine.begin() as conn:
            conn.execute(sa.text("update season_schedule set status = 'final', away_runs = 9, "
                                 "home_runs = 0 where id = :i"), {"i": slot.id})
        taken.append(slot.id)
        return real(**kw)

    monkeypatch.setattr(repo, "record_game_rows", meanwhile)
    with pytest.raises(LeagueError, match="stored meanwhile by another program"):
        sv.sim_days(db, "m", days=1)
    sv.close_all()
    monkeypatch.setattr(repo, "record_game_rows", real)
    assert counts() == before
    with engine.connect() as conn:
        day = conn.execute(sa.text("select day from season_schedule where id = :i"),
                           {"i": taken[0]}).scalar()
        rows = conn.execute(sa.text("select id, status, away_runs, home_runs from "
                                    "season_schedule where day = :d"), {"d": day}).all()
    assert len(rows) > 1
    assert {(i, s, a, h) for i, s, a, h in rows if i == taken[0]} == {(taken[0], "final", 9, 0)}
    assert all(s == "scheduled" and a is None for i, s, a, _h in rows if i != taken[0])
