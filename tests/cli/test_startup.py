"""Startup (issue 13): opening a league already at the newest schema imports no Alembic (the
newest revision is read from the migration files' text), `impact` with only global options opens
the app without building the command line, and tools/startup_bench.py measures a cold start."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from tool_modules import tool

from storage.db import head_from_files, head_revision
from tui.launch import app_options

ROOT = Path(__file__).resolve().parents[2]


def test_the_head_read_from_the_files_is_alembics():
    assert head_from_files() == head_revision()


def _opened(db: Path) -> tuple[bool, str]:
    code = ("import sys; from storage.db import make_engine, current_revision, resolve_url; "
            f"e = make_engine(resolve_url({str(db)!r})); "
            "print('alembic' in sys.modules, current_revision(e) if 'alembic' in sys.modules "
            "else '-')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT).stdout.split()
    return out[0] == "True", out[1]


def test_alembic_is_imported_only_when_a_migration_runs(tmp_path):
    db = tmp_path / "league.sqlite3"
    migrated, revision = _opened(db)          # a new file: every migration runs
    assert migrated and revision == head_revision()
    assert _opened(db) == (False, "-")        # at the newest schema: no Alembic


def test_only_global_options_open_the_app_directly():
    assert app_options([]) == {}
    assert app_options(["--db", "x.sqlite3"]) == {"--db": "x.sqlite3"}
    assert app_options(["--db=x", "--league-name", "nippon"]) == {"--db": "x",
                                                                  "--league-name": "nippon"}
    for args in (["standings"], ["--help"], ["--db"], ["--db", "a", "--db", "b"],
                 ["--db", "x", "season", "sim"]):
        assert app_options(args) is None, args


@pytest.fixture(scope="module")
def _made_once(tmp_path_factory):
    """tools/startup_bench.py and the league it times (the bundled one, a day played), made
    once for the module (a league made and a day played: 1.5 s of CPU, eight times over)."""
    from tui import services as sv

    startup_bench = tool("startup_bench")
    db = str(tmp_path_factory.mktemp("startup") / "league.sqlite3")
    startup_bench.make_db(db, days=1)
    sv.close_all()
    return startup_bench, db


@pytest.fixture
def bench_and_league(_made_once, tmp_path):
    """The bench and the test's own copy of its league (a test may change it)."""
    from league_db import copy_league

    startup_bench, made = _made_once
    db = str(tmp_path / "league.sqlite3")
    copy_league(made, db)
    return startup_bench, db


def test_the_startup_bench_times_a_cold_start(bench_and_league):
    startup_bench, db = bench_and_league
    seconds = startup_bench.cold_start(db, timeout=120)
    assert 0 < seconds < 120
    assert 0 < startup_bench.cold_start.ready_cpu < 120     # the CPU time to the first screen


def test_the_first_screen_is_read_without_loading_the_engine(bench_and_league):
    """What the app reads to show its first screen (the league, the season, the standings, the
    calendar, the odds chart, the names, who is connected) needs neither the engine nor the
    Melting Pot storage: importing them is most of a slow start."""
    _bench, db = bench_and_league
    code = ("import sys; import tui.app; from tui import services as sv; "
            f"db = {db!r}; lg = sv.list_leagues(db)[0].name; "
            "sv.season_info(db, lg); sv.whoami(db, lg); sv.name_book(db, league=lg); "
            "view = sv.standings(db, league=lg); sv.days_around(db, league=lg); "
            "sv.odds_history(db, league=lg); "
            "print(len(view.rows), "
            "sorted(m for m in ('league.engine.game', 'league.manager.computer', 'storage.troop_store', "
            "'storage.live_store', 'multiprocessing') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().endswith("[]"), out.stdout


def _ordinary(db: str, league: str | None = None):
    """What the app's opening reads through the services (no plain-sqlite3 first read)."""
    import tui.services.opening as opening
    quick = opening.first_read
    opening.first_read = lambda *_a: None
    try:
        return opening.open_league(db, league)
    finally:
        opening.first_read = quick


@pytest.mark.slow
def test_the_first_read_with_sqlite3_gives_what_the_services_give(tmp_path):
    """The bundled league of two leagues (リーグ), days played with the odds taken each day:
    standings, results, next games, odds and names read with plain sqlite3 are the services'."""
    from tui import services as sv
    from tui.services.opening import first_read
    db = str(tmp_path / "league.sqlite3")
    sv.create_league(db, "nippon", "nippon")
    # a short calendar of the same league (168 games: both leagues, 交流戦, the odds' two
    # leagues): each day's odds play the rest of the season `runs` times, which over the full
    # 858-game calendar took a minute of this test's 64 s, and tells the first read nothing more;
    # so do more runs (20 runs took 13 of this test's 14 s of CPU): both readers read the same
    # stored odds, whatever they are
    sv.new_season(db, "nippon", games_per_opponent=2)
    sv.sim_days_with_odds(db, days=2, runs=4, seed=1, workers=1)
    quick = first_read(db, None)
    assert quick is not None and quick.first is not None and quick.first.odds
    assert len(quick.first.view.tables) == 2
    assert quick == _ordinary(db)
    assert first_read(db, "nippon") == _ordinary(db, "nippon")
    assert first_read(db, "no such league") is None       # the services say what is wrong


def test_an_older_schema_is_not_read_with_sqlite3(tmp_path, bench_and_league):
    """A database not at the newest schema (or not SQLite, or without a season) is opened the
    ordinary way, which migrates it (or makes the season)."""
    import sqlite3

    from storage.location import VERSION_TABLE
    from tui.services.opening import first_read
    _bench, db = bench_and_league
    assert first_read(db, None) is not None
    with sqlite3.connect(db) as conn:
        conn.execute(f"UPDATE {VERSION_TABLE} SET version_num = '0001_old'")
    assert first_read(db, None) is None
    assert first_read(str(tmp_path / "missing.sqlite3"), None) is None
    assert first_read("postgresql+psycopg://u@h/db", None) is None


def test_the_first_screen_needs_no_sqlalchemy(bench_and_league):
    """The app's first screen (its Textual modules and the league opened for it) imports neither
    SQLAlchemy nor SQLModel: a third of a cold start."""
    _bench, db = bench_and_league
    code = ("import sys; from tui.services.opening import open_league; import tui.app, "
            f"tui.screens.standings; o = open_league({db!r}, None); "
            "print(o.first is not None, [m for m in ('sqlalchemy', 'sqlmodel') "
            "if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "[]"], out.stdout


def test_the_collector_paused_for_the_start_runs_again_once_the_app_is_up(bench_and_league):
    """`impact` pauses the cyclic collector before importing Textual (its full walks over the
    objects of the start took a seventh of a cold start); once the first screen has shown and
    the database layer is loaded, what is alive is frozen out of its walks and it runs again
    (tui/bulkgc.py). Run in its own process: the collector is the process's."""
    _bench, db = bench_and_league
    code = f"""
import asyncio, gc
from tui.bulkgc import pause_for_start, resume_after_start
pause_for_start()
from tui.app import ImpactApp
async def main():
    app = ImpactApp(db={db!r})
    async with app.run_test(size=(120, 36)) as pilot:
        paused = not gc.isenabled()
        while app.current_mode != "standings" or not app._warmed:
            await pilot.pause(0.01)
        await app.workers.wait_for_complete()
        print(paused, gc.isenabled(), gc.get_freeze_count() > 0)
asyncio.run(main())
resume_after_start()           # once is enough: nothing changes
print(gc.isenabled())
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "True", "True", "True"], out.stdout


def test_the_launcher_reads_the_first_screen_in_a_child_process(tmp_path, bench_and_league):
    """`impact` forks a child that reads the first screen's data while the app imports Textual
    (tui/prefetch.py): the app gets what it would have read itself, once, and for the league it
    asked for; a child with nothing to give (an older schema, a missing file) leaves the app to
    open the league the ordinary way."""
    _bench, db = bench_and_league
    missing = str(tmp_path / "missing.sqlite3")
    code = f"""
from tui import prefetch
from tui.services.opening import first_read
first = prefetch.start({db!r}, None)
got = first.take({db!r}, None)
print(got is not None and got == first_read({db!r}, None), first.take({db!r}, None) is None)
other = prefetch.start({db!r}, None)
print(other.take({db!r}, "another league") is None)
print(prefetch.start({missing!r}, None).take({missing!r}, None) is None)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "True", "True", "True"], out.stdout
    assert not (tmp_path / "missing.sqlite3").exists()      # the child never makes a league


async def test_after_the_first_screen_the_app_prepares_a_box_score(tmp_path):
    """After the first screen a worker loads the database layer and the game engine and parses
    the season's league (kept by its texts): the first box score opens about as fast as the
    next."""
    from storage import mappers
    from tui import services as sv
    from tui.app import ImpactApp

    from tui_helpers import until

    db = str(tmp_path / "league.sqlite3")
    sv.create_league(db, "pacific", "pacific")
    sv.new_season(db, "pacific")
    mappers._PARSED.clear()
    app = ImpactApp(db=db)
    async with app.run_test(size=(120, 36)) as pilot:
        app.animation_level = "none"
        await until(pilot, lambda: app.current_mode == "standings")
        await until(pilot, lambda: app._warmed)
        await app.workers.wait_for_complete()
        assert "tui.services.games" in sys.modules
        parsed = [lg for _texts, lg in mappers._PARSED.values()]
        assert parsed == [sv.season_league(db, league="pacific")]   # parsed once, by the warm-up
        assert [lg for _t, lg in mappers._PARSED.values()] == parsed   # and read again as it is


def test_impact_standings_json_imports_neither_textual_nor_sqlalchemy(bench_and_league):
    """`impact standings --json` (issue 34) as a whole process: an SQLite league at the newest
    schema is read with plain sqlite3; no Textual, Rich, SQLAlchemy or SQLModel is imported,
    and it prints what the services' standings print."""
    import json

    from tui import services as sv
    _bench, db = bench_and_league
    code = ("import sys; from tui.cli.main import main; sys.argv = ['impact', 'standings', "
            f"'--json', '--db', {db!r}]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print([m for m in ('textual', 'rich', 'sqlalchemy', 'sqlmodel') if m in sys.modules],"
            " file=sys.stderr)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stderr.strip() == "[]", out.stderr
    got = json.loads(out.stdout)
    view = sv.standings(db)
    assert got["final"] == view.final > 0 and got["games"] == view.games
    assert [r["team"] for r in got["rows"]] == [r.team for r in view.rows]


def test_quick_standings_are_the_services_standings(bench_and_league):
    """The standings read with sqlite3 are the services' (the latest season or one by number,
    games behind the leader or the team above); anything else is read the ordinary way."""
    from tui import services as sv
    from tui.services.opening import quick_standings
    _bench, db = bench_and_league
    for season in (None, 1):
        for how in ("leader", "above"):
            assert quick_standings(db, None, season, how) == sv.standings(
                db, None, season, games_behind_from=how)
    assert quick_standings(db, None, 2) is None                 # no such season: the services
    assert quick_standings(db, "no such league") is None        # say what is wrong
    assert quick_standings("postgresql+psycopg://u@h/db", None) is None


def test_the_quick_standings_take_only_the_plain_shapes():
    """tui.cli.quick answers `standings --json` with its own and the global options, each once,
    anywhere on the line; anything else is the command line's to answer or refuse."""
    from tui.cli.common import SEASONS
    from tui.cli.quick import SEASONS as QUICK_SEASONS
    from tui.cli.quick import standings_options
    assert QUICK_SEASONS == SEASONS
    assert standings_options(["standings", "--json"]) == {}
    assert standings_options(["--db", "x", "standings", "--json", "--season=3", "-l", "n",
                              "--gb-above"]) == {"db": "x", "season": 3, "league": "n",
                                                 "above": True}
    assert standings_options(["standings", "--league-name=n", "--json"]) == {"league": "n"}
    for args in (["standings"], ["leaders", "--json"], ["--json", "standings"],
                 ["standings", "--json", "--season", "0"], ["standings", "--json", "--season", "x"],
                 ["standings", "--json", "--season"], ["standings", "--json", "--db="],
                 ["standings", "--json", "--league", "a", "--league-name", "a"],
                 ["standings", "--json", "--json"], ["standings", "--json", "--help"],
                 ["standings", "--json", "--json=1"], ["standings", "standings", "--json"]):
        assert standings_options(args) is None, args


def test_impact_standings_json_as_a_process_imports_no_typer_and_prints_what_it_printed(
        bench_and_league):
    """`impact standings --json` (the console script's entry, tui.launch) of an SQLite league:
    answered by tui.cli.quick without Typer (nor click, pydantic, Textual or SQLAlchemy), byte
    for byte what the command line prints; a league it cannot read goes to the command line."""
    _bench, db = bench_and_league
    quick = ("import sys; from tui.launch import main; sys.argv = ['impact'] + sys.argv[1:]\n"
             "main()\n"
             "print(sorted(m for m in ('typer', 'click', 'pydantic', 'textual', 'sqlalchemy') "
             "if m in sys.modules), file=sys.stderr)")
    full = ("import sys; from tui.cli.main import main; sys.argv = ['impact'] + sys.argv[1:]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n")
    for args in (["standings", "--json"], ["--db", db, "standings", "--gb-above", "--json",
                                           "--season", "1"]):
        args = args if "--db" in args else args + ["--db", db]
        got = subprocess.run([sys.executable, "-c", quick, *args], capture_output=True,
                             cwd=ROOT)
        want = subprocess.run([sys.executable, "-c", full, *args], capture_output=True, cwd=ROOT)
        assert got.returncode == 0 and got.stderr.decode().strip() == "[]", got.stderr
        assert got.stdout == want.stdout and b'"rows"' in got.stdout
    refused = subprocess.run([sys.executable, "-c", quick, "standings", "--json", "--season",
                              "7", "--db", db], capture_output=True, text=True, cwd=ROOT)
    assert refused.returncode != 0 and "no season 7" in refused.stderr    # the command line's
