"""Issue 10 part 3: one database, the one the person named.

Every command that touches the database uses the one named by the global --db (before or after
the command name) or IMPACT_DB, and never the default file in the user data folder; the Melting
Pot events live in that same database, and events kept in the old separate file open.
"""
from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from typer.testing import CliRunner

from league.troop.rules import make_setup, read_slip
from storage.plainfiles import sample_league_path
from storage.troop_store import LEGACY_FILE, TroopStore
from tui import services as sv
from tui.cli.main import app

from league_db import _fresh_engines  # noqa: F401  (fixture)

runner = CliRunner()
MINI = str(sample_league_path("mini"))

# (command words, extra arguments): every command that reads or writes the league database
COMMANDS = {
    "league new": (["league", "new", "second"], ["--from", "mini"]),
    "league import": (["league", "import", MINI], ["--name", "third"]),
    "league export": (["league", "export", "mini"], ["--json"]),
    "league list": (["league", "list"], ["--json"]),
    "season new": (["season", "new"], ["--seed", "3", "-l", "nos"]),
    "season sim": (["season", "sim"], ["--days", "1", "--json", "-l", "mini"]),
    "season schedule": (["season", "schedule"], ["--json", "-l", "mini"]),
    "standings": (["standings"], ["--json", "-l", "mini"]),
    "leaders": (["leaders", "batting"], ["--json", "-l", "mini"]),
    "boxscore": (["boxscore", "1"], ["--json", "--no-plays", "-l", "mini"]),
    "player": (["player", "KYO01"], ["--json", "-l", "mini"]),
    "stats teams": (["stats", "teams"], ["--json", "-l", "mini"]),
    "troop event": (["troop", "event"], []),
    "(the league app)": ([], []),
}


@pytest.fixture(scope="module")
def _named_once(tmp_path_factory):
    """The named database made once for the module; each test gets its own copy (they write)."""
    named = tmp_path_factory.mktemp("one-database") / "named.sqlite3"
    sv.create_league(str(named), "mini", "mini")
    sv.new_season(str(named), "mini", games_per_opponent=2)
    sv.sim_days(str(named), "mini", days=1)
    sv.create_league(str(named), "nos", "mini")   # no season yet: `season new` makes one
    sv.close_all()
    return named


@pytest.fixture
def places(_named_once, tmp_path, monkeypatch):
    """A named database with a league and a played day; the user data folder in tmp, unused."""
    data = tmp_path / "xdg-data"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    monkeypatch.delenv("IMPACT_DB", raising=False)
    named = tmp_path / "named.sqlite3"
    with closing(sqlite3.connect(_named_once)) as source, closing(sqlite3.connect(named)) as copy:
        source.backup(copy)
    opened: dict[str, str | None] = {}
    # the two apps are not run here: what matters is which database they were handed
    monkeypatch.setattr("tui.app.ImpactApp.run", lambda self: opened.update(app=self.db))
    monkeypatch.setattr("tui.troop.app.TroopApp.run",
                        lambda self: opened.update(troop=self.service.store.url))
    return named, data, opened


def _check_used(name: str, named: Path, out: str, opened: dict) -> None:
    leagues = {lg.name for lg in sv.list_leagues(str(named))}
    if name == "league new":
        assert "second" in leagues
    elif name == "league import":
        assert "third" in leagues
    elif name == "league export":
        assert json.loads(out)["league"]["code"] == "MINI"
    elif name == "league list":
        assert [lg["name"] for lg in json.loads(out)] == ["mini", "nos"]
    elif name == "season new":
        assert sv.season_info(str(named), "nos").number == 1
    elif name == "season sim":
        assert json.loads(out)["games"] > 0
    elif name in ("season schedule", "standings", "leaders", "boxscore", "player", "stats teams"):
        json.loads(out)
    elif name == "troop event":
        assert Path(opened["troop"].removeprefix("sqlite:///")) == named.resolve()
    else:
        assert opened["app"] == str(named)


@pytest.mark.parametrize("where", ["before", "after"])
@pytest.mark.parametrize("name", list(COMMANDS))
def test_global_db_applies_to_every_command(places, name, where):
    named, data, opened = places
    words, extra = COMMANDS[name]
    option = ["--db", str(named)]
    args = option + words + extra if where == "before" else words + extra + option
    if not words and where == "after":
        args = option  # the app has no command name to stand after
    result = runner.invoke(app, args)
    assert result.exit_code == 0, (result.output, result.exception)
    _check_used(name, named, result.stdout, opened)
    assert not data.exists(), "the default user data folder was touched"


@pytest.mark.parametrize("name", ["standings", "season sim", "troop event", "(the league app)"])
def test_impact_db_names_the_database_for_every_command(places, monkeypatch, name):
    named, data, opened = places
    monkeypatch.setenv("IMPACT_DB", str(named))
    words, extra = COMMANDS[name]
    result = runner.invoke(app, words + extra)
    assert result.exit_code == 0, (result.output, result.exception)
    if name != "(the league app)":
        _check_used(name, named, result.stdout, opened)
    assert not data.exists()


@pytest.mark.parametrize("where", ["before", "after"])
def test_global_league_name_applies_before_or_after(places, where):
    named, _data, _opened = places
    option = ["--league-name", "mini"]
    tail = ["standings", "--db", str(named), "--json"]
    result = runner.invoke(app, option + tail if where == "before" else tail + option)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["league"] == "mini"
    # without it, two leagues are ambiguous
    result = runner.invoke(app, tail)
    assert result.exit_code == 2 and "several leagues" in result.stderr


def test_two_different_databases_are_refused(places, tmp_path):
    named, _data, _opened = places
    result = runner.invoke(app, ["--db", str(named), "standings", "--db", str(tmp_path / "b.db")])
    assert result.exit_code == 2
    assert "--db is given twice" in result.output


def _old_events_file(path: Path) -> None:
    """An events file as the old separate troop database kept it."""
    store = TroopStore(f"sqlite:///{path}")
    try:
        eid = store.create_event(title="Old night", setup=make_setup(["ann", "bo", "cy", "di", "ed", "fay"],
                                                                     [15, 25, 45]))
        store.save_slip(event_id=eid, round_no=1, player="ann", reading=read_slip("7", 100))
    finally:
        store.close()


def test_events_of_the_old_separate_file_open_in_the_league_database(places):
    named, data, opened = places
    folder = data / "impact-league"
    folder.mkdir(parents=True)
    _old_events_file(folder / LEGACY_FILE)
    for _ in range(2):  # opened twice: brought over once
        store = TroopStore()
        try:
            assert store.url == f"sqlite:///{(folder / 'league.sqlite3').resolve()}"
            [summary] = store.events()
            event = store.load_event(summary.id)
            assert event.title == "Old night" and event.setup.players[:3] == ("ann", "bo", "cy")
            assert event.slips_of(1)["ann"].written == "7"
        finally:
            store.close()
    # the event app without --db opens the league database, old events included
    result = runner.invoke(app, ["troop", "event"])
    assert result.exit_code == 0, result.output
    assert opened["troop"] == f"sqlite:///{(folder / 'league.sqlite3').resolve()}"


def test_the_league_app_and_the_event_app_share_the_named_database(places):
    named, _data, opened = places
    store = TroopStore(str(named))  # a file path, as --db takes everywhere
    try:
        store.create_event(title="Shared", setup=make_setup(list("abcdef"), [15, 25, 45]))
    finally:
        store.close()
    from tui.app import ImpactApp
    league_app = ImpactApp(db=str(named))
    try:
        assert [e.title for e in league_app.service.events_to_resume()] == ["Shared"]
    finally:
        league_app.close_troop_service()
