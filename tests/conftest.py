"""Shared fixtures: the bundled leagues, the standard ruleset, and games set up in a situation.

The only conftest.py of the suite: tests import its helpers by the name `conftest` (`from conftest
import situation_game`), and a second conftest.py in a subfolder would take that name from it
(pytest imports each as `conftest`). A subfolder's fixtures go here, under a heading."""
from __future__ import annotations

import gc
import inspect
import os
import sys
from fnmatch import fnmatch

import pytest

# --- the compiled test modules kept between runs ---------------------------------------------
# Where PYTHONDONTWRITEBYTECODE is set (the project's shared machine sets it), every pytest
# process compiled and assertion-rewrote the suite's ~220 modules and compiled the project's
# again, each worker each run: 7 of a worker's 11 s of CPU before its first test (collection,
# `pytest --collect-only -n 0`: 11.2 s CPU, 4.3 s with the compiled files kept). The suite keeps
# them in .pytest_cache/pycache (sys.pycache_prefix), so the source folders still get no
# __pycache__, as the setting asks; the modules imported before this line are compiled as told.
if sys.dont_write_bytecode:
    sys.pycache_prefix = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                      ".pytest_cache", "pycache")
    sys.dont_write_bytecode = False

from league.engine.dice import ScriptedDice
from league.engine.game import Game, Runner
from league.manager.computer import ComputerManager, make_lineup
from storage.plainfiles import load_league, sample_league_path
from storage.rulesets import shipped_ruleset

# --- the fast set and the whole suite (README: Tests) ----------------------------------------
# `app`: the tests that drive the Textual app (a pilot: run_test), the app in a browser or served,
# marked here: the tests in tests/app/ (the pilots), the modules below, and any other test whose
# code calls run_test or a helper that does (tests/tui_helpers.py: season_area, which the shared
# leagues' pilots in tests/storage use). `slow`: marked where they are (several simulated
# seasons, a wheel built, the app started as a process).
# `pytest` runs everything (CI); `pytest -m "not slow and not app"` is the fast set.
APP_FOLDER = "app"
APP_MODULES = ("test_tui_*.py", "test_troop_app.py", "test_troop_facilitator.py",
               "test_cardgen_tui.py", "test_serve.py", "test_site_browser.py")
APP_CALLS = ("run_test(", "season_area(")


def _calls_the_app(source: str) -> bool:
    return any(call in source for call in APP_CALLS)


def _drives_the_app(item: pytest.Item, modules: dict[object, bool]) -> bool:
    """Whether the test's own code starts the app (APP_CALLS); a module whose text never does is not read
    test by test (`modules` remembers which do: reading every test's source took a second of
    each worker's collection)."""
    module = getattr(item, "module", None)
    if module not in modules:
        try:
            modules[module] = _calls_the_app(inspect.getsource(module))
        except (OSError, TypeError):
            modules[module] = False
    function = getattr(item, "function", None)
    if not modules[module] or function is None:
        return False
    try:
        return _calls_the_app(inspect.getsource(function))
    except (OSError, TypeError):
        return False


# --- in parallel (pytest-xdist: pyproject's addopts `-n auto --dist loadgroup`) ---------------
# `-n auto`: a worker more than the machine has cores. A test often waits with its core idle —
# on the PostgreSQL server, a subprocess `impact`, a browser, an app pilot's pause for the next
# frame — and a third worker on two cores runs in those waits (tools/suite_clock.py --cores 2 on
# this session's measurements: two workers' makespan 228 s, three 176 s, for the folders cli,
# storage, offseason and project). PYTEST_XDIST_AUTO_NUM_WORKERS still says how many exactly.
@pytest.hookimpl(wrapper=True)
def pytest_xdist_auto_num_workers(config: pytest.Config):
    cores = yield
    return cores if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS") else cores + 1


# Each worker runs whole groups, in order: by default a group is one module (its tests share
# module-scoped leagues, built once); the tests that read one of the expensive session fixtures
# below are one group across their modules, so one worker builds it, once. A slow or app test
# that shares no module-, class- or package-scoped fixture with its neighbours is a group of its
# own: the heavy tests of one module (test_tui_play's six games at the keyboard, 50 s; the two
# language walks, 40 s) spread over the workers instead of queuing on one while the other has
# finished. `-n 0` runs the tests in this process, as without xdist.
SHARED_ONCE = ("lived_nippon", "odd_site_league", "stats_league", "example_league")
SHARED_SCOPES = ("module", "class", "package")


def _shares_nothing(item: pytest.Item) -> bool:
    """Whether none of the test's fixtures lives longer than the test but shorter than the
    session (a session fixture is built once a worker whichever group the test is in)."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return False
    return not any(defs[-1].scope in SHARED_SCOPES
                   for defs in (info.name2fixturedefs.get(name) for name in info.names_closure)
                   if defs)


def _group(item: pytest.Item) -> str:
    names = getattr(item, "fixturenames", ())
    shared = next((name for name in SHARED_ONCE if name in names), None)
    if shared is not None:
        return shared
    if (item.get_closest_marker("slow") or item.get_closest_marker("app")) \
            and _shares_nothing(item):
        # the test's id, its parameters in () (xdist reads what follows the id's last "@"
        # after its last "]" as the group)
        return item.nodeid.replace("[", "(").replace("]", ")")
    return item.nodeid.split("::", 1)[0]


# The heaviest groups first: a worker takes a group whole, so a heavy group handed out last
# runs alone while the other worker has finished. The workers order the selected tests (after
# `-m`/`-k`) by what each group's tests cost: a test's time the last run (pytest's cache,
# .pytest_cache: written after each run, the tests that ran), else its measured seconds in
# tests/test_seconds.json (a whole run on two workers, each test's time on its worker less the
# time it waited for a core: its CPU and its own waits — on the PostgreSQL server, a subprocess,
# a browser; its fixtures' set-up counted to the first test that asked for them; written by
# `python tools/suite_clock.py FOLDER --cost quiet --table tests/test_seconds.json`, the tests
# of 0.2 s or more, and the modules whose every test was measured, by their path: a test of
# such a module not listed itself took less, TEST_SECONDS),
# else an estimate: a slow test SLOW_SECONDS, an app test APP_SECONDS, any other TEST_SECONDS.
# pyproject's addopts keep xdist from ordering the groups by their number of tests
# (--no-loadscope-reorder); `-n 0` runs in the order collected.
SLOW_SECONDS, APP_SECONDS, TEST_SECONDS = 3.0, 1.5, 0.05
SECONDS_KEY = "impact/test-seconds"
MEASURED = "test_seconds.json"


def _measured() -> dict[str, float]:
    """tests/test_seconds.json; none in a partial copy of the suite (CI step 3)."""
    import json
    from pathlib import Path

    try:
        return json.loads(Path(__file__).with_name(MEASURED).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def _test_id(nodeid: str) -> str:
    """The test's id without the `@<group>` xdist adds to it."""
    return nodeid.rsplit("@", 1)[0] if nodeid.rfind("@") > nodeid.rfind("]") else nodeid


def _group_of(item: pytest.Item) -> str:
    mark = item.get_closest_marker("xdist_group")                   # as xdist names it
    return str(mark.args[0] if mark.args else mark.kwargs.get("name", "default")) \
        if mark is not None else _group(item)


def _heaviest_groups_first(config: pytest.Config, items: list[pytest.Item]) -> None:
    cache = getattr(config, "cache", None)
    known: dict[str, float] = cache.get(SECONDS_KEY, {}) if cache is not None else {}
    measured = _measured()
    modules = {name for name in measured if "::" not in name}     # measured whole
    cost: dict[str, float] = {}
    members: dict[str, list[pytest.Item]] = {}
    for item in items:
        group = _group_of(item)
        members.setdefault(group, []).append(item)
        test = _test_id(item.nodeid)
        seconds = known.get(test, measured.get(test))
        if seconds is None:     # not listed in a module measured: under the table's least
            seconds = TEST_SECONDS if test.split("::", 1)[0] in modules \
                else SLOW_SECONDS if item.get_closest_marker("slow") \
                else APP_SECONDS if item.get_closest_marker("app") else TEST_SECONDS
        cost[group] = cost.get(group, 0.0) + seconds
    # the tests of the collector's own settings (plain_collector) first: their tear-down collects
    # the whole heap once, which at the end of a worker's run took 7 of their 8 s (alone 0.0 s)
    first = {group for group, tests in members.items()
             if any("plain_collector" in getattr(item, "fixturenames", ()) for item in tests)}
    order = sorted(members, key=lambda group: (group not in first, -cost[group]))  # stable
    items[:] = [item for group in order for item in members[group]]


@pytest.hookimpl(tryfirst=True)      # before xdist reads the groups (its hook adds them to ids)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    modules: dict[object, bool] = {}
    for item in items:
        if item.path.parent.name == APP_FOLDER \
                or any(fnmatch(item.path.name, pattern) for pattern in APP_MODULES) \
                or _drives_the_app(item, modules):
            item.add_marker(pytest.mark.app)
        if not any(item.iter_markers("xdist_group")):
            item.add_marker(pytest.mark.xdist_group(_group(item)))


@pytest.hookimpl(tryfirst=True)      # the tests `-m` and `-k` selected, before xdist sends them
def pytest_collection_finish(session: pytest.Session) -> None:
    if os.environ.get("PYTEST_XDIST_WORKER"):     # a worker's collection: the order handed out
        _heaviest_groups_first(session.config, session.items)
    _collector_for_tests()


# --- the cyclic garbage collector while the tests run -----------------------------------------
# A test process holds what lives the whole session — pytest, the collected tests, their modules,
# Textual, SQLAlchemy, the project — and the cyclic collector, run every 700 allocations by
# default, walked it again and again while the tests allocated and freed (by reference counting)
# a great many short-lived objects: a tenth of a run's CPU (measured: gc.callbacks around each
# collection; tests/engine, test_corpus.py, test_odds.py, test_tui_season.py in one process:
# 8.6 of 54.9 s CPU in 6,849 collections, 2.2 s in 143 with this). Once the tests are collected,
# what is alive is frozen out of its walks and the youngest generation is collected every
# GC_THRESHOLD allocations, as tui/bulkgc.py does for a long simulation; cycles are still
# collected, and nothing a test checks depends on when (the app's own collector settings, which
# tests/cli/test_startup.py checks, are tested in a process of their own).
# A test of the collector's settings themselves (tests/services/test_bulkgc.py) asks for
# `plain_collector`: the process's own settings for its duration, nothing frozen.
GC_THRESHOLD = 20_000
_PLAIN_COLLECTOR = gc.get_threshold()


def _collector_for_tests() -> None:
    gc.collect()
    gc.freeze()
    first, *rest = gc.get_threshold()
    gc.set_threshold(max(first, GC_THRESHOLD), *rest)


@pytest.fixture
def plain_collector():
    """The cyclic collector as a process starts with it (its thresholds, nothing frozen) for a
    test that checks what a simulation does to it; the tests' settings again after it."""
    gc.unfreeze()
    gc.set_threshold(*_PLAIN_COLLECTOR)
    yield
    _collector_for_tests()


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Each test's time (set-up, call, tear-down), for the next run's order."""
    nodeid = _test_id(report.nodeid)
    _seconds[nodeid] = _seconds.get(nodeid, 0.0) + report.duration


_seconds: dict[str, float] = {}


@pytest.hookimpl(trylast=True)      # after pytest has torn down the fixtures still set up
def pytest_sessionfinish(session: pytest.Session) -> None:
    # the scratch PostgreSQL databases and roles this process made (tests/league_db.py), dropped
    # once its tests are done; looked up, not imported (a partial copy of the suite has none)
    scratch = sys.modules.get("league_db")
    if scratch is not None:
        scratch.drop_scratch()
    cache = getattr(session.config, "cache", None)
    if cache is None or os.environ.get("PYTEST_XDIST_WORKER") or not _seconds:
        return
    known = cache.get(SECONDS_KEY, {})
    known.update({nodeid: round(seconds, 3) for nodeid, seconds in _seconds.items()})
    cache.set(SECONDS_KEY, known)


def pytest_configure(config: pytest.Config) -> None:
    # the app pilots' waits wake on the app's messages (tests/tui_helpers.py): the hook is set in
    # this context, which every test's event loop copies. A partial copy of the suite without
    # the pilots' helpers (CI step 3 copies a few engine tests and this file) has no app to hook.
    # Every pilot's screens repaint on their own at a few frames a second (tui_helpers.FRAME).
    try:
        import tui_helpers
    except ModuleNotFoundError:
        return
    tui_helpers.hook_messages()
    tui_helpers.few_frames()


@pytest.fixture(scope="session", autouse=True)
def _command_line_built_once():
    """typer's CliRunner.invoke builds the whole click command tree of `impact` again at every
    call (some 20 ms of CPU: hundreds of commands' signatures and type hints read), which made a
    tenth of the fast set's time. `impact` builds it once a process and so do the tests: the same
    commands, parsed the same way (every command is registered when tui.cli.main is imported)."""
    import typer.testing

    original = typer.testing._get_command
    built: dict[int, tuple[object, object]] = {}

    def get_command(app):
        if id(app) not in built:
            built[id(app)] = (app, original(app))      # the app kept, so its id is not reused
        return built[id(app)][1]

    typer.testing._get_command = get_command
    yield
    typer.testing._get_command = original


@pytest.fixture(scope="session", autouse=True)
def _new_sqlite_files_from_one_migration(tmp_path_factory):
    """A new SQLite league file is made at the newest schema by running every Alembic migration
    on it (storage.db.upgrade: 29 of them today, some 55 ms of CPU and a few file syncs), and the tests
    make some 300 new files: a tenth of the fast set's CPU. The tests' process runs them once, on
    its first new file, keeps a copy of that file as it stands at the newest schema, and gives
    every later new file (a path with no file yet, or an empty one, opened at "head") a copy
    of it: the same database, page for page, that the migrations make. An older revision asked
    for, a file that holds anything, PostgreSQL, and every `impact` started as a process run the
    migrations as before (tests/storage/test_storage_league.py, tests/cli/test_startup.py)."""
    import shutil

    import storage.db

    real = storage.db.upgrade
    made: list[str] = []

    def new_file(engine) -> str | None:
        path = engine.url.database
        if engine.dialect.name != "sqlite" or not path or path == ":memory:" \
                or path.startswith("file:") or engine.url.query:
            return None
        if any(os.path.exists(path + end) for end in ("-wal", "-shm", "-journal")):
            return None
        return path if not os.path.exists(path) or os.path.getsize(path) == 0 else None

    def upgrade(engine, revision: str = "head") -> bool:
        path = new_file(engine) if revision == "head" else None
        if path is None:
            return real(engine, revision)
        if made:
            shutil.copyfile(made[0], path)
            return real(engine, revision)       # reads the version row: nothing to run
        # imported here, when a test first makes a league file (a partial copy of the suite,
        # as CI's compiled step runs, has no league_db and makes none)
        from league_db import copy_league

        ran = real(engine, revision)
        template = str(tmp_path_factory.mktemp("schema") / "head.sqlite3")
        copy_league(path, template)
        made.append(template)
        return ran

    storage.db.upgrade = upgrade
    yield
    storage.db.upgrade = real


@pytest.fixture(autouse=True)
def _own_settings(tmp_path, monkeypatch):
    """Each test keeps the app's settings (label language) in its own file."""
    monkeypatch.setenv("IMPACT_CONFIG", str(tmp_path / "settings.json"))


@pytest.fixture(scope="session")
def ruleset():
    return shipped_ruleset("standard")


@pytest.fixture(scope="session")
def pacific():
    return load_league(sample_league_path("pacific"))


@pytest.fixture(scope="session")
def mini():
    return load_league(sample_league_path("mini"))


# --- leagues made from statistics, once a session (a card making takes half a minute) ----------
@pytest.fixture(scope="session")
def stats_league(tmp_path_factory):
    """The six-team page-format league (tests/npb_pages.py) made by `impact cards make --stats
    ... --json`: (the command's result, the league folder). Tests read it, never change it."""
    from typer.testing import CliRunner

    from tui.cli.main import app

    from npb_pages import write_pages

    base = tmp_path_factory.mktemp("stats_league")
    write_pages(base / "stats")
    out = base / "league"
    result = CliRunner().invoke(app, ["cards", "make", "--stats", str(base / "stats"), "-o",
                                      str(out), "--json"])
    return result, out


@pytest.fixture(scope="session")
def example_league(tmp_path_factory):
    """The NPB-format example files (sample_leagues/npb_example) made into a league folder as the
    shipped one was (`--name NPB形式の例 --code NPBX --json`): (the command's result, the
    folder). Tests read it, never change it."""
    from typer.testing import CliRunner

    from tui.cli.main import app

    from npb_pages import EXAMPLE

    out = tmp_path_factory.mktemp("example_league") / "made"
    result = CliRunner().invoke(app, [
        "cards", "make", "--batting", str(EXAMPLE / "batting.csv"),
        "--pitching", str(EXAMPLE / "pitching.csv"), "--fielding", str(EXAMPLE / "fielding.csv"),
        "-o", str(out), "--name", "NPB形式の例", "--code", "NPBX", "--json"])
    return result, out


# --- the web site's league and its site, once a session (tests/site_league.py: a season and its
# postseason played, some 40 s) for tests/site/test_site.py and tests/site/test_site_browser.py alike; they
# read them (a test that plays on copies the database first)
@pytest.fixture(scope="session")
def odd_site_league(tmp_path_factory):
    from tui import services

    import site_league

    built = site_league.build(tmp_path_factory.mktemp("site-league"))
    yield built
    services.close_all()


@pytest.fixture(scope="session")
def odd_site(odd_site_league, tmp_path_factory):
    """The site of the played-through season (`build_site(..., workers=2)`): (folder, report)."""
    from tui import services
    from tui.site.generator import build_site

    out = tmp_path_factory.mktemp("site")
    report = build_site(odd_site_league.full, "odd", out, workers=2)
    services.close_all()
    return out, report


# --- the off-season's lived seasons, once a session (tests/offseason: test_lived.py, test_foreign.py)
@pytest.fixture(scope="session")
def lived_nippon():
    """Ten lived seasons of the bundled league (`impact calibrate --lived 10`'s run, seed 1),
    played once a session for the slow tests that measure them (the ten seasons took a quarter
    of the slow tests' time, and five more were played again for the foreign players'). Its
    first five seasons are what `lived("nippon", 5)` plays: each season's seed and off-season
    follow from the seasons before it only, never from how many come after."""
    from tui.services.lived import lived

    return lived("nippon", 10)


class ScriptedManager(ComputerManager):
    """A manager whose answers are set by the test; anything unset falls back to 'do nothing'."""

    def __init__(self, **answers):
        super().__init__(strategies=False)
        self.answers = answers
        self.asked: list[str] = []

    def _get(self, name, default):
        self.asked.append(name)
        v = self.answers.get(name, default)
        return v.pop(0) if isinstance(v, list) else v

    def defense_call(self, game):
        return self._get("defense_call", "none")

    def offense_call(self, game):
        return self._get("offense_call", ("none",))

    def aggressive(self, game, table):
        return self._get("aggressive", False)

    def steal_go(self, game, base, roll):
        return self._get("steal_go", False)

    def bonus_steal(self, game, candidates):
        return self._get("bonus_steal", None)

    def join_steal(self, game, base):
        return self._get("join_steal", False)

    def no_check(self, game):
        return self._get("no_check", False)

    def bunt_plus(self, game):
        return self._get("bunt_plus", None)

    def bunt_out(self, game, candidates):
        return self._get("bunt_out", max(candidates))

    def send(self, game, base, target):
        return self._get("send", False)

    def back_first(self, game, candidates):
        return self._get("back_first", max(candidates))

    def change_pitcher(self, game, inning_start):
        return self._get("change_pitcher", None)

    def pinch_hitter(self, game):
        return self._get("pinch_hitter", None)

    def pinch_runner(self, game):
        return self._get("pinch_runner", None)

    def defensive_sub(self, game, inning_start):
        return self._get("defensive_sub", None)


def situation_game(league, ruleset, rolls, *, offense=None, defense=None, runners=(), outs=0,
                   inning=1, half=0, condition="B", dh=None, version=None):
    """A game of `league` (first team away, second home) set up at a moment of the game.

    `runners` maps base (1..3) to a player id of the batting team, or is a list of bases to fill
    with the batting team's bench. `offense` / `defense` are ScriptedManagers. `version`: the
    engine version whose rules play it (a stored game's replay; default today's).
    """
    a, h = league.teams[0], league.teams[1]
    dh = league.dh if dh is None else dh
    la = make_lineup(a.code, list(a.players), dh)
    lh = make_lineup(h.code, list(h.players), dh)
    offense = offense or ScriptedManager()
    defense = defense or ScriptedManager()
    managers = (offense, defense) if half == 0 else (defense, offense)
    players = {p.id: p for t in league.teams for p in t.players}
    g = Game(ruleset, players, la, lh, managers[0], managers[1], ScriptedDice(rolls), dh=dh,
             **({} if version is None else {"version": version}))
    g.inning, g.half, g.outs = inning, half, outs
    g.line = [[0] * inning, [0] * (inning - (1 if half == 0 else 0))]
    g.defense.condition = condition
    off = g.offense
    if isinstance(runners, dict):
        items = runners.items()
    else:
        items = list(zip(runners, off.bench))
    for base, pid in items:
        g.bases[base] = Runner(pid, g.defense.pitcher, True)
    return g
